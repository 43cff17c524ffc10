"""Dice Arena's kit: what a table buys to glue the arena, and the score pad's rows and the words about them."""

from __future__ import annotations

import pytest
from helpers import game, spaced, tr
from sheets.sheet_readback import text

from pnp.games.dice_arena.kit import score_pad
from pnp.sheets.guide import shopping
from pnp.sheets.page import Frame


def test_the_list_to_buy_names_the_glue_for_the_arena_the_pencil_for_the_pad_and_no_part_twice():
    # The `dice` and `mat` parts are the dice row and a printed sheet: listed in the rulebook, never bought twice.
    bought = [(b.what, b.counts) for b in shopping(game("dice-arena"), tr("en"), [])]
    assert bought == [("Ordinary six-sided dice, about 16 mm", ((2, 19), (3, 25), (4, 29), (5, 31))),
                      ("Glue stick or clear tape (for the printed arena)", ()),
                      ("Pencil", ((0, 1),))]


def test_the_score_pad_says_what_a_row_is(made):
    words = spaced(text(made("dice-arena", "score-pad")))
    assert ("After every player has had a turn, write on the next row how many dice each player holds. A player "
            "with no dice is eliminated.") in words
    assert "Round" in words and "Turn around the table" not in words  # a row is a round, as on every pad
    assert "Dice in hand at the start: 9 for 2 players · 8 for 3 players · 7 for 4 players · 6 for 5 players" in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_pad_has_a_start_row_and_thirty_numbered_rows(paper):
    frame = Frame.of(paper)
    pad = score_pad(game("dice-arena"), frame, tr("en"))
    assert [r.kind for r in pad.rows] == ["start"] + ["number"] * 30
    assert [r.number for r in pad.rows[1:]] == list(range(1, 31))
    assert 6.0 <= pad.row_height <= 7.0 and pad.bottom <= frame.body.bottom + 1e-6  # rows to write in, on the page


def test_the_player_aid_gives_the_dice_per_player_and_the_in_or_out_rules(project):
    """Under the faces: the dice per player by player count, from the dice data, then in or out as the tiles say."""
    from helpers import html_text

    from pnp.sheets import sheet_html

    words = html_text(sheet_html(project, game("dice-arena"), tr("en"), "player-aid"))
    assert words.count("Players 2 3 4 5 Dice per player 9 8 7 6 In or out A die is in when more than half of it "
                       "lies inside the edge. A die that is out is removed from the game. A cocked die (one leaning "
                       "on another die, or on the rim of a box lid) is thrown again by the same player.") == 3
