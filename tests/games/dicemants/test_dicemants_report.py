"""Dicemants in the balance report: the when-to-stop map from the exact solver, on a two-die toy of the real dice."""

from __future__ import annotations

from dataclasses import replace

from helpers import game

from pnp.games.dicemants.book import dicemants_rules
from pnp.games.dicemants.stop import stop_map


def test_the_stop_map_of_a_two_die_turn():
    rules = dicemants_rules(game("dicemants"))
    toy = replace(rules, dice=rules.dice[:2], max_dice=2)  # the real dice A and B: a turn of a few dozen positions
    found = stop_map(toy)
    assert (found.bag, found.dice) == ((0, 1), (1, 2))
    # An empty bag banks nothing by stopping: always roll. One diamond and one die left: rolling is still best.
    # A diamond in the bag and two dice to roll cannot happen with two dice.
    assert found.roll == ((1.0, 1.0), (1.0, None))

