"""The layout check: small pages rendered by WeasyPrint, each with one fault, must give exactly that finding."""

from __future__ import annotations

import pytest

from pnp import layout
from pnp.cli import main
from pnp.project import FONTS_DIR

FONTS = "".join(
    f'@font-face {{ font-family: "{family}"; font-weight: {weight}; src: url("{(FONTS_DIR / name).as_uri()}"); }}'
    for family, weight, name in [("PT Serif", 400, "PTSerif-Regular.ttf"), ("PT Serif", 700, "PTSerif-Bold.ttf"),
                                 ("PT Sans", 400, "PTSans-Regular.ttf"), ("PT Sans", 700, "PTSans-Bold.ttf")])
STYLE = FONTS + """
@page { size: A4; margin: 22mm 18mm 22mm 18mm; @bottom-center { content: counter(page); font: 9pt "PT Sans"; } }
html { font: 10.5pt/1.42 "PT Serif"; }
h2 { font: bold 15pt "PT Sans"; margin: 6mm 0 3mm; }
p { margin: 0 0 2mm; }
table { border-collapse: collapse; }
td { border: 0.4pt solid #999; padding: 1mm 2mm; vertical-align: top; }
"""
PARAGRAPH = ("<p>Roll every die in your hand, then set aside the diamonds and the skulls before you decide "
             "whether to roll again or to bank what you have found so far in the mine.</p>")
PAGE = PARAGRAPH * 14
"""About half a page of body text."""


def pdf(tmp_path, project, body: str, name: str = "t.pdf"):
    from pnp.pdf import render_pdf

    html = f"<html><head><style>{STYLE}</style></head><body>{body}</body></html>"
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    path = tmp_path / name
    path.write_bytes(data)
    return path


def kinds(path):
    return [(f.page, f.kind) for f in layout.check(path)]


def test_a_clean_page_has_no_finding(tmp_path, project):
    """Two well-filled pages, a heading with its text, a table: nothing to say."""
    body = f"<h2>Setup</h2>{PAGE}<h2>The turn</h2>{PAGE}<table><tr><td>1</td><td>Roll</td></tr></table>{PAGE}"
    assert layout.check(pdf(tmp_path, project, body)) == []


def test_a_heading_at_the_foot_of_a_page(tmp_path, project):
    """The heading ends page 1, its paragraph begins page 2 (break-after left to chance: a spacer pushes it)."""
    body = (f'<div style="height: 229mm; background: #eee"></div><h2 style="break-after: auto">Odds</h2>'
            f'<p style="break-before: page">{PARAGRAPH[3:-4]}</p>{PAGE}')
    found = layout.check(pdf(tmp_path, project, body))
    assert [(f.page, f.kind) for f in found] == [(1, layout.HEADING)]
    assert "«Odds»" in found[0].message


@pytest.mark.parametrize("next_page, found", [
    (f"<p>{PARAGRAPH[3:-4]}</p>", [(1, layout.HEADING)]),  # Setup goes on over the page: its heading is stranded
    ("<h2>Playing a turn</h2>", []),  # a section of one sentence, then the next section: nothing is parted
])
def test_a_heading_with_one_line_under_it_at_the_foot_of_a_page(tmp_path, project, next_page, found):
    """«Setup» and one sentence end page 1: stranded when the rest of Setup is on page 2, not when page 2 opens a
    section of its own (a heading at a bookmark)."""
    body = (f'<div style="height: 225mm; background: #eee"></div><h2 style="break-after: auto">Setup</h2>'
            f'<p>Shuffle the cards.</p><div style="break-before: page">{next_page}</div>{PAGE}')
    findings = layout.check(pdf(tmp_path, project, body))
    assert [(f.page, f.kind) for f in findings] == found
    if found:
        assert findings[0].message == ("heading at the foot of the page with 1 line of its section, the rest on the "
                                       "next: «Setup»")


def test_an_overflowing_box(tmp_path, project):
    """A line that will not wrap runs past the right margin."""
    body = f'{PAGE}<p style="white-space: nowrap">{"overflowing " * 20}</p>'
    found = layout.check(pdf(tmp_path, project, body))
    assert [(f.page, f.kind) for f in found] == [(1, layout.OUTSIDE)]
    assert "«overflowing overflowing" in found[0].message


def test_a_running_footer_outside_the_margins_is_told_once(tmp_path, project):
    """The page number set 5 mm from the edge, on both pages: one finding, naming the pages."""
    style = '<style>@page { margin-bottom: 12mm; @bottom-center { vertical-align: bottom; } }</style>'
    found = layout.check(pdf(tmp_path, project, f"{style}{PAGE}{PAGE}"))
    assert [(f.page, f.kind) for f in found] == [(1, layout.OUTSIDE)]
    assert found[0].message.startswith("running header or footer outside the printable area")
    assert found[0].message.endswith("«1» (on pages 1–2)")


def test_text_over_text(tmp_path, project):
    """A box pulled up over the paragraph above it."""
    body = f'{PAGE}<p style="margin-top: -9mm; margin-left: 10mm">Over the top</p>'
    assert kinds(pdf(tmp_path, project, body)) == [(1, layout.OVERLAP)]


def test_a_line_with_its_descenders_in_the_line_below(tmp_path, project):
    """A legend's last line set 1.8 mm above the players' names: its «g» and «,» run into their «J», less than a
    third of either glyph's box."""
    line = "position: absolute; left: 20mm; top: {top}mm; font: {font}"
    body = (f'{PAGE}<div style="{line.format(top=215, font="8.5pt/1.3 PT Serif")}">al final de cada ronda, sin '
            f'olvidar ninguna columna</div><div style="{line.format(top=216.8, font="7pt PT Sans")}">Jugador 1 · '
            f'Jugador 2 · Jugador 3</div>')
    found = layout.check(pdf(tmp_path, project, body))
    assert [str(f) for f in found] == ["page 1: text drawn over other text: «Jugador 1 · Jugador 2 · Jugador 3» over "
                                       "«al final de cada ronda, sin olvidar ninguna columna»"]


def test_a_line_run_into_a_dark_band(tmp_path, project):
    """A paragraph pulled down over a table's dark header: its dark text on the band's blue."""
    body = (f'{PAGE}<div style="background: #0b3954; height: 12mm"></div>'
            f'<p style="margin-top: -10mm; color: #1a1a1a">Over the band</p>')
    found = layout.check(pdf(tmp_path, project, body))
    assert [str(f) for f in found] == [
        "page 1: text drawn over a fill it does not stand out from (contrast 1.4:1): «Over the band»"]


def test_words_on_their_own_band_pill_and_frame_stand_out(tmp_path, project):
    """White heads on the band, turned too; dark words on a light pill; dark words inside a dark frame, whose ring
    of a border holds them within its bounds, and on a rounded card laid on the band: nothing to say (by the
    sheets' rules: a turned head's letters are each a line of one character)."""
    band = "background: #0b3954; color: #ffffff; font: bold 7pt PT Sans; padding: 2mm"
    body = (f'{PAGE}<div style="{band}">Round</div>'
            f'<div style="{band}; width: 20mm; margin: 12mm 0; transform: rotate(-90deg)">Keelhauled</div>'
            '<p><span style="background: #e8eef3; border-radius: 1.5mm; padding: 0.6mm 2.4mm">Goal: 100</span></p>'
            '<div style="border: 3mm solid #0b3954; padding: 2mm; color: #1a1a1a">Inside a dark frame</div>'
            '<div style="background: #0b3954; padding: 3mm"><div style="background: #ffffff; border-radius: 2mm; '
            'padding: 2mm; color: #1a1a1a">A card on the band</div></div>')
    assert layout.check(pdf(tmp_path, project, body), layout.SHEET) == []


@pytest.mark.parametrize("cell, lone", [("cortados y", "«y»"), ("(+ blocked path)", "«(+»")])
def test_a_lone_character_in_a_table_cell(tmp_path, project, cell, lone):
    """A narrow cell wraps its text, leaving one letter, or signs only, alone on a line."""
    body = (f'{PAGE}<table style="table-layout: fixed; width: 120mm"><tr><td style="width: 30mm">Diamond</td>'
            f'<td style="width: 16mm">{cell}</td><td>Goes to your bag.</td></tr></table>')
    found = layout.check(pdf(tmp_path, project, body))
    assert [(f.page, f.kind) for f in found] == [(1, layout.LONE)]
    assert lone in found[0].message


def test_a_near_empty_page(tmp_path, project):
    """A full page, then a second one holding two lines."""
    body = f'{PAGE}{PAGE}<p style="break-before: page">The end.</p>'
    found = layout.check(pdf(tmp_path, project, body))
    assert [(f.page, f.kind) for f in found] == [(3, layout.NEAR_EMPTY)]
    assert "«The end.»" in found[0].message


def test_a_footnote_split_from_its_marker(tmp_path, project):
    """The table with the marker ends page 1; the footnote starts page 2."""
    body = (f'<div style="height: 225mm; background: #eee"></div><table><tr><td>Three of a kind *</td></tr></table>'
            f'<p style="break-before: page">* A card of our own design.</p>{PAGE}')
    found = layout.check(pdf(tmp_path, project, body))
    assert [(f.page, f.kind) for f in found] == [(2, layout.FOOTNOTE)]
    assert "(page 1)" in found[0].message and "«* A card of our own design.»" in found[0].message


def test_pnp_check_layout_exits_1_on_findings_0_without_2_on_bad_input(tmp_path, project, capsys):
    good, bad = tmp_path / "good" / "g" / "en", tmp_path / "bad" / "g" / "en"
    good.mkdir(parents=True)
    bad.mkdir(parents=True)
    pdf(good, project, f"<h2>Setup</h2>{PAGE}", "rulebook.pdf")
    pdf(bad, project, f'{PAGE}<p style="white-space: nowrap">{"overflowing " * 20}</p>', "rulebook.pdf")
    (bad / "kit.pdf").write_bytes(b"not read: a kit is merged from files checked already")
    assert main(["check", "--layout", "--out", str(tmp_path / "good")]) == 0
    assert main(["check", "--layout", "--out", str(tmp_path / "bad")]) == 1
    err = capsys.readouterr().err
    assert "bad/g/en/rulebook.pdf: page 1: text outside the printable area" in err
    assert "check failed: 1 finding: 1 outside in 1 of 1 PDFs" in err
    assert main(["check", "--layout", "--out", str(tmp_path / "none")]) == 2
    (good / "score-pad.pdf").write_bytes(b"%PDF-broken")
    assert main(["check", "--layout", "--out", str(tmp_path / "good")]) == 2
    assert "score-pad.pdf: not a PDF that can be read" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["rulebook", "score-pad"])
def test_the_rules_by_file(tmp_path, kind):
    from pathlib import Path

    assert layout.rules_for(Path(f"{kind}.pdf")) == (layout.RULEBOOK if kind == "rulebook" else layout.SHEET)
    assert layout.rules_for(Path("kit.pdf")) is None


# ---------------------------------------------------------------------------------------------------------------
# A nearly empty last page is pulled back where the page set a little tighter holds it (pnp/pdf.py).

def _pages(project, body: str, tighter: str | None) -> tuple[int, str]:
    import io

    import pypdf

    from pnp.pdf import render_pdf

    def page(css: str) -> str:
        return f"<html><head><style>{STYLE}{css}</style></head><body>{body}</body></html>"

    data, _ = render_pdf(page(""), [project.root, FONTS_DIR], project.templates, [project.templates], "",
                         project.root, tighter=(lambda: page(tighter)) if tighter is not None else None)
    reader = pypdf.PdfReader(io.BytesIO(data))
    return len(reader.pages), reader.pages[-1].extract_text()  # the count, and where the last page begins


def test_a_few_lines_left_on_a_last_page_are_pulled_back_by_the_tighter_setting(project):
    body = PARAGRAPH * 22  # a page and a few lines at 1.42; one page at 1.2
    as_set = _pages(project, body, None)  # each document rendered once, its page count and last page compared
    assert as_set[0] == 2
    assert _pages(project, body, "html { line-height: 1.2; }")[0] == 1
    # A tighter setting that saves no page is not used: the page stays as it was set.
    assert _pages(project, body, "p { margin-bottom: 1.9mm; }")[1] == as_set[1]
    # A last page well filled is never set again.
    full = PARAGRAPH * 36  # the second page three quarters full: one page at 0.6, but it is never tried
    full_as_set = _pages(project, full, None)
    assert _pages(project, full, "html { line-height: 0.6; }") == full_as_set
    assert full_as_set[0] == 2



def test_a_last_page_is_pulled_back_from_its_laid_out_boxes_only_where_the_pdf_would_say_so(project):
    """The boxes' reach (pdf.reach) bounds the PDF's fill from above: a last page short by its boxes is set tighter
    before any PDF is written; one whose boxes reach far down is measured on its PDF, as before."""
    from weasyprint import HTML

    from pnp.pdf import PULL_BACK_BELOW, reach

    far = '<p style="margin-top: 150mm">The end.</p>'  # a few lines, then one far below them: little fill
    for body, short in ((PARAGRAPH * 22, True), (PARAGRAPH * 36, False), (PARAGRAPH * 22 + far, False)):
        document = HTML(string=f"<html><head><style>{STYLE}</style></head><body>{body}</body></html>").render()
        fill = layout.fill(layout.read(document.write_pdf())[-1])
        assert (len(document.pages), fill <= reach(document), reach(document) < PULL_BACK_BELOW) == (2, True, short)
    assert fill < PULL_BACK_BELOW  # the far line: measured on the PDF, and pulled back there
    closer = "html { line-height: 1.2; } p[style] { margin-top: 0 !important; }"
    assert _pages(project, PARAGRAPH * 22 + far, closer)[0] == 1
