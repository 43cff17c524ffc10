"""Dice Arena's kit: what a table buys to glue the arena, and the score pad's words about its rows."""

from __future__ import annotations

from helpers import game, spaced, tr
from sheets.sheet_readback import text

from pnp.sheets.guide import shopping


def test_the_list_to_buy_names_the_glue_for_the_arena_and_no_part_twice():
    # The `dice` and `mat` parts are the dice row and a printed sheet: listed in the rulebook, never bought twice.
    bought = [(b.what, b.counts) for b in shopping(game("dice-arena"), tr("en"), [])]
    assert bought == [("Ordinary six-sided dice, about 16 mm", ((2, 19), (3, 25), (4, 29), (5, 31))),
                      ("Glue stick or clear tape (for the printed arena)", ((0, 1),))]


def test_the_score_pad_says_what_a_row_is(made):
    words = spaced(text(made("dice-arena", "score-pad")))
    assert ("After each round (one full turn around the table), write on the next row how many dice each player "
            "holds. A player with no dice is eliminated.") in words
    assert "Dice in hand at the start: 9 for 2 players · 8 for 3 players · 7 for 4 players · 6 for 5 players" in words
