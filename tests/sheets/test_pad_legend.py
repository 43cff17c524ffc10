"""A score pad's legend never prints over its table: the table set below the legend however tall it runs, fixed
rounds failing located where they no longer fit, and the layout check telling a legend run into a table."""

from __future__ import annotations

import pytest
from helpers import game, tr

from pnp.cli import main
from pnp.errors import InputError
from pnp.games import find_spec
from pnp.games.dead_mans_dice.spec import SPEC as DEAD_MANS_DICE
from pnp.sheets import pads
from pnp.sheets.files import sheet_pdf
from pnp.sheets.kinds import sheet_html
from pnp.sheets.page import Frame

FITS = pads.INTRO - pads.GAP
"""The tallest legend that leaves the table where the game placed it."""


def maker(game_id: str):
    g = game(game_id)
    return lambda frame: find_spec(game_id).score_pad(g, frame, tr("en"))


def test_below_a_legend_that_fits_the_pad_stays_where_the_game_placed_it():
    frame, make = Frame.of("a4"), maker("dicemants")
    pad = make(frame)
    assert pads.below(pad, make, frame, FITS) is pad


def test_an_open_pad_below_a_taller_legend_moves_down_and_holds_fewer_rows_of_the_same_height():
    frame, make = Frame.of("a4"), maker("dicemants")
    pad = make(frame)
    lower = pads.below(pad, make, frame, FITS + 10)
    assert lower.box.y == pytest.approx(pad.box.y + 10) and lower.box.w == pad.box.w
    # The A4 body leaves the table 225 mm: 210 under its two header rows hold 30 rows of 7 mm; 200 hold 28.
    assert (len(pad.rows), len(lower.rows)) == (30, 28)
    assert lower.row_height == pad.row_height == pads.ROW
    assert lower.bottom <= frame.body.bottom - pads.CLEAR
    assert [c.w for c in lower.columns] == [c.w for c in pad.columns]


def test_fixed_rounds_shrink_below_a_taller_legend_and_fit_no_longer_under_the_least_row():
    frame, make = Frame.of("a4"), maker("gang-of-dice")
    pad = make(frame)
    rows = len(pad.rows)  # the start and every round
    assert rows == game("gang-of-dice").params.rounds + 1
    lower = pads.below(pad, make, frame, FITS + 40)
    assert [r.number for r in lower.rows] == [r.number for r in pad.rows]
    assert lower.row_height == pytest.approx((225 - 40 - pads.NAMES - pads.HEADS) / rows)
    assert lower.bottom == pytest.approx(frame.body.bottom - pads.CLEAR) and pads.fits(lower)
    assert not pads.fits(pads.below(pad, make, frame, FITS + 150))


def test_a_legend_too_tall_for_the_rounds_is_bad_input_naming_it(project_copy):
    """The legend measured as WeasyPrint sets it (200 mm and its paragraph's 0.6 mm margin): 12 rounds do not fit
    below it."""
    (project_copy.templates / "sheets" / "score-pad-legend.html").write_text(
        '<p style="height: 200mm">{{ _("Pool: your dice after the round.") }}</p>\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        sheet_html(project_copy, game("gang-of-dice"), tr("es"), "score-pad")
    assert str(caught.value) == ("templates/sheets/score-pad-legend.html: the score pad's legend runs 200.6 mm tall in "
                                 "es on A4 paper: below it, its 12 rows would be 2.2 mm tall, under 5 mm; shorten the "
                                 "legend")


def test_rounds_too_many_for_the_page_are_bad_input_naming_the_rules(project, monkeypatch):
    """Where the legend fits and the rows still do not (a row as tall as Gang of Dice's tallest cannot take 17 mm),
    the rules file's parameters are at fault."""
    monkeypatch.setattr(pads, "ROW_LEAST", 17.0)
    with pytest.raises(InputError) as caught:
        sheet_html(project, game("gang-of-dice"), tr("en"), "score-pad", "letter")
    line = game("gang-of-dice").lines["params"]
    assert str(caught.value) == (f"rules/gang-of-dice.yaml:{line}: params: the score pad does not fit on letter "
                                 f"paper: its 12 rows would be 14.8 mm tall, under 17 mm")


LONGER = ("<p>Apunta al final de cada ronda la pila, las marcas y los abordajes de cada pirata, sin olvidar ninguna "
          "columna: el total puede ser negativo, y entonces se escribe con su signo menos delante.</p>\n")
"""Two more lines of legend, as a translation longer than the English gives (found in Spanish and Catalan)."""


def test_a_longer_legend_moves_the_table_down_and_without_that_the_layout_check_fails(project_copy, tmp_path,
                                                                                       monkeypatch, capsys):
    """Dead Man's Dice in Spanish with its legend two lines longer: the pad PDF passes `pnp check --layout`; the
    same pad with its table left where INTRO puts it fails it, naming the file, the page and the text."""
    assert DEAD_MANS_DICE.templates is not None
    legend = (DEAD_MANS_DICE.templates / "sheets" / "score-pad-legend.html").read_text(encoding="utf-8")
    (project_copy.templates / "sheets" / "score-pad-legend.html").write_text(legend + LONGER, encoding="utf-8")

    def check(folder: str) -> int:
        data, _ = sheet_pdf(project_copy, game("dead-mans-dice"), tr("es"), "score-pad")
        pdf = tmp_path / folder / "dead-mans-dice" / "es" / "score-pad.pdf"
        pdf.parent.mkdir(parents=True)
        pdf.write_bytes(data)
        return main(["check", "--layout", "--out", str(tmp_path / folder)])

    assert check("below") == 0
    monkeypatch.setattr(pads, "below", lambda pad, make, frame, legend: pad)
    assert check("over") == 1
    err = capsys.readouterr().err
    where = "over/dead-mans-dice/es/score-pad.pdf: page 1: "
    # The turned heads, one line each and so reaching up to the names' row, over the legend's last line.
    assert f"{where}text drawn over other text: «)» over «entonces se escribe con su signo menos delante.»" in err
    # Its last line over the header's dark band, from the round column on.
    assert f"{where}text drawn over a fill it does not stand out from (contrast 1.4:1): «" in err
    assert "signo menos delante.»" in err
