"""Dicemants' "Playing well": the real rulebooks print the exact solution, and the table follows the rules' goal."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from helpers import game, pdf_text, spaced, tr

from pnp.games.dicemants.book import dicemants_rules
from pnp.games.dicemants.playing import Cell, Situation, _cell, playing, playing_view
from pnp.games.dicemants.solve import solve, turn_of


def test_the_rulebooks_print_the_solution(made):
    """The run's one solve (kept on disk, shared with the builds): pinned, then read back from two real PDFs."""
    rules = dicemants_rules(game("dicemants"))
    p, solved = playing(rules), solve(rules)
    assert p.first == solved.race.first_player == pytest.approx(0.563979754, abs=1e-9)
    assert (p.thumb, p.thumb_never, p.thumb_dice) == (6, True, 6)  # six dice, never stop by choice
    assert (p.thumb_first, p.thumb_second) == solved.thumb_wins
    banks = solved.turn.model.stop_bank[:, None, None] + np.arange(rules.goal)[None, :, None]
    assert not solved.race.go_on[np.broadcast_to(banks >= rules.goal, solved.race.go_on.shape)].any()  # a sure win
    assert (round(p.thumb_first, 4), round(p.thumb_second, 4), round(p.per_turn, 4)) == (0.5429, 0.4190, 2.5973)
    assert p.situations == (Situation(10, 10), Situation(5, 10), Situation(0, 10), Situation(10, 5))
    assert {row.board: tuple(c.threshold for c in row.cells) for row in p.rows} == {
        ("A",): (5, None, None, 3), ("F",): (3, 4, 4, 3), ("A", "B"): (None, None, None, 4),
        ("A", "D"): (None, None, None, 4), ("A", "F"): (4, None, None, 3), ("D", "F"): (None, None, None, 4),
        ("A", "B", "F"): (None, None, None, 3), ("A", "D", "F"): (None, None, None, 3)}
    assert all(c.threshold is not None or not (c.stop or c.mixed) for row in p.rows for c in row.cells)
    english = pdf_text(made("dicemants", "rulebook"))
    assert "the player who goes first wins 56.4% of games and the other player 43.6%." in english
    assert "it wins 54.3% of games when it goes first and 41.9% when it goes second." in english
    assert "This rule banks 2.55 diamonds a turn on average; the most any way of playing can bank is 2.60." in english
    assert "Playing well The table below, solved exactly for a two-player race to 21 diamonds, shows when the strategy" in english
    assert "Score (yours first) Dice left on the board A F A and B A and D A and F D and F A, B, and F A, D, and F" in english
    assert "Level (10–10) 5 3 — — 4 — — — 5 behind (5–10) — 4 — — — — — —" in english
    for lang in ("en", "ru"):
        text, view = pdf_text(made("dicemants", "rulebook", lang)), playing_view(rules, tr(lang))
        for sentence in (view.lead, *view.after):
            assert spaced(sentence) in text
        assert spaced(" ".join([*view.heads, *view.dice])) in text
        for situation, cells in view.rows:
            assert spaced(" ".join([situation, *cells])) in text


def test_the_table_follows_the_goal():
    """Dice A, D and F (where the real game's stops are), each goal raced on the one turn model."""
    rules = dicemants_rules(game("dicemants"))
    dice = dict(rules.dice)
    toy = replace(rules, dice=tuple((d, dice[d]) for d in "ADF"), max_dice=3)
    eight, ten = playing(replace(toy, goal=8)), playing(replace(toy, goal=10))
    assert turn_of(replace(toy, goal=8)) is turn_of(replace(toy, goal=10))  # a turn knows no goal
    assert eight.situations == (Situation(4, 4), Situation(2, 4), Situation(0, 4), Situation(4, 2))
    assert {row.board: tuple(c.threshold for c in row.cells) for row in eight.rows} == {
        ("A",): (None, None, None, 2), ("F",): (2, None, None, 2)}
    assert ten.situations == (Situation(5, 5), Situation(3, 5), Situation(0, 5), Situation(5, 3))
    assert {row.board: tuple(c.threshold for c in row.cells) for row in ten.rows} == {
        ("F",): (None, None, None, 2)}
    view = playing_view(replace(toy, goal=8), tr("en"))
    assert view.dice == ("A", "F")  # a column per set of dice, a row per score situation
    assert view.rows == (("Level (4–4)", ("—", "2")), ("2 behind (2–4)", ("—", "—")), ("4 behind (0–4)", ("—", "—")),
                         ("2 ahead (4–2)", ("2", "2")))
    assert view.lead.startswith("The table below, solved exactly for a two-player race to 8 diamonds, shows when")


def test_a_cell_that_is_no_threshold_lists_where_it_stops():
    en = tr("en")
    assert _cell(Cell((3, 4, 5), (), 3), en) == "3"
    assert _cell(Cell((), (), None), en) == "—"
    assert _cell(Cell((3, 5), (4,), None), en) == "3, (4), and 5"
