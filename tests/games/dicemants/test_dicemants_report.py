"""Dicemants in the balance report: the when-to-stop maps from the exact solver, on toys of the real dice."""

from __future__ import annotations

from dataclasses import replace

from helpers import game, tr

from pnp.games.dicemants.book import charts, dicemants_rules
from pnp.games.dicemants.stop import race_stop_map, stop_map


def test_the_stop_map_of_a_two_die_turn():
    rules = dicemants_rules(game("dicemants"))
    toy = replace(rules, dice=rules.dice[:2], max_dice=2)  # the real dice A and B: a turn of a few dozen positions
    found = stop_map(toy)
    assert (found.bag, found.dice) == ((0, 1), (1, 2))
    # An empty bag banks nothing by stopping: always roll. One diamond and one die left: rolling is still best.
    # A diamond in the bag and two dice to roll cannot happen with two dice.
    assert found.roll == ((1.0, 1.0), (1.0, None))



def test_the_race_maps_when_behind_follow_the_race_and_the_real_report_has_two():
    rules = dicemants_rules(game("dicemants"))
    dice = dict(rules.dice)
    toy = replace(rules, dice=tuple((d, dice[d]) for d in "ADF"), max_dice=3, goal=8)  # see test_playing
    # Behind (2–4, 0–4) the best play never stops with a choice; ahead (4–2) it stops with A or F and two diamonds.
    for mine, other in ((2, 4), (0, 4)):
        assert {v for row in race_stop_map(toy, mine, other).roll for v in row} <= {1.0, None}
    assert race_stop_map(toy, 4, 2).roll[2][0] < 1.0
    titles = [(chart.id, chart.title(tr("en"))) for chart in charts(game("dicemants"))]
    assert titles[:3] == [("when-to-stop", "When to stop"), ("when-to-stop-behind-1", "When to stop, behind by 5 (5–10)"),
                          ("when-to-stop-behind-2", "When to stop, behind by 10 (0–10)")]
