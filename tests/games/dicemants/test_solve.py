"""Dicemants solved exactly: a toy rules file (dice B and C, goal 4) against the engine walked state by state, and
`pnp solve`'s output."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers import run

from pnp import derived
from pnp.games.dicemants import solve as solving
from pnp.games.dicemants.book import dicemants_rules
from pnp.games.dicemants.engine import DicemantsEngine, DicemantsRules, Strategy
from pnp.games.dicemants.solve import Optimal, Solved, race_of, solve, turn_of
from pnp.games.protocols import CHANCE, TERMINAL
from pnp.rules import load_game
from pnp.solver import race_banked, solve_game, solve_race, solve_turn

ROOT = Path(__file__).resolve().parents[3]


def toy_rules(folder: Path) -> Path:
    """The real rules file with two dice left (B: a pick and a bug; C: a bug and TNT, so turns have cycles), the
    goal 4."""
    text = (ROOT / "rules" / "dicemants.yaml").read_text(encoding="utf-8")
    text = text.replace("  goal: 21\n  max_dice: 6\n", "  goal: 4\n  max_dice: 2\n")
    text, gone = re.subn(r"  - \{id: [ADEF], name: Die .*\n", "", text)
    assert gone == 4
    path = folder / "dicemants.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> DicemantsRules:
    return dicemants_rules(load_game(toy_rules(tmp_path_factory.mktemp("rules"))))


@pytest.fixture(scope="module")
def solved(toy: DicemantsRules) -> Solved:
    return solve(toy)


def test_the_turn_model_and_the_race_match_the_engine_walked_state_by_state(toy, solved):
    engine = DicemantsEngine(toy)
    start = engine.new_game(2)
    assert solved.per_turn.value == pytest.approx(solve_turn(engine, start, lambda s: s.scores[0]).value, abs=1e-12)
    whole = solve_game(engine)
    assert solved.race.first_player == pytest.approx(whole.value, abs=1e-11)
    # The solved strategy, seated in both seats, takes a best action at every decision of a few games.
    optimal, rng, decisions = Optimal(toy), random.Random(1), 0
    object.__setattr__(optimal, "solved", solved)
    for _ in range(10):
        state = start
        while (seat := engine.current_player(state)) != TERMINAL:
            if seat == CHANCE:
                outcomes, weights = zip(*engine.chance_outcomes(state), strict=True)
                state = engine.apply(state, rng.choices(outcomes, weights)[0])[0]
                continue
            value = {a: whole.values[engine.key(engine.apply(state, a)[0])] for a in engine.legal_actions(state)}
            best = max(value.values()) if seat == 0 else min(value.values())
            chosen = optimal.act(state)
            assert value[chosen] == pytest.approx(best, abs=1e-11), state
            decisions += 1
            state = engine.apply(state, chosen)[0]
    assert decisions > 20


@dataclass(frozen=True)
class Seated:
    """The engine with each seat's decisions taken by its strategy: solving it values those plays exactly."""

    engine: DicemantsEngine
    plays: tuple[Any, Any]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        return (self.plays[state.current].act(state),)


def test_the_rule_of_thumb_is_scored_against_optimal_play(toy, solved):
    first, second = solved.thumb_wins
    # Optimal play does at least as well against it as against itself, from either seat.
    assert first <= solved.race.first_player + 1e-12
    assert second <= 1 - solved.race.first_player + 1e-12
    assert solved.thumb_points.value <= solved.per_turn.value + 1e-12
    # The same chances walked through the engine state by state, the plays fixed.
    optimal = Optimal(toy)
    object.__setattr__(optimal, "solved", solved)
    m = solved.turn.model
    thumb = Strategy("thumb", dice=int(m.options[solved.thumb_points.option]), stop_at=solved.thumb)
    engine = DicemantsEngine(toy)
    assert first == pytest.approx(solve_game(Seated(engine, (thumb, optimal))).value, abs=1e-11)
    assert second == pytest.approx(1 - solve_game(Seated(engine, (optimal, thumb))).value, abs=1e-11)


def test_the_race_kept_for_the_turn_grows_with_the_goal_and_is_cut_for_a_lower_one(toy, tmp_path, monkeypatch):
    """A goal edit solves only the score pairs the kept race lacks (here with cycles in the turn), and gives what a
    fresh solve gives: the same values, the same play everywhere, the same banked chances."""
    turns, solved_from = turn_of(toy).turns, []

    def solving_race(turns, goal, known=None):
        solved_from.append((goal, None if known is None else known.goal))
        return solve_race(turns, goal, known)

    monkeypatch.setattr(solving, "solve_race", solving_race)
    with derived.using(tmp_path):
        for goal in (4, 6, 3):
            race, banked = race_of(replace(toy, goal=goal))
            fresh = solve_race(turns, goal)
            assert race.win == pytest.approx(fresh.win, abs=1e-11)
            assert np.array_equal(race.option, fresh.option) and np.array_equal(race.go_on, fresh.go_on)
            assert banked == pytest.approx(race_banked(turns, fresh), abs=1e-11)
    assert solved_from == [(4, None), (6, 4)]  # the race to 3: a part of the race to 6


def test_pnp_solve_prints_the_headline_and_the_policy(project_copy):
    toy_rules(project_copy.root / "rules")
    code, out, err = run("--root", str(project_copy.root), "solve", "dicemants", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["game", "goal", "first_player", "per_turn", "per_turn_option", "thumb", "thumb_option",
                          "thumb_per_turn", "thumb_first", "thumb_second", "policy"]
    assert (data["game"], data["goal"]) == ("dicemants", 4)
    assert list(data["policy"]) == ["scores", "dice", "roll_states", "go_on"]
    assert len(data["policy"]["dice"]) == 4 and {len(row) for row in data["policy"]["dice"]} == {4}
    code, text, err = run("--root", str(project_copy.root), "solve", "dicemants")
    assert code == 0 and text.splitlines()[1] == f"  optimal play: the first player wins {data['first_player']:.2%}"
    code, out, err = run("--root", str(project_copy.root), "solve", "gang-of-dice")
    assert (code, out, err) == (2, "", "pnp solve: gang-of-dice has no solver\n")


def test_pnp_simulate_seats_the_solved_play_only_when_named_and_only_two_players(project_copy):
    toy_rules(project_copy.root / "rules")
    root = str(project_copy.root)
    code, out, err = run("--root", root, "simulate", "dicemants", "--games", "20", "--strategy", "optimal",
                         "--strategy", "greedy")
    assert (code, err) == (0, "")
    assert "  optimal   (the solved play, two players): " in out
    code, out, err = run("--root", root, "simulate", "dicemants", "--games", "2")
    assert code == 0 and "optimal" not in out
    code, out, err = run("--root", root, "simulate", "dicemants", "--games", "2", "--players", "3",
                         "--strategy", "optimal")
    assert (code, out, err) == (2, "", "pnp simulate dicemants: the optimal strategy is solved for two players, "
                                "not 3\n")
