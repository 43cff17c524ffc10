"""Measure the exact solver: optimal Pig to 100 (a race), and Dicemants' turn model and race, with the figures."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_solver import pig_turn  # noqa: E402

from pnp.games.dicemants.book import dicemants_rules  # noqa: E402
from pnp.games.dicemants.solve import turn_model  # noqa: E402
from pnp.rules import load_game  # noqa: E402
from pnp.solver import solve_race, turn_points  # noqa: E402


def timed(what: str, fn):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn()
    print(f"{what:34} {time.perf_counter() - wall:7.1f} s wall, {time.process_time() - cpu:7.1f} s CPU", flush=True)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--race", action="store_true", help="also solve Dicemants' two-player race (slow: minutes)")
    args = parser.parse_args()
    pig = timed("Pig to 100, two players:", lambda: solve_race(pig_turn(100), 100))
    print(f"  first player wins {pig.first_player:.6f} (Neller & Presser: 0.5306)")
    rules = dicemants_rules(load_game(Path(__file__).resolve().parent.parent / "rules" / "dicemants.yaml"))
    turn = timed("Dicemants turn model:", lambda: turn_model(rules))
    m = turn.model
    print(f"  {m.states:,} roll states, {m.forced.p.size + m.optional.p.size + m.ends.p.size:,} transitions")
    best = timed("Dicemants diamonds per turn:", lambda: turn_points(m))
    print(f"  {best.value:.4f} diamonds a turn, rolling {m.options[best.option]} dice; by dice: "
          + ", ".join(f"{o}: {v:.4f}" for o, v in zip(m.options, best.expected, strict=True)))
    if args.race:
        race = timed(f"Dicemants race to {rules.goal}:", lambda: solve_race(m, rules.goal))
        print(f"  first player wins {race.first_player:.6f}, rolling {m.options[race.option[0, 0]]} dice")


if __name__ == "__main__":
    main()
