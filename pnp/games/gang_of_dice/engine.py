"""Gang of Dice reference engine: warning cards as predicates, rounds and pools, exact card odds, worked examples."""

from __future__ import annotations

import itertools
import math
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeAlias, overload

from ..chance import FunctionEngine, within
from ..events import Event as Event  # re-exported: the events this engine reports
from ..events import event as _ev

# ------------------------------------------------------------------ warning cards: the predicate vocabulary

GANGSTER = 0
"""The gangster face's value: worth 0, never equal to anything, neither odd nor even."""

CONDITIONS = {
    # predicate -> (needs n, needs values)
    "total_at_least": (True, False),
    "run_of": (True, False),
    "odd_at_least": (True, False),
    "even_at_least": (True, False),
    "distinct_at_least": (True, False),
    "same_at_least": (True, False),
    "value_at_least": (True, True),
    "any_of": (False, True),
}
"""The warning-card predicate vocabulary: each card is one predicate with its numbers."""


class Colour(StrEnum):
    """When a card is checked: yellow after every roll and re-roll, black once on the final result."""

    YELLOW = "yellow"
    BLACK = "black"


COLOURS = tuple(c.value for c in Colour)
"""The card colours, as the rules file names them."""
PATTERNS = ("same_at_least", "run_of")
"""The conditions about equal or consecutive numbers: a gangster never takes part in one."""
NO_NUMBER = PATTERNS + ("distinct_at_least", "odd_at_least", "even_at_least")
"""The conditions a gangster escapes because it is no number (never equal, never odd or even, never in a run),
not merely because it adds 0."""


@dataclass(frozen=True)
class Card:
    """A warning card: a colour and a condition from the predicate vocabulary."""

    id: str
    colour: str
    condition: str
    n: int | None = None
    values: tuple[int, ...] = ()
    ours: bool = False
    """A card of our own design rather than a known published one."""

    @property
    def is_yellow(self) -> bool:
        return self.colour == Colour.YELLOW


def meets(card: Card, numbers: Mapping[int, int]) -> bool:
    """Whether a result meets the card's condition, given how many dice show each number (gangsters left out)."""
    n = card.n or 0
    match card.condition:
        case "total_at_least":
            return sum(v * c for v, c in numbers.items()) >= n
        case "run_of":
            present = {v for v, c in numbers.items() if c}
            return any(all(v + i in present for i in range(n)) for v in present)
        case "odd_at_least":  # odd cards count dice, not distinct values
            return sum(c for v, c in numbers.items() if v % 2) >= n
        case "even_at_least":
            return sum(c for v, c in numbers.items() if v % 2 == 0) >= n
        case "distinct_at_least":
            return sum(1 for c in numbers.values() if c) >= n
        case "same_at_least":
            return any(c >= n for c in numbers.values())
        case "value_at_least":
            return sum(numbers.get(v, 0) for v in card.values) >= n
        case "any_of":
            return any(numbers.get(v, 0) for v in card.values)
    raise ValueError(f"unknown card condition {card.condition!r}")


def numbers_of(dice: Sequence[int]) -> Counter[int]:
    """How many dice show each number; gangsters are no number, so they never count towards a card."""
    return Counter(d for d in dice if d != GANGSTER)


def triggers(card: Card, dice: Sequence[int]) -> bool:
    """Whether a roll (face values, 0 for a gangster) triggers the card; gangsters never count towards a pattern."""
    return meets(card, numbers_of(dice))


def total(dice: Sequence[int | None]) -> int:
    """The sum of the dice: the gangster adds 0."""
    return sum(d or 0 for d in dice)


def spared_by(card: Card, dice: Sequence[int], numbers: Sequence[int]) -> tuple[int, ...]:
    """Every number one gangster of a clear result would have had to show to trigger the card, lowest first; none
    but for the conditions a gangster escapes by being no number."""
    if card.condition not in NO_NUMBER or GANGSTER not in dice or triggers(card, dice):
        return ()
    rest = list(dice)
    rest.remove(GANGSTER)
    return tuple(v for v in numbers if triggers(card, rest + [v]))


# ------------------------------------------------------------------ the rules, as data from the rules file

@dataclass(frozen=True)
class GangRules:
    """Every rule parameter of Gang of Dice; validated (ValueError naming the field) on construction."""

    faces: tuple[int, ...]
    """The die's faces as values, 0 the gangster; each face is as likely as any other."""
    cards: tuple[Card, ...]
    """The warning cards, in deck order."""
    pools: tuple[tuple[int, int], ...]
    """(players, dice in each player's pool at the start) for every player count."""
    rounds: int
    rerolls: int
    """Re-rolls a player may make after their first roll."""
    bonus_dice: tuple[tuple[int, int], ...]
    """(round, dice) put on the table at the start of that round."""
    players: tuple[int, int]
    """(min, max)."""

    def __post_init__(self) -> None:
        for name in ("faces", "cards", "pools", "bonus_dice", "players"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if len(self.faces) < 2 or not all(isinstance(v, int) and v >= 0 for v in self.faces):
            raise ValueError(f"faces: a die needs at least two faces, each a value of 0 or more, got {self.faces}")
        if not self.cards:
            raise ValueError("cards: the deck needs at least one warning card")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError(f"cards: every card needs its own id, got {ids}")
        for card in self.cards:
            if card.colour not in COLOURS or card.condition not in CONDITIONS:
                raise ValueError(f"cards: card {card.id} has colour {card.colour!r} and condition {card.condition!r}")
        for name in ("rounds", "rerolls"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "rounds" else 0):
                raise ValueError(f"{name}: expected a whole number of at least {1 if name == 'rounds' else 0}, "
                                 f"got {value!r}")
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"players: expected (min, max) with 1 <= min <= max, got {self.players}")
        sizes = dict(self.pools)
        if any(sizes.get(n, 0) < 1 for n in range(low, high + 1)):
            raise ValueError(f"pools: every player count from {low} to {high} needs a pool of at least 1 die, "
                             f"got {sizes}")
        if any(not 1 <= r <= self.rounds or d < 0 for r, d in self.bonus_dice):
            raise ValueError(f"bonus_dice: rounds must be 1 to {self.rounds} and dice 0 or more, got {self.bonus_dice}")

    def pool(self, players: int) -> int:
        """Dice in each player's pool at the start of a game of this many players."""
        return dict(self.pools)[players]

    def bonus(self, round_: int) -> int:
        """Bonus dice put on the table at the start of a round."""
        return dict(self.bonus_dice).get(round_, 0)

    def card(self, card_id: str) -> Card:
        """The card with this id; ValueError naming every card id if there is none."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise ValueError(f"unknown card {card_id!r} (cards: {', '.join(c.id for c in self.cards)})")

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers a die can show, lowest first (the gangster is no number)."""
        return tuple(sorted({v for v in self.faces if v != GANGSTER}))


# ------------------------------------------------------------------ values: events, actions

class Phase(StrEnum):
    """Where the game stands: a card to reveal, a player choosing dice, dice rolling, a player deciding, over."""

    REVEAL = "reveal"
    CHOOSE = "choose"
    ROLL = "roll"
    DECIDE = "decide"
    OVER = "over"


class Kind(StrEnum):
    """The kinds of event the engine reports; each event's fields are listed beside it."""

    ROUND_START = "round_start"  # round, start (None if the game ends first), seats (the players still in it)
    ELIMINATED = "eliminated"  # player, round
    LAST_PLAYER = "last_player"  # player: the only player left with dice wins at once
    BONUS = "bonus"  # round, dice, table (every die now on the table)
    CARD = "card"  # card, colour
    TAKE = "take"  # player, dice, pool (left in the pool)
    ROLL = "roll"  # player, roll (0 the first roll, k the k-th re-roll), faces, fresh, total, meets, left
    REROLL = "reroll"  # player, faces, positions, left (re-rolls left after this one)
    TRIGGER = "trigger"  # player, card, colour, roll, final (checked on the final result), left
    SPARED = "spared"  # player, values (a gangster showing any of them would have triggered the card)
    TURN_END = "turn_end"  # player, dice, total, triggered, stopped (the player chose to stop), left
    ROUND_WON = "round_won"  # player, total, dice, taken, pool, tied, most_dice
    NOBODY_WINS = "nobody_wins"  # round, table (dice left for the next round's winner)
    DISCARDED = "discarded"  # round, dice
    GAME_END = "game_end"  # winners, dice, pools


@dataclass(frozen=True)
class Roll:
    """Take n dice from your pool and roll them."""

    n: int


@dataclass(frozen=True)
class Reroll:
    """Re-roll dice showing these values (one die per value listed, the leftmost showing it)."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class Stop:
    """Keep the result: the turn ends."""


Action: TypeAlias = Roll | Reroll | Stop
"""A player action."""
Outcome: TypeAlias = str | int
"""A chance outcome: the card revealed (its id), or the face a die shows (its value)."""


# ------------------------------------------------------------------ judging a round

@dataclass(frozen=True)
class Verdict:
    """Who wins a round from the players' final results, in turn order (indices into the results)."""

    winner: int | None
    """None: every player triggered the card."""
    triggered: tuple[int, ...]
    tied: tuple[int, ...]
    """The clear results sharing the highest total (one alone when there was no tie)."""
    most_dice: tuple[int, ...]
    """Of the tied, those who rolled the most dice."""


def judge(card: Card, results: Sequence[Sequence[int]]) -> Verdict:
    """The winner is the highest total among the players who did not trigger the card; a tie goes to more dice
    rolled, then to the player who rolled earlier in the round."""
    triggered = tuple(i for i, r in enumerate(results) if triggers(card, r))
    clear = [i for i in range(len(results)) if i not in triggered]
    if not clear:
        return Verdict(None, triggered, (), ())
    best = max(total(results[i]) for i in clear)
    tied = tuple(i for i in clear if total(results[i]) == best)
    most = max(len(results[i]) for i in tied)
    most_dice = tuple(i for i in tied if len(results[i]) == most)
    return Verdict(most_dice[0], triggered, tied, most_dice)  # ties: more dice, then the earlier player


# ------------------------------------------------------------------ game state and transitions

@dataclass(frozen=True)
class Turn:
    """A finished turn of this round: the dice left in front of the player, and whether they triggered the card."""

    player: int
    faces: tuple[int, ...]
    triggered: bool


@dataclass(frozen=True)
class State:
    """Whole game state; every transition returns a new State and a tuple of events."""

    rules: GangRules = field(repr=False)
    pools: tuple[int, ...]
    out: tuple[bool, ...]
    """Players eliminated (their pool was empty at the start of a round)."""
    round: int = 1
    start: int = 0
    """The round's start player (before the round starts: the seat to try first)."""
    phase: Phase = Phase.REVEAL
    deck: tuple[str, ...] = ()
    """The card ids not yet revealed."""
    card: str | None = None
    table: int = 0
    """Dice on the table besides this round's rolls: bonus dice and dice left from a round nobody won."""
    turns: tuple[Turn, ...] = ()
    """This round's finished turns, in turn order."""
    current: int = 0
    faces: tuple[int | None, ...] = ()
    """The current player's dice, in a row; None: the die is being rolled."""
    rolling: tuple[int, ...] = ()
    """Positions of the dice in the roll under way (all of them on the first roll)."""
    rerolls: int = 0
    """Re-rolls made this turn."""
    winners: tuple[int, ...] = ()
    rolled: int = 0  # dice rolled in the game (counter)
    bonus_added: int = 0  # bonus dice put on the table in the game (counter)
    discarded: int = 0  # dice discarded after a last round nobody won (counter)
    carried: int = 0  # rounds nobody won (counter)
    played: int = 0  # rounds played to their end (counter)


def _evolve(state: State, **changes: Any) -> State:
    """A copy of the state with some fields changed: `dataclasses.replace` without re-running __init__ (faster)."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__, **changes)
    return new


def new_game(rules: GangRules, players: int) -> State:
    """A fresh game: every pool full, the whole deck to draw from, round 1 about to start with seat 0."""
    low, high = rules.players
    if not low <= players <= high:
        raise ValueError(f"players: {players} outside {low}..{high}")
    state = State(rules, (rules.pool(players),) * players, (False,) * players, deck=tuple(c.id for c in rules.cards))
    state, _ = _start_round(state)
    return state


def round_state(rules: GangRules, pools: Sequence[int], round_: int, table: int = 0,
                start: int = 0) -> tuple[State, tuple[Event, ...]]:
    """A game at the start of a round, from given pools, dice left on the table and the seat to start."""
    players = len(pools)
    if not rules.players[0] <= players <= rules.players[1] or not 1 <= round_ <= rules.rounds:
        raise ValueError(f"no round {round_} of a game of {players} players")
    state = State(rules, tuple(pools), (False,) * players, round=round_, start=start,
                  deck=tuple(c.id for c in rules.cards), table=table)
    return _start_round(state)


def seats(state: State) -> tuple[int, ...]:
    """The players still in the game, by seat."""
    return tuple(s for s, out in enumerate(state.out) if not out)


def _clockwise(state: State, seat: int) -> int:
    """The first player still in the game from this seat on, clockwise."""
    n = len(state.pools)
    return next((seat + k) % n for k in range(n) if not state.out[(seat + k) % n])


def _start_round(state: State) -> tuple[State, tuple[Event, ...]]:
    """Elimination, the last player standing, bonus dice, then a card to reveal."""
    events = [_ev(Kind.ROUND_START, round=state.round, start=None, seats=seats(state))]
    gone = tuple(s for s in seats(state) if state.pools[s] == 0)
    for s in gone:  # elimination: a pool empty at the start of a round is out
        events.append(_ev(Kind.ELIMINATED, player=s, round=state.round))
    out = tuple(o or s in gone for s, o in enumerate(state.out))
    state = _evolve(state, out=out)
    left = seats(state)
    if len(left) <= 1:  # the last player with dice wins at once (all out at once: they share the win)
        winners = left or gone
        if left:
            events.append(_ev(Kind.LAST_PLAYER, player=left[0]))
        else:
            events.append(_ev(Kind.GAME_END, winners=winners, dice=0, pools=state.pools))
        return _evolve(state, phase=Phase.OVER, winners=winners), tuple(events)
    start = _clockwise(state, state.start)  # the start player rotates clockwise, skipping players who are out
    events[0] = _ev(Kind.ROUND_START, round=state.round, start=start, seats=left)
    bonus = state.rules.bonus(state.round)
    if bonus:  # bonus dice join the table at the start of the round
        events.append(_ev(Kind.BONUS, round=state.round, dice=bonus, table=state.table + bonus))
    deck = state.deck or tuple(c.id for c in state.rules.cards)  # a spent deck is shuffled again
    return _evolve(state, start=start, current=start, table=state.table + bonus, bonus_added=state.bonus_added + bonus,
                   phase=Phase.REVEAL, deck=deck, card=None, turns=(), faces=(), rolling=(), rerolls=0), tuple(events)


def is_chance(state: State) -> bool:
    return state.phase in (Phase.REVEAL, Phase.ROLL)


class Rerolls(Sequence[Action]):
    """A player's choices after a roll: Stop, then every non-empty set of dice to re-roll (by value), lazily.

    Dice showing the same value are alike, so a choice is how many dice of each value to re-roll.
    """

    def __init__(self, faces: Sequence[int]) -> None:
        counts = Counter(faces)
        self.values = tuple(sorted(counts))
        self.counts = tuple(counts[v] for v in self.values)
        self.size = math.prod(c + 1 for c in self.counts)

    def __len__(self) -> int:
        return self.size  # Stop, plus every choice but re-rolling nothing

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        if index == 0:
            return Stop()
        faces: list[int] = []
        for value, count in zip(self.values, self.counts, strict=True):  # mixed radix: a digit per value
            index, k = divmod(index, count + 1)
            faces.extend([value] * k)
        return Reroll(tuple(faces))

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Stop):
            return True
        if not isinstance(action, Reroll) or not action.faces:
            return False
        wanted = Counter(action.faces)
        have = dict(zip(self.values, self.counts, strict=True))
        return all(have.get(v, 0) >= k for v, k in wanted.items())


def legal_actions(state: State) -> Sequence[Action]:
    if state.phase == Phase.CHOOSE:  # choose how many of your dice to roll, at least one
        return tuple(Roll(n) for n in range(1, state.pools[state.current] + 1))
    if state.phase == Phase.DECIDE:  # stop, or re-roll any of your dice
        return Rerolls([f for f in state.faces if f is not None])
    return ()


def _is_legal(state: State, action: Action) -> bool:
    if state.phase == Phase.CHOOSE:
        return isinstance(action, Roll) and 1 <= action.n <= state.pools[state.current]
    return state.phase == Phase.DECIDE and action in legal_actions(state)


def chance_outcomes(state: State) -> list[tuple[Outcome, Fraction]]:
    """[(outcome, probability)]: the card revealed from the deck, or the face of the next die to land."""
    if state.phase == Phase.REVEAL:  # reveal the top card of a shuffled deck
        return [(card_id, Fraction(1, len(state.deck))) for card_id in state.deck]
    if state.phase == Phase.ROLL:  # every face of the die is as likely
        return list(_face_outcomes(state.rules.faces))
    return []


@lru_cache(maxsize=16)
def _face_outcomes(faces: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    return tuple((v, Fraction(c, len(faces))) for v, c in Counter(faces).items())


def apply_chance(state: State, outcome: Outcome) -> tuple[State, tuple[Event, ...]]:
    """Apply one chance outcome (as listed by chance_outcomes)."""
    if state.phase == Phase.REVEAL and outcome in state.deck:
        card = state.rules.card(str(outcome))
        deck = tuple(c for c in state.deck if c != outcome)
        return (_evolve(state, card=card.id, deck=deck, phase=Phase.CHOOSE, current=state.start),
                (_ev(Kind.CARD, card=card.id, colour=card.colour),))
    i = next((i for i, f in enumerate(state.faces) if f is None), None)
    if state.phase != Phase.ROLL or i is None or isinstance(outcome, bool) or not isinstance(outcome, int) \
            or outcome not in state.rules.faces:
        raise ValueError(f"outcome {outcome!r} is not possible in phase {state.phase}")
    faces = state.faces[:i] + (outcome,) + state.faces[i + 1:]
    if None in faces:
        return _evolve(state, faces=faces), ()
    return _landed(_evolve(state, faces=faces))


def _card(state: State) -> Card:
    assert state.card is not None, "no card has been revealed"
    return state.rules.card(state.card)


def _landed(state: State) -> tuple[State, tuple[Event, ...]]:
    """Every die of a roll or re-roll has landed: a yellow card is checked now, and the player decides."""
    card, faces = _card(state), tuple(f for f in state.faces if f is not None)
    hit = triggers(card, faces)
    left = state.rules.rerolls - state.rerolls
    events = [_ev(Kind.ROLL, player=state.current, roll=state.rerolls, faces=faces,
                  fresh=state.rolling, total=total(faces), meets=hit, left=left)]
    state = _evolve(state, faces=faces)
    if hit and card.is_yellow:  # yellow: checked after every roll and re-roll; triggering loses the round at once
        events.append(_ev(Kind.TRIGGER, player=state.current, card=card.id, colour=card.colour, roll=state.rerolls,
                          final=False, left=left))
        return _end_turn(state, events, triggered=True, stopped=False)
    if left == 0:  # no re-roll left: this is the final result
        return _end_turn(state, events, triggered=None, stopped=False)
    return _evolve(state, phase=Phase.DECIDE), tuple(events)


def _end_turn(state: State, events: list[Event], triggered: bool | None,
              stopped: bool) -> tuple[State, tuple[Event, ...]]:
    """The turn is over: a black card is checked on the final result; then the next player, or the round's end."""
    card, faces = _card(state), tuple(f for f in state.faces if f is not None)
    left = state.rules.rerolls - state.rerolls
    if triggered is None:
        triggered = triggers(card, faces)  # black: checked once, on the final result
        if triggered:
            events.append(_ev(Kind.TRIGGER, player=state.current, card=card.id, colour=card.colour,
                              roll=state.rerolls, final=True, left=left))
    if not triggered:
        spared = spared_by(card, faces, state.rules.numbers)
        if spared:  # the gangster is no number: it kept the card from triggering
            events.append(_ev(Kind.SPARED, player=state.current, values=spared))
    events.append(_ev(Kind.TURN_END, player=state.current, dice=len(faces), total=total(faces),
                      triggered=triggered, stopped=stopped, left=left))
    turns = state.turns + (Turn(state.current, faces, triggered),)
    state = _evolve(state, turns=turns, faces=(), rolling=(), rerolls=0)
    following = _clockwise(state, state.current + 1)  # play goes clockwise
    if following != state.start:
        return _evolve(state, current=following, phase=Phase.CHOOSE), tuple(events)
    return _end_round(state, events)


def _end_round(state: State, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """The winner takes every die on the table; if everyone triggered, the dice stay (or go, after the last round)."""
    verdict = judge(_card(state), [t.faces for t in state.turns])
    dice = state.table + sum(len(t.faces) for t in state.turns)
    pools, table, discarded, carried = list(state.pools), 0, state.discarded, state.carried
    if verdict.winner is not None:  # the winner takes every die on the table
        winner = state.turns[verdict.winner]
        pools[winner.player] += dice
        events.append(_ev(Kind.ROUND_WON, player=winner.player, total=total(winner.faces), dice=len(winner.faces),
                          taken=dice, pool=pools[winner.player],
                          tied=tuple(state.turns[i].player for i in verdict.tied),
                          most_dice=tuple(state.turns[i].player for i in verdict.most_dice)))
    elif state.round == state.rules.rounds:  # everyone triggered in the last round: those dice are discarded
        discarded += dice
        carried += 1
        events.append(_ev(Kind.DISCARDED, round=state.round, dice=dice))
    else:  # everyone triggered: the dice stay on the table for the next round's winner
        table = dice
        carried += 1
        events.append(_ev(Kind.NOBODY_WINS, round=state.round, table=dice))
    state = _evolve(state, pools=tuple(pools), table=table, discarded=discarded, carried=carried, turns=(),
                    card=None, played=state.played + 1)
    if state.round == state.rules.rounds:  # after the last round, the most dice wins; a tie shares the win
        most = max(pools[s] for s in seats(state))
        winners = tuple(s for s in seats(state) if pools[s] == most)
        events.append(_ev(Kind.GAME_END, winners=winners, dice=most, pools=tuple(pools)))
        return _evolve(state, phase=Phase.OVER, winners=winners), tuple(events)
    state, more = _start_round(_evolve(state, round=state.round + 1, start=state.start + 1))
    return state, tuple(events) + more


def apply_action(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a player action (Roll(n), Reroll(faces), Stop())."""
    if not _is_legal(state, action):
        raise ValueError(f"illegal action {action!r} in phase {state.phase}")
    player = state.current
    if isinstance(action, Roll):  # take the dice from your pool and roll them
        pools = state.pools[:player] + (state.pools[player] - action.n,) + state.pools[player + 1:]
        return (_evolve(state, pools=pools, faces=(None,) * action.n, rolling=tuple(range(action.n)), rerolls=0,
                        phase=Phase.ROLL, rolled=state.rolled + action.n),
                (_ev(Kind.TAKE, player=player, dice=action.n, pool=pools[player]),))
    if isinstance(action, Stop):  # keep the result: it is final
        return _end_turn(state, [], triggered=None, stopped=True)
    return _reroll(state, action)


def _reroll(state: State, action: Reroll) -> tuple[State, tuple[Event, ...]]:
    """Pick up the dice showing the chosen values (the leftmost of each) and roll them again."""
    faces, positions = list(state.faces), []
    for value in action.faces:
        i = next(i for i, f in enumerate(faces) if f == value and i not in positions)
        positions.append(i)
    for i in positions:
        faces[i] = None
    rerolls = state.rerolls + 1
    after = _evolve(state, faces=tuple(faces), rolling=tuple(sorted(positions)), rerolls=rerolls, phase=Phase.ROLL)
    return after, (_ev(Kind.REROLL, player=state.current, faces=tuple(action.faces), positions=tuple(sorted(positions)),
                       left=state.rules.rerolls - rerolls),)


# ------------------------------------------------------------------ exact odds

ODDS_DICE = 8
"""The most dice the exact card tables (and the strategies that read them) cover."""
SOLVER_BOUND = 20_000_000
"""The most results the exact odds of ending clear may weigh, over every card, number of dice and re-roll (~2 s)."""


def check_work(rules: GangRules) -> None:
    """Refuse (TooMuchWork) rules whose exact odds would run for minutes, before they start."""
    values = len(set(rules.faces))
    results = math.comb(ODDS_DICE + values, values)  # every result of up to ODDS_DICE dice, as counts per value
    within("rerolls", "the exact odds of ending clear, re-rolling as well as possible",
           len(rules.cards) * ODDS_DICE * (rules.rerolls + 1) * results, SOLVER_BOUND, "results",
           "allow fewer re-rolls, or give the die fewer different faces")


@dataclass(frozen=True)
class _Lattice:
    """Every result of up to `top` dice as counts per face value, with its neighbours one die up and one die down."""

    values: tuple[int, ...]
    """The distinct face values, in the die's order."""
    weights: tuple[int, ...]
    """How many faces of the die show each value."""
    nodes: tuple[tuple[int, ...], ...]
    """Results as counts per value, fewest dice first."""
    first: tuple[int, ...]
    """first[k]: the index of the first result of k dice (first[top + 1]: the number of results)."""
    up: tuple[tuple[int, ...], ...]
    """up[i][v]: the result with one more die showing values[v] (results of fewer than `top` dice)."""
    down: tuple[tuple[int, ...], ...]
    """down[i]: the results with one die fewer, each a die of a value this result shows."""
    ways: tuple[int, ...]
    """ways[i]: the sequences of faces that roll this result (so its chance is ways / faces ** dice)."""
    numbers: tuple[Mapping[int, int], ...]
    """How many dice show each number (gangsters left out), for the card predicates."""
    index: Mapping[tuple[int, ...], int] = field(default_factory=dict, compare=False)
    """Where each result is in `nodes`."""


@lru_cache(maxsize=8)
def _lattice(faces: tuple[int, ...], top: int = ODDS_DICE) -> _Lattice:
    counts = Counter(faces)
    values = tuple(counts)
    weights = tuple(counts[v] for v in values)
    nodes: list[tuple[int, ...]] = []
    first = []
    for k in range(top + 1):
        first.append(len(nodes))
        nodes.extend(sorted((c for c in _compositions(k, len(values))), reverse=True))
    first.append(len(nodes))
    index = {node: i for i, node in enumerate(nodes)}

    def plus(node: tuple[int, ...], v: int, step: int) -> tuple[int, ...]:
        return node[:v] + (node[v] + step,) + node[v + 1:]

    up = tuple(tuple(index[plus(node, v, 1)] for v in range(len(values))) if sum(node) < top else ()
               for node in nodes)
    down = tuple(tuple(index[plus(node, v, -1)] for v in range(len(values)) if node[v]) for node in nodes)
    ways = tuple(math.factorial(sum(node)) // math.prod(math.factorial(c) for c in node)
                 * math.prod(w ** c for w, c in zip(weights, node, strict=True)) for node in nodes)
    numbers = tuple({v: c for v, c in zip(values, node, strict=True) if v != GANGSTER and c} for node in nodes)
    return _Lattice(values, weights, tuple(nodes), tuple(first), up, down, ways, numbers, index)


def _compositions(total_: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to share `total_` dice among `parts` values."""
    if parts == 1:
        yield (total_,)
        return
    for head in range(total_ + 1):
        for rest in _compositions(total_ - head, parts - 1):
            yield (head,) + rest


@lru_cache(maxsize=256)
def _met(faces: tuple[int, ...], card: Card) -> tuple[bool, ...]:
    """Whether each result of the lattice meets the card."""
    return tuple(meets(card, numbers) for numbers in _lattice(faces).numbers)


def _check_dice(n: int) -> None:
    if not 1 <= n <= ODDS_DICE:
        raise ValueError(f"dice: expected 1..{ODDS_DICE}, got {n}")


@lru_cache(maxsize=1024)
def trigger_chance(rules: GangRules, card: Card, n: int) -> Fraction:
    """The exact chance that a single roll of n dice triggers the card."""
    _check_dice(n)
    lat, met = _lattice(rules.faces), _met(rules.faces, card)
    hits = sum(lat.ways[i] for i in range(lat.first[n], lat.first[n + 1]) if met[i])
    return Fraction(hits, len(rules.faces) ** n)


@lru_cache(maxsize=1024)
def _values(rules: GangRules, card: Card, n: int) -> tuple[tuple[int, ...], ...]:
    """The value of keeping each result of fewer than n dice and rolling the rest, by re-rolls left after that roll.

    W_q(s), a result s of n dice with q re-rolls left, played to end clear: 1 if s is clear; 0 if it meets a yellow
    card (lost at once) or no re-roll is left; else the best over the dice K kept of h_{q-1}(K), where h_q(K) is the
    mean of W_q over the rolls of the other dice. Kept exact as whole numbers: level q holds h_q(K) scaled by
    faces ** (n - |K|) * faces ** (n * q), so that a sum over one more die is a plain weighted sum.
    """
    check_work(rules)
    lat, met, f = _lattice(rules.faces), _met(rules.faces, card), len(rules.faces)
    low, high = lat.first[n], lat.first[n + 1]
    power = [f ** sum(node) for node in lat.nodes[:low]]
    plain = all(wt == 1 for wt in lat.weights)  # each value on one face: a plain sum
    levels: list[tuple[int, ...]] = []
    scale = 1
    w = [0 if met[i] else 1 for i in range(high)]  # q = 0: no re-roll left, the result is final
    for q in range(rules.rerolls + 1):
        h = [0] * high
        h[low:high] = w[low:high]
        get = h.__getitem__
        for i in reversed(range(low)):  # one more die, each face as likely
            h[i] = sum(map(get, lat.up[i])) if plain else sum(map(operator.mul, lat.weights, map(get, lat.up[i])))
        levels.append(tuple(h))
        if q == rules.rerolls:
            break
        best = [0] * low  # the best of h over the kept dice K' within K, on one scale: h * faces ** |K'|
        kept = best.__getitem__
        for i in range(low):
            best[i] = max([h[i] * power[i], *map(kept, lat.down[i])])
        scale *= f ** n
        for i in range(low, high):  # a result that meets a black card may be re-rolled, keeping any dice but all
            w[i] = scale if not met[i] else 0 if card.is_yellow else max(map(kept, lat.down[i]))
    return tuple(levels)


@lru_cache(maxsize=1024)
def clear_chance(rules: GangRules, card: Card, n: int) -> Fraction:
    """The exact chance of ending a turn of n dice clear of the card, re-rolling as well as possible.

    Against a yellow card this is the chance that the first roll is clear: any re-roll is one more chance to
    trigger it. Against a black card, only the final result counts.
    """
    _check_dice(n)
    if card.is_yellow:  # yellow: a triggering roll loses at once, and a clear one can stop; re-rolls never help
        return 1 - trigger_chance(rules, card, n)
    top = _values(rules, card, n)[-1][0]
    return Fraction(top, len(rules.faces) ** (n * (rules.rerolls + 1)))


def best_keep(rules: GangRules, card: Card, faces: Sequence[int], left: int) -> tuple[tuple[int, ...], Fraction]:
    """The dice to re-roll from a result that meets a black card, to end the turn clear as likely as possible.

    `left` re-rolls are left. Returns (the values to re-roll, the chance of ending clear); of equally good
    choices, the one re-rolling fewest dice, then keeping the highest dice.
    """
    n = len(faces)
    _check_dice(n)
    if left < 1 or left > rules.rerolls:
        raise ValueError(f"left: expected 1..{rules.rerolls}, got {left}")
    lat = _lattice(rules.faces)
    h = _values(rules, card, n)[left - 1]
    f = len(rules.faces)
    counts = Counter(faces)
    options = []
    for kept in itertools.product(*(range(counts[v] + 1) for v in lat.values)):
        k = sum(kept)
        if k == n:
            continue
        kept_faces = sorted((v for v, c in zip(lat.values, kept, strict=True) for _ in range(c)), reverse=True)
        options.append((h[lat.index[kept]] * f ** k, k, kept_faces, kept))
    value, _, _, kept = max(options, key=lambda o: (o[0], o[1], o[2]))
    reroll = tuple(sorted(v for v, c in zip(lat.values, kept, strict=True) for _ in range(counts[v] - c)))
    return reroll, Fraction(value, f ** (n * left))


# ------------------------------------------------------------------ strategies

@dataclass(frozen=True)
class Strategy:
    """A way to play: how many dice to roll against the card, and whether to re-roll to dodge a black card.

    `dice` > 0 rolls that many; else the most dice (up to ODDS_DICE) whose chance of triggering the card is at
    most `risk` (with `dodge`, the chance left after re-rolling as well as possible), at least one.
    """

    name: str
    dice: int = 0
    risk: Fraction = Fraction(0)
    dodge: bool = False

    def act(self, state: State) -> Action:
        if state.phase == Phase.CHOOSE:
            return Roll(max(1, min(self.choose(state), state.pools[state.current])))
        faces = tuple(f for f in state.faces if f is not None)
        card = _card(state)
        left = state.rules.rerolls - state.rerolls
        if self.dodge and not card.is_yellow and triggers(card, faces) and len(faces) <= ODDS_DICE:
            reroll, chance = best_keep(state.rules, card, faces, left)
            if chance > 0:
                return Reroll(reroll)
        return Stop()

    def choose(self, state: State) -> int:
        return self.dice or _most_dice(state.rules, _card(state), self.risk, self.dodge)


@lru_cache(maxsize=1024)
def _most_dice(rules: GangRules, card: Card, risk: Fraction, dodge: bool) -> int:
    """The most dice (up to ODDS_DICE) whose chance of triggering the card is at most `risk`, at least one."""
    def risk_of(n: int) -> Fraction:
        return 1 - clear_chance(rules, card, n) if dodge else trigger_chance(rules, card, n)
    return max((n for n in range(1, ODDS_DICE + 1) if risk_of(n) <= risk), default=1)


STRATEGIES = {
    "steady": Strategy("steady", dice=3),
    "careful": Strategy("careful", risk=Fraction(1, 3)),
    "dodger": Strategy("dodger", risk=Fraction(1, 3), dodge=True),
    "bold": Strategy("bold", dice=6),
}
"""The named strategies `pnp simulate` seats, in order."""


# ------------------------------------------------------------------ worked examples

EXAMPLE_GOALS = ("yellow-reroll", "black-dodge", "gangster", "tie", "nobody-wins", "bonus-round", "last-round",
                 "out-of-dice")
"""What the worked examples show, in the order they are printed."""


@dataclass(frozen=True)
class Plan:
    """One player's turn in a worked example: the first roll, then each re-roll (values re-rolled, new faces)."""

    first: tuple[int, ...]
    rerolls: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example: a round (or its first turns) played by the engine from a given start."""

    id: str
    """The goal it shows (EXAMPLE_GOALS)."""
    card: str
    start: State
    """The game as the round's card is about to be revealed."""
    before: tuple[Event, ...]
    """What the round's start did (bonus dice, eliminations)."""
    steps: tuple[Action | Outcome, ...]
    """The card revealed, then every action and face, in order."""
    events: tuple[Event, ...]
    """Every event from the card's reveal to the round's end (the next round's start left out, unless it is
    what the example shows)."""
    next_round: tuple[Event, ...]
    """What the start of the next round did."""
    end: State


def _results(rules: GangRules, n: int) -> tuple[tuple[int, ...], ...]:
    """Every result of n dice, highest dice first (gangsters last), in the order examples prefer them: the most
    different faces first (they read best), then the highest total, then the highest dice."""
    return _sorted_results(rules.faces, n)


@lru_cache(maxsize=32)
def _sorted_results(faces: tuple[int, ...], n: int) -> tuple[tuple[int, ...], ...]:
    found = {tuple(sorted(r, reverse=True)) for r in itertools.combinations_with_replacement(sorted(set(faces)), n)}
    return tuple(sorted(found, key=lambda r: (-len(set(r)), -total(r), tuple(-v for v in r))))


def _ordered(rules: GangRules, used: Sequence[str], wanted: Callable[[Card], bool]) -> list[Card]:
    """The cards that qualify, in deck order, those no earlier example used first."""
    fit = [c for c in rules.cards if wanted(c)]
    return [c for c in fit if c.id not in used] + [c for c in fit if c.id in used]


def _apply(state: State, move: Action | Outcome) -> tuple[State, tuple[Event, ...]]:
    """A chance outcome at a chance node, else a player action."""
    if isinstance(move, (Roll, Reroll, Stop)):
        return apply_action(state, move)
    return apply_chance(state, move)


def _run(start: State, card: str, plans: Sequence[Plan]) -> tuple[tuple[Action | Outcome, ...], tuple[Event, ...],
                                                                   State]:
    """Reveal the card and play each turn as planned, in turn order; a turn not ended by its rolls stops."""
    steps: list[Action | Outcome] = [card]
    state, evs = apply_chance(start, card)
    events = list(evs)

    def step(move: Action | Outcome) -> None:
        nonlocal state
        steps.append(move)
        state, more = _apply(state, move)
        events.extend(more)

    for plan in plans:
        step(Roll(len(plan.first)))
        for face in plan.first:
            step(face)
        for values, new in plan.rerolls:
            step(Reroll(values))
            for face in new:
                step(face)
        if state.phase == Phase.DECIDE:
            step(Stop())
    return tuple(steps), tuple(events), state


def _example_round(rules: GangRules, pools: Sequence[int], round_: int) -> tuple[State, tuple[Event, ...]]:
    """A round of the examples' one game: seat 0 started round 1 and the start player rotates clockwise each round,
    so the round's number says who starts."""
    return round_state(rules, pools, round_, start=(round_ - 1) % len(pools))


def _in_turn_order(start: State, plans: Sequence[Plan]) -> list[Plan]:
    """Plans given by seat, in turn order from the round's start player."""
    return [plans[(start.start + k) % len(plans)] for k in range(len(plans))]


def _example(goal: str, start: State, before: Sequence[Event], card: Card, plans: Sequence[Plan],
             to_the_end: bool = False) -> Example:
    """Play the example; its events stop where the next round starts, unless what follows belongs to it."""
    steps, events, end = _run(start, card.id, plans)
    cut = next((i for i, e in enumerate(events) if e.kind == Kind.ROUND_START), len(events))
    shown = events if to_the_end else events[:cut]
    return Example(goal, card.id, start, tuple(before), steps, shown, events[cut:], end)


def _with(faces: tuple[int, ...], position: int, value: int) -> tuple[int, ...]:
    return faces[:position] + (value,) + faces[position + 1:]


def _yellow_reroll(rules: GangRules, used: list[str]) -> Example | None:
    """A clear first roll; re-rolling the gangster (it adds nothing) triggers the yellow card: lost at once."""
    if not rules.rerolls:
        return None
    for card in _ordered(rules, used, lambda c: c.is_yellow):
        for n in (3, 2, 4):
            for first in _results(rules, n):
                if GANGSTER not in first or triggers(card, first):
                    continue
                g = first.index(GANGSTER)
                new = next((v for v in rules.numbers if triggers(card, _with(first, g, v))), None)
                if new is not None:
                    start, before = _example_round(rules, (rules.pool(rules.players[0]),) * rules.players[0], 1)
                    return _example("yellow-reroll", start, before, card, [Plan(first, (((GANGSTER,), (new,)),))])
    return None


def _dodge(rules: GangRules, card: Card, faces: tuple[int, ...]) -> tuple[int, int, tuple[int, ...], int] | None:
    """The fewest dice to re-roll that can clear the card, the likeliest such choice, then the highest kept:
    (how many, how many of their rolls clear it, the positions, the best clear total reachable)."""
    options = []
    for k in range(1, len(faces) + 1):
        for positions in itertools.combinations(range(len(faces)), k):
            clear = [r for r in itertools.product(rules.faces, repeat=k)
                     if not triggers(card, _replace(faces, positions, r))]
            if clear:
                kept = sorted((f for i, f in enumerate(faces) if i not in positions), reverse=True)
                best = max(total(_replace(faces, positions, r)) for r in clear)
                options.append((len(clear), kept, positions, best))
        if options:
            ways, _, positions, best = max(options, key=lambda o: (o[0], o[1], [-p for p in o[2]]))
            return k, ways, positions, best
    return None


def _replace(faces: tuple[int, ...], positions: Sequence[int], new: Sequence[int]) -> tuple[int, ...]:
    out = list(faces)
    for i, v in zip(positions, new, strict=True):
        out[i] = v
    return tuple(out)


def _black_dodge(rules: GangRules, used: list[str]) -> Example | None:
    """A first roll that meets a black card; re-rolling the fewest dice that can, the player ends clear."""
    if not rules.rerolls:
        return None
    for card in _ordered(rules, used, lambda c: not c.is_yellow):
        candidates = []
        for first in _results(rules, 3):
            if triggers(card, first) and (fix := _dodge(rules, card, first)) is not None:
                candidates.append((fix[0], -fix[1], first, fix))
        if not candidates:
            continue
        _, _, first, (_, _, positions, best) = min(candidates, key=lambda c: (c[0], c[1]))  # stable: _results order
        new = next(r for r in itertools.product(sorted(rules.faces, reverse=True), repeat=len(positions))
                   if total(_replace(first, positions, r)) == best
                   and not triggers(card, _replace(first, positions, r)))
        values = tuple(first[i] for i in positions)
        if tuple(first.index(v) for v in values) != positions:  # a re-roll picks up the leftmost die of a value
            continue
        start, before = _example_round(rules, (rules.pool(rules.players[0]),) * rules.players[0], 1)
        return _example("black-dodge", start, before, card, [Plan(first, ((values, new),))])
    return None


def _gangster(rules: GangRules, used: list[str]) -> Example | None:
    """A gangster keeps a pair or a run from forming: a clear result that a number in its place would trigger."""
    for card in _ordered(rules, used, lambda c: c.condition in PATTERNS):
        for first in _results(rules, 3):
            if GANGSTER in first and spared_by(card, first, rules.numbers):
                start, before = _example_round(rules, (rules.pool(rules.players[0]),) * rules.players[0], 1)
                return _example("gangster", start, before, card, [Plan(first)])
    return None


def _clear(rules: GangRules, card: Card, n: int) -> list[tuple[int, ...]]:
    return [r for r in _results(rules, n) if not triggers(card, r)]


def _met_by(rules: GangRules, card: Card, n: int) -> list[tuple[int, ...]]:
    """Results of n dice that meet the card, lowest total first."""
    return sorted((r for r in _results(rules, n) if triggers(card, r)), key=total)


def _tie(rules: GangRules, used: list[str]) -> Example | None:
    """Equal totals: more dice wins the tie, then the earlier player (with three players)."""
    players = min(3, rules.players[1])
    sizes = (2, 3, 3)[:players]
    for card in _ordered(rules, used, lambda c: True):
        options = [_clear(rules, card, n) for n in sizes]
        for goal in sorted({total(r) for r in options[0]}, reverse=True):
            picks: list[tuple[int, ...]] = []
            for choices in options:
                pick = next((r for r in choices if total(r) == goal and r not in picks), None)
                if pick is None:
                    break
                picks.append(pick)
            if len(picks) == players:
                start, before = _example_round(rules, (rules.pool(players),) * players, 1)
                return _example("tie", start, before, card, [Plan(p) for p in picks])
    return None


def _both_trigger(rules: GangRules, used: list[str], sizes: tuple[int, int]) -> tuple[Card, list[Plan]] | None:
    """A yellow card both players' first rolls trigger, with rolls a reader takes in at a glance (no gangster,
    no repeated value, the lowest total). The second player rolls as a sensible player would once the first has
    triggered the card: a single die, as any result clear of it wins; so the card is one a single die can trigger."""
    for card in _ordered(rules, used, lambda c: c.is_yellow):
        rolls = [sorted(_met_by(rules, card, n), key=lambda r: (r.count(GANGSTER), len(r) - len(set(r)), total(r)))
                 for n in sizes]
        if all(rolls):
            return card, [Plan(r[0]) for r in rolls]
    return None


def _a_win(rules: GangRules, used: list[str], sizes: tuple[int, int]) -> tuple[Card, list[Plan]] | None:
    """A card both players stay clear of, the second player (more dice) beating the first one's total."""
    for card in _ordered(rules, used, lambda c: True):
        for first in _clear(rules, card, sizes[0]):
            second = next((r for r in _clear(rules, card, sizes[1]) if total(r) > total(first)), None)
            if second is not None:
                return card, [Plan(first), Plan(second)]
    return None


def _nobody_and_bonus(rules: GangRules, used: list[str]) -> list[Example]:
    """Everyone triggers the card and the dice stay; the next round, a bonus round, is won with all of them."""
    bonus_rounds = sorted(r for r, d in rules.bonus_dice if d)
    first_bonus = bonus_rounds[0] if bonus_rounds else None
    round_ = first_bonus - 1 if first_bonus and first_bonus > 1 else 1
    found: list[Example] = []
    players = rules.players[0]
    pools = (rules.pool(players),) * players
    if round_ < rules.rounds and (both := _both_trigger(rules, used, (3, 1))) is not None:
        start, before = _example_round(rules, pools, round_)
        card, plans = both
        found.append(_example("nobody-wins", start, before, card, plans[:players]))
        used.append(card.id)
    if first_bonus is None:
        return found
    if found and found[0].end.round == first_bonus and found[0].end.phase == Phase.REVEAL:
        start, before = found[0].end, found[0].next_round  # the next round: the dice left over are still there
    else:
        start, before = _example_round(rules, pools, first_bonus)
    if (win := _a_win(rules, used, (3, 4))) is not None:
        card, plans = win
        found.append(_example("bonus-round", start, before, card, plans))
        used.append(card.id)
    return found


def _last_pools(rules: GangRules, players: int) -> tuple[int, ...]:
    """The pools at the start of the last round: every die of the game, as no die leaves play before then (the
    starting pools plus the bonus dice of the rounds before, none left on the table), the first player holding
    those bonus dice."""
    bonus = sum(dice for round_, dice in rules.bonus_dice if round_ < rules.rounds)
    return (rules.pool(players) + bonus,) + (rules.pool(players),) * (players - 1)


def _last_round(rules: GangRules, used: list[str]) -> Example | None:
    """Everyone triggers the card in the last round: the dice are discarded, and the game ends."""
    players = rules.players[0]
    both = _both_trigger(rules, used, (2, 1))
    if both is None:
        return None
    start, before = _example_round(rules, _last_pools(rules, players), rules.rounds)
    card, plans = both
    return _example("last-round", start, before, card, plans[:players], to_the_end=True)


def _out_of_dice(rules: GangRules, used: list[str]) -> Example | None:
    """A player rolls their last dice and loses the round: out at the start of the next round."""
    round_ = max(1, rules.rounds // 2)
    win = _a_win(rules, used, (2, 3))
    if round_ >= rules.rounds or win is None or rules.players[0] != 2:
        return None
    card, plans = win
    total_dice = 2 * rules.pool(2)
    start, before = _example_round(rules, (2, total_dice - 2), round_)
    plans = _in_turn_order(start, plans)  # the first plan is the two-dice player's, seat 0, whoever starts
    return _example("out-of-dice", start, before, card, plans, to_the_end=True)  # the elimination belongs to it


@lru_cache(maxsize=8)
def derive_examples(rules: GangRules) -> tuple[Example, ...]:
    """The worked examples, one per goal the rules allow (EXAMPLE_GOALS order), each played by the engine."""
    used: list[str] = []
    found: list[Example] = []
    for build in (_yellow_reroll, _black_dodge, _gangster, _tie):
        example = build(rules, used)
        if example is not None:
            found.append(example)
            used.append(example.card)
    found.extend(_nobody_and_bonus(rules, used))
    for build in (_last_round, _out_of_dice):
        example = build(rules, used)
        if example is not None:
            found.append(example)
            used.append(example.card)
    return tuple(found)


# ------------------------------------------------------------------ the Engine protocol

class GangEngine(FunctionEngine[GangRules, State]):
    """Gang of Dice behind the Engine protocol: the functions above, with its winners and its canonical key."""

    def __init__(self, rules: GangRules) -> None:
        super().__init__(rules, start=new_game, chance=is_chance, actions=legal_actions, outcomes=chance_outcomes,
                         on_chance=apply_chance, on_action=apply_action)

    def mover(self, state: State) -> int | None:
        return None if state.phase == Phase.OVER else state.current

    def returns(self, state: State) -> tuple[Fraction, ...]:
        """The winners share the win: 1/k each for k winners, 0 to everyone else."""
        won = Fraction(1, len(state.winners)) if state.winners else Fraction(0)
        return tuple(won if seat in state.winners else Fraction(0) for seat in range(len(state.pools)))

    def key(self, state: State) -> Hashable:
        """Everything the rest of the game depends on; the game's counters left out."""
        return (state.pools, state.out, state.round, state.start, state.phase, state.deck, state.card, state.table,
                state.turns, state.current, state.faces, state.rolling, state.rerolls, state.winners)
