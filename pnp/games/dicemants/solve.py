"""Dicemants solved exactly: its turn as a TurnModel made by the engine's own roll resolution, then the race."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...solver import Chances, RaceSolution, TurnModel, TurnPoints, solve_race, turn_points
from . import engine as E

Position = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int]
"""A roll about to be made: (bag, board in row order, lost zone oldest first, all-void rolls just before)."""
ANY = "*"
"""A die in the bag whose identity no longer matters."""


def _brings_back(rules: E.DicemantsRules) -> frozenset[str]:
    """The dice that can show a face of the TNT tier: the only way a lost die comes back to the board."""
    return frozenset(d for d, faces in rules.dice if any(E._tier_of(rules, f) == E.TierId.TNT for f in faces))


def canonical(rules: E.DicemantsRules, bag: tuple[str, ...], board: tuple[str, ...], lost: tuple[str, ...],
              streak: int, tnt: frozenset[str] | None = None) -> Position:
    """A position as the rest of the turn sees it.

    TNT alone brings a lost die back, and dice leave the bag only for the lost zone: with no die on the board able
    to show TNT, the lost zone and which dice are in the bag no longer matter, only how many diamonds the bag holds.
    """
    tnt = _brings_back(rules) if tnt is None else tnt
    if any(d in tnt for d in board):
        return bag, board, lost, streak
    return (ANY,) * len(bag), board, (), streak


@dataclass(frozen=True, eq=False)
class DicemantsTurn:
    """A Dicemants turn as a TurnModel, with the positions its roll states stand for."""

    model: TurnModel
    positions: tuple[Position, ...]
    index: dict[Hashable, int]

    def state(self, bag: tuple[str, ...], board: tuple[str, ...], lost: tuple[str, ...], streak: int,
              rules: E.DicemantsRules) -> int:
        """The roll state of a position (KeyError for one the turn cannot reach)."""
        return self.index[canonical(rules, bag, board, lost, streak)]


def turn_model(rules: E.DicemantsRules) -> DicemantsTurn:
    """Every position a turn can reach, and where each roll leads, exactly (the engine resolves every roll)."""
    tnt = _brings_back(rules)
    bugs = sorted(rules.bugs)
    # Bugs act alike (the precedence names the tier, not the face): one bug face stands for all of them.
    faces = {d: tuple(Counter(bugs[0] if f in rules.bugs else f for f in fs).items()) for d, fs in rules.dice}
    resolved: dict[tuple[tuple[str, ...], int, int, int], tuple[Any, ...]] = {}

    def resolve(fs: tuple[str, ...], nb: int, nl: int, streak: int) -> tuple[Any, ...]:
        """One roll resolved with stand-in dice numbered board, bag, lost: where each number ends up."""
        key = (fs, nb, nl, streak)
        if key not in resolved:
            n = len(fs)
            out = E._resolve(rules, [E.DieInPlay(str(k), f) for k, f in enumerate(fs)],
                             [E.DieInPlay(str(n + k), "diamond") for k in range(nb)],
                             [E.DieInPlay(str(n + nb + k)) for k in range(nl)], streak)

            def ix(dice: tuple[E.DieInPlay, ...]) -> tuple[int, ...]:
                return tuple(int(d.id) for d in dice)
            resolved[key] = (out.end is not None, out.banked, out.reroll == E.Again.MANDATORY,
                             ix(out.bag), ix(out.board), ix(out.lost), out.void_streak)
        return resolved[key]

    rolls: dict[tuple[tuple[str, ...], int, int, int], list[tuple[Any, ...]]] = {}

    def roll(board: tuple[str, ...], nb: int, nl: int, streak: int) -> list[tuple[Any, ...]]:
        """Every way a roll of these dice ends, merged: (probability, resolution)."""
        key = (board, nb, nl, streak)
        if key not in rolls:
            merged: Counter[tuple[Any, ...]] = Counter()
            for combo in itertools.product(*(faces[d] for d in board)):
                merged[resolve(tuple(f for f, _ in combo), nb, nl, streak)] += math.prod(c for _, c in combo)
            whole = 6 ** len(board)
            rolls[key] = [(count / whole, *out) for out, count in merged.items()]
        return rolls[key]

    index: dict[Hashable, int] = {}
    positions: list[Position] = []

    def number(position: Position) -> int:
        if position not in index:
            index[position] = len(positions)
            positions.append(position)
        return index[position]

    dice = [d for d, _ in rules.dice]
    options = tuple(range(1, min(rules.max_dice, len(dice)) + 1))
    starts: list[tuple[int, int, float]] = []
    for o, n in enumerate(options):  # choosing the dice: n dice drawn at random, in the order drawn
        draws = list(itertools.permutations(dice, n))
        starts += [(o, number(canonical(rules, (), draw, (), 0, tnt)), 1 / len(draws)) for draw in draws]
    ends: list[tuple[int, int, float]] = []
    forced: list[tuple[int, int, float]] = []
    optional: list[tuple[int, int, float]] = []
    done = 0
    while done < len(positions):
        bag, board, lost, streak = positions[done]
        every = board + bag + lost
        for p, end, banked, must, nbag, nboard, nlost, st in roll(board, len(bag), len(lost), streak):
            if end:  # the turn ended: banked diamonds (none on a skull)
                ends.append((done, banked, p))
                continue
            target = number(canonical(rules, tuple(every[k] for k in nbag), tuple(every[k] for k in nboard),
                                      tuple(every[k] for k in nlost), st, tnt))
            (forced if must else optional).append((done, target, p))  # TNT and pick: re-roll at once
        done += 1
    r = len(positions)
    bank = np.array([len(b) for b, _, _, _ in positions], dtype=np.int64)  # stopping banks the bag
    model = TurnModel(tuple(str(n) for n in options), Chances.of(len(options), r, starts),
                      Chances.of(r, len(dice) + 1, ends), Chances.of(r, r, forced), Chances.of(r, r, optional), bank)
    return DicemantsTurn(model, tuple(positions), index)


@dataclass(frozen=True, eq=False)
class Solved:
    """Dicemants solved for two players to the rules' goal, and for the most diamonds per turn."""

    rules: E.DicemantsRules
    turn: DicemantsTurn
    race: RaceSolution
    per_turn: TurnPoints
    """The play that banks the most diamonds per turn on average."""


def solve(rules: E.DicemantsRules) -> Solved:
    """Everything exact: the turn's positions, the race to the goal, the most diamonds per turn."""
    turn = turn_model(rules)
    return Solved(rules, turn, solve_race(turn.model, rules.goal), turn_points(turn.model))
