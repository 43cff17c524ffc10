"""Every sheet's frame (ruler, print-at-100% line), the kit merged in print order after its what-to-print page,
the size options, bad input."""

from __future__ import annotations

import io

import pytest
from helpers import spaced
from sheet_readback import A4, LETTER, page_size, paths, reader, text

from pnp.build import EVERY, build
from pnp.cli import main
from pnp.errors import InputError
from pnp.sheets import Options, kit_order
from pnp.sheets.page import MM_PER_INCH, RULER_IN, RULER_MM

SHEETS = [("dicemants", "stickers"), ("gang-of-dice", "paper-dice"), ("gang-of-dice", "cards"), ("dead-mans-dice", "score-pad"),
          ("dice-arena", "mats"), ("dicemants", "player-aid")]


@pytest.mark.parametrize("game_id, kind", SHEETS)
def test_every_page_has_the_ruler_and_asks_for_100_percent(sheet, game_id, kind):
    pdf = sheet(game_id, kind)
    for index, page in enumerate(reader(pdf).pages):
        lengths = [p.length for p in paths(page) if p.stroked and not p.dashed and p.as_segment()
                   and abs(p.as_segment()[0][1] - p.as_segment()[1][1]) < 1e-6]
        assert any(abs(n - RULER_MM) < 0.05 for n in lengths), index  # 50 mm
        assert any(abs(n - RULER_IN * MM_PER_INCH) < 0.05 for n in lengths), index  # 2 in = 50.8 mm
        words = text(pdf, slice(index, index + 1))
        assert "Print at 100% (actual size)." in words
        assert "the ruler must measure 50 mm and 2 in" in words


def test_the_ruler_has_a_tick_every_millimetre(sheet):
    page = reader(sheet("dice-arena", "mats")).pages[0]
    verticals = sorted(round(p.as_segment()[0][0], 2) for p in paths(page)
                       if p.stroked and p.as_segment() and abs(p.as_segment()[0][0] - p.as_segment()[1][0]) < 1e-6
                       and p.as_segment()[0][1] > 250)
    start = verticals[0]
    metric = [x for x in verticals if abs((x - start) - round(x - start)) < 0.01 and x - start <= RULER_MM + 0.01]
    assert len(set(metric)) >= RULER_MM + 1


def test_the_kit_holds_the_rulebook_and_every_sheet_in_print_order(project, tmp_path):
    """The kit merged from small stand-in PDFs after its what-to-print page: exact pages, bookmarks in print
    order, cards on a front page behind a page that says it is blank, and the page ranges the first page gives."""
    from helpers import game, tr
    from pypdf import PdfWriter

    from pnp.build import Job, Settings, _kit

    gang = game("gang-of-dice")
    pages = {"rulebook": 3, "stickers": 1, "paper-dice": 2, "score-pad": 1, "cards": 6, "player-aid": 2}
    jobs = []
    for kind, count in pages.items():
        writer = PdfWriter()
        for _ in range(count):
            writer.add_blank_page(595.28, 841.89)
        path = tmp_path / f"{kind}.pdf"
        writer.write(path)
        jobs.append(Job(gang, "es", kind, path))
    kit = Job(gang, "es", "kit", tmp_path / "kit.pdf")
    _kit(kit, tr("es"), jobs + [kit], Settings(project, Options()))
    merged = reader(kit.path)
    assert list(kit_order(gang)) == ["rulebook", "player-aid", "stickers", "paper-dice", "cards", "score-pad"]
    t = tr("es")
    titles = [t.gettext(name) for name in ("What to print", "Rulebook", "Player aid", "Stickers", "Paper dice",
                                           "Warning cards", "Score pad")]
    assert [item.title for item in merged.outline] == titles
    # Guide 0, rulebook 1-3, aid 4-5, stickers 6, paper dice 7-8, a blank back (9) so the cards start on a
    # front (index 10), then the pad.
    assert [merged.get_destination_page_number(item) for item in merged.outline] == [0, 1, 4, 6, 7, 10, 16]
    assert len(merged.pages) == 1 + sum(pages.values()) + 1
    assert spaced(t.gettext("This page is intentionally blank.")) in spaced(merged.pages[9].extract_text())
    guide = spaced(merged.pages[0].extract_text())
    for first, last in ((2, 4), (5, 6), (8, 9), (11, 16)):  # printed page numbers count from 1
        assert f"{first}–{last}" in guide
    assert merged.metadata.title == t.format(t.gettext("{game}: print-and-play kit"), game="Gang of Dice")
    assert merged.metadata.title != "Gang of Dice: print-and-play kit"  # the Spanish title, not the English source
    assert merged.metadata.author == "Reiner Knizia"
    assert merged.trailer["/Root"]["/Lang"] == "es"


def test_sizes_out_of_range_are_bad_input(project, tmp_path):
    with pytest.raises(InputError, match="sticker size: must be 8 to 30 mm, found 7"):
        build(project, ["dicemants"], ["en"], out=tmp_path, options=Options(sticker_size=7), kinds=["stickers"])
    with pytest.raises(InputError, match="paper die size: must be 12 to 40 mm, found 41"):
        build(project, ["dicemants"], ["en"], out=tmp_path, options=Options(paper_die_size=41), kinds=["stickers"])
    err = io.StringIO()
    assert main(["--root", str(project.root), "build", "--sticker-size", "31", "dicemants"], io.StringIO(), err) == 2
    assert "argument --sticker-size: must be 8 to 30 mm, found 31" in err.getvalue()
    assert main(["--root", str(project.root), "build", "--paper-die-size", "big"], io.StringIO(), err) == 2
    assert "argument --paper-die-size: expected a number of millimetres, found 'big'" in err.getvalue()


def test_the_cli_passes_the_options_through(project, monkeypatch):
    seen = {}

    def fake_build(project, games, langs, paper, out, progress, options, kinds, force, missing):
        seen.update(games=games, options=options, paper=paper, kinds=tuple(kinds), missing=missing)
        from pnp.build import Report

        return Report()

    monkeypatch.setattr("pnp.cli.build", fake_build)
    assert main(["--root", str(project.root), "build", "dicemants", "--sticker-size", "12", "--paper-die-size", "25",
                 "--ink", "low", "--paper", "all"], io.StringIO(), io.StringIO()) == 0
    assert seen == {"games": ["dicemants"], "options": Options(12.0, 25.0, "low"), "paper": "all", "kinds": EVERY,
                    "missing": "refuse"}  # an incomplete language is refused
    main(["--root", str(project.root), "build", "dicemants", "--allow-incomplete"], io.StringIO(), io.StringIO())
    assert seen["options"] == Options(13.0, 22.0, "full") and seen["paper"] == "a4" and seen["missing"] == "mark"


def test_paper_all_builds_a4_in_place_and_letter_beside_it(project, tmp_path):
    report = build(project, ["dice-arena"], ["en"], paper="all", out=tmp_path, kinds=["score-pad"], workers=1)
    a4, letter = tmp_path / "dice-arena" / "en" / "score-pad.pdf", tmp_path / "dice-arena" / "en" / "letter" / "score-pad.pdf"
    assert report.written == [a4, letter]
    assert page_size(reader(a4).pages[0]) == A4 and page_size(reader(letter).pages[0]) == LETTER


def test_a_broken_sheet_template_is_located_and_keeps_the_old_pdf(project_copy):
    out = project_copy.root / "output"
    build(project_copy, ["dice-arena"], ["en"], out=out, kinds=["score-pad"], workers=1)
    pdf = out / "dice-arena" / "en" / "score-pad.pdf"
    before = pdf.read_bytes()
    template = project_copy.templates / "sheets" / "score-pad.html"
    lines = template.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if '{{ _("Start") }}' in line)
    lines[index] = lines[index].replace('_("Start")', "start_heading")
    template.write_text("\n".join(lines))
    with pytest.raises(InputError) as caught:
        build(project_copy, ["dice-arena"], ["en"], out=out, kinds=["score-pad"], workers=1)
    assert str(caught.value) == f"templates/sheets/score-pad.html:{index + 1}: template: 'start_heading' is undefined"
    assert pdf.read_bytes() == before
    assert sorted(p.name for p in pdf.parent.iterdir()) == ["score-pad.pdf"]


def test_a_bad_template_is_reported_from_a_worker_too(project_copy, monkeypatch):
    template = project_copy.templates / "sheets" / "score-pad.html"
    template.write_text(template.read_text() + "\n{% if %}\n")
    # Two files, one a worker: the two worker processes start, and no good sheet is rendered only to be thrown away.
    monkeypatch.setattr("pnp.build.PER_WORKER", 1)
    with pytest.raises(InputError, match=r"templates/sheets/score-pad.html:\d+: template syntax"):
        build(project_copy, ["dicemants", "dice-arena"], ["en"], out=project_copy.root / "output",
              kinds=["score-pad"], workers=2)


def test_unknown_output_kind(project, tmp_path):
    with pytest.raises(InputError, match="unknown output kind poster"):
        build(project, ["dicemants"], ["en"], out=tmp_path, kinds=["poster"])
