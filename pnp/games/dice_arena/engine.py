"""Dice Arena reference engine: throws, captures, strikes and elimination as pure rules, exact odds, worked examples."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import TypeAlias

from ..chance import FunctionEngine, within
from ..events import Event as Event  # re-exported: the events this engine reports
from ..events import event as _ev

OUTSIDE = 0
"""A chance outcome of a thrown die: it left the arena (a failed throw), whatever it shows."""


class Phase(StrEnum):
    """Where the game stands: the neutral dice being thrown, a player to throw, dice landing, or the end."""

    SETUP = "setup"
    THROW = "throw"
    LAND = "land"
    OVER = "over"


class Removal(StrEnum):
    """Why a die is removed from the game."""

    X = "x"
    OUTSIDE = "outside"


class End(StrEnum):
    """Why a turn ended."""

    CAPTURED = "captured"
    STOPPED = "stopped"
    ELIMINATED = "eliminated"


class Kind(StrEnum):
    """The kinds of event the engine reports; each event's fields are listed beside it."""

    NEUTRAL = "neutral"  # face: a neutral die lands in the arena and stays there
    NEUTRAL_AGAIN = "neutral_again"  # face: a neutral die shows X, lands outside or matches, and is thrown again
    TURN_START = "turn_start"  # player, hand, strike
    THROW = "throw"  # player, faces, strike
    REMOVED = "removed"  # reason, count
    CAPTURED = "captured"  # number, count, neutral
    STAYED = "stayed"  # numbers
    HAND = "hand"  # player, hand: the thrower's hand once the arena is checked
    STOP = "stop"  # player
    TURN_END = "turn_end"  # player, reason, hand
    ELIMINATED = "eliminated"  # player
    WIN = "win"  # player


# ------------------------------------------------------------------ the rules as data

@dataclass(frozen=True)
class ArenaRules:
    """Every rule parameter of Dice Arena; validated (ValueError naming the field) on construction."""

    faces: tuple[int, ...]
    """The numbers on a die's six faces (every die of the game is alike)."""
    removed: int
    """The number that counts as the X: a die showing it is removed from the game."""
    dice_per_player: tuple[tuple[int, int], ...]
    """(players, dice each player starts with), one pair per allowed player count."""
    neutral_dice: int
    """Dice thrown into the arena before the first turn, owned by nobody."""
    leave_arena: Fraction = Fraction(0)
    """The chance that a thrown die lands outside the arena (a failed throw)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        object.__setattr__(self, "dice_per_player", tuple(sorted((int(p), int(n)) for p, n in self.dice_per_player)))
        object.__setattr__(self, "leave_arena", Fraction(self.leave_arena))
        if len(self.faces) != 6 or len(set(self.faces)) != 6 or not all(_whole(f) and f >= 1 for f in self.faces):
            raise ValueError(f"faces: a die needs six different numbers of 1 or more, got {list(self.faces)}")
        if self.removed not in self.faces:
            raise ValueError(f"removed: {self.removed} is not a number on the dice {list(self.faces)}")
        if not self.dice_per_player or any(p < 2 or n < 1 for p, n in self.dice_per_player):
            raise ValueError(f"dice_per_player: need 2 or more players, each with a die, got {self.dice_per_player}")
        if not _whole(self.neutral_dice) or not 0 <= self.neutral_dice <= len(self.numbers):
            raise ValueError(f"neutral_dice: expected 0 to {len(self.numbers)}, got {self.neutral_dice!r}")
        if not 0 <= self.leave_arena < 1:
            raise ValueError(f"leave_arena: a chance from 0 up to (not including) 1, got {self.leave_arena}")

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers that can stay in the arena: every face but the X, smallest first."""
        return tuple(sorted(f for f in self.faces if f != self.removed))

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the rules allow."""
        return tuple(p for p, _ in self.dice_per_player)

    def dice_for(self, players: int) -> int:
        """The dice each player starts with in a game of this many players."""
        return dict(self.dice_per_player)[players]

    @property
    def most_dice(self) -> int:
        """The most dice any game of these rules holds: every player's dice plus the neutral dice."""
        return max(p * n for p, n in self.dice_per_player) + self.neutral_dice

    @property
    def most_per_player(self) -> int:
        """The most dice a player starts with, over the player counts."""
        return max(n for _, n in self.dice_per_player)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def throw_outcomes(rules: ArenaRules) -> tuple[tuple[int, Fraction], ...]:
    """How one thrown die can land: each face alike, or outside the arena with the rules' chance (if any)."""
    return _throw_outcomes(rules)


@lru_cache(maxsize=16)
def _throw_outcomes(rules: ArenaRules) -> tuple[tuple[int, Fraction], ...]:
    inside = (1 - rules.leave_arena) / 6  # a standard die: each face 1/6 of the throws that stay inside
    landed = tuple((f, inside) for f in sorted(rules.faces))
    return landed + (((OUTSIDE, rules.leave_arena),) if rules.leave_arena else ())


# ------------------------------------------------------------------ checking the arena after a throw

@dataclass(frozen=True)
class Check:
    """What checking the arena did after a throw: dice removed, groups captured, dice left in the arena."""

    x: int
    """Thrown dice showing the X, removed from the game."""
    outside: int
    """Thrown dice that left the arena, removed from the game."""
    groups: tuple[tuple[int, int, bool], ...]
    """Each captured group: (number, dice in it, whether a neutral die is among them), smallest number first."""
    stayed: tuple[int, ...]
    """Numbers of the thrown dice that matched nothing and stay in the arena."""
    arena: tuple[int, ...]
    """The arena after the check, sorted (all different numbers)."""
    neutral: tuple[int, ...]
    """The numbers of the neutral dice still in the arena."""

    @property
    def removed(self) -> int:
        return self.x + self.outside

    @property
    def captured(self) -> int:
        return sum(count for _, count, _ in self.groups)


def check_arena(rules: ArenaRules, arena: Sequence[int], neutral: Sequence[int], landed: Sequence[int]) -> Check:
    """Check the arena after the dice `landed` (faces, or OUTSIDE) joined the dice of `arena`."""
    x = sum(1 for f in landed if f == rules.removed)  # step 1: every die showing X is removed
    outside = sum(1 for f in landed if f == OUTSIDE)  # step 1: every die that left the arena is removed
    kept = [f for f in landed if f not in (rules.removed, OUTSIDE)]
    counts = Counter(arena) + Counter(kept)
    # step 2: every group of dice showing the same number is captured, all groups at once
    groups = tuple((n, c, n in neutral) for n, c in sorted(counts.items()) if c >= 2)
    after = tuple(sorted(n for n, c in counts.items() if c == 1))  # step 3: dice that match nothing stay
    stayed = tuple(sorted(f for f in kept if counts[f] == 1))
    return Check(x, outside, groups, stayed, after, tuple(n for n in neutral if n in after))


def _throw_events(check: Check, player: int | None, landed: Sequence[int], strike: bool,
                  hand: int | None) -> list[Event]:
    events = [_ev(Kind.THROW, player=player, faces=tuple(landed), strike=strike)]
    if check.x:
        events.append(_ev(Kind.REMOVED, reason=Removal.X, count=check.x))
    if check.outside:
        events.append(_ev(Kind.REMOVED, reason=Removal.OUTSIDE, count=check.outside))
    for number, count, neutral in check.groups:
        events.append(_ev(Kind.CAPTURED, number=number, count=count, neutral=neutral))
    if check.stayed:
        events.append(_ev(Kind.STAYED, numbers=check.stayed))
    if hand is not None:
        events.append(_ev(Kind.HAND, player=player, hand=hand))
    return events


# ------------------------------------------------------------------ one throw, resolved on its own

@dataclass(frozen=True)
class Resolution:
    """One throw resolved from a position: what was removed and captured, the arena and hand after, the events."""

    arena_before: tuple[int, ...]
    neutral_before: tuple[int, ...]
    thrown: tuple[int, ...]
    """The faces the thrown dice show (OUTSIDE for a die that left the arena)."""
    strike: bool
    """Thrown into an empty arena: every die of the hand at once."""
    hand_before: int | None
    """Dice in the thrower's hand before the throw (None: not known)."""
    check: Check
    hand: int | None
    """Dice in the thrower's hand after the throw (None: not known)."""
    eliminated: bool | None
    turn_over: bool
    events: tuple[Event, ...]

    @property
    def removed(self) -> int:
        return self.check.removed

    @property
    def captured(self) -> int:
        return self.check.captured

    @property
    def arena(self) -> tuple[int, ...]:
        return self.check.arena


def check_position(rules: ArenaRules, arena: Sequence[int], thrown: Sequence[int], hand: int | None = None,
                   neutral: Sequence[int] = ()) -> None:
    """ValueError, with a message for the player, when a position cannot arise under the rules."""
    numbers = ", ".join(str(f) for f in sorted(rules.faces))
    for n in list(arena) + [f for f in thrown if f != OUTSIDE]:
        if n not in rules.faces:
            raise ValueError(f"{n} is not a number on the dice ({numbers})")
    twice = sorted(n for n, c in Counter(arena).items() if c > 1)
    if twice:
        raise ValueError(f"the arena cannot hold two dice showing {twice[0]}: matching dice are captured at once")
    if rules.removed in arena:
        raise ValueError(f"the arena cannot hold a die showing {rules.removed}: it counts as an X and is removed "
                         "at once")
    if not set(neutral) <= set(arena):
        raise ValueError("a neutral die must be one of the dice in the arena")
    if not thrown:
        raise ValueError("throw at least one die")
    if arena and len(thrown) > 1:
        raise ValueError(f"{len(thrown)} dice thrown into an arena that holds dice: you throw one die at a time; "
                         "several dice are thrown only into an empty arena (a strike)")
    if hand is not None:
        if not arena and hand != len(thrown):
            raise ValueError(f"the arena is empty, so this is a strike: all {hand} dice in the hand are thrown at "
                             f"once, not {len(thrown)}")
        if hand < len(thrown):
            raise ValueError(f"{len(thrown)} dice thrown from a hand of {hand}")
        if hand + len(arena) > rules.most_dice:
            raise ValueError(f"{hand} dice in the hand and {len(arena)} in the arena: no game has more than "
                             f"{rules.most_dice} dice")


def resolve_throw(rules: ArenaRules, arena: Sequence[int], thrown: Sequence[int], hand: int | None = None,
                  neutral: Sequence[int] = ()) -> Resolution:
    """Resolve one throw: `thrown` (faces, or OUTSIDE) into `arena` (all different numbers, no X).

    `hand` (optional) is the thrower's hand before the throw; `neutral` the arena's numbers shown by neutral dice.
    A throw into an empty arena is a strike, which throws the whole hand, so its hand is known even when not given.
    """
    arena, thrown, neutral = tuple(sorted(arena)), tuple(thrown), tuple(sorted(neutral))
    check_position(rules, arena, thrown, hand, neutral)
    strike = not arena  # strike: an empty arena takes every die of the hand at once
    before = hand if hand is not None else len(thrown) if strike else None
    check = check_arena(rules, arena, neutral, thrown)
    after = None if before is None else before - len(thrown) + check.captured  # captured dice go to the hand
    events = _throw_events(check, None, thrown, strike, after)
    eliminated = None if after is None else after == 0  # a player with no dice in hand is out at once
    if check.captured:
        events.append(_ev(Kind.TURN_END, player=None, reason=End.CAPTURED, hand=after))  # a capture ends the turn
    elif eliminated:
        events.append(_ev(Kind.ELIMINATED, player=None))
        events.append(_ev(Kind.TURN_END, player=None, reason=End.ELIMINATED, hand=0))
    return Resolution(arena, neutral, thrown, strike, before, check, after, eliminated,
                      bool(check.captured or eliminated), tuple(events))


# ------------------------------------------------------------------ actions and the game state

@dataclass(frozen=True)
class Throw:
    """Throw a die from the hand into the arena; into an empty arena, every die of the hand (a strike)."""


@dataclass(frozen=True)
class Stop:
    """Stop after a throw that captured nothing: the turn passes clockwise."""


Action: TypeAlias = Throw | Stop
"""A player action."""


@dataclass(frozen=True)
class State:
    """The whole game; every transition returns a new State and a tuple of events."""

    rules: ArenaRules = field(repr=False)
    hands: tuple[int, ...]
    """Dice in each player's hand; a player with none is out."""
    arena: tuple[int, ...] = ()
    """The numbers showing in the arena, sorted (all different between throws)."""
    neutral: tuple[int, ...] = ()
    """The numbers of the arena shown by neutral dice."""
    current: int = 0
    phase: Phase = Phase.SETUP
    pending: int = 0
    """Dice still to land: neutral dice in setup, thrown dice while they land."""
    landed: tuple[int, ...] = ()
    """Faces of the dice of the current throw that have landed so far."""
    thrown: bool = False
    """The player to move has thrown this turn (and may stop)."""
    winner: int | None = None
    removed: int = 0
    """Dice removed from the game so far (a counter)."""
    turns: int = 0
    """Turns started so far (a counter)."""
    throws: int = 0
    """Throws made so far (a counter; a strike is one throw)."""

    @property
    def in_play(self) -> int:
        """Dice still in the game: in the hands, in the arena and in the air."""
        return sum(self.hands) + len(self.arena) + self.pending * (self.phase == Phase.LAND) + len(self.landed)


def new_game(rules: ArenaRules, players: int) -> State:
    """A fresh game: every player holds their dice, and the neutral dice are about to be thrown."""
    if players not in rules.players:
        raise ValueError(f"players: {players} is not one of {list(rules.players)}")
    hands = (rules.dice_for(players),) * players  # setup: dice per player by player count
    if rules.neutral_dice:  # setup: the neutral dice are thrown into the arena
        return State(rules, hands, phase=Phase.SETUP, pending=rules.neutral_dice)
    return State(rules, hands, phase=Phase.THROW)


def is_chance(state: State) -> bool:
    return state.phase in (Phase.SETUP, Phase.LAND)


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.phase != Phase.THROW:
        return ()
    return (Throw(), Stop()) if state.thrown else (Throw(),)  # the first throw of a turn is compulsory


def chance_outcomes(state: State) -> tuple[tuple[int, Fraction], ...]:
    """How the next die lands: a face (each alike) or OUTSIDE, with exact probabilities; empty off chance nodes."""
    return throw_outcomes(state.rules) if is_chance(state) else ()


def _next_seat(state: State, hands: tuple[int, ...]) -> int:
    """The next player clockwise who still holds dice."""
    n = len(hands)
    return next((state.current + k) % n for k in range(1, n + 1) if hands[(state.current + k) % n])


def _end_turn(state: State, reason: End, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    hands = state.hands
    events.append(_ev(Kind.TURN_END, player=state.current, reason=reason, hand=hands[state.current]))
    holding = [seat for seat, hand in enumerate(hands) if hand]
    if len(holding) == 1:  # the end: the last player holding dice wins
        events.append(_ev(Kind.WIN, player=holding[0]))
        return replace(state, phase=Phase.OVER, winner=holding[0], thrown=False), tuple(events)
    return replace(state, current=_next_seat(state, hands), phase=Phase.THROW, thrown=False), tuple(events)


def apply_chance(state: State, outcome: int) -> tuple[State, tuple[Event, ...]]:
    """Apply one chance outcome (as listed by chance_outcomes)."""
    if not is_chance(state) or outcome not in dict(throw_outcomes(state.rules)):
        raise ValueError(f"outcome {outcome!r} is not possible in phase {state.phase}")
    rules = state.rules
    if state.phase == Phase.SETUP:
        if outcome in (rules.removed, OUTSIDE) or outcome in state.arena:  # setup: an X or a miss is thrown again
            return state, (_ev(Kind.NEUTRAL_AGAIN, face=outcome),)
        left = state.pending - 1
        return (replace(state, arena=tuple(sorted(state.arena + (outcome,))),
                        neutral=tuple(sorted(state.neutral + (outcome,))), pending=left,
                        phase=Phase.SETUP if left else Phase.THROW),
                (_ev(Kind.NEUTRAL, face=outcome),))
    landed, left = state.landed + (outcome,), state.pending - 1
    if left:
        return replace(state, landed=landed, pending=left), ()
    strike = not state.arena
    check = check_arena(rules, state.arena, state.neutral, landed)
    hand = state.hands[state.current] + check.captured  # the thrown dice already left the hand
    events = _throw_events(check, state.current, landed, strike, hand)
    hands = state.hands[:state.current] + (hand,) + state.hands[state.current + 1:]
    state = replace(state, hands=hands, arena=check.arena, neutral=check.neutral, pending=0, landed=(),
                    removed=state.removed + check.removed, throws=state.throws + 1)
    if check.captured:  # step 2: a capture ends the turn
        return _end_turn(state, End.CAPTURED, events)
    if hand == 0:  # a player with no dice in hand is out at once
        events.append(_ev(Kind.ELIMINATED, player=state.current))
        return _end_turn(state, End.ELIMINATED, events)
    return replace(state, phase=Phase.THROW, thrown=True), tuple(events)  # step 3: throw again, or stop


def apply_action(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a player action (Throw() or Stop())."""
    if action not in legal_actions(state):
        raise ValueError(f"illegal action {action!r} in phase {state.phase}")
    player = state.current
    if isinstance(action, Stop):  # step 3: stop, and the turn passes clockwise
        return _end_turn(state, End.STOPPED, [_ev(Kind.STOP, player=player)])
    strike = not state.arena
    dice = state.hands[player] if strike else 1  # strike: an empty arena takes every die of the hand
    events = [] if state.thrown else [_ev(Kind.TURN_START, player=player, hand=state.hands[player], strike=strike)]
    hands = state.hands[:player] + (state.hands[player] - dice,) + state.hands[player + 1:]
    return (replace(state, hands=hands, phase=Phase.LAND, pending=dice, landed=(),
                    turns=state.turns + (not state.thrown)), tuple(events))


class ArenaEngine(FunctionEngine[ArenaRules, State]):
    """Dice Arena behind the Engine protocol: the functions above, with its winners and its canonical key."""

    def __init__(self, rules: ArenaRules) -> None:
        super().__init__(rules, start=new_game, chance=is_chance, actions=legal_actions, outcomes=chance_outcomes,
                         on_chance=apply_chance, on_action=apply_action)

    def mover(self, state: State) -> int | None:
        return None if state.phase == Phase.OVER else state.current

    def returns(self, state: State) -> tuple[Fraction, ...]:
        """1 to the last player holding dice, 0 to everyone else."""
        return tuple(Fraction(int(seat == state.winner)) for seat in range(len(state.hands)))

    def key(self, state: State) -> Hashable:
        """Everything the rest of the game depends on; the removed, turn and throw counters left out."""
        return (state.hands, state.arena, state.neutral, state.current, state.phase, state.pending, state.landed,
                state.thrown, state.winner)


# ------------------------------------------------------------------ exact odds

STRIKE_BOUND = 100_000
"""The most throws (multisets of faces) the exact strike odds may weigh, every number of dice together (~3 s)."""


def _strike_work(rules: ArenaRules, dice: int) -> int:
    """The multisets of `dice` landings: what strike_odds weighs one by one."""
    outcomes = len(throw_outcomes(rules))
    return math.comb(dice + outcomes - 1, dice)


def check_work(rules: ArenaRules) -> None:
    """Refuse (TooMuchWork) rules whose exact odds would run for minutes, before they start."""
    within("dice_per_player", "the exact odds of a strike",
           sum(_strike_work(rules, n) for n in range(1, rules.most_per_player + 1)), STRIKE_BOUND, "throws",
           "give each player fewer dice")

@dataclass(frozen=True)
class ThrowOdds:
    """One die thrown into an arena of `arena` dice showing different numbers (no X)."""

    arena: int
    capture: Fraction
    """It matches a die of the arena: both are captured."""
    removed: Fraction
    """It shows the X, or leaves the arena."""
    nothing: Fraction
    """It matches nothing and stays in the arena."""


def single_throw_odds(rules: ArenaRules, arena: int) -> ThrowOdds:
    """Every way one die can land, resolved by the rules (the arena's numbers are the first `arena` ones)."""
    return _single_throw_odds(rules, arena)


@lru_cache(maxsize=64)
def _single_throw_odds(rules: ArenaRules, arena: int) -> ThrowOdds:
    if not 0 <= arena <= len(rules.numbers):
        raise ValueError(f"arena: expected 0 to {len(rules.numbers)} dice, got {arena}")
    shown = rules.numbers[:arena]  # any different numbers: every face is alike
    capture = removed = nothing = Fraction(0)
    for face, p in throw_outcomes(rules):
        check = check_arena(rules, shown, (), (face,))
        if check.captured:
            capture += p
        elif check.removed:
            removed += p
        else:
            nothing += p
    return ThrowOdds(arena, capture, removed, nothing)


@dataclass(frozen=True)
class StrikeOdds:
    """`dice` dice thrown at once into an empty arena."""

    dice: int
    capture: Fraction
    """At least one group is captured."""
    captured_mean: Fraction
    """The mean number of dice captured."""
    all_removed: Fraction
    """Every die is removed (shows the X, or leaves the arena)."""


def strike_odds(rules: ArenaRules, dice: int) -> StrikeOdds:
    """Exact, by multisets of faces: each multiset once, weighted by the number of throws that show it."""
    if dice < 1:
        raise ValueError(f"dice: a strike throws 1 die or more, got {dice}")
    within("dice_per_player", f"the exact odds of a strike of {dice} dice", _strike_work(rules, dice), STRIKE_BOUND,
           "throws")
    outcomes = throw_outcomes(rules)
    capture = captured = all_removed = Fraction(0)
    for multiset in itertools.combinations_with_replacement(range(len(outcomes)), dice):
        counts = Counter(multiset)
        ways = math.factorial(dice) // math.prod(math.factorial(c) for c in counts.values())  # orders showing it
        p = ways * math.prod(outcomes[i][1] ** c for i, c in counts.items())
        check = check_arena(rules, (), (), [outcomes[i][0] for i in multiset])
        capture += p if check.captured else 0
        captured += p * check.captured
        all_removed += p if check.removed == dice else 0
    return StrikeOdds(dice, capture, captured, all_removed)


# ------------------------------------------------------------------ worked examples

class Goal(StrEnum):
    """What the worked examples must show, in the order the rulebook prints them."""

    NEUTRAL = "neutral"  # the neutral die is captured
    X_REMOVED = "x-removed"  # an X is removed
    PAIR = "pair"  # a pair is captured
    SECOND_THROW = "second-throw"  # a throw that matches nothing, then a second throw
    STOP = "stop"  # a throw that matches nothing, then the player stops
    FAILED = "failed-throw"  # a die leaves the arena
    ELIMINATED = "eliminated"  # a last throw with no match
    STRIKE = "strike"  # a strike captures some dice and leaves others
    TWO_X = "two-x"  # two X in a strike are removed, not captured
    TWO_PAIRS = "two-pairs"  # two pairs captured at once


X = "x"
"""In a scene: the X face."""
OUT = "out"
"""In a scene: a die that leaves the arena."""


@dataclass(frozen=True)
class Scene:
    """A position to resolve, written against the rules: numbers by rank among the non-X numbers (0: smallest)."""

    goal: Goal
    arena: tuple[int, ...]
    """The arena before the first throw, as ranks."""
    throws: tuple[tuple[int | str, ...], ...]
    """Each throw of the turn: ranks, X or OUT."""
    hand: str = "mid"
    """`start` (the first player's dice at the start of a two-player game), `mid` (half of them), `last` (1 die),
    or `strike` (exactly the dice thrown)."""
    neutral: bool = False
    """The arena's dice are neutral dice: the first turn of the game."""
    stop: bool = False
    """The player stops after the last throw."""


SCENES = (
    Scene(Goal.NEUTRAL, (2,), ((2,),), hand="start", neutral=True),
    Scene(Goal.X_REMOVED, (1, 3), ((X,),)),
    Scene(Goal.PAIR, (0, 3), ((3,),)),
    Scene(Goal.SECOND_THROW, (1,), ((4,), (1,))),
    Scene(Goal.STOP, (0, 4), ((2,),), stop=True),
    Scene(Goal.FAILED, (2, 3), ((OUT,),)),
    Scene(Goal.ELIMINATED, (0, 2), ((3,),), hand="last"),
    Scene(Goal.STRIKE, (), ((1, 3, 1, 4, 1),), hand="strike"),
    Scene(Goal.TWO_X, (), ((2, X, 4, X, 2),), hand="strike"),
    Scene(Goal.TWO_PAIRS, (), ((0, 3, 1, 0, 4, 3),), hand="strike"),
)
"""The worked examples, written with ranks so a rule change (the X moved, other dice counts) carries them along."""


@dataclass(frozen=True)
class Example:
    """A worked example: the position before, each throw of the turn resolved, and whether the player stops."""

    goal: Goal
    covers: tuple[Goal, ...]
    arena: tuple[int, ...]
    neutral: tuple[int, ...]
    hand: int
    steps: tuple[Resolution, ...]
    closing: tuple[Event, ...] = ()
    """What happens once the throws are resolved: the player stops."""


def _face(rules: ArenaRules, token: int | str) -> int:
    if token == X:
        return rules.removed
    if token == OUT:
        return OUTSIDE
    assert isinstance(token, int)
    return rules.numbers[token]


def goals_met(example: Example) -> tuple[Goal, ...]:
    """The goals an example shows, read from the events of its throws."""
    met = set()
    kinds = [[e.kind for e in step.events] for step in example.steps]
    last = example.steps[-1]
    for step, found in zip(example.steps, kinds, strict=True):
        removed = {e["reason"]: e["count"] for e in step.events if e.kind == Kind.REMOVED}
        groups = [e for e in step.events if e.kind == Kind.CAPTURED]
        if any(e["neutral"] for e in groups):
            met.add(Goal.NEUTRAL)
        if not step.strike and removed.get(Removal.X) == 1:
            met.add(Goal.X_REMOVED)
        if not step.strike and len(groups) == 1 and groups[0]["count"] == 2:
            met.add(Goal.PAIR)
        if removed.get(Removal.OUTSIDE):
            met.add(Goal.FAILED)
        if not step.strike and Kind.ELIMINATED in found:
            met.add(Goal.ELIMINATED)
        if step.strike and groups and step.check.stayed:
            met.add(Goal.STRIKE)
        if step.strike and removed.get(Removal.X, 0) >= 2 and groups:
            met.add(Goal.TWO_X)
        if len(groups) >= 2:
            met.add(Goal.TWO_PAIRS)
    if len(example.steps) >= 2 and example.steps[0].check.stayed and last.captured:
        met.add(Goal.SECOND_THROW)
    if any(e.kind == Kind.STOP for e in example.closing) and not last.turn_over:
        met.add(Goal.STOP)
    return tuple(g for g in Goal if g in met)


def play_scene(rules: ArenaRules, scene: Scene) -> Example:
    """Resolve a scene throw by throw, the arena and hand carried from one throw to the next."""
    arena = tuple(rules.numbers[r] for r in scene.arena)
    neutral = arena if scene.neutral else ()
    start = rules.dice_for(min(rules.players))
    hand = {"start": start, "mid": max(2, start // 2), "last": 1, "strike": len(scene.throws[0])}[scene.hand]
    steps: list[Resolution] = []
    shown, held, owned = arena, hand, neutral
    for throw in scene.throws:
        step = resolve_throw(rules, shown, [_face(rules, t) for t in throw], held, owned)
        steps.append(step)
        assert step.hand is not None
        shown, held, owned = step.arena, step.hand, step.check.neutral
        if step.turn_over:
            break
    closing: tuple[Event, ...] = ()
    if scene.stop and not steps[-1].turn_over:  # step 3: the player stops, and the turn passes clockwise
        closing = (_ev(Kind.STOP, player=None), _ev(Kind.TURN_END, player=None, reason=End.STOPPED, hand=held))
    example = Example(scene.goal, (), arena, neutral, hand, tuple(steps), closing)
    return replace(example, covers=goals_met(example))


def derive_examples(rules: ArenaRules) -> tuple[Example, ...]:
    """Every scene resolved by the rules, kept when it shows what it was written for (in SCENES order).

    A scene the rules cannot play (no neutral die, too few numbers) or that no longer shows its goal is left out.
    """
    chosen = []
    for scene in SCENES:
        if (scene.neutral and not rules.neutral_dice) or any(
                isinstance(t, int) and t >= len(rules.numbers) for throw in scene.throws for t in throw):
            continue
        try:
            example = play_scene(rules, scene)
        except ValueError:
            continue  # a position these rules cannot reach
        if scene.goal in example.covers:
            chosen.append(example)
    return tuple(chosen)


# ------------------------------------------------------------------ strategies

class Plan(StrEnum):
    """How a strategy decides to throw again after a throw that captured nothing."""

    ONCE = "once"  # stop after the compulsory throw
    FILL = "fill"  # throw again until the arena holds k dice
    ODDS = "odds"  # throw again while the chance of a capture is at least k percent


@dataclass(frozen=True)
class Strategy:
    """A named way to play: when to throw again (the first throw of a turn is compulsory)."""

    name: str
    plan: Plan
    k: int = 0

    def act(self, state: State) -> Action:
        if not state.thrown:
            return Throw()
        if self.plan == Plan.FILL:
            return Throw() if len(state.arena) < self.k else Stop()
        if self.plan == Plan.ODDS:
            chance = single_throw_odds(state.rules, len(state.arena)).capture
            return Throw() if chance * 100 >= self.k else Stop()
        return Stop()


STRATEGIES = {
    "single": Strategy("single", Plan.ONCE),
    "fill-3": Strategy("fill-3", Plan.FILL, 3),
    "odds-50": Strategy("odds-50", Plan.ODDS, 50),
}
"""The strategies `pnp simulate` seats, in a fixed order."""
