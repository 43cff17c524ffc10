"""Score pads that fit each game: which columns each player gets, and one row per turn or round, from the rules data."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Game
from .page import Frame, Rect

INTRO = 20.0
"""Room above the table for the pad's goal and legend."""
NAMES = 8.0
"""Height of the header row where players write their names."""
HEADS = 7.0
"""Height of the header row saying what each column holds."""
ROW = 7.0
"""Height of a row where the game has no fixed number of rounds."""
ROW_MAX = 16.0
"""Tallest row, where a game's fixed rounds leave room to spare."""
LEAD = 13.0
"""Width of the turn or round number column."""
EXTRA = 16.0
"""Width of a column for the whole table (Gang of Dice: the round's card)."""


@dataclass(frozen=True)
class Row:
    """A line of the pad: the start, or a turn or round with its number; Gang of Dice marks its bonus dice."""

    kind: str
    """`start` or `number`."""
    number: int = 0
    bonus: int = 0


@dataclass(frozen=True)
class Column:
    """A column of the pad: what it holds, where it is, and whose it is (None for the whole table)."""

    key: str
    x: float
    w: float
    player: int | None = None
    first: bool = False
    """The first of a player's columns, drawn with a heavier rule."""


@dataclass(frozen=True)
class Pad:
    """One game's score pad, placed on its page."""

    lead: str
    """What a row counts: `turn` or `round`."""
    extra: tuple[str, ...]
    """Columns for the whole table, after the lead (`card`)."""
    keys: tuple[str, ...]
    """Each player's columns: banked, total, rolled, score, pool, pile, doubled, keelhauled, hand."""
    weights: tuple[float, ...]
    players: int
    rows: tuple[Row, ...]
    row_height: float
    box: Rect
    """Where the table goes: its width, and its top left corner."""

    @property
    def columns(self) -> list[Column]:
        """Every column left to right: the lead, the table's, then each player's, sharing the width left."""
        x = self.box.x
        out = [Column(self.lead, x, LEAD)]
        x += LEAD
        for key in self.extra:
            out.append(Column(key, x, EXTRA))
            x += EXTRA
        share = (self.box.right - x) / self.players
        for player in range(1, self.players + 1):
            for i, (key, weight) in enumerate(zip(self.keys, self.weights)):
                w = share * weight / sum(self.weights)
                out.append(Column(key, x, w, player, i == 0))
                x += w
        return out

    @property
    def names(self) -> list[Rect]:
        """The header cell of each player, where they write their name."""
        spans = {}
        for c in self.columns:
            if c.player is not None:
                left, right = spans.get(c.player, (c.x, c.x + c.w))
                spans[c.player] = (min(left, c.x), max(right, c.x + c.w))
        return [Rect(left, self.box.y, right - left, NAMES) for left, right in spans.values()]

    @property
    def heads_top(self) -> float:
        return self.box.y + NAMES

    @property
    def body_top(self) -> float:
        return self.box.y + NAMES + HEADS

    def row_boxes(self) -> list[tuple[Row, Rect]]:
        """Each row and its box, top to bottom."""
        return [
            (row, Rect(self.box.x, self.body_top + i * self.row_height, self.box.w, self.row_height))
            for i, row in enumerate(self.rows)
        ]

    @property
    def bottom(self) -> float:
        return self.body_top + len(self.rows) * self.row_height


def _open_rows(room: float, start: bool) -> tuple[Row, ...]:
    """As many numbered rows as fill the room, for a game that ends at a score rather than after a number of rounds."""
    count = int((room - (ROW if start else 0.0)) // ROW)
    return ((Row("start"),) if start else ()) + tuple(Row("number", n) for n in range(1, count + 1))


def pad(game: Game, frame: Frame) -> Pad:
    """The score pad of a game, on one page, with columns for the largest table the game allows."""
    body = frame.body
    box = Rect(body.x, body.y + INTRO, body.w, body.h - INTRO)
    room = box.h - NAMES - HEADS
    players = game.players[1]
    if game.id == "gang-of-dice":
        # Rounds 1..rounds; bonus dice join the table at the start of some rounds; the pool starts full.
        bonus = {int(k): v for k, v in game.params.get("bonus_dice", {}).items()}
        rows = (Row("start"),) + tuple(Row("number", n, bonus.get(n, 0)) for n in range(1, game.params["rounds"] + 1))
        height = min(ROW_MAX, room / len(rows))
        return Pad("round", ("card",), ("rolled", "score", "pool"), (1, 1, 1.2), players, rows, height, box)
    if game.id == "dicemants":
        # Each turn: the diamonds banked, and the running total towards the goal.
        return Pad("turn", (), ("banked", "total"), (1, 1.2), players, _open_rows(room, False), ROW, box)
    if game.id == "dead-mans-dice":
        # Each round: the pile's value, doubled under a skull, keelhauled, and the running total towards the goal.
        keys = ("pile", "doubled", "keelhauled", "total")
        return Pad("round", (), keys, (1.25, 0.75, 0.75, 1.25), players, _open_rows(room, False), ROW, box)
    # Dice Arena: the dice in each hand after every round of turns, from the dice dealt at the start.
    return Pad("round", (), ("hand",), (1,), players, _open_rows(room, True), ROW, box)
