"""Dead Man's Dice reference engine: piles, placing, plunder chains, round scoring, exact chance and odds."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeAlias

from ..chance import FunctionEngine
from ..events import Event as Event  # re-exported: the events this engine reports
from ..events import event as _ev

# ------------------------------------------------------------------ the game's words, as data


class DieKind(StrEnum):
    """The two kinds of die a pirate holds (the rules file's die ids)."""

    JOLLY_ROGER = "jolly-roger"
    REGULAR = "regular"


SKULL = "jolly-roger"
"""The face id of the skull and crossbones (on the Jolly Roger die, in place of its 1)."""
YOU = 0
"""The seat of the pirate whose turn an example or `pnp resolve` shows."""
PIRATES = 3
"""Pirates in every worked example: you and two rivals."""


class Way(StrEnum):
    """Why a die may go on a pile (placing) or be taken onto it (plunder: next and total only)."""

    NEW_PILE = "new_pile"  # an empty pile: the die starts a new one, whatever it shows
    SKULL = "skull"  # a skull and crossbones goes on any top
    MATCH = "match"  # the same number as the top die
    NEXT = "next"  # the top die's number + 1, never wrapping round
    TOTAL = "total"  # the two numbers add up to the pile total


class Phase(StrEnum):
    """Where a round stands."""

    BASE_CHOOSE = "base_choose"  # a pirate chooses the die for the base of their pile
    BASE_ROLL = "base_roll"  # chance: the next base die lands
    CHOOSE = "choose"  # the pirate to move chooses a die from their hand
    ROLL = "roll"  # chance: the rolled die lands
    KNOCK = "knock"  # chance: whether the rolled die knocks a pile over, and whose
    RESTART_CHOOSE = "restart_choose"  # a broadside's victim chooses a die to start a new pile
    RESTART_ROLL = "restart_roll"  # chance: that die lands
    PLUNDER = "plunder"  # the pirate to move may plunder a rival's top die, or end the turn
    OVER = "over"


class End(StrEnum):
    """Why a turn ended."""

    ISOLATED = "isolated"  # the die could not go on the pile
    NOTHING_TO_PLUNDER = "nothing_to_plunder"  # no rival's top die fits any more
    STOPPED = "stopped"  # the pirate chose to plunder no more
    KNOCKED_OVER = "knocked_over"  # the pirate knocked over their own pile


class Kind(StrEnum):
    """The kinds of event the engine reports; each event's fields are listed beside it."""

    ROUND_START = "round_start"  # round (from the second round on: a new game starts without one)
    PICK = "pick"  # player, die, purpose ("base", "turn" or "restart")
    BASE = "base"  # player, die, face
    BASE_TIE = "base_tie"  # players, number
    FIRST = "first"  # player, number
    ROLL = "roll"  # player, die, face
    KNOCK_OVER = "knock_over"  # player, returned (dice back to their owners' hands)
    BROADSIDE = "broadside"  # player, victim, returned, penalty, score
    RESTART = "restart"  # player, die, face
    PLACE = "place"  # player, die, face, top (the face below, or None), ways
    ISOLATED = "isolated"  # player, die, face, top
    NEVER_PLUNDERED = "never_plundered"  # player, rival, die, face, top, ways: a Jolly Roger top die that would fit
    PLUNDER = "plunder"  # player, rival, die, face, top, ways, left (dice left in the rival's pile)
    TURN_END = "turn_end"  # player, hand (dice left in the hand), reason (an End)
    ROUND_END = "round_end"  # player (who placed their last die), round
    SCORE = "score"  # player, pile (bottom to top), hand, points, doubled, keelhauled, score, total
    DICE_HOME = "dice_home"  # every die goes back to its owner's hand
    WIN = "win"  # players, totals


@dataclass(frozen=True, order=True)
class Die:
    """One physical die: its owner, its kind and which of the owner's dice of that kind it is."""

    owner: int
    kind: DieKind
    n: int = 0

    @property
    def is_jolly_roger(self) -> bool:
        return self.kind == DieKind.JOLLY_ROGER


@dataclass(frozen=True)
class Placed:
    """A die in a pile, showing the face it landed on."""

    die: Die
    face: str


@dataclass(frozen=True)
class DeadMansRules:
    """Every rule parameter of Dead Man's Dice, from the rules file; validated (ValueError) on construction."""

    numbers: tuple[tuple[str, int], ...]
    """Each face id and the number it counts as for placing (the skull counts as 1)."""
    dice: tuple[tuple[DieKind, tuple[str, ...], int], ...]
    """Each kind of die: its six faces and how many each pirate holds."""
    goal: int
    skull_value: int
    """What a skull and crossbones is worth in a pile at the end of a round."""
    keelhaul_penalty: int
    broadside_penalty: int
    pile_total: int
    """Two numbers that add up to this may be stacked (rule 3) or plundered."""
    knock_over_chance: int
    """Percent: the chance a rolled die knocks a pile over (a physical event)."""
    players: tuple[int, int]
    """(min, max)."""

    def __post_init__(self) -> None:
        numbers = tuple((str(face), number) for face, number in self.numbers)
        dice = tuple((DieKind(kind), tuple(faces), count) for kind, faces, count in self.dice)
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "players", tuple(self.players))
        known = {face for face, _ in numbers}
        if any(isinstance(n, bool) or not isinstance(n, int) for _, n in numbers):
            raise ValueError("faces: every face needs a whole number to count as")
        if sorted(kind for kind, _, _ in dice) != sorted(DieKind):
            raise ValueError(f"dice: need exactly one of each kind {[str(k) for k in DieKind]}")
        for kind, faces, count in dice:
            if len(faces) != 6 or not set(faces) <= known:
                raise ValueError(f"dice: die {kind} needs six faces defined under faces, got {list(faces)}")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"dice: {kind} per player must be 0 or more, got {count!r}")
        if sum(count for _, _, count in dice) < 2:
            raise ValueError("dice: a pirate needs at least two dice (a base and one to roll)")
        for name in ("goal", "skull_value", "keelhaul_penalty", "broadside_penalty", "pile_total",
                     "knock_over_chance"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "goal" else 0):
                raise ValueError(f"{name}: expected a whole number of at least {1 if name == 'goal' else 0}, "
                                 f"got {value!r}")
        if self.knock_over_chance > 100:
            raise ValueError(f"knock_over_chance: a percentage, 0 to 100, got {self.knock_over_chance}")
        if len(self.players) != 2 or not 2 <= self.players[0] <= self.players[1]:
            raise ValueError(f"players: expected (min, max) with 2 <= min <= max, got {self.players}")

    def number(self, face: str) -> int:
        """The number a face counts as for placing and plundering (a skull counts as 1)."""
        return _numbers(self)[face]

    def faces(self, kind: DieKind) -> tuple[str, ...]:
        """The six faces of a kind of die."""
        return next(faces for k, faces, _ in self.dice if k == kind)

    def per_player(self, kind: DieKind) -> int:
        """How many dice of a kind each pirate holds."""
        return next(count for k, _, count in self.dice if k == kind)

    def worth(self, face: str) -> int:
        """What a face is worth in a pile at the end of a round: its number; a skull the skull value."""
        return self.skull_value if face == SKULL else self.number(face)

    def pirate_dice(self, owner: int) -> tuple[Die, ...]:
        """Every die a pirate owns, in a fixed order (the Jolly Roger dice first)."""
        return tuple(Die(owner, kind, n) for kind in DieKind for n in range(self.per_player(kind)))


@lru_cache(maxsize=64)
def _numbers(rules: DeadMansRules) -> dict[str, int]:
    return dict(rules.numbers)


# ------------------------------------------------------------------ placing and plundering

def placing_ways(rules: DeadMansRules, top: str | None, face: str) -> tuple[Way, ...]:
    """Every reason a rolled face may go on a pile whose top die shows `top` (None: an empty pile); () if none."""
    if top is None:
        return (Way.NEW_PILE,)  # a pile plundered away: the die starts a new pile, whatever it shows
    ways = [Way.SKULL] if face == SKULL else []  # a skull and crossbones goes on any top
    under, number = rules.number(top), rules.number(face)  # a skull on top counts as its number (1)
    if number == under:
        ways.append(Way.MATCH)  # rule 1: the same number
    if number == under + 1:
        ways.append(Way.NEXT)  # rule 2: the next number up, top + 1, no wrap-around
    if number + under == rules.pile_total:
        ways.append(Way.TOTAL)  # rule 3: the two total the pile total
    return tuple(ways)


def plunder_ways(rules: DeadMansRules, top: str, taken: Placed) -> tuple[Way, ...]:
    """Why a rival's top die may be taken onto a pile topped by `top`: next number up or the total, never a match.

    Empty for a Jolly Roger die: it is never plundered, whatever it shows.
    """
    if taken.die.is_jolly_roger:
        return ()
    return tuple(w for w in placing_ways(rules, top, taken.face) if w in (Way.NEXT, Way.TOTAL))


def fitting_jolly_rogers(rules: DeadMansRules, piles: Sequence[Sequence[Placed]], me: int) -> tuple[int, ...]:
    """Rivals whose top die is a Jolly Roger die that would fit by number: it is never plundered."""
    if not piles[me]:
        return ()
    top = piles[me][-1].face
    return tuple(r for r, pile in enumerate(piles) if r != me and pile and pile[-1].die.is_jolly_roger
                 and plunder_ways(rules, top, Placed(Die(r, DieKind.REGULAR), pile[-1].face)))


def plunder_targets(rules: DeadMansRules, piles: Sequence[Sequence[Placed]], me: int) -> tuple[int, ...]:
    """The rivals whose top die may be plundered right now, in seat order."""
    if not piles[me]:
        return ()
    top = piles[me][-1].face
    return tuple(r for r, pile in enumerate(piles) if r != me and pile and plunder_ways(rules, top, pile[-1]))


def longest_plunder(rules: DeadMansRules, piles: Sequence[Sequence[Placed]], me: int) -> tuple[int, ...]:
    """The rivals to plunder, in order, that take the most dice this turn (ties: the lowest seats first).

    Each plundered die becomes the new top, so the order matters; every order is searched.
    """
    lengths = tuple(len(p) for p in piles)
    memo: dict[tuple[str | None, tuple[int, ...]], tuple[int, ...]] = {}

    def best(top: str | None, left: tuple[int, ...]) -> tuple[int, ...]:
        key = (top, left)
        if key not in memo:
            found: tuple[int, ...] = ()
            for r, n in enumerate(left):
                if r == me or n == 0 or top is None:
                    continue
                taken = piles[r][n - 1]
                if plunder_ways(rules, top, taken):
                    chain = (r,) + best(taken.face, left[:r] + (n - 1,) + left[r + 1:])
                    if len(chain) > len(found):
                        found = chain
            memo[key] = found
        return memo[key]

    return best(piles[me][-1].face if piles[me] else None, lengths)


@dataclass(frozen=True)
class PileScore:
    """A pile's score at the end of a round: the points of its dice, doubled under a skull, keelhauled."""

    points: int
    doubled: bool
    keelhauled: bool
    score: int


def score_pile(rules: DeadMansRules, faces: Sequence[str], jolly_roger_in_hand: bool) -> PileScore:
    """Scoring: add up the pile (a skull worth the skull value), double it with a skull on top, minus keelhauling."""
    points = sum(rules.worth(f) for f in faces)  # the sum of the pile; a skull is worth the skull value
    doubled = bool(faces) and faces[-1] == SKULL  # a skull and crossbones on top doubles the pile
    score = points * 2 if doubled else points
    if jolly_roger_in_hand:
        score -= rules.keelhaul_penalty  # keelhauled: the Jolly Roger die is still in the hand
    return PileScore(points, doubled, jolly_roger_in_hand, score)


# ------------------------------------------------------------------ events and actions

@dataclass(frozen=True)
class Roll:
    """Take a die of this kind from your hand and roll it (a base die, a turn's die or a new pile's die)."""

    kind: DieKind


@dataclass(frozen=True)
class Plunder:
    """Take this rival's top die onto your pile."""

    rival: int


@dataclass(frozen=True)
class EndTurn:
    """Plunder no more: the turn ends."""


Action: TypeAlias = Roll | Plunder | EndTurn
"""A player action."""


@dataclass(frozen=True)
class Knock:
    """Chance outcome after a die lands: the pile it knocked over (None: it knocked nothing over)."""

    pile: int | None


# ------------------------------------------------------------------ game state and transitions

@dataclass(frozen=True)
class State:
    """Whole game state; every transition returns a new State and a tuple of events."""

    rules: DeadMansRules = field(repr=False)
    scores: tuple[int, ...]
    hands: tuple[tuple[Die, ...], ...]
    piles: tuple[tuple[Placed, ...], ...]
    phase: Phase = Phase.BASE_CHOOSE
    current: int = 0
    """The pirate to move; in the base phases, the one choosing or whose base die lands next."""
    bases: tuple[Die | None, ...] = ()
    """The base die each pirate chose this round (base phases only)."""
    rolling: Die | None = None
    """The die in the air, and its face once it has landed."""
    face: str | None = None
    victim: int | None = None
    """A broadside's victim, starting a new pile at once."""
    restart: Die | None = None
    """The die that victim rolls."""
    winners: tuple[int, ...] = ()
    round: int = 1
    turns: int = 0
    """Turns played in the game (a counter, left out of the key)."""
    first: int | None = None
    """Who went first this round."""
    first_topped: Fraction = Fraction(0)
    """Rounds in which the pirate who went first scored the most (a tie shares it)."""


def new_game(rules: DeadMansRules, players: int) -> State:
    """A fresh game: every pirate holds their dice; pirate 0 is the first to choose a base die."""
    lo, hi = rules.players
    if not lo <= players <= hi:
        raise ValueError(f"players: {players} outside {lo}..{hi}")
    return State(rules, (0,) * players, tuple(rules.pirate_dice(p) for p in range(players)),
                 ((),) * players, bases=(None,) * players)


def is_chance(state: State) -> bool:
    return state.phase in (Phase.BASE_ROLL, Phase.ROLL, Phase.KNOCK, Phase.RESTART_ROLL)


def mover(state: State) -> int:
    """The pirate whose decision it is (a broadside's victim while they restart)."""
    return state.victim if state.phase == Phase.RESTART_CHOOSE and state.victim is not None else state.current


def _kinds(hand: Sequence[Die]) -> tuple[DieKind, ...]:
    return tuple(k for k in DieKind if any(d.kind == k for d in hand))


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.phase in (Phase.BASE_CHOOSE, Phase.CHOOSE, Phase.RESTART_CHOOSE):
        return tuple(Roll(k) for k in _kinds(state.hands[mover(state)]))  # any die from the hand
    if state.phase == Phase.PLUNDER:
        return tuple(Plunder(r) for r in plunder_targets(state.rules, state.piles, state.current)) + (EndTurn(),)
    return ()


def chance_outcomes(state: State) -> list[tuple[Any, Fraction]]:
    """[(outcome, probability)]: a face of the die in the air (1/6 each, equal faces merged), or a knock-over."""
    rules = state.rules
    if state.phase == Phase.KNOCK:
        standing = [p for p, pile in enumerate(state.piles) if pile]
        c = Fraction(rules.knock_over_chance, 100)  # a physical event: the rules file's chance
        out: list[tuple[Any, Fraction]] = [(Knock(None), 1 - c)] if c < 1 else []
        return out + [(Knock(p), c / len(standing)) for p in standing]
    if state.phase == Phase.BASE_ROLL:
        die = _next_base(state)
    else:
        die = {Phase.ROLL: state.rolling, Phase.RESTART_ROLL: state.restart}.get(state.phase)
    return [] if die is None else list(_face_outcomes(rules, die.kind))


@lru_cache(maxsize=64)
def _face_outcomes(rules: DeadMansRules, kind: DieKind) -> tuple[tuple[str, Fraction], ...]:
    faces = rules.faces(kind)
    return tuple((f, Fraction(faces.count(f), 6)) for f in dict.fromkeys(faces))


def _next_base(state: State) -> Die | None:
    seat = next((p for p, pile in enumerate(state.piles) if not pile), None)
    return None if seat is None else state.bases[seat]


def _set(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1:]


def _take(hand: tuple[Die, ...], kind: DieKind) -> tuple[Die, tuple[Die, ...]]:
    die = next(d for d in hand if d.kind == kind)  # the dice of a kind are alike: take the first
    return die, tuple(d for d in hand if d != die)


def apply_action(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a player action: Roll(kind), Plunder(rival) or EndTurn()."""
    if action not in legal_actions(state):
        raise ValueError(f"illegal action {action!r} in phase {state.phase}")
    seat = mover(state)
    if isinstance(action, Roll):
        die, hand = _take(state.hands[seat], action.kind)
        hands = _set(state.hands, seat, hand)
        if state.phase == Phase.BASE_CHOOSE:  # setup: everyone picks a base die, then they all roll
            bases = _set(state.bases, seat, die)
            done = seat + 1 == len(state.hands)
            return (replace(state, hands=hands, bases=bases, current=0 if done else seat + 1,
                            phase=Phase.BASE_ROLL if done else Phase.BASE_CHOOSE),
                    (_ev(Kind.PICK, player=seat, die=die, purpose="base"),))
        if state.phase == Phase.RESTART_CHOOSE:  # broadside: the victim rolls at once to start a new pile
            return (replace(state, hands=hands, restart=die, phase=Phase.RESTART_ROLL),
                    (_ev(Kind.PICK, player=seat, die=die, purpose="restart"),))
        return (replace(state, hands=hands, rolling=die, phase=Phase.ROLL, turns=state.turns + 1),
                (_ev(Kind.PICK, player=seat, die=die, purpose="turn"),))
    if isinstance(action, Plunder):  # plunder: the rival's top die goes on your pile
        rules, me, pile = state.rules, state.current, state.piles[action.rival]
        taken, top = pile[-1], state.piles[me][-1]
        piles = _set(_set(state.piles, action.rival, pile[:-1]), me, state.piles[me] + (taken,))
        events = [_ev(Kind.PLUNDER, player=me, rival=action.rival, die=taken.die, face=taken.face, top=top.face,
                      ways=plunder_ways(rules, top.face, taken), left=len(pile) - 1)]
        return _after_top_change(replace(state, piles=piles), events)
    return _end_turn(state, [], End.STOPPED)  # plunder no more


def _after_top_change(state: State, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """A new top die: say which Jolly Roger tops would fit but are safe; plunder on if anything fits, else end."""
    rules, me = state.rules, state.current
    for r in fitting_jolly_rogers(rules, state.piles, me):  # a Jolly Roger die is never plundered
        top, guarded = state.piles[me][-1], state.piles[r][-1]
        events.append(_ev(Kind.NEVER_PLUNDERED, player=me, rival=r, die=guarded.die, face=guarded.face, top=top.face,
                          ways=plunder_ways(rules, top.face, Placed(Die(r, DieKind.REGULAR), guarded.face))))
    if plunder_targets(rules, state.piles, me):
        return replace(state, phase=Phase.PLUNDER), tuple(events)  # plunder: any number per turn
    return _end_turn(state, events, End.NOTHING_TO_PLUNDER)


def apply_chance(state: State, outcome: Any) -> tuple[State, tuple[Event, ...]]:
    """Apply one chance outcome (as listed by chance_outcomes)."""
    if outcome not in dict(chance_outcomes(state)):
        raise ValueError(f"outcome {outcome!r} is not possible in phase {state.phase}")
    if state.phase == Phase.BASE_ROLL:
        return _base_lands(state, outcome)
    if state.phase == Phase.RESTART_ROLL:
        assert state.victim is not None and state.restart is not None
        victim, die = state.victim, state.restart  # the victim's new pile
        piles = _set(state.piles, victim, (Placed(die, outcome),))
        landed = replace(state, piles=piles, victim=None, restart=None)
        return _lands(landed, [_ev(Kind.RESTART, player=victim, die=die, face=outcome)])
    if state.phase == Phase.KNOCK:
        assert isinstance(outcome, Knock)
        return _knock(state, outcome.pile)
    assert state.rolling is not None
    rolled = replace(state, face=outcome)
    events = [_ev(Kind.ROLL, player=state.current, die=state.rolling, face=outcome)]
    if state.rules.knock_over_chance and any(state.piles):  # a broadside is a chance step when the rules give one
        return replace(rolled, phase=Phase.KNOCK), tuple(events)
    return _lands(rolled, events)


def _base_lands(state: State, face: str) -> tuple[State, tuple[Event, ...]]:
    rules = state.rules
    seat = next(p for p, pile in enumerate(state.piles) if not pile)
    die = state.bases[seat]
    assert die is not None
    piles = _set(state.piles, seat, (Placed(die, face),))
    events = [_ev(Kind.BASE, player=seat, die=die, face=face)]
    if any(not pile for pile in piles):
        return replace(state, piles=piles), tuple(events)
    numbers = [rules.number(pile[0].face) for pile in piles]  # a skull base counts as its number (1)
    low = min(numbers)
    lowest = tuple(p for p, n in enumerate(numbers) if n == low)
    if len(lowest) > 1:  # a tie for the lowest number: everyone rolls their base die again
        events.append(_ev(Kind.BASE_TIE, players=lowest, number=low))
        return replace(state, piles=((),) * len(piles)), tuple(events)
    events.append(_ev(Kind.FIRST, player=lowest[0], number=low))  # the lowest number goes first
    return (replace(state, piles=piles, bases=(None,) * len(piles), current=lowest[0], first=lowest[0],
                    phase=Phase.CHOOSE), tuple(events))


def _returned(pile: Sequence[Placed]) -> tuple[Die, ...]:
    return tuple(sorted(p.die for p in pile))


def _home(hands: tuple[tuple[Die, ...], ...], dice: Sequence[Die]) -> tuple[tuple[Die, ...], ...]:
    """Dice go back to their owners' hands."""
    return tuple(tuple(sorted(hand + tuple(d for d in dice if d.owner == p))) for p, hand in enumerate(hands))


def _knock(state: State, pile: int | None) -> tuple[State, tuple[Event, ...]]:
    if pile is None:
        return _lands(state, [])
    rules, me = state.rules, state.current
    assert state.rolling is not None
    returned = _returned(state.piles[pile])
    if pile == me:  # knocking over your own pile: every die home, the rolled one too; restart next turn
        hands = _home(state.hands, returned + (state.rolling,))
        knocked = replace(state, hands=hands, piles=_set(state.piles, me, ()), rolling=None, face=None)
        return _end_turn(knocked, [_ev(Kind.KNOCK_OVER, player=me, returned=returned)], End.KNOCKED_OVER)
    score = state.scores[me] - rules.broadside_penalty  # knocking over a rival's pile costs the penalty
    events = [_ev(Kind.BROADSIDE, player=me, victim=pile, returned=returned, penalty=rules.broadside_penalty,
                  score=score)]
    return (replace(state, scores=_set(state.scores, me, score), hands=_home(state.hands, returned),
                    piles=_set(state.piles, pile, ()), victim=pile, phase=Phase.RESTART_CHOOSE), tuple(events))


def _lands(state: State, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """The rolled die has landed: it goes on the pile if it can (placing is compulsory), else back to the hand."""
    rules, me, die, face = state.rules, state.current, state.rolling, state.face
    assert die is not None and face is not None
    pile = state.piles[me]
    top = pile[-1].face if pile else None
    ways = placing_ways(rules, top, face)
    state = replace(state, rolling=None, face=None)
    if not ways:  # isolated: the die goes back to the hand and the turn ends
        events.append(_ev(Kind.ISOLATED, player=me, die=die, face=face, top=top))
        return _end_turn(replace(state, hands=_home(state.hands, (die,))), events, End.ISOLATED)
    events.append(_ev(Kind.PLACE, player=me, die=die, face=face, top=top, ways=ways))
    return _after_top_change(replace(state, piles=_set(state.piles, me, pile + (Placed(die, face),))), events)


def _end_turn(state: State, events: list[Event], reason: End) -> tuple[State, tuple[Event, ...]]:
    me = state.current
    events.append(_ev(Kind.TURN_END, player=me, hand=len(state.hands[me]), reason=reason))
    if not state.hands[me]:  # the last die placed (and plundering done): the round ends
        return _end_round(state, events)
    return replace(state, current=(me + 1) % len(state.hands), phase=Phase.CHOOSE), tuple(events)


def _end_round(state: State, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    rules = state.rules
    events.append(_ev(Kind.ROUND_END, player=state.current, round=state.round))
    scores, totals = [], list(state.scores)
    for p, pile in enumerate(state.piles):
        faces = tuple(placed.face for placed in pile)
        held = any(d.is_jolly_roger for d in state.hands[p])  # keelhauled: the Jolly Roger die is still held
        result = score_pile(rules, faces, held)
        totals[p] += result.score
        scores.append(result.score)
        events.append(_ev(Kind.SCORE, player=p, pile=pile, hand=state.hands[p], points=result.points,
                          doubled=result.doubled, keelhauled=result.keelhauled, score=result.score, total=totals[p]))
    best = [p for p, s in enumerate(scores) if s == max(scores)]
    topped = state.first_topped + (Fraction(1, len(best)) if state.first in best else 0)
    events.append(_ev(Kind.DICE_HOME))  # every die goes back to its owner
    n = len(state.hands)
    done = replace(state, scores=tuple(totals), hands=tuple(rules.pirate_dice(p) for p in range(n)),
                   piles=((),) * n, first_topped=topped, first=None)
    winners = tuple(p for p, t in enumerate(totals) if t >= rules.goal)  # reaching the goal at a round's end wins
    if winners:
        events.append(_ev(Kind.WIN, players=winners, totals=tuple(totals)))
        return replace(done, phase=Phase.OVER, winners=winners), tuple(events)
    events.append(_ev(Kind.ROUND_START, round=state.round + 1))  # the next round is set up like the first
    return (replace(done, phase=Phase.BASE_CHOOSE, current=0, bases=(None,) * n, round=state.round + 1),
            tuple(events))


# ------------------------------------------------------------------ exact odds

def placing_chance(rules: DeadMansRules, kind: DieKind, top: str) -> Fraction:
    """The chance that a die of this kind, rolled now, can go on a pile topped by `top`."""
    return sum((p for f, p in _face_outcomes(rules, kind) if placing_ways(rules, top, f)), Fraction(0))


def clean_run_chance(rules: DeadMansRules, top: str, hand: Sequence[DieKind]) -> Fraction:
    """The chance of placing every die of `hand` without being isolated once, rolling them in the best order.

    Only your own placing counts: no pile changes by plunder meanwhile.
    """
    return _clean_run(rules, rules.number(top), tuple(sorted(hand)))


@lru_cache(maxsize=4096)
def _clean_run(rules: DeadMansRules, top: int, hand: tuple[DieKind, ...]) -> Fraction:
    if not hand:
        return Fraction(1)
    under = _face_of(rules, top)
    best = Fraction(0)
    for kind in dict.fromkeys(hand):  # the best die to roll next
        rest = list(hand)
        rest.remove(kind)
        chance = sum((p * _clean_run(rules, rules.number(f), tuple(rest))
                      for f, p in _face_outcomes(rules, kind) if placing_ways(rules, under, f)), Fraction(0))
        best = max(best, chance)
    return best


def _face_of(rules: DeadMansRules, number: int) -> str:
    """A face counting as this number (a top die is only ever read by its number)."""
    return next(f for f, n in rules.numbers if n == number)


def top_faces(rules: DeadMansRules) -> tuple[str, ...]:
    """One face per number a top die can count as, lowest first (a skull on top counts as its number)."""
    numbers = sorted({rules.number(f) for kind in DieKind for f in rules.faces(kind)})
    return tuple(next(f for f in rules.faces(DieKind.REGULAR) + rules.faces(DieKind.JOLLY_ROGER)
                      if rules.number(f) == n) for n in numbers)


# ------------------------------------------------------------------ a position from the piles alone

def seat_position(rules: DeadMansRules, piles: Sequence[Sequence[tuple[DieKind, str]]],
                  roll: tuple[DieKind, str]) -> State:
    """Your roll (pirate 0) landing on the piles given bottom to top, each die as (kind, face): owners inferred.

    A Jolly Roger die is never plundered, so only its owner's can be in a pile; a pile's bottom die is its
    owner's (a pile is only ever started by its owner); every rival still holds a die (else the round would be
    over), and you rolled a die from your hand. ValueError, with the reason, when no dice can make the position.
    """
    n = len(piles)
    lo, hi = rules.players
    if not lo <= n <= hi:
        raise ValueError(f"{n} pirates (you and {n - 1} rivals): the game is for {lo} to {hi}")
    for pile in list(piles) + [[roll]]:
        for kind, face in pile:
            if face not in rules.faces(kind):
                raise ValueError(f"a {kind} die has no {face} face")
    per = {kind: rules.per_player(kind) for kind in DieKind}
    total = sum(per.values())
    jolly = [sum(1 for kind, _ in pile if kind == DieKind.JOLLY_ROGER) for pile in piles]
    for p, count in enumerate(jolly):
        if count > per[DieKind.JOLLY_ROGER]:
            who = "your pile" if p == YOU else f"rival {p}'s pile"
            raise ValueError(f"{who} holds {count} Jolly Roger dice, but a Jolly Roger die is never plundered, "
                             f"so a pile holds only its owner's ({per[DieKind.JOLLY_ROGER]})")
    rolled = {kind: int(roll[0] == kind) for kind in DieKind}
    if jolly[YOU] + rolled[DieKind.JOLLY_ROGER] > per[DieKind.JOLLY_ROGER]:
        raise ValueError("you cannot roll a Jolly Roger die: yours is already in your pile")
    fixed = [int(bool(pile) and pile[0][0] == DieKind.REGULAR) for pile in piles]  # the bottom die: the owner's
    room = []
    for p in range(n):
        out = jolly[p] + fixed[p] + (1 if p == YOU else 0)  # dice of p's outside p's hand
        regular = per[DieKind.REGULAR] - fixed[p] - (rolled[DieKind.REGULAR] if p == YOU else 0)
        room.append(min(regular, total - (0 if p == YOU else 1) - out))
    free = sum(sum(1 for kind, _ in pile[1:] if kind == DieKind.REGULAR) for pile in piles)
    if min(room) < 0 or free > sum(room):
        raise ValueError(f"{n} pirates hold {per[DieKind.REGULAR]} regular dice each: not enough for these piles "
                         "and your roll, with a die still in each rival's hand")
    counts: dict[tuple[int, DieKind], int] = {}

    def die(owner: int, kind: DieKind) -> Die:
        counts[owner, kind] = counts.get((owner, kind), 0) + 1
        return Die(owner, kind, counts[owner, kind] - 1)

    placed: list[tuple[Placed, ...]] = []
    for p, pile in enumerate(piles):
        row = []
        for i, (kind, face) in enumerate(pile):
            if kind == DieKind.JOLLY_ROGER or i == 0:
                owner = p
            else:  # a plundered or placed regular die: the pile's owner if they have one left, else a rival
                owner = next(q for q in [p] + [q for q in range(n) if q != p] if room[q] > 0)
                room[owner] -= 1
            row.append(Placed(die(owner, kind), face))
        placed.append(tuple(row))
    rolling = die(YOU, roll[0])
    hands = tuple(tuple(d for d in rules.pirate_dice(p) if (p, d.kind) not in counts or d.n >= counts[p, d.kind])
                  for p in range(n))
    return State(rules, (0,) * n, hands, tuple(placed), Phase.ROLL, current=YOU, rolling=rolling)


# ------------------------------------------------------------------ strategies

@dataclass(frozen=True)
class Strategy:
    """When to roll the Jolly Roger die (`early`: as the base die; `late`: last) and how to plunder.

    plunder `longest`: the order that takes the most dice; `keep-skull`: the same, but never over your own skull.
    """

    name: str
    jolly_roger: str
    plunder: str

    def act(self, state: State) -> Action:
        legal = legal_actions(state)
        if state.phase == Phase.PLUNDER:
            pile = state.piles[state.current]
            if self.plunder == "keep-skull" and pile[-1].face == SKULL:
                return EndTurn()  # a skull on top doubles the pile: keep it there
            chain = longest_plunder(state.rules, state.piles, state.current)
            return Plunder(chain[0]) if chain else EndTurn()
        kinds = [a.kind for a in legal if isinstance(a, Roll)]
        early = self.jolly_roger == "early" and state.phase == Phase.BASE_CHOOSE
        if DieKind.JOLLY_ROGER in kinds and (early or kinds == [DieKind.JOLLY_ROGER]):
            return Roll(DieKind.JOLLY_ROGER)
        if self.jolly_roger == "best" and state.phase == Phase.CHOOSE and state.piles[state.current]:
            top = state.piles[state.current][-1].face
            return Roll(max(kinds, key=lambda k: (placing_chance(state.rules, k, top), k == DieKind.REGULAR)))
        return Roll(DieKind.REGULAR if DieKind.REGULAR in kinds else kinds[0])

    def describe(self) -> str:
        when = {"early": "Jolly Roger die as the base", "late": "Jolly Roger die last",
                "best": "the die most likely to go on"}[self.jolly_roger]
        how = {"longest": "plunders the longest chain", "keep-skull": "longest chain, but never covers its skull"}
        return f"{when}; {how[self.plunder]}"


STRATEGIES = {
    "jolly-early": Strategy("jolly-early", "early", "longest"),
    "jolly-last": Strategy("jolly-last", "late", "longest"),
    "greedy": Strategy("greedy", "best", "longest"),
    "skull-keeper": Strategy("skull-keeper", "best", "keep-skull"),
}
"""The named ways to play that `pnp simulate` seats."""


# ------------------------------------------------------------------ worked examples

@dataclass(frozen=True)
class Example:
    """A worked example: the position before, the events of one turn (or the round's start), the position after."""

    id: str
    before: State
    events: tuple[Event, ...]
    after: State


def coverage_goals(rules: DeadMansRules) -> tuple[str, ...]:
    """What the worked examples must show, in the order the rulebook prints them."""
    return ("first-player", "match", "next", "total", "skull", "isolated", "new-pile", "last-die")


def _walk(rules: DeadMansRules, state: State, choose: Callable[[State], Action], stop: Callable[[State], bool],
          faces: list[Any]) -> tuple[State, tuple[Event, ...]]:
    """Play on with the given faces (knock-overs never happen) and choices, until `stop` holds or the faces run out."""
    events: list[Event] = []
    while not stop(state):
        if is_chance(state):
            if not faces and state.phase != Phase.KNOCK:
                break
            outcome = Knock(None) if state.phase == Phase.KNOCK else faces.pop(0)
            state, evs = apply_chance(state, outcome)
        else:
            state, evs = apply_action(state, choose(state))
        events.extend(evs)
    return state, tuple(events)


def _longest(state: State) -> Action:
    """The examples plunder the longest chain."""
    chain = longest_plunder(state.rules, state.piles, state.current)
    return Plunder(chain[0]) if chain else EndTurn()


def _position(rules: DeadMansRules, rng: random.Random, pirates: int
              ) -> tuple[tuple[tuple[Die, ...], ...], tuple[tuple[Placed, ...], ...]]:
    """A position from a few random legal turns after the base dice: (hands, piles); every pirate keeps a die."""
    hands = [list(rules.pirate_dice(p)) for p in range(pirates)]
    piles: list[list[Placed]] = [[] for _ in range(pirates)]
    for p in range(pirates):
        die = hands[p].pop(rng.randrange(len(hands[p])))
        piles[p].append(Placed(die, rng.choice(rules.faces(die.kind))))
    for _ in range(rng.randrange(2, 8)):
        p = rng.randrange(pirates)
        if len(hands[p]) <= 1:
            continue  # nobody has placed their last die: the round goes on
        die = hands[p][rng.randrange(len(hands[p]))]
        face = rng.choice(rules.faces(die.kind))
        if not placing_ways(rules, piles[p][-1].face if piles[p] else None, face):
            continue  # isolated: the die goes back to the hand
        hands[p].remove(die)
        piles[p].append(Placed(die, face))
        while (targets := plunder_targets(rules, piles, p)) and rng.randrange(3):
            r = rng.choice(targets)
            piles[p].append(piles[r].pop())
    return tuple(tuple(h) for h in hands), tuple(tuple(pile) for pile in piles)


def _turns(rules: DeadMansRules, seed: str, pirates: int, tries: int) -> Iterator[Example]:
    """Your turn in random positions (a seeded, fixed stream): every die in your hand, every face it can show."""
    rng = random.Random(seed)
    for _ in range(tries):
        hands, piles = _position(rules, rng, pirates)
        start = State(rules, (0,) * pirates, hands, piles, Phase.CHOOSE, current=YOU)
        for kind in sorted(_kinds(hands[YOU]), key=lambda k: k != DieKind.REGULAR):  # regular dice first
            chosen, _ = apply_action(start, Roll(kind))
            for face in dict.fromkeys(rules.faces(kind)):
                after, events = _walk(rules, chosen, _longest,
                                      lambda s: s.phase in (Phase.CHOOSE, Phase.BASE_CHOOSE, Phase.OVER), [face])
                yield Example("", chosen, events, after)


def _of(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def _meets(rules: DeadMansRules, goal: str, ex: Example) -> bool:
    """Whether your turn shows a goal, plainly: nothing else in it that the example is not about."""
    events = ex.events
    place = _of(events, Kind.PLACE)
    plunders = _of(events, Kind.PLUNDER)
    guarded = _of(events, Kind.NEVER_PLUNDERED)
    round_ends = bool(_of(events, Kind.ROUND_END))
    ways = place[0]["ways"] if place else ()
    before = ex.before.piles
    if goal == "last-die":
        scores = _of(events, Kind.SCORE)
        return (all(before) and bool(place) and place[0]["face"] != SKULL and len(plunders) >= 1 and round_ends
                and not guarded
                and any(s["doubled"] for s in scores if s["player"] != YOU)
                and any(s["keelhauled"] for s in scores if s["player"] != YOU)
                and not any(s["doubled"] or s["keelhauled"] for s in scores if s["player"] == YOU))
    if round_ends or not all(before):
        return (goal == "new-pile" and not round_ends and not before[YOU] and all(before[1:])
                and place[0]["face"] != SKULL and any(e["die"].owner == YOU for e in plunders) and not guarded)
    if goal == "isolated":
        return bool(_of(events, Kind.ISOLATED))
    if goal == "match":
        return ways == (Way.MATCH,) and not plunders and not guarded
    if goal == "next":
        return ways == (Way.NEXT,) and len(plunders) >= 2 and not guarded \
            and len({e["rival"] for e in plunders}) >= 2
    if goal == "total":
        return ways == (Way.TOTAL,) and len(guarded) == 1 and len(plunders) == 1
    if goal == "skull":
        under = place[0]["top"] if place else None
        return ways == (Way.SKULL,) and not plunders and not guarded and under is not None \
            and not placing_ways(rules, under, _face_of(rules, rules.number(SKULL)))
    return False


def _first_player(rules: DeadMansRules, pirates: int, tries: int) -> Example | None:
    """The round's start: a tie for the lowest number, then your skull base counts as its number and goes first."""
    if rules.per_player(DieKind.JOLLY_ROGER) == 0 or SKULL not in rules.faces(DieKind.JOLLY_ROGER):
        return None
    rng = random.Random("first-player")
    for _ in range(tries):
        state = new_game(rules, pirates)
        kinds = [DieKind.JOLLY_ROGER] + [rng.choice(_kinds(rules.pirate_dice(p))) for p in range(1, pirates)]
        for kind in kinds:
            state, _ = apply_action(state, Roll(kind))
        faces = [rng.choice(rules.faces(k)) for k in kinds] + [SKULL] + \
            [rng.choice(rules.faces(k)) for k in kinds[1:]]
        after, events = _walk(rules, state, _longest, lambda s: not is_chance(s), faces)
        first = _of(events, Kind.FIRST)
        ties = _of(events, Kind.BASE_TIE)
        if after.phase == Phase.CHOOSE and first and first[0]["player"] == YOU and len(ties) == 1 \
                and YOU not in ties[0]["players"]:
            return Example("first-player", state, events, after)
    return None


def derive_examples(rules: DeadMansRules, tries: int = 400) -> tuple[Example, ...]:
    """For each coverage goal, the first of a fixed, seeded stream of positions whose turn shows it.

    The stream is the same on every run; the examples change only when the rules do.
    """
    rules = replace(rules, knock_over_chance=0)  # a knock-over is a physical event: no example shows one
    pirates = min(max(PIRATES, rules.players[0]), rules.players[1])
    chosen: list[Example] = []
    for goal in coverage_goals(rules):
        if goal == "first-player":
            found = _first_player(rules, pirates, tries)
        else:
            found = next((e for e in _turns(rules, goal, pirates, tries) if _meets(rules, goal, e)), None)
        if found is not None:  # a goal these rules cannot show is left out
            chosen.append(replace(found, id=goal))
    return tuple(chosen)


# ------------------------------------------------------------------ the Engine protocol

class DeadMansEngine(FunctionEngine[DeadMansRules, State]):
    """Dead Man's Dice behind the Engine protocol: the functions above, with its winners and its canonical key."""

    def __init__(self, rules: DeadMansRules) -> None:
        super().__init__(rules, start=new_game, chance=is_chance, actions=legal_actions, outcomes=chance_outcomes,
                         on_chance=apply_chance, on_action=apply_action)

    def mover(self, state: State) -> int | None:
        return None if state.phase == Phase.OVER else mover(state)

    def returns(self, state: State) -> tuple[Fraction, ...]:
        """1 to the winner; pirates who reach the goal at the same round's end share the win."""
        won = state.winners
        return tuple(Fraction(1, len(won)) if p in won else Fraction(0) for p in range(len(state.scores)))

    def key(self, state: State) -> Hashable:
        """Everything the rest of the game depends on; the round, turn and first-pirate counters left out."""
        return (state.scores, state.hands, state.piles, state.phase, state.current, state.bases, state.rolling,
                state.face, state.victim, state.restart, state.winners)
