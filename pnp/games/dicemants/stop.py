"""Dicemants' when-to-stop maps for the balance report, from the exact solver: per turn, and behind in the race."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...solver import turn_points
from . import engine as E
from .solve import DicemantsTurn, solve, turn_of


@dataclass(frozen=True)
class StopMap:
    """When to stop, for one play (the most diamonds per turn, or the race's best at a score): by diamonds in the bag
    and dice the next roll would roll, how often that play rolls on where a player has the choice."""

    bag: tuple[int, ...]
    """The rows: diamonds in the bag."""
    dice: tuple[int, ...]
    """The columns: dice the next roll would roll."""
    roll: tuple[tuple[float | None, ...], ...]
    """roll[bag][dice]: the chance that rolling on is best, each choice weighed by how often the best play meets
    it; None where no choice arises."""


def stop_map(rules: E.DicemantsRules) -> StopMap:
    """The when-to-stop map of the per-turn best play (`turn_points`), exactly. The turn does not depend on the
    goal: a version of the rules with another goal reuses the turn model."""
    turn = turn_of(rules)
    best = turn_points(turn.model)
    return _map(turn, best.go_on, best.option)


def race_stop_map(rules: E.DicemantsRules, mine: int, other: int) -> StopMap:
    """The when-to-stop map of the race's best play (two players, the rules' goal) with `mine` diamonds banked
    against `other`, exactly (the solution kept on disk)."""
    solved = solve(rules)
    return _map(solved.turn, solved.race.go_on[:, mine, other], int(solved.race.option[mine, other]))


def _map(turn: DicemantsTurn, go: np.ndarray, option: int) -> StopMap:
    """How often the play `go` (roll into roll state r where go[r]), starting with `option`, rolls on, by the bag
    and the dice of the next roll, each choice weighed by how often the play meets it."""
    m = turn.model
    go_on = go.astype(float)
    # How often the best play reaches each roll state (visits), and each choice between rolling and stopping.
    start = np.zeros(m.states)
    np.add.at(start, m.starts.col[m.starts.row == option], m.starts.p[m.starts.row == option])
    visits = start.copy()
    for _ in range(10_000):
        offered = np.zeros(m.states)
        np.add.at(offered, m.optional.col, m.optional.p * visits[m.optional.row])
        forced = np.zeros(m.states)
        np.add.at(forced, m.forced.col, m.forced.p * visits[m.forced.row])
        new = start + forced + offered * go_on
        moved = float(np.max(np.abs(new - visits)))
        visits = new
        if moved < 1e-13:
            break
    bags = [len(p[0]) for p in turn.positions]
    dice = [len(p[1]) for p in turn.positions]
    rows, cols = range(max(bags) + 1), range(1, max(dice) + 1)
    met: dict[tuple[int, int], float] = {}
    rolled: dict[tuple[int, int], float] = {}
    for r, weight in enumerate(offered):
        if weight > 0:
            met[bags[r], dice[r]] = met.get((bags[r], dice[r]), 0.0) + weight
            rolled[bags[r], dice[r]] = rolled.get((bags[r], dice[r]), 0.0) + weight * go_on[r]
    share = tuple(tuple(float(rolled[b, n] / met[b, n]) if met.get((b, n)) else None for n in cols) for b in rows)
    return StopMap(tuple(rows), tuple(cols), share)
