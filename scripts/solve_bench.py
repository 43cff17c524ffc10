"""Measure the exact solver: optimal Pig to 100 (a race), Dicemants' turn model, race and rule of thumb, with the
figures and the CPU time of each step and of the whole cold solve; then a goal edit (the goal one higher) solved
afresh, as before the race was kept, and grown on the race to the goal, as now; then play the solved strategy through
the real engine and check the exact chances by sampling (`--games 0`: no sampling)."""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import numpy as np  # noqa: E402
from test_solver import pig_turn  # type: ignore[import-not-found]  # noqa: E402

from pnp.games.chance import simulate  # noqa: E402
from pnp.games.dicemants.book import dicemants_rules  # noqa: E402
from pnp.games.dicemants.engine import DicemantsEngine, Strategy  # noqa: E402
from pnp.games.dicemants.solve import Optimal, Solved, turn_model  # noqa: E402
from pnp.rules import load_game  # noqa: E402
from pnp.solver import TurnPoints, Turns, against_threshold, race_banked, solve_race, turn_points  # noqa: E402

CPU = [0.0]
"""The CPU time of the Dicemants steps so far: the whole cold solve."""


def timed(what: str, fn, solve: bool = True):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn()
    spent = time.process_time() - cpu
    CPU[0] += spent if solve else 0.0
    print(f"{what:34} {time.perf_counter() - wall:7.1f} s wall, {spent:7.1f} s CPU", flush=True)
    return value


def agrees(what: str, won: float, games: int, exact: float) -> None:
    """The sampled share against the exact chance, within three standard errors."""
    error = math.sqrt(exact * (1 - exact) / games)
    verdict = "agrees" if abs(won - exact) <= 3 * error else "DISAGREES"
    print(f"  {what}: {won:.4f} in {games:,} games, exact {exact:.4f} (±{error:.4f}): {verdict} within 3 standard "
          "errors")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games to sample for each cross-check (default 2000)")
    args = parser.parse_args()
    pig = timed("Pig to 100, two players:", lambda: solve_race(pig_turn(100), 100), solve=False)
    print(f"  first player wins {pig.first_player:.6f} (Neller & Presser: 0.5306)")
    rules = dicemants_rules(load_game(Path(__file__).resolve().parent.parent / "rules" / "dicemants.yaml"))
    turn = timed("Dicemants turn model:", lambda: turn_model(rules))
    m, goal = turn.model, rules.goal
    print(f"  {m.states:,} roll states, {m.forced.p.size + m.optional.p.size + m.ends.p.size:,} transitions")
    turns = Turns(m)
    timed("Its layers, and every stop-at play:", lambda: turns.until)
    best = timed("Dicemants diamonds per turn:", lambda: turn_points(m))
    print(f"  {best.value:.4f} diamonds a turn, rolling {m.options[best.option]} dice; by dice: "
          + ", ".join(f"{o}: {v:.4f}" for o, v in zip(m.options, best.expected, strict=True)))
    race = timed(f"Dicemants race to {goal}:", lambda: solve_race(turns, goal))
    print(f"  first player wins {race.first_player:.9f}, rolling {m.options[race.option[0, 0]]} dice")
    thumbs = {}
    for n in range(1, len(rules.dice) + 1):
        expected = turns.until_points(n)
        thumbs[n] = TurnPoints(float(np.max(expected)), int(np.argmax(expected)), m.stop_bank < n, expected)
    thumb = max(thumbs, key=lambda n: thumbs[n].value)
    option = int(thumbs[thumb].option)
    print(f"  rule of thumb: stop at {thumb} in the bag, rolling {m.options[option]}: {thumbs[thumb].value:.4f} a turn")
    banked = timed("What its best play banks:", lambda: race_banked(turns, race))
    against = timed("Rule of thumb against optimal:", lambda: against_threshold(turns, race, thumb, option, banked))
    first, second = float(against[0, 0, 0]), 1 - float(against[1, 0, 0])
    print(f"  it wins {first:.4f} moving first, {second:.4f} moving second")
    print(f"{'The whole cold solve:':34} {'':>14} {CPU[0]:7.1f} s CPU")

    # A goal edit, the turn (and its stop-at plays) kept: afresh, then grown on the race kept for the goal.
    edited = goal + 1
    CPU[0] = 0.0
    fresh = timed(f"Goal {edited} afresh: race,", lambda: solve_race(turns, edited))
    afresh = timed("  what its best play banks,", lambda: race_banked(turns, fresh))
    timed("  the rule of thumb:", lambda: against_threshold(turns, fresh, thumb, option, afresh))
    print(f"{f'  goal {edited} afresh in all:':34} {'':>14} {CPU[0]:7.1f} s CPU")
    CPU[0] = 0.0
    grown = timed(f"Goal {edited} grown on {goal}: race,", lambda: solve_race(turns, edited, race))
    more = timed("  what its best play banks,", lambda: race_banked(turns, grown, banked))
    timed("  the rule of thumb:", lambda: against_threshold(turns, grown, thumb, option, more))
    print(f"{f'  goal {edited} grown in all:':34} {'':>14} {CPU[0]:7.1f} s CPU")
    same = (np.array_equal(grown.option, fresh.option) and np.array_equal(grown.go_on, fresh.go_on))
    print(f"  first player wins {grown.first_player:.9f} ({fresh.first_player:.9f} afresh); the values within "
          f"{float(np.max(np.abs(grown.win - fresh.win))):.0e} of the fresh solve's, the play "
          f"{'the same at every pair' if same else 'NOT THE SAME'}")
    cut = timed(f"Goal {goal - 1} cut from {goal}:", lambda: solve_race(turns, goal - 1, race), solve=False)
    print(f"  first player wins {cut.first_player:.9f}")
    if args.games <= 0:
        return

    optimal = Optimal(rules)
    object.__setattr__(optimal, "solved", Solved(rules, turn, race, best, thumb, thumbs[thumb], against))
    simple = Strategy("thumb", dice=int(m.options[option]), stop_at=thumb)
    engine = DicemantsEngine(rules)
    stats = timed("Optimal against itself, sampled:", lambda: simulate(engine, args.games, 2, 1, [optimal], {}))
    agrees("the first player's share", float(stats.wins_by_seat[0]) / stats.games, stats.games, race.first_player)
    stats = timed("Optimal against the rule of thumb:", lambda: simulate(engine, args.games, 2, 2, [optimal, simple],
                                                                        {}))
    won = dict((name, float(w) / seated) for name, w, seated in stats.wins_by_policy)
    agrees("the rule of thumb's share (seats rotating)", won["thumb"], stats.games, (first + second) / 2)
    balanced = Strategy("balanced", dice=6, stop_at=3)
    stats = timed("Optimal against balanced:", lambda: simulate(engine, args.games, 2, 3, [optimal, balanced], {}))
    won = dict((name, float(w) / seated) for name, w, seated in stats.wins_by_policy)
    print(f"  optimal wins {won['optimal']:.4f} of its seats against balanced (roll 6, stop at 3)")


if __name__ == "__main__":
    main()
