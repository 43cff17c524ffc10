"""No text under 7 pt on any sheet: every sheet of every game read back, in the longest language; the rulebooks'
check is with their read-back in test_rulebooks."""

from __future__ import annotations

import pytest
from helpers import font_sizes
from sheet_readback import MM, page_size, paths, reader

from pnp.build import build, kinds
from pnp.games import game_ids

SMALLEST = 7.0  # points


@pytest.mark.parametrize("game_id", game_ids())
def test_no_text_under_7_pt_and_nothing_off_the_page_on_a4_and_letter(project, tmp_path, game_id):
    """Every sheet of one game in Russian (the longest texts, so any shrink-to-fit would show), on both papers."""
    from helpers import game

    from pnp.sheets import sheets_for

    report = build(project, [game_id], ["ru"], paper="all", out=tmp_path,
                   kinds=[k for k in kinds() if k not in ("rulebook", "kit")], workers=1)
    expected = sorted(s.kind for s in sheets_for(game(game_id)))
    assert sorted(p.stem for p in report.written if p.parent.name == "ru") == expected
    assert sorted(p.stem for p in report.written if p.parent.name == "letter") == expected
    for pdf in report.written:
        sizes = font_sizes(pdf)
        assert sizes, pdf.name  # the sheet has text to measure
        small = [(page + 1, round(size, 2), char) for page, size, char in sizes if size < SMALLEST - 0.01]
        assert small == [], pdf.name
        for page in reader(pdf).pages:
            width, height = (float(v) * MM for v in page_size(page))
            for path in paths(page):
                left, top, w, h = path.box
                # Crop marks may reach 5 mm from the edge; everything else keeps the 10 mm margin.
                assert left >= 5 - 0.1 and top >= 5 - 0.1, (pdf, path.box)
                assert left + w <= width - 5 + 0.1 and top + h <= height - 5 + 0.1, (pdf, path.box)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_what_to_print_page_has_no_text_under_7_pt_and_fits_one_page(project, tmp_path, game_id):
    from helpers import game, tr

    from pnp.pdf import render_pdf
    from pnp.project import FONTS_DIR
    from pnp.sheets import Options, sheets_for
    from pnp.sheets.guide import guide_html, kit_parts

    g, t = game(game_id), tr("ru")
    order = [("rulebook", "Rulebook", False, 6)] + [(s.kind, s.title(t), s.duplex, 3) for s in sheets_for(g)]
    html = guide_html(project, g, t, "a4", Options(), kit_parts(g, order, []))
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    (tmp_path / "guide.pdf").write_bytes(data)
    sizes = font_sizes(tmp_path / "guide.pdf")
    assert {page for page, _, _ in sizes} == {0, 1}  # the guide on one page, then the blank back's note
    assert min(size for _, size, _ in sizes) >= SMALLEST - 0.01


def test_the_measure_sees_small_text(tmp_path, project):
    """The check can fail: a page set in 6 pt is caught."""
    from pnp.pdf import render_pdf
    from pnp.project import FONTS_DIR

    html = '<html><body><p style="font: 6pt \'PT Sans\'">tiny</p><p style="font: 9pt \'PT Sans\'">big</p></body></html>'
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    (tmp_path / "t.pdf").write_bytes(data)
    sizes = {char: round(size, 2) for _, size, char in font_sizes(tmp_path / "t.pdf")}
    assert sizes["t"] == 6.0 and sizes["g"] == 9.0
