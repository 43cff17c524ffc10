"""The exact solver on Pig, a toy game defined here through the Engine protocol, checked against independent sums."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import pytest

from pnp.games.protocols import CHANCE, TERMINAL
from pnp.solver import (
    Chances,
    RaceSolution,
    TurnModel,
    Turns,
    race_banked,
    solve_game,
    solve_race,
    solve_turn,
    turn_points,
)


@dataclass(frozen=True)
class PigState:
    """Scores, the seat to move, its turn total, whether the die is in the air, the winner."""

    scores: tuple[int, int] = (0, 0)
    current: int = 0
    total: int = 0
    rolling: bool = False
    winner: int | None = None


@dataclass(frozen=True)
class Pig:
    """Pig: roll one die as often as you like; a 1 loses the turn total, holding banks it; first to `goal` wins."""

    goal: int

    def new_game(self, players: int) -> PigState:
        return PigState()

    def current_player(self, state: PigState) -> int:
        return TERMINAL if state.winner is not None else CHANCE if state.rolling else state.current

    def legal_actions(self, state: PigState) -> tuple[str, ...]:
        if state.winner is not None or state.rolling:
            return ()
        if state.scores[state.current] + state.total >= self.goal:
            return ("hold",)  # holding wins: rolling on could only lose it (and keeps the states finite)
        return ("roll", "hold") if state.total else ("roll",)  # a turn starts with a roll

    def chance_outcomes(self, state: PigState) -> list[tuple[int, Fraction]]:
        return [(face, Fraction(1, 6)) for face in range(1, 7)] if state.rolling else []

    def apply(self, state: PigState, action: str | int) -> tuple[PigState, tuple[()]]:
        if action == "roll":
            return replace(state, rolling=True), ()
        if action == 1:  # a 1 loses the turn total
            return replace(state, current=1 - state.current, total=0, rolling=False), ()
        if isinstance(action, int):
            return replace(state, total=state.total + action, rolling=False), ()
        scores = list(state.scores)
        scores[state.current] += state.total
        if scores[state.current] >= self.goal:
            return replace(state, scores=(scores[0], scores[1]), total=0, winner=state.current), ()
        return PigState((scores[0], scores[1]), 1 - state.current), ()

    def returns(self, state: PigState) -> tuple[Fraction, ...]:
        return tuple(Fraction(int(seat == state.winner)) for seat in (0, 1))

    def key(self, state: PigState) -> Hashable:
        return state


def pig_turn(goal: int) -> TurnModel:
    """Pig's turn as a TurnModel: roll state k is a turn total of k (k from the goal on: the goal)."""
    n = goal + 1
    return TurnModel(("roll",), Chances.of(1, n, [(0, 0, 1.0)]), Chances.of(n, goal + 1, [(k, 0, 1 / 6) for k in range(n)]),
                     Chances.of(n, n, []), Chances.of(n, n, [(k, min(k + r, goal), 1 / 6) for k in range(n) for r in range(2, 7)]),
                     np.arange(n))


def brute_force(goal: int) -> float:
    """The first player's chance by plain Gauss-Seidel value iteration over (my score, other's, turn total)."""
    win = {(i, j, k): 0.0 for i in range(goal) for j in range(goal) for k in range(goal - i)}
    while True:
        moved = 0.0
        for (i, j, k), old in win.items():
            # Rolling r with turn total k: a 1 passes the turn, else hold (the other to move) or roll on.
            new = sum(1 - win[j, i, 0] if r == 1 else 1.0 if i + k + r >= goal
                      else max(win[i, j, k + r], 1 - win[j, i + k + r, 0]) for r in range(1, 7)) / 6
            moved, win[i, j, k] = max(moved, abs(new - old)), new
        if moved < 1e-14:
            return win[0, 0, 0]


@pytest.mark.parametrize("goal", [4, 7])
def test_any_engine_solved_matches_brute_force_and_the_race(goal):
    solved = solve_game(Pig(goal))
    assert solved.value == pytest.approx(brute_force(goal), abs=1e-12)
    assert solved.value == pytest.approx(solve_race(pig_turn(goal), goal).first_player, abs=1e-12)
    # The best action: with the goal reached, hold; with nothing at stake yet, roll on.
    assert solved.policy[PigState((goal - 2, 0), 0, 2)] == "hold"
    assert solved.policy[PigState((0, 0), 0, 2)] == "roll"


def test_optimal_two_player_pig_to_100_is_neller_and_pressers():
    """Neller & Presser (2004): the first player wins 53.06 % of games of optimal Pig to 100."""
    race = solve_race(pig_turn(100), 100)
    assert round(race.first_player, 4) == 0.5306
    # One point from the goal, the player to move wins unless the first roll is a 1 and the other wins from there.
    assert race.win[99, 0] == pytest.approx(5 / 6 + 1 / 6 * (1 - race.win[0, 99]), abs=1e-12)
    assert 0 < race.win[0, 99] < race.win[50, 50] < race.win[99, 0] < 1


def test_points_per_turn_match_the_sum_over_turn_totals():
    goal = 30
    best = {k: float(k) for k in range(goal, goal + 6)}
    for k in range(goal - 1, -1, -1):  # hold at k, or roll: a 1 banks nothing, 2-6 add to the total
        best[k] = max(float(k) if k else 0.0, sum(best[k + r] for r in range(2, 7)) / 6)
    engine = Pig(goal)
    assert solve_turn(engine, engine.new_game(2), lambda s: s.scores[0]).value == pytest.approx(best[0], abs=1e-12)
    per_turn = turn_points(pig_turn(goal))
    assert per_turn.value == pytest.approx(best[0], abs=1e-12)
    # Holding at 20 is the rule of thumb: it stops exactly where rolling on stops paying.
    assert [k for k in range(1, goal) if not per_turn.go_on[k]][:1] == [20]
    # Every "hold at θ" play solved at once: what it banks, by total, from the turn's start.
    turn = pig_turn(goal)
    until = Turns(turn).until
    held = [turn_points(turn, go_on=turn.stop_bank < theta).value for theta in (1, 20, goal + 1)]
    assert [float(until[theta - 1, 0] @ np.arange(goal + 1)) for theta in (1, 20, goal + 1)] == pytest.approx(held)
    assert until[20 - 1, 0, 20:26].sum() == pytest.approx(1 - until[20 - 1, 0, 0])  # held at 20 to 25, or lost


def same_race(a: RaceSolution, b: RaceSolution) -> None:
    """The same values (to the race's tolerance) and the very same best play everywhere."""
    assert a.goal == b.goal
    assert a.win == pytest.approx(b.win, abs=1e-11)
    assert np.array_equal(a.option, b.option) and np.array_equal(a.go_on, b.go_on)


def test_a_race_to_another_goal_is_cut_from_or_grown_on_one_solved_before():
    """The values depend only on what each player needs: the race to 9 is the race to 12 without the pairs where
    someone needs more than 9, and the race to 12 grown on the race to 9 solves only those pairs."""
    turns = Turns(pig_turn(12))
    nine, twelve = solve_race(turns, 9), solve_race(turns, 12)
    same_race(solve_race(turns, 12, known=nine), twelve)
    cut = solve_race(turns, 9, known=twelve)
    same_race(cut, nine)
    assert np.array_equal(cut.win, twelve.win[3:, 3:])  # a part of it, as it is
    grown = race_banked(turns, twelve, known=race_banked(turns, nine))
    assert grown == pytest.approx(race_banked(turns, twelve), abs=1e-12)
    with pytest.raises(ValueError, match="goal: a race to 9 holds the races to 1 to 9, not to 10"):
        nine.to(10)
