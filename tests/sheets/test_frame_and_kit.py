"""Every sheet's frame (ruler, print-at-100 % line), the kit merged in print order, the die size option, bad input."""

from __future__ import annotations

import io

import pytest
from sheet_readback import paths, reader, text

from pnp.build import EVERY, build
from pnp.cli import main
from pnp.errors import InputError
from pnp.sheets import kit_order
from pnp.sheets.page import MM_PER_INCH, RULER_IN, RULER_MM

SHEETS = [("dicemants", "dice"), ("gang-of-dice", "cards"), ("dead-mans-dice", "score-pad"),
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
        assert "Print at 100 % (actual size)." in words
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
    """The kit merged from small stand-in PDFs: exact pages, bookmarks in print order, cards on a front page."""
    from helpers import game, tr
    from pypdf import PdfWriter

    from pnp.build import Job, _kit

    gang = game("gang-of-dice")
    pages = {"rulebook": 3, "dice": 2, "score-pad": 1, "cards": 6, "player-aid": 2}  # as built, in build order
    jobs = []
    for kind, count in pages.items():
        writer = PdfWriter()
        for _ in range(count):
            writer.add_blank_page(595.28, 841.89)
        path = tmp_path / f"{kind}.pdf"
        writer.write(path)
        jobs.append(Job(gang, "es", kind, path))
    kit = Job(gang, "es", "kit", tmp_path / "kit.pdf")
    _kit(kit, tr("es"), jobs + [kit])
    merged = reader(kit.path)
    assert list(kit_order(gang)) == ["rulebook", "player-aid", "dice", "cards", "score-pad"]
    t = tr("es")
    titles = [t.gettext(name) for name in ("Rulebook", "Player aid", "Dice stickers and paper dice", "Warning cards",
                                           "Score pad")]
    assert [item.title for item in merged.outline] == titles
    # Rulebook 0-2, aid 3-4, dice 5-6, a blank back so the cards start on a front (index 8), then the pad.
    assert [merged.get_destination_page_number(item) for item in merged.outline] == [0, 3, 5, 8, 14]
    assert len(merged.pages) == sum(pages.values()) + 1
    assert merged.metadata.title == t.format(t.gettext("{game}: print-and-play kit"), game="Gang of Dice")
    assert merged.metadata.title != "Gang of Dice: print-and-play kit"  # the Spanish title, not the English source
    assert merged.metadata.author == "Reiner Knizia"
    assert merged.trailer["/Root"]["/Lang"] == "es"


def test_die_size_out_of_range_is_bad_input(project, tmp_path):
    with pytest.raises(InputError, match="die size: must be 10 to 30 mm, found 9"):
        build(project, ["dicemants"], ["en"], out=tmp_path, die_size=9, kinds=["dice"])
    err = io.StringIO()
    assert main(["--root", str(project.root), "build", "--die-size", "31", "dicemants"], io.StringIO(), err) == 2
    assert "argument --die-size: must be 10 to 30 mm, found 31" in err.getvalue()
    assert main(["--root", str(project.root), "build", "--die-size", "big"], io.StringIO(), err) == 2


def test_the_cli_passes_the_die_size_through(project, monkeypatch):
    seen = {}

    def fake_build(project, games, langs, paper, out, progress, die_size, kinds):
        seen.update(games=games, die_size=die_size, paper=paper, kinds=tuple(kinds))
        from pnp.build import Report

        return Report()

    monkeypatch.setattr("pnp.cli.build", fake_build)
    assert main(["--root", str(project.root), "build", "dicemants", "--die-size", "20", "--paper", "letter"],
                io.StringIO(), io.StringIO()) == 0
    assert seen == {"games": ["dicemants"], "die_size": 20.0, "paper": "letter", "kinds": EVERY}
    main(["--root", str(project.root), "build", "dicemants"], io.StringIO(), io.StringIO())
    assert seen["die_size"] == 16.0


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


def test_a_bad_template_is_reported_from_a_worker_too(project_copy):
    template = project_copy.templates / "sheets" / "score-pad.html"
    template.write_text(template.read_text() + "\n{% if %}\n")
    # Six files: enough for two worker processes.
    with pytest.raises(InputError, match=r"templates/sheets/score-pad.html:\d+: template syntax"):
        build(project_copy, ["dicemants", "dice-arena"], ["en"], out=project_copy.root / "output",
              kinds=["score-pad", "mats", "player-aid"], workers=2)


def test_unknown_output_kind(project, tmp_path):
    with pytest.raises(InputError, match="unknown output kind poster"):
        build(project, ["dicemants"], ["en"], out=tmp_path, kinds=["poster"])
