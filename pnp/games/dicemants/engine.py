"""Dicemants reference engine: pure rules as data, explicit chance, exact odds, worked examples, strategies."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import TypeAlias

from ..chance import FunctionEngine, within
from ..events import Event as Event  # re-exported: the events this engine reports
from ..events import event as _ev

# ------------------------------------------------------------------ faces, tiers and rules as data


class TierId(StrEnum):
    """The tiers of the precedence; the rules file orders them."""

    TNT = "tnt"
    SKULL = "skull"
    PICK = "pick"
    THIEF = "thief"
    BUG = "bug"
    PLAIN = "plain"


class Phase(StrEnum):
    """Where a turn stands: choosing dice, drawing them, rolling them, deciding, or the game is over."""

    CHOOSE = "choose"
    DRAW = "draw"
    ROLL = "roll"
    DECIDE = "decide"
    OVER = "over"


class Again(StrEnum):
    """Whether the dice left on the board are re-rolled after a roll."""

    MANDATORY = "mandatory"
    OPTIONAL = "optional"
    NONE = "none"


class End(StrEnum):
    """Why a turn ended."""

    SKULL = "skull"
    LOCKED = "locked"
    PICK_EMPTY = "pick_empty"
    EMPTY_BOARD = "empty_board"
    VOID_STREAK = "void_streak"
    STOPPED = "stopped"


class Kind(StrEnum):
    """The kinds of event the engine reports; each event's fields are listed beside it."""

    TURN_START = "turn_start"  # player, turn, dice
    DRAW = "draw"  # player, die, position
    ROLL = "roll"  # player, roll, dice
    TIER = "tier"  # tier, locked, ignored
    TO_LOST = "to_lost"  # die, from_zone, position, cause, cause_position
    TO_BAG = "to_bag"  # die, position
    FROM_LOST = "from_lost"  # die, cause, cause_position, position
    FROM_LOST_NONE = "from_lost_none"  # cause, cause_position
    BUG_FALLBACK_BAG = "bug_fallback_bag"  # die, cause, cause_position
    BUG_IDLE = "bug_idle"  # cause, cause_position
    VOID_ROLL = "void_roll"  # streak, limit
    REROLL = "reroll"  # mandatory, dice
    TURN_END = "turn_end"  # reason, banked
    BANK = "bank"  # player, banked, score
    WIN = "win"  # player, score


CORE_FACES = ("diamond", "void", "skull", "pick", "tnt", "thief", "locked")
"""Face ids other than bugs; the bug faces are data (`DicemantsRules.bugs`)."""
BUG = "bug"
"""Alias accepted in face sequences: any bug face."""
UNKNOWN = "?"
"""Face of a lost die whose face is not known (placeholders in `resolve_roll`)."""
TIER_IDS = tuple(TierId)
"""Every tier id; `DicemantsRules.tiers` orders them by precedence."""
_TIER_OF = {"tnt": TierId.TNT, "skull": TierId.SKULL, "pick": TierId.PICK, "thief": TierId.THIEF,
            "diamond": TierId.PLAIN, "void": TierId.PLAIN, "locked": TierId.PLAIN, UNKNOWN: TierId.PLAIN,
            BUG: TierId.BUG}
_OPTIONAL_TIERS = (TierId.THIEF, TierId.BUG, TierId.PLAIN)  # after these tiers the player may re-roll or stop


@dataclass(frozen=True)
class DicemantsRules:
    """Every rule parameter of Dicemants; validated (ValueError) on construction."""

    dice: tuple[tuple[str, tuple[str, ...]], ...]
    """Each die: its id and its six faces, as the rules file lists them."""
    tiers: tuple[str, ...]
    """The precedence order, highest first."""
    locked_combines: frozenset[str]
    """The tiers a locked way adds to."""
    goal: int
    max_dice: int
    void_streak_limit: int
    bug_takes_from_bag: bool
    bugs: frozenset[str]
    """The faces of the bug tier."""
    players: tuple[int, int]
    """(min, max)."""

    def __post_init__(self) -> None:
        try:
            dice = tuple((str(die_id), tuple(faces)) for die_id, faces in self.dice)
        except (TypeError, ValueError):
            raise ValueError("dice: expected a sequence of (die_id, faces) pairs") from None
        for name, value in (("dice", dice), ("tiers", tuple(self.tiers)), ("players", tuple(self.players)),
                            ("locked_combines", frozenset(self.locked_combines)), ("bugs", frozenset(self.bugs))):
            object.__setattr__(self, name, value)
        ids = [die_id for die_id, _ in self.dice]
        if not ids or len(set(ids)) != len(ids) or not all(ids):
            raise ValueError(f"dice: need at least one die and distinct non-empty ids, got {ids}")
        clash = self.bugs & (set(CORE_FACES) | {BUG, UNKNOWN})
        if clash:
            raise ValueError(f"bugs: {sorted(clash)} cannot be bug faces")
        for die_id, faces in self.dice:
            if len(faces) != 6:
                raise ValueError(f"dice: die {die_id} needs exactly 6 faces, got {len(faces)}")
            unknown = set(faces) - self.faces
            if unknown:
                raise ValueError(f"dice: die {die_id} has unknown faces {sorted(unknown)}")
        if sorted(self.tiers) != sorted(TIER_IDS):
            raise ValueError(f"tiers: must list each of {TIER_IDS} once, got {self.tiers}")
        if not self.locked_combines <= set(TIER_IDS):
            raise ValueError(f"locked_combines: unknown tiers {sorted(self.locked_combines - set(TIER_IDS))}")
        for name in ("goal", "max_dice", "void_streak_limit"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name}: expected an integer >= 1, got {value!r}")
        if self.max_dice > len(self.dice):
            raise ValueError(f"max_dice: {self.max_dice} exceeds the {len(self.dice)} dice")
        if not isinstance(self.bug_takes_from_bag, bool):
            raise ValueError("bug_takes_from_bag: expected a bool")
        if len(self.players) != 2 or not all(isinstance(p, int) for p in self.players) \
                or not 1 <= self.players[0] <= self.players[1]:
            raise ValueError(f"players: expected (min, max) with 1 <= min <= max, got {self.players}")

    @property
    def faces(self) -> frozenset[str]:
        """Every face id a die may show."""
        return frozenset(CORE_FACES) | self.bugs

    def die_faces(self, die_id: str) -> tuple[str, ...]:
        """The six faces of one die."""
        return dict(self.dice)[die_id]


def _tier_of(rules: DicemantsRules, face: str) -> str:
    return TierId.BUG if face in rules.bugs else _TIER_OF[face]


def _check_faces(rules: DicemantsRules, faces: Sequence[str], extra: frozenset[str] = frozenset()) -> tuple[str, ...]:
    faces = tuple(faces)
    bad = [f for f in faces if f not in rules.faces | {BUG} | extra]
    if bad:
        raise ValueError(f"unknown face ids {bad}; known: {sorted(rules.faces | {BUG})}")
    return faces


# ------------------------------------------------------------------ values: dice, events, actions

@dataclass(frozen=True)
class DieInPlay:
    """A physical die in a zone; face None means drawn or picked up and not yet (re-)rolled."""

    id: str
    face: str | None = None


def _shown(die: DieInPlay) -> str:
    """The face of a rolled die (every die of a roll being resolved is rolled)."""
    assert die.face is not None, f"die {die.id} has not been rolled"
    return die.face


@dataclass(frozen=True)
class Roll:
    """Turn start: roll n dice drawn at random."""

    n: int


@dataclass(frozen=True)
class Reroll:
    """Re-roll every die left on the board."""


@dataclass(frozen=True)
class Stop:
    """Stop and bank the bag."""


Action: TypeAlias = Roll | Reroll | Stop
"""A player action."""


# ------------------------------------------------------------------ resolving one roll

@dataclass(frozen=True)
class _Outcome:
    tier: str
    locked: bool
    bag: tuple[DieInPlay, ...]
    board: tuple[DieInPlay, ...]
    lost: tuple[DieInPlay, ...]
    reroll: Again
    end: End | None
    banked: int | None
    void_streak: int
    events: tuple[Event, ...]


def _closest(position: int, candidates: Sequence[int]) -> int:
    return min(candidates, key=lambda q: (abs(q - position), q))  # the row: nearest, ties to the left


def _resolve(rules: DicemantsRules, board: Sequence[DieInPlay], bag: Sequence[DieInPlay], lost: Sequence[DieInPlay],
             void_streak: int) -> _Outcome:
    """Resolve one roll of `board` (faces set) given the bag and lost zone before it."""
    faces = [_shown(d) for d in board]
    present = [t for t in rules.tiers if any(_tier_of(rules, f) == t for f in faces)]
    tier = present[0]  # precedence: the highest tier present acts
    locked = "locked" in faces and tier in rules.locked_combines  # precedence: locked combines with some tiers
    events = [_ev(Kind.TIER, tier=tier, locked=locked, ignored=tuple(present[1:]))]
    bag, lost, on_board, extra = list(bag), list(lost), dict(enumerate(board)), []
    streak = void_streak + 1 if all(f == "void" for f in faces) else 0  # all-void rolls: count all-void rolls
    reroll, end = Again.OPTIONAL, None

    def lose(zone: str, position: int, cause: int, index: int | None = None) -> None:
        die = bag.pop(position if index is None else index) if zone == "bag" else on_board.pop(position)
        lost.append(die)
        events.append(_ev(Kind.TO_LOST, die=die, from_zone=zone, position=position,
                          cause=faces[cause], cause_position=cause))

    def lose_board_and_bag_diamonds(cause: int) -> None:
        # Several dice lost at once: the board's left to right, then the bag's in the order they went in
        # (TNT brings back the last of them).
        for q in [q for q, d in on_board.items() if d.face == "diamond"]:
            lose("board", q, cause)
        for position in range(len(bag)):
            lose("bag", position, cause, index=0)

    def diamonds_to_bag() -> None:
        for q in [q for q, d in on_board.items() if d.face == "diamond"]:
            bag.append(on_board.pop(q))
            events.append(_ev(Kind.TO_BAG, die=bag[-1], position=q))

    if tier == TierId.TNT:
        cause = faces.index("tnt")
        if lost:  # TNT: the most recently lost die comes back to the board
            extra.append(lost.pop())
            events.append(_ev(Kind.FROM_LOST, die=extra[0], cause="tnt", cause_position=cause, position=len(board)))
        else:
            events.append(_ev(Kind.FROM_LOST_NONE, cause="tnt", cause_position=cause))
        reroll = Again.MANDATORY  # TNT: re-roll all board dice
    elif tier == TierId.SKULL:  # skull: bag and board diamonds lost, bank 0
        lose_board_and_bag_diamonds(faces.index("skull"))
        end = End.SKULL
    elif tier == TierId.PICK:
        for p in [p for p, f in enumerate(faces) if f == "pick"]:
            if p in on_board:  # pick: the closest die is lost; a lone pick loses itself
                others = [q for q in on_board if q != p]
                lose("board", _closest(p, others) if others else p, p)
        reroll = Again.MANDATORY if on_board else Again.NONE
        end = None if on_board else End.PICK_EMPTY  # pick: nothing left, bank the bag
    elif tier == TierId.THIEF:  # thief: every diamond on the board and in the bag is lost
        lose_board_and_bag_diamonds(faces.index("thief"))
    elif tier == TierId.BUG:
        for p in [p for p, f in enumerate(faces) if _tier_of(rules, f) == TierId.BUG]:  # bug: left to right
            diamonds = [q for q, d in on_board.items() if d.face == "diamond"]
            if diamonds:  # bug: the closest diamond on the board
                lose("board", _closest(p, diamonds), p)
            elif rules.bug_takes_from_bag and bag:  # bug flag: else the latest diamond in the bag
                events.append(_ev(Kind.BUG_FALLBACK_BAG, die=bag[-1], cause=faces[p], cause_position=p))
                lose("bag", len(bag) - 1, p)
            else:
                events.append(_ev(Kind.BUG_IDLE, cause=faces[p], cause_position=p))
        diamonds_to_bag()  # bug: surviving diamonds go to the bag
    else:
        diamonds_to_bag()  # diamonds and voids: diamonds go to the bag
    if streak:
        events.append(_ev(Kind.VOID_ROLL, streak=streak, limit=rules.void_streak_limit))
    if end is None and locked:
        end = End.LOCKED  # precedence: with locked, resolve the tier, then the turn ends
    elif end is None and tier in _OPTIONAL_TIERS:
        if streak >= rules.void_streak_limit:
            end = End.VOID_STREAK  # all-void rolls: too many all-void rolls in a row
        elif not on_board:
            end = End.EMPTY_BOARD  # re-roll or stop: empty board, bank the bag
    new_board = tuple(on_board[q] for q in sorted(on_board)) + tuple(extra)
    if end is not None:
        reroll = Again.NONE
    elif reroll == Again.MANDATORY:
        events.append(_ev(Kind.REROLL, mandatory=True, dice=tuple(d.id for d in new_board)))
    banked = None if end is None else 0 if end == End.SKULL else len(bag)  # banking: bank the dice in the bag
    if end is not None:
        events.append(_ev(Kind.TURN_END, reason=end, banked=banked))
    return _Outcome(tier, locked, tuple(bag), new_board, tuple(lost), reroll, end, banked, streak, tuple(events))


def _match(rules: DicemantsRules, slots: Sequence[frozenset[str]]) -> tuple[str, ...] | None:
    """Distinct dice for slots (each a set of faces the die must bear), alphabetically smallest."""
    ids = sorted(die_id for die_id, _ in rules.dice)
    faces = {die_id: set(fs) for die_id, fs in rules.dice}

    def fits(slot: frozenset[str], die_id: str) -> bool:
        return all(f == UNKNOWN or (f == BUG and faces[die_id] & rules.bugs) or f in faces[die_id]
                   for f in slot)

    def feasible(rest: Sequence[frozenset[str]], free: list[str]) -> bool:  # bipartite matching (Kuhn)
        owner: dict[str, int] = {}

        def augment(i: int, seen: set[str]) -> bool:
            for d in free:
                if d not in seen and fits(rest[i], d):
                    seen.add(d)
                    if d not in owner or augment(owner[d], seen):
                        owner[d] = i
                        return True
            return False
        return all(augment(i, set()) for i in range(len(rest)))

    if len(slots) > len(ids):
        return None
    chosen: list[str] = []
    for i, slot in enumerate(slots):
        free = [d for d in ids if d not in chosen]
        pick = next((d for d in free if fits(slot, d) and feasible(slots[i + 1:], [x for x in free if x != d])),
                    None)
        if pick is None:
            return None
        chosen.append(pick)
    return tuple(chosen)


def assign_dice(rules: DicemantsRules, faces: Sequence[str]) -> tuple[str, ...] | None:
    """One distinct die per position able to show that face (alphabetically first), or None."""
    return _match(rules, [frozenset({f}) for f in _check_faces(rules, faces, frozenset({UNKNOWN}))])


@dataclass(frozen=True)
class Resolution:
    """The outcome of one roll, as face ids in row order plus events."""

    tier: str
    locked: bool
    bag: tuple[str, ...]
    board: tuple[str, ...]
    lost: tuple[str, ...]
    reroll: Again
    turn_over: bool
    banked: int | None
    possible: bool
    assignment: tuple[str, ...] | None
    events: tuple[Event, ...]
    end_reason: str | None = None
    void_streak: int = 0


def resolve_roll(rules: DicemantsRules, faces: Sequence[str], bag: int | Sequence[str] = 0,
                 lost: int | Sequence[str] = 0, void_streak: int = 0,
                 prior: Sequence[str] | None = None) -> Resolution:
    """Resolve any face sequence (rolling order) given the bag, lost zone and void streak before it.

    Ints mean that many diamonds in the bag / dice of unknown face ("?") in the lost zone.
    `prior` (optional) is the previous roll of the same dice; it only affects `possible`.
    """
    faces = _check_faces(rules, faces)
    if not faces:
        raise ValueError("faces: a roll has at least one die")
    bag_faces = ("diamond",) * bag if isinstance(bag, int) else _check_faces(rules, bag)
    lost_faces = (UNKNOWN,) * lost if isinstance(lost, int) else _check_faces(rules, lost, frozenset({UNKNOWN}))
    prior = None if prior is None else _check_faces(rules, prior)
    if prior is not None and len(prior) != len(faces):
        raise ValueError("prior: the previous roll must have one face per die")
    slots = [frozenset({f} | ({prior[i]} if prior else set())) for i, f in enumerate(faces)]
    ids = _match(rules, slots + [frozenset({f}) for f in bag_faces + lost_faces])
    n, b = len(faces), len(bag_faces)
    names = ids or tuple(f"?{i + 1}" for i in range(n)) + tuple(f"bag{i + 1}" for i in range(b)) \
        + tuple(f"lost{i + 1}" for i in range(len(lost_faces)))
    out = _resolve(rules, [DieInPlay(i, f) for i, f in zip(names, faces, strict=False)],  # names: every die
                   [DieInPlay(i, f) for i, f in zip(names[n:], bag_faces, strict=False)],  # bag, then lost
                   [DieInPlay(i, f) for i, f in zip(names[n + b:], lost_faces, strict=True)], void_streak)
    return Resolution(out.tier, out.locked, tuple(_shown(d) for d in out.bag), tuple(_shown(d) for d in out.board),
                      tuple(_shown(d) for d in out.lost), out.reroll, out.end is not None, out.banked,
                      ids is not None, ids[:n] if ids else None, out.events, out.end, out.void_streak)


# ------------------------------------------------------------------ game state and transitions

@dataclass(frozen=True)
class State:
    """Whole game state; every transition returns a new State and a tuple of events."""

    rules: DicemantsRules = field(repr=False)
    scores: tuple[int, ...]
    current: int = 0
    bag: tuple[DieInPlay, ...] = ()
    board: tuple[DieInPlay, ...] = ()
    lost: tuple[DieInPlay, ...] = ()
    void_streak: int = 0
    phase: Phase = Phase.CHOOSE
    pending: int = 0  # dice still to draw (phase draw)
    winner: int | None = None
    turn: int = 1  # turns started in this game
    rolls: int = 0  # rolls made this turn
    drawn: int = 0  # dice drawn this turn


def new_game(rules: DicemantsRules, players: int) -> State:
    """A fresh game; player 0 starts choosing how many dice to roll."""
    lo, hi = rules.players
    if not lo <= players <= hi:
        raise ValueError(f"players: {players} outside {lo}..{hi}")
    return State(rules, (0,) * players)


def pool(state: State) -> tuple[str, ...]:
    """Ids of the dice not in the bag, on the board or in the lost zone (alphabetical)."""
    used = {d.id for d in state.bag + state.board + state.lost}
    return tuple(sorted(i for i, _ in state.rules.dice if i not in used))


def is_chance(state: State) -> bool:
    return state.phase in (Phase.DRAW, Phase.ROLL)


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.phase == Phase.CHOOSE:
        return tuple(Roll(n) for n in range(1, min(state.rules.max_dice, len(pool(state))) + 1))
    return (Reroll(), Stop()) if state.phase == Phase.DECIDE else ()


def chance_outcomes(state: State) -> list[tuple[str, Fraction]]:
    """[(outcome, probability)]: a die id drawn from the pool, or the face of the next die to roll."""
    if state.phase == Phase.DRAW:  # choosing the dice: dice drawn at random
        left = pool(state)
        return [(die_id, Fraction(1, len(left))) for die_id in left]
    if state.phase == Phase.ROLL:  # the row: each face 1/6 (equal faces merged)
        return list(_face_outcomes(state.rules, next(d.id for d in state.board if d.face is None)))
    return []


@lru_cache(maxsize=256)
def _face_outcomes(rules: DicemantsRules, die_id: str) -> tuple[tuple[str, Fraction], ...]:
    return tuple((f, Fraction(c, 6)) for f, c in Counter(rules.die_faces(die_id)).items())


def _end_turn(state: State, banked: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    score = state.scores[state.current] + banked  # banking: banking adds the bag to the score
    scores = state.scores[:state.current] + (score,) + state.scores[state.current + 1:]
    events.append(_ev(Kind.BANK, player=state.current, banked=banked, score=score))
    done = replace(state, scores=scores, bag=(), board=(), lost=(), void_streak=0, rolls=0, drawn=0)
    if score >= state.rules.goal:  # banking: reaching the goal at the end of a turn wins at once
        events.append(_ev(Kind.WIN, player=state.current, score=score))
        return replace(done, phase=Phase.OVER, winner=state.current), tuple(events)
    return replace(done, current=(state.current + 1) % len(scores), phase=Phase.CHOOSE, turn=state.turn + 1), \
        tuple(events)


def apply_chance(state: State, outcome: str) -> tuple[State, tuple[Event, ...]]:
    """Apply one chance outcome (as listed by chance_outcomes)."""
    player = state.current
    if state.phase == Phase.DRAW and outcome in pool(state):
        board = state.board + (DieInPlay(outcome),)
        left = state.pending - 1
        return (replace(state, board=board, pending=left, phase=Phase.DRAW if left else Phase.ROLL),
                (_ev(Kind.DRAW, player=player, die=outcome, position=len(board) - 1),))
    i = next((i for i, d in enumerate(state.board) if d.face is None), None)
    if state.phase != Phase.ROLL or i is None or outcome not in state.rules.die_faces(state.board[i].id):
        raise ValueError(f"outcome {outcome!r} is not possible in phase {state.phase}")
    board = state.board[:i] + (DieInPlay(state.board[i].id, outcome),) + state.board[i + 1:]
    if any(d.face is None for d in board):
        return replace(state, board=board), ()
    rolls = state.rolls + 1
    out = _resolve(state.rules, board, state.bag, state.lost, state.void_streak)
    events = [_ev(Kind.ROLL, player=player, roll=rolls, dice=board), *out.events]
    state = replace(state, bag=out.bag, lost=out.lost, board=out.board, void_streak=out.void_streak, rolls=rolls)
    if out.banked is not None:  # the turn ended (banked is set exactly when end is)
        return _end_turn(state, out.banked, events)
    if out.reroll == Again.MANDATORY:  # TNT and pick: the board dice are picked up and rolled again
        return replace(state, board=tuple(DieInPlay(d.id) for d in out.board), phase=Phase.ROLL), tuple(events)
    return replace(state, phase=Phase.DECIDE), tuple(events)  # re-roll or stop: re-roll or stop


def apply_action(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a player action (Roll(n), Reroll(), Stop())."""
    if action not in legal_actions(state):
        raise ValueError(f"illegal action {action!r} in phase {state.phase}")
    player = state.current
    if isinstance(action, Roll):  # choosing the dice: choose how many dice; bag and lost zone start empty
        return (replace(state, phase=Phase.DRAW, pending=action.n, drawn=action.n, rolls=0, void_streak=0),
                (_ev(Kind.TURN_START, player=player, turn=state.turn, dice=action.n),))
    if isinstance(action, Reroll):  # re-roll or stop: re-roll all the dice left on the board
        return (replace(state, board=tuple(DieInPlay(d.id) for d in state.board), phase=Phase.ROLL),
                (_ev(Kind.REROLL, mandatory=False, dice=tuple(d.id for d in state.board)),))
    banked = len(state.bag)  # re-roll or stop: stop and bank the bag
    return _end_turn(state, banked, [_ev(Kind.TURN_END, reason=End.STOPPED, banked=banked)])


# ------------------------------------------------------------------ work bounds

ODDS_BOUND = 250_000
"""The most rolls the exact odds of one rules file may enumerate, every number of dice together (about 9 s)."""
EXAMPLES_BOUND = 2_000_000
"""The most rolls the search for worked examples may list (about 1 s)."""


def _ways(counts: Sequence[int], n: int) -> int:
    """The ways to pick n of the dice and a face of each, counting each die's faces as `counts` different ones."""
    ways = [1] + [0] * n  # ways[k]: picks of k dice so far (the elementary symmetric sums of the counts)
    for c in counts:
        for k in range(n, 0, -1):
            ways[k] += ways[k - 1] * c
    return ways[n]


def _distinct(rules: DicemantsRules) -> list[int]:
    return [len(set(faces)) for _, faces in rules.dice]


def check_work(rules: DicemantsRules) -> None:
    """Refuse (TooMuchWork) rules whose exact odds or example search would run for minutes, before either starts."""
    counts = _distinct(rules)
    within("max_dice", "the exact odds of the first roll", sum(_ways(counts, n) for n in range(1, rules.max_dice + 1)),
           ODDS_BOUND, "rolls", "roll fewer dice at once, or give the dice fewer different faces")
    sizes = [n for n in EXAMPLE_SIZES if n <= rules.max_dice]
    within("dice", "the search for worked examples", sum(math.factorial(n) * _ways(counts, n) for n in sizes),
           EXAMPLES_BOUND, "rolls", "use fewer dice, or fewer different faces on each")


# ------------------------------------------------------------------ exact odds

@dataclass(frozen=True)
class Odds:
    """Exact odds of the first roll of a turn with n dice (empty bag and lost zone)."""

    n: int
    turn_ends: Fraction  # the roll ends the turn
    bust: Fraction  # the roll ends the turn and banks nothing
    ends_banking: Fraction  # the roll ends the turn and banks at least one diamond
    skull: Fraction  # the skull tier acts (bag and board diamonds lost)
    expected_bag: Fraction  # diamonds in the bag after the roll
    mandatory_reroll: Fraction | int  # the int 0 when no roll makes it mandatory
    tiers: tuple[tuple[str, Fraction | int], ...]  # ((tier, probability it acts), ...) in precedence order; 0 if never
    reroll: tuple[tuple[Again, Fraction | int], ...]  # (("mandatory", p), ("optional", p), ("none", p)); 0 if never
    total: Fraction  # sum over every enumerated draw and face (== 1)


def odds(rules: DicemantsRules, n: int) -> Odds:
    """Enumerate every draw of n dice and every face of each (1/6 each), exactly."""
    if not 1 <= n <= rules.max_dice:
        raise ValueError(f"n: expected 1..{rules.max_dice}, got {n}")
    within("max_dice", f"the exact odds of {n} dice", _ways(_distinct(rules), n), ODDS_BOUND, "rolls")
    draws = list(itertools.combinations([i for i, _ in rules.dice], n))
    cache: dict[tuple[str, ...], _Outcome] = {}
    tiers: dict[str, Fraction] = {}  # a tier that never acts is missing: it reads as the int 0
    reroll: dict[Again, Fraction] = {}
    total = ends = bust = skull = bag = Fraction(0)
    for draw in draws:
        per_die = [Counter(rules.die_faces(i)).items() for i in draw]
        for picks in itertools.product(*per_die):
            faces = tuple(f for f, _ in picks)
            p = Fraction(math.prod(c for _, c in picks), 6 ** n * len(draws))
            if faces not in cache:
                cache[faces] = _resolve(rules, [DieInPlay(str(k), f) for k, f in enumerate(faces)], (), (), 0)
            out = cache[faces]
            total += p
            tiers[out.tier] = tiers.get(out.tier, 0) + p
            reroll[out.reroll] = reroll.get(out.reroll, 0) + p
            ends += p if out.end else 0
            bust += p if out.end and not out.banked else 0
            skull += p if out.tier == TierId.SKULL else 0
            bag += p * len(out.bag)
    return Odds(n, ends, bust, ends - bust, skull, bag, reroll.get(Again.MANDATORY, 0),
                tuple((t, tiers.get(t, 0)) for t in rules.tiers), tuple((k, reroll.get(k, 0)) for k in Again), total)


# ------------------------------------------------------------------ worked examples

@dataclass(frozen=True)
class Example:
    """A worked example: the context before the roll, the roll and its resolution."""

    id: str  # the coverage goal it was chosen for
    covers: tuple[str, ...]  # every coverage goal it satisfies
    faces: tuple[str, ...]  # the roll, in rolling order
    bag: int  # diamonds already in the bag
    lost: tuple[str, ...]  # faces in the lost zone, oldest first
    void_streak: int  # all-void rolls just before this one
    prior: tuple[str, ...] | None  # the previous roll of the same dice, if it matters
    resolution: Resolution


def coverage_goals(rules: DicemantsRules) -> tuple[str, ...]:
    """What the worked examples must exercise, most specific first."""
    plain = rules.tiers.index(TierId.PLAIN)  # locked is a plain face: a tier below plain never acts with it
    return (tuple(f"locked-{t}" for i, t in enumerate(rules.tiers) if t in rules.locked_combines and i <= plain)
            + (("bug-fallback",) if rules.bug_takes_from_bag else ())
            + ("tnt-empty-lost", "tnt-return", "pick-alone", "void-streak", "skull-big-bag")
            + tuple(f"tier-{t}" for t in rules.tiers))


def _big_bag(rules: DicemantsRules) -> int:
    return max(1, rules.max_dice // 2)


def _goals_met(rules: DicemantsRules, faces: tuple[str, ...], bag: int, out: _Outcome) -> set[str]:
    """The coverage goals a roll meets, from its resolution (the dice's ids play no part)."""
    kinds = {e.kind for e in out.events}
    met = {f"tier-{out.tier}"}
    if out.locked and kinds & {Kind.TO_BAG, Kind.TO_LOST, Kind.FROM_LOST}:
        met.add(f"locked-{out.tier}")  # locked combined with a tier that moved dice
    if Kind.BUG_FALLBACK_BAG in kinds:
        met.add("bug-fallback")
    if out.tier == TierId.TNT:
        met.add("tnt-return" if Kind.FROM_LOST in kinds else "tnt-empty-lost")
    if out.tier == TierId.PICK and len(faces) == 1:
        met.add("pick-alone")
    if out.end == End.VOID_STREAK:
        met.add("void-streak")
    if out.tier == TierId.SKULL and bag >= _big_bag(rules):
        met.add("skull-big-bag")
    return met


def _sequences(rules: DicemantsRules, n: int) -> list[tuple[str, ...]]:
    """Every face sequence of length n the real dice can show, in a fixed order."""
    order = CORE_FACES + tuple(sorted(rules.bugs))
    seqs = {faces for dice in itertools.permutations(rules.dice, n)
            for faces in itertools.product(*(dict.fromkeys(fs) for _, fs in dice))}
    return sorted(seqs, key=lambda s: [order.index(f) for f in s])


def _setups(rules: DicemantsRules, n: int) -> Iterator[tuple[int, tuple[str, ...], int, tuple[str, ...] | None]]:
    """Contexts before a roll of n dice: (bag, lost, void_streak, prior), in a fixed order."""
    room = len(rules.dice) - n
    yield 0, (), 0, None  # a fresh turn
    for k in range(1, room + 1):
        yield k, (), 0, None  # diamonds already in the bag
    for k in range(1, room + 1):
        yield 0, ("diamond",) * k, 0, None  # diamonds already lost
    # Right after all-void rolls, with diamonds in the bag, so that the ending shows it banks them; last, so that
    # no other example tells of a streak that plays no part in it.
    if rules.void_streak_limit > 1:
        yield min(2, room), (), rules.void_streak_limit - 1, ("void",) * n


EXAMPLE_SIZES = (3, 2, 1, 4)
"""Dice per example roll, in order of preference: three dice show an interplay and stay readable."""


def derive_examples(rules: DicemantsRules, max_len: int = 4) -> list[Example]:
    """For each coverage goal not yet covered, the first possible roll (EXAMPLE_SIZES order) that meets it.

    Candidates: rolls of the preferred sizes up to max_len dice the real dice can show (fixed face
    order), each in every context of `_setups`; a goal no candidate meets (odd custom dice) is left out.
    """
    sizes = [n for n in EXAMPLE_SIZES if n <= min(max_len, rules.max_dice)]
    within("dice", "the search for worked examples",
           sum(math.factorial(n) * _ways(_distinct(rules), n) for n in sizes), EXAMPLES_BOUND, "rolls")
    goals = coverage_goals(rules)
    Setup = tuple[tuple[str, ...], int, tuple[str, ...], int, tuple[str, ...] | None]

    def candidates() -> Iterator[tuple[Setup, set[str]]]:
        for n in (k for k in EXAMPLE_SIZES if k <= min(max_len, rules.max_dice)):
            seqs = _sequences(rules, n)
            for bag, lost, streak, prior in _setups(rules, n):
                for faces in seqs:
                    # What the roll does does not depend on which dice show it: resolve it with stand-in ids,
                    # and ask whether the real dice can show it only of a roll that meets a goal.
                    out = _resolve(rules, [DieInPlay(f"r{i}", f) for i, f in enumerate(faces)],
                                   [DieInPlay(f"b{i}", "diamond") for i in range(bag)],
                                   [DieInPlay(f"l{i}", f) for i, f in enumerate(lost)], streak)
                    yield (faces, bag, lost, streak, prior), _goals_met(rules, faces, bag, out)

    resolved: dict[Setup, Resolution] = {}

    def resolution(setup: Setup) -> Resolution:
        if setup not in resolved:
            resolved[setup] = resolve_roll(rules, *setup)
        return resolved[setup]

    seen: list[tuple[Setup, set[str]]] = []
    chosen: list[Example] = []
    covered: set[str] = set()
    stream = candidates()
    for goal in goals:
        if goal in covered:
            continue
        i = 0
        while True:
            if i == len(seen):
                nxt = next(stream, None)
                if nxt is None:
                    break  # unreachable with these dice
                seen.append(nxt)
            setup, met = seen[i]
            i += 1
            if goal in met and resolution(setup).possible:  # the first possible roll that meets the goal
                faces, bag, lost, streak, prior = setup
                covers = tuple(g for g in goals if g in met)
                chosen.append(Example(goal, covers, faces, bag, lost, streak, prior, resolution(setup)))
                covered |= met
                break
    return chosen


# ------------------------------------------------------------------ strategies and simulation

@dataclass(frozen=True)
class Strategy:
    """dice(n): roll n dice at turn start; stop_at(k): stop once the bag holds >= k, or banking wins."""

    name: str
    dice: int
    stop_at: int

    def act(self, state: State) -> Action:
        if state.phase == Phase.CHOOSE:
            return Roll(min(self.dice, state.rules.max_dice, len(pool(state))))
        bag = len(state.bag)
        wins = state.scores[state.current] + bag >= state.rules.goal
        return Stop() if bag >= self.stop_at or wins else Reroll()


STRATEGIES = {
    "cautious": Strategy("cautious", dice=3, stop_at=2),
    "balanced": Strategy("balanced", dice=6, stop_at=3),
    "greedy": Strategy("greedy", dice=6, stop_at=5),
}



# ------------------------------------------------------------------ the Engine protocol

class DicemantsEngine(FunctionEngine[DicemantsRules, State]):
    """Dicemants behind the Engine protocol: the functions above, with its winners and its canonical key."""

    def __init__(self, rules: DicemantsRules) -> None:
        super().__init__(rules, start=new_game, chance=is_chance, actions=legal_actions, outcomes=chance_outcomes,
                         on_chance=apply_chance, on_action=apply_action)

    def mover(self, state: State) -> int | None:
        return None if state.phase == Phase.OVER else state.current

    def returns(self, state: State) -> tuple[Fraction, ...]:
        """1 to the winner, 0 to everyone else (the first to reach the goal wins alone)."""
        return tuple(Fraction(int(seat == state.winner)) for seat in range(len(state.scores)))

    def key(self, state: State) -> Hashable:
        """Everything the rest of the game depends on; the turn, roll and draw counters left out."""
        return (state.scores, state.current, state.bag, state.board, state.lost, state.void_streak,
                state.phase, state.pending, state.winner)
