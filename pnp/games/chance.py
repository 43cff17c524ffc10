"""Game-neutral tools over any Engine: seeded sampling, play, replay, simulate, a chance-tree walk, and work bounds."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .protocols import CHANCE, TERMINAL, Engine, Policy

S = TypeVar("S")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741


R = TypeVar("R")


class FunctionEngine(Generic[R, S]):
    """A game's pure module functions behind the Engine protocol; the game gives who moves, returns and key.

    Every engine module has the same functions (new_game, is_chance, legal_actions, chance_outcomes,
    apply_chance, apply_action); this face routes the protocol's calls to them.
    """

    def __init__(self, rules: R, *, start: Callable[[R, int], S], chance: Callable[[S], bool],
                 actions: Callable[[S], Sequence[Any]], outcomes: Callable[[S], Sequence[tuple[Any, Fraction]]],
                 on_chance: Callable[[S, Any], tuple[S, tuple[Any, ...]]],
                 on_action: Callable[[S, Any], tuple[S, tuple[Any, ...]]]) -> None:
        self.rules = rules
        self._start, self._chance, self._actions, self._outcomes = start, chance, actions, outcomes
        self._on_chance, self._on_action = on_chance, on_action

    def mover(self, state: S) -> int | None:
        """The seat to decide, or None once the game is over."""
        raise NotImplementedError

    def new_game(self, players: int) -> S:
        return self._start(self.rules, players)

    def current_player(self, state: S) -> int:
        seat = self.mover(state)
        if seat is None:
            return TERMINAL
        return CHANCE if self._chance(state) else seat

    def legal_actions(self, state: S) -> Sequence[Any]:
        return self._actions(state)

    def chance_outcomes(self, state: S) -> Sequence[tuple[Any, Fraction]]:
        return self._outcomes(state)

    def apply(self, state: S, action: Any) -> tuple[S, tuple[Any, ...]]:
        return self._on_chance(state, action) if self._chance(state) else self._on_action(state, action)

    def returns(self, state: S) -> tuple[Fraction, ...]:
        raise NotImplementedError

    def key(self, state: S) -> Hashable:
        raise NotImplementedError


MAX_GAMES = 100_000
"""The most games one simulation plays (the slowest engine plays about 70 a second)."""
MAX_STEPS = 100_000
"""The most steps (actions and chance outcomes) one game may take: a hundred times the longest game of any real
rules file. A game still going by then cannot end under these rules, or not in a time anyone would play."""


class TooMuchWork(ValueError):
    """A computation refused before it starts: its work would exceed the stated bound.

    The message starts with the rules field that drives the work, as the engines' other ValueErrors do.
    """

    def __init__(self, field: str, what: str, work: int, bound: int, unit: str, hint: str = "") -> None:
        self.field = field
        """The rules field that drives the work."""
        self.reason = f"{what} would take {work:,} {unit}, more than the {bound:,} allowed" + (hint and f"; {hint}")
        """What would be too much, without the field."""
        super().__init__(f"{field}: {self.reason}")


def within(field: str, what: str, work: int, bound: int, unit: str, hint: str = "") -> None:
    """Refuse `what` (TooMuchWork) when its `work` in `unit`s, counted before it starts, exceeds `bound`."""
    if work > bound:
        raise TooMuchWork(field, what, work, bound, unit, hint)


class EndlessGame(ValueError):
    """A game that did not end within MAX_STEPS steps: rules under which it cannot end, or not in practice."""


def sample(outcomes: Sequence[tuple[O, Fraction]], rng: random.Random) -> O:
    """Draw one outcome exactly (integer arithmetic) with the caller's own generator."""
    den = math.lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (den // p.denominator) for _, p in outcomes]
    if sum(weights) != den:
        raise ValueError("probabilities must sum to 1")
    r = rng.randrange(den)
    for (outcome, _), w in zip(outcomes, weights, strict=True):
        r -= w
        if r < 0:
            return outcome
    raise AssertionError("unreachable")


def play(engine: Engine[S, A], players: int, seed: int, policies: Sequence[Policy[S, A]],
         max_steps: int | None = None) -> tuple[S, tuple[A, ...], tuple[Any, ...]]:
    """Play one game, seat i seated by policies[i % len]: (final state, player actions, events).

    Chance is sampled from `random.Random(seed)`, so (seed, actions) replays the game exactly. EndlessGame if
    the game has not ended within `max_steps` steps (default MAX_STEPS).
    """
    rng, state = random.Random(seed), engine.new_game(players)
    actions: list[A] = []
    events: list[Any] = []
    limit = MAX_STEPS if max_steps is None else max_steps
    for _ in range(limit):
        seat = engine.current_player(state)
        if seat == TERMINAL:
            return state, tuple(actions), tuple(events)
        if seat == CHANCE:
            state, evs = engine.apply(state, sample(engine.chance_outcomes(state), rng))
        else:
            action = policies[seat % len(policies)].act(state)
            actions.append(action)
            state, evs = engine.apply(state, action)
        events.extend(evs)
    raise EndlessGame(f"a game did not end within {limit:,} steps: under these rules it cannot end, "
                      "or not in a time anyone would play")


def replay(engine: Engine[S, A], players: int, seed: int, actions: Sequence[A],
           strict: bool = True) -> tuple[S, tuple[Any, ...]]:
    """Re-run a game record (seed plus player actions): the final state and every event.

    Stops where the game ends or the actions run out; with `strict`, actions left over are an error.
    """
    rng, state, todo = random.Random(seed), engine.new_game(players), list(actions)
    events: list[Any] = []
    while (seat := engine.current_player(state)) != TERMINAL:
        if seat == CHANCE:
            state, evs = engine.apply(state, sample(engine.chance_outcomes(state), rng))
        elif todo:
            state, evs = engine.apply(state, todo.pop(0))
        else:
            break
        events.extend(evs)
    if todo and strict:
        raise ValueError(f"{len(todo)} actions left after the game ended")
    return state, tuple(events)


def winners(engine: Engine[S, A], state: S) -> tuple[int, ...]:
    """The seats with the best return at a terminal state (several when they share the win)."""
    returns = engine.returns(state)
    best = max(returns)
    return tuple(seat for seat, r in enumerate(returns) if r == best and r > 0)


@dataclass(frozen=True)
class Measure:
    """One number measured on every finished game: its mean, least and greatest value."""

    name: str
    mean: float
    least: float
    most: float


@dataclass(frozen=True)
class SimStats:
    """What simulate() counted: wins by seat and by policy, and what the game measures on each finished game."""

    games: int
    players: int
    wins_by_seat: tuple[Fraction, ...]
    """Wins per seat; a shared win counts as a fraction to each winner."""
    wins_by_policy: tuple[tuple[str, Fraction, int], ...]
    """(policy name, wins, games it was seated in), in the order the policies were given."""
    measures: tuple[Measure, ...]


def simulate(engine: Engine[S, A], games: int, players: int, seed: int, policies: Sequence[Policy[S, A]],
             measures: Mapping[str, Callable[[S], float]], rotate: bool = True,
             progress: Callable[[int], None] | None = None) -> SimStats:
    """Play whole games; with `rotate`, game g seats policies[(seat + g) % len]. Reproducible by seed.

    `measures` name what to measure on each finished game (its turns, its rounds); `progress(g)` is told after
    each game. At most MAX_GAMES games (TooMuchWork before the first otherwise); EndlessGame for a game that
    does not end within MAX_STEPS steps.
    """
    if games < 1:
        raise ValueError(f"games: a simulation plays 1 game or more, not {games}")
    within("games", "the simulation", games, MAX_GAMES, "games")
    rng = random.Random(seed)
    by_seat = [Fraction(0)] * players
    wins: dict[str, Fraction] = {}
    seated: Counter[str] = Counter()
    measured: dict[str, list[float]] = {name: [] for name in measures}
    for g in range(games):
        lineup = [policies[(s + (g if rotate else 0)) % len(policies)] for s in range(players)]
        state, _, _ = play(engine, players, rng.getrandbits(64), lineup)
        won = winners(engine, state)
        for seat in won:
            by_seat[seat] += Fraction(1, len(won))
            name = lineup[seat].name
            wins[name] = wins.get(name, Fraction(0)) + Fraction(1, len(won))
        seated.update(p.name for p in lineup)
        for name, measure in measures.items():
            measured[name].append(measure(state))
        if progress is not None:
            progress(g + 1)
    names = list(dict.fromkeys(p.name for p in policies))
    return SimStats(games, players, tuple(by_seat), tuple((n, wins.get(n, Fraction(0)), seated[n]) for n in names),
                    tuple(Measure(name, sum(v) / len(v) if v else 0.0, min(v, default=0), max(v, default=0))
                          for name, v in measured.items()))


def walk(engine: Engine[S, A], state: S, until: Callable[[S, tuple[Any, ...]], bool]
         ) -> Iterator[tuple[S, Fraction, tuple[Any, ...]]]:
    """Every way chance can go from `state`, exactly: (state, probability, events since `state`) at each leaf.

    A leaf is where `until(state, events)` holds, a player must act, or the game is over; the
    probabilities of the leaves sum to 1. Depth first, in the engine's outcome order.
    """
    stack: list[tuple[S, Fraction, tuple[Any, ...]]] = [(state, Fraction(1), ())]
    while stack:
        node, p, events = stack.pop()
        if until(node, events) or engine.current_player(node) != CHANCE:
            yield node, p, events
            continue
        for outcome, q in reversed(engine.chance_outcomes(node)):
            nxt, evs = engine.apply(node, outcome)
            stack.append((nxt, p * q, events + tuple(evs)))
