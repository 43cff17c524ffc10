"""The Gang of Dice score pad read back: bonus rounds, the dice left on the table, a tick for triggering the card."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from gang_readback import characters
from helpers import LANGS, font_sizes
from helpers import tr as translation
from sheets.sheet_readback import paths, reader, text

from pnp.games import find_spec
from pnp.rules import load_game
from pnp.sheets.page import Frame

TOLERANCE = 0.1
CLEAR = 0.3
"""The least room between a printed character and a rule of the pad, in millimetres."""
LABEL_PT = 7.0
"""The pad's column heads and row notes: 7 pt, the smallest any sheet prints."""


def pad_of(project, paper: str = "a4", lang: str = "en"):
    game = load_game(project.rules / "gang-of-dice.yaml")
    return game, find_spec(game.id).score_pad(game, Frame.of(paper), translation(lang))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pad_reads_back_the_table_and_each_players_columns(gang_pdf, project, paper):
    game, pad = pad_of(project, paper)
    words = text(gang_pdf("score-pad", paper=paper))
    players = game.players[1]
    # The heads in order: the table's columns, then each player's (the triggered column's head is a drawn mark).
    assert "Round Card Left on the table " + "Rolled Total Pool " * players in words
    assert words.count("Left on the table") == 2  # the head, and the legend
    for label in ("Card", "Left on the table", "Rolled", "Total", "Pool"):
        assert words.count(f"{label}:") == 1  # the legend says what each column holds
    assert "Tick if you triggered the card." in words
    assert "The winner of a bonus round also takes that round’s bonus dice, shown under the round number." in words
    assert "Card: the number of the round’s warning card. Left on the table: dice from a round nobody won" in words
    # Player counts side by side with the same pool share one entry (2 and 3 players start with 48).
    assert "Pool at the start: 48 dice (2–3 players) · 36 dice (4 players)" in words
    assert "yellow" not in words.lower()  # yellow is a card colour, never a kind of round
    for n, dice in game.params.bonus_dice.items():
        assert f"+{dice} bonus dice" in words and n <= game.params.rounds  # from the rules data
    left = next(c for c in pad.columns if c.head.key == "left")
    assert left.player is None  # the whole table's, like the card column


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_tick_box_per_player_per_round_in_the_triggered_column(gang_pdf, project, paper):
    game, pad = pad_of(project, paper)
    page = reader(gang_pdf("score-pad", paper=paper)).pages[0]
    ticks = [p.box for p in paths(page)
             if p.stroked and len(p.subpaths) == 1 and 3.1 < p.box[2] < 3.3 and 3.1 < p.box[3] < 3.3]
    rounds = [r for r, _ in pad.row_boxes() if r.kind == "number"]
    assert len(rounds) == game.params.rounds
    assert len(ticks) == game.players[1] * game.params.rounds  # none on the start row
    columns = {round(c.x + c.w / 2, 1): c.player for c in pad.columns if c.head.key == "triggered"}
    rows = {round(r.y + r.h / 2, 1): row.number for row, r in pad.row_boxes() if row.kind == "number"}
    seen = set()
    for x, y, w, h in ticks:
        column = next(p for cx, p in columns.items() if abs(x + w / 2 - cx) < TOLERANCE)
        number = next(n for cy, n in rows.items() if abs(y + h / 2 - cy) < TOLERANCE)
        seen.add((column, number))
    assert seen == {(p, n) for p in range(1, game.players[1] + 1) for n in range(1, game.params.rounds + 1)}


def test_the_start_row_shades_every_cell_but_the_pools(gang_pdf, project):
    """The start row holds each starting pool only: its other cells (card, dice left, rolled, total, tick) are
    shaded, so nobody writes there."""
    _, pad = pad_of(project)
    page = reader(gang_pdf("score-pad")).pages[0]
    shade = tuple(round(v / 255, 2) for v in (0xCF, 0xD6, 0xDD))
    start = next(r for row, r in pad.row_boxes() if row.kind == "start")
    shaded = sorted(round(p.box[0], 1) for p in paths(page)
                    if p.filled and tuple(round(v, 2) for v in p.colour) == shade
                    and abs(p.box[1] - start.y) < TOLERANCE and abs(p.box[3] - start.h) < TOLERANCE)
    assert shaded == sorted(round(c.x, 1) for c in pad.columns[1:] if c.head.key != "pool")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_word_on_the_pad_under_7_pt(gang_pdf, paper):
    sizes = font_sizes(gang_pdf("score-pad", paper=paper))
    assert sizes and min(size for _, size, _ in sizes) >= LABEL_PT - 0.01


# Every language on A4, whose columns are the narrowest; Letter once, in the language with the longest words.
@pytest.mark.parametrize("lang, paper", [(lang, "a4") for lang in LANGS] + [("ru", "letter")])
def test_no_word_crosses_a_rule_of_the_pad(gang_pdf, project, lang, paper):
    """Every head, name and note stays inside its cell, in every language: no printed character comes within
    0.3 mm of a column's rule, and no bonus round's note of the next row."""
    _, pad = pad_of(project, paper, lang)
    rules_x = sorted({c.x for c in pad.columns} | {pad.box.right})
    rules_y = sorted({r.bottom for _, r in pad.row_boxes()} | {pad.body_top})
    lead = pad.columns[0]
    crossed = []
    for character, left, top, right, bottom in characters(pdfium.PdfDocument(gang_pdf("score-pad", lang=lang, paper=paper))[0]):
        middle = (top + bottom) / 2
        if pad.heads_top <= middle <= pad.bottom:  # the heads and the rows: every column has its rule
            crossed += [(character, x) for x in rules_x if left - CLEAR < x < right + CLEAR]
        if lead.x <= (left + right) / 2 <= lead.x + lead.w and middle > pad.body_top:  # a round's number and note
            crossed += [(character, y) for y in rules_y if top - CLEAR < y < bottom + CLEAR]
    assert crossed == []
    mark = next(c for c in pad.columns if c.head.key == "triggered")
    assert mark.w >= 4.6 + 0.5  # the drawn mark in the head, 4.6 mm wide, and the 3.2 mm box to tick below it
