"""Dicemants solved exactly: its turn as a TurnModel made by the engine's own roll resolution, then the race."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ... import derived
from ...solver import (
    Chances,
    RaceSolution,
    Solution,
    TurnModel,
    TurnPoints,
    Turns,
    against_threshold,
    race_banked,
    solve_race,
    turn_points,
)
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

    @functools.cached_property
    def turns(self) -> Turns:
        """The turn made ready to be solved (its roll states in order, every stop-at play), kept on disk with it: like
        the turn, they do not depend on the goal."""
        return Turns(self.model)

    @functools.cached_property
    def per_turn(self) -> TurnPoints:
        """The play that banks the most diamonds per turn on average (kept with the turn: it ignores the goal)."""
        return turn_points(self.model)


def _leading(rules: E.DicemantsRules) -> tuple[str, ...]:
    """The tiers at the top of the precedence whose roll resolves alike whatever the other dice show.

    Precedence: TNT and a broken pick ignore every other face, and a skull ends the turn banking nothing; a locked
    way that combined with one of them would make the other faces matter again.
    """
    top = []
    for tier in rules.tiers:
        if tier not in (E.TierId.TNT, E.TierId.SKULL, E.TierId.PICK) or tier in rules.locked_combines:
            break
        top.append(tier)
    return tuple(top)


def turn_model(rules: E.DicemantsRules) -> DicemantsTurn:
    """Every position a turn can reach, and where each roll leads, exactly (the engine resolves every roll)."""
    tnt = _brings_back(rules)
    bugs = sorted(rules.bugs)
    # Bugs act alike (the precedence names the tier, not the face): one bug face stands for all of them.
    faces = {d: tuple(Counter(bugs[0] if f in rules.bugs else f for f in fs).items()) for d, fs in rules.dice}
    top = _leading(rules)
    tier = {f: E._tier_of(rules, f) for fs in faces.values() for f, _ in fs}
    rest = {d: tuple((f, c) for f, c in fs if tier[f] not in top) for d, fs in faces.items()}

    # A roll as a number: die k's face at bits 4k (a code per face), so a board's rolls are two arrays.
    shown = sorted(tier)
    code = {f: k + 1 for k, f in enumerate(shown)}

    def faces_of(roll: int, n: int) -> tuple[str, ...]:
        return tuple(shown[(roll >> 4 * k & 15) - 1] for k in range(n))

    def each(options: list[list[tuple[str, int]]]) -> tuple[np.ndarray, np.ndarray]:
        """Every roll taking one option per die (face, ways), and its number of ways: (rolls, ways)."""
        rolls, count = np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64)
        for k, own in enumerate(options):
            rolls = (rolls[:, None] + (np.array([code[f] for f, _ in own], dtype=np.int64) << 4 * k)).ravel()
            count = (count[:, None] * np.array([c for _, c in own], dtype=np.int64)).ravel()
        return rolls, count

    @functools.cache
    def ways(board: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
        """Every roll of the board that can resolve differently, with its number of ways out of 6^n.

        A roll showing a face of a leading tier, and none above it, acts alone: the other dice count as voids.
        """
        found = []
        above = dict.fromkeys(board, 0)  # per die: its ways to show a face of a leading tier met so far
        quiet = sum(code["void"] << 4 * k for k in range(len(board)))  # every die a void: no face of the tier
        for t in top:
            per = [[(f, c) for f, c in faces[d] if tier[f] == t] for d in board]
            rolls, count = each([own + [("void", 6 - above[d] - sum(c for _, c in own))]
                                 for d, own in zip(board, per, strict=True)])
            found.append((rolls[rolls != quiet], count[rolls != quiet]))
            for d, own in zip(board, per, strict=True):
                above[d] += sum(c for _, c in own)
        found.append(each([list(rest[d]) for d in board]))
        return np.concatenate([r for r, _ in found]), np.concatenate([c for _, c in found])

    resolved: dict[tuple[int, int, int], dict[tuple[str, ...], tuple[Any, ...]]] = {}
    blasts = frozenset(f for f, t in tier.items() if t == E.TierId.TNT)

    def resolve(fs: tuple[str, ...], nb: int, nl: int, streak: int) -> tuple[Any, ...]:
        """One roll resolved with stand-in dice numbered board, bag, lost: where each number ends up."""
        known = resolved.setdefault((nb, nl, streak), {})
        if fs not in known:
            n = len(fs)
            if streak and any(f != "void" for f in fs):  # all-void rolls: any other roll resets the count
                known[fs] = resolve(fs, nb, nl, 0)
            elif nl and blasts.isdisjoint(fs):  # only TNT takes back a lost die: the others are lost after it
                end, banked, must, bag, on_board, lost, st = resolve(fs, nb, 0, streak)
                known[fs] = (end, banked, must, bag, on_board, (n + nb,) + lost, st)
            else:
                out = E._resolve(rules, [E.DieInPlay(str(k), f) for k, f in enumerate(fs)],
                                 [E.DieInPlay(str(n + k), "diamond") for k in range(nb)],
                                 [E.DieInPlay(str(n + nb + k)) for k in range(nl)], streak)

                def ix(dice: tuple[E.DieInPlay, ...]) -> tuple[int, ...]:
                    return tuple(int(d.id) for d in dice)
                known[fs] = (out.end is not None, out.banked, out.reroll == E.Again.MANDATORY,
                             ix(out.bag), ix(out.board), ix(out.lost), out.void_streak)
        return known[fs]

    merged: dict[tuple[tuple[str, ...], int, int, int], list[tuple[int, tuple[Any, ...]]]] = {}
    outcomes: dict[tuple[Any, ...], int] = {}  # each resolution met, numbered
    by_number: list[tuple[Any, ...]] = []

    def numbered(outcome: tuple[Any, ...]) -> int:
        if outcome not in outcomes:
            outcomes[outcome] = len(by_number)
            by_number.append(outcome)
        return outcomes[outcome]
    told: dict[tuple[int, int, int], tuple[np.ndarray, np.ndarray]] = {}  # rolls resolved so far (sorted), outcomes

    def merge(board: tuple[str, ...], nb: int, nl: int, streak: int) -> list[tuple[int, tuple[Any, ...]]]:
        """The rolls of these dice by how they resolve (stand-in dice): (ways out of 6^n, resolution)."""
        key = (board, nb, nl, streak)
        if key not in merged:
            rolls, count = ways(board)
            known, outcome = told.get((nb, nl, streak), (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)))
            at = np.minimum(np.searchsorted(known, rolls), max(known.size - 1, 0))
            new = np.unique(rolls[known[at] != rolls]) if known.size else np.unique(rolls)
            if new.size:
                more = [numbered(resolve(faces_of(roll, len(board)), nb, nl, streak)) for roll in new.tolist()]
                known, outcome = np.concatenate([known, new]), np.concatenate([outcome, more])
                order = np.argsort(known)
                known, outcome = known[order], outcome[order]
                told[nb, nl, streak] = known, outcome
                at = np.searchsorted(known, rolls)
            which, ways_of = np.unique(outcome[at], return_inverse=True)
            total = np.bincount(ways_of.reshape(-1), weights=count)
            merged[key] = [(round(c), by_number[w]) for w, c in zip(which.tolist(), total.tolist(), strict=True)]
        return merged[key]

    rolls: dict[tuple[tuple[str, ...], int, int, int], tuple[list[int], list[float], list[tuple[Any, ...]]]] = {}

    def roll(board: tuple[str, ...], nb: int, nl: int, streak: int
             ) -> tuple[list[int], list[float], list[tuple[Any, ...]]]:
        """Every way a roll of these dice ends: the turn ending, by diamonds banked (banked, probability), and the
        rolls that go on, (probability, whether the re-roll is forced, bag, board, lost zone, all-void rolls).

        A roll only adds to the lost zone, and TNT takes back its latest die: the engine resolves the roll with at
        most that one die there, the others stay where they are.
        """
        key = (board, nb, nl, streak)
        if key not in rolls:
            n, one = len(board), min(nl, 1)
            top_lost = n + nb + nl - 1
            whole = 6 ** n
            ended: dict[int, int] = {}
            moves = []
            for count, (end, banked, must, bag, on_board, lost, st) in merge(board, nb, one, streak):
                if end:
                    ended[banked] = ended.get(banked, 0) + count
                elif nl <= 1:  # the stand-in is the lost die itself
                    moves.append((count / whole, must, bag, on_board, lost, st))
                else:
                    kept = tuple(range(n + nb, top_lost + (1 if one and lost[:1] == (n + nb,) else 0)))
                    moves.append((count / whole, must, tuple(top_lost if k == n + nb else k for k in bag),
                                  tuple(top_lost if k == n + nb else k for k in on_board),
                                  kept + tuple(k for k in lost if k < n + nb), st))
            rolls[key] = list(ended), [count / whole for count in ended.values()], moves
        return rolls[key]

    index: dict[Hashable, int] = {}
    positions: list[Position] = []

    def number(position: Position) -> int:
        i = index.get(position)
        if i is None:
            i = index[position] = len(positions)
            positions.append(position)
        return i

    dice = [d for d, _ in rules.dice]
    options = tuple(range(1, min(rules.max_dice, len(dice)) + 1))
    starts: list[tuple[int, int, float]] = []
    for o, n in enumerate(options):  # choosing the dice: n dice drawn at random, in the order drawn
        draws = list(itertools.permutations(dice, n))
        starts += [(o, number(canonical(rules, (), draw, (), 0, tnt)), 1 / len(draws)) for draw in draws]
    edges: tuple[list[list[int]], list[list[int]], list[list[float]]] = ([[], [], []], [[], [], []], [[], [], []])
    rows, cols, probs = edges  # per kind: ends (column: banked), forced, optional
    done = 0
    anonymous = [(ANY,) * n for n in range(len(dice) + 1)]
    while done < len(positions):
        bag, board, lost, streak = positions[done]
        die = (board + bag + lost).__getitem__
        banked, chance, moves = roll(board, len(bag), len(lost), streak)
        rows[0].extend([done] * len(banked))  # the turn ended: banked diamonds (none on a skull)
        cols[0].extend(banked)
        probs[0].extend(chance)
        for p, must, nbag, nboard, nlost, st in moves:
            kind = 1 if must else 2  # TNT and pick: re-roll at once (forced); else re-roll or stop (optional)
            on_board = tuple(map(die, nboard))  # as canonical(): without TNT on the board, the bag's count only
            position = (anonymous[len(nbag)], on_board, (), st) if tnt.isdisjoint(on_board) \
                else (tuple(map(die, nbag)), on_board, tuple(map(die, nlost)), st)
            target = index.get(position)
            if target is None:
                target = number(position)
            rows[kind].append(done)
            cols[kind].append(target)
            probs[kind].append(p)
        done += 1
    r = len(positions)

    def chances(kind: int, width: int) -> Chances:
        return Chances.arrays(r, width, np.array(rows[kind], dtype=np.int64), np.array(cols[kind], dtype=np.int64),
                              np.array(probs[kind]))
    bank = np.array([len(b) for b, _, _, _ in positions], dtype=np.int64)  # stopping banks the bag
    model = TurnModel(tuple(str(n) for n in options), Chances.of(len(options), r, starts),
                      chances(0, len(dice) + 1), chances(1, r), chances(2, r), bank)
    return DicemantsTurn(model, tuple(positions), index)


@dataclass(frozen=True, eq=False)
class Solved:
    """Dicemants solved for two players to the rules' goal, for the most diamonds per turn, and the best rule of
    thumb (stop at N diamonds in the bag, or when banking wins) played against the solution."""

    rules: E.DicemantsRules
    turn: DicemantsTurn
    race: RaceSolution
    per_turn: TurnPoints
    """The play that banks the most diamonds per turn on average."""
    thumb: int
    """N of the best rule of thumb, by diamonds per turn."""
    thumb_points: TurnPoints
    """Its diamonds per turn (rolling its best number of dice)."""
    thumb_against: np.ndarray
    """thumb_against[seat, i, j]: with the rule of thumb as seat 0 and optimal play as seat 1, the chance that the
    seat to move, with i diamonds against j, wins."""

    @property
    def thumb_wins(self) -> tuple[float, float]:
        """The rule of thumb's chance of winning against optimal play, moving first and moving second."""
        return float(self.thumb_against[0, 0, 0]), 1.0 - float(self.thumb_against[1, 0, 0])


@functools.lru_cache(maxsize=2)
@derived.kept("dicemants-turn")
def _kept_turn(rules: E.DicemantsRules) -> DicemantsTurn:
    turn = turn_model(rules)
    turn.turns.ready(), turn.per_turn  # made now, to be kept with the turn  # noqa: B018
    return turn


def turn_of(rules: E.DicemantsRules) -> DicemantsTurn:
    """The turn model, kept on disk: a turn does not depend on the goal, so the rules at every goal share one."""
    return _kept_turn(replace(rules, goal=1))


@dataclass(frozen=True, eq=False)
class Raced:
    """The race solved to the highest goal asked for so far, for one turn: the race to any goal up to it is a part
    of it (`RaceSolution.to`), and a higher goal solves only the score pairs it lacks."""

    race: RaceSolution
    banked: np.ndarray
    """What its best play banks at every score pair (`race_banked`), for the rule of thumb played against it."""

    def __getstate__(self) -> dict[str, Any]:
        """Kept with the go-on choices eight to a byte: the file of a race to 21 holds 1.5 MB of them, not 12."""
        go_on = self.race.go_on
        return {"race": replace(self.race, go_on=np.packbits(go_on, axis=0)), "states": go_on.shape[0],
                "banked": self.banked}

    def __setstate__(self, state: dict[str, Any]) -> None:
        race = state["race"]
        go_on = np.unpackbits(race.go_on, axis=0, count=state["states"]).view(bool)
        object.__setattr__(self, "race", replace(race, go_on=go_on))
        object.__setattr__(self, "banked", state["banked"])


def race_of(rules: E.DicemantsRules) -> tuple[RaceSolution, np.ndarray]:
    """The race to the rules' goal and what its best play banks at every score pair, from the race kept on disk for
    the turn (the rules at every goal share it; it grows to the highest goal asked for)."""
    turns, goal = turn_of(rules).turns, rules.goal

    def grow(kept: Raced | None) -> Raced:
        race = solve_race(turns, goal, None if kept is None else kept.race)
        return Raced(race, race_banked(turns, race, None if kept is None else kept.banked))
    raced = derived.grown("dicemants-race", (replace(rules, goal=1),), lambda kept: kept.race.goal >= goal, grow)
    d = raced.race.goal - goal
    return raced.race.to(goal), raced.banked[d:, d:]


def solve(rules: E.DicemantsRules) -> Solved:
    """Everything exact: the turn's positions, the race to the goal, the most diamonds per turn, the rule of thumb.
    The turn and the race are kept on disk (`turn_of`, `race_of`); the rest takes a tenth of a second."""
    turn = turn_of(rules)
    m, turns = turn.model, turn.turns
    race, banked = race_of(rules)
    # Stop at n diamonds in the bag: the play Turns.until[n - 1], rolling its best number of dice.
    thumbs = {}
    for n in range(1, len(rules.dice) + 1):
        expected = turns.until_points(n)
        thumbs[n] = TurnPoints(float(np.max(expected)), int(np.argmax(expected)), m.stop_bank < n, expected)
    thumb = max(thumbs, key=lambda n: thumbs[n].value)
    against = against_threshold(turns, race, thumb, thumbs[thumb].option, banked)
    return Solved(rules, turn, race, turn.per_turn, thumb, thumbs[thumb], against)


@dataclass(frozen=True)
class Optimal:
    """The solved play for two players, as a strategy `pnp simulate` can seat: solved on its first move."""

    rules: E.DicemantsRules = field(repr=False)
    name: str = "optimal"

    @functools.cached_property
    def solved(self) -> Solved:
        return solve(self.rules)

    def act(self, state: E.State) -> E.Action:
        if len(state.scores) != 2:
            raise ValueError(f"the optimal strategy is solved for two players, not {len(state.scores)}")
        solved = self.solved
        mine, other = state.scores[state.current], state.scores[1 - state.current]
        if state.phase == E.Phase.CHOOSE:
            return E.Roll(int(solved.turn.model.options[solved.race.option[mine, other]]))
        if mine + len(state.bag) >= self.rules.goal:
            return E.Stop()  # banking wins
        r = solved.turn.state(tuple(d.id for d in state.bag), tuple(d.id for d in state.board),
                              tuple(d.id for d in state.lost), state.void_streak, self.rules)
        return E.Reroll() if solved.race.go_on[r, mine, other] else E.Stop()


def solution(rules: E.DicemantsRules) -> Solution:
    """The headline numbers and the whole policy, as `pnp solve` prints them."""
    solved = solve(rules)
    m, race, goal = solved.turn.model, solved.race, rules.goal
    states = []
    for r, (bag, board, lost, streak) in enumerate(solved.turn.positions):
        go = race.go_on[r]
        if go.any():  # roll states left out: stop there at every score
            states.append({"bag": "".join(bag), "board": "".join(board), "lost": "".join(lost), "void_rolls": streak,
                           "go_on": "all" if go.all() else "".join("1" if g else "0" for g in go.ravel().tolist())})
    policy = {
        "scores": "i is the mover's score, j the other's; a table is indexed [i][j], a go_on string at i * goal + j",
        "dice": [[int(m.options[o]) for o in row] for row in race.option.tolist()],
        "roll_states": "after a roll that lets you re-roll or stop: re-roll where go_on says 1 (or all), else stop; "
                       "a bag marked * holds that many diamonds, which dice no longer matters; states not listed: stop",
        "go_on": states,
    }
    wins = solved.thumb_wins
    return Solution(goal, race.first_player, solved.per_turn.value, int(m.options[solved.per_turn.option]),
                    solved.thumb, int(m.options[solved.thumb_points.option]), solved.thumb_points.value, wins[0],
                    wins[1], policy)
