"""Score pads: a column group per player, a row per turn or round; each game says which columns (GameSpec.score_pad)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..model import Game
from .measure import balanced, kept, width
from .page import Frame, Rect

INTRO = 20.0
"""Room above the table for the pad's goal and legend, where they fit in it (see `below`)."""
GAP = 1.0
"""Room left between a legend taller than INTRO leaves room for (its last paragraph's margin included) and the
table."""
ROW_LEAST = 5.0
"""The shortest row a hand writes a score in: a pad whose rows would be shorter, or that has no row, does not fit."""
CLEAR = 3.0
"""Room left between the table's last row and the footer (its ruler and two lines of print advice)."""
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
"""Width of a column for the whole table (e.g. the round's card)."""
HEAD_SIZE = 7.0
"""The column heads' size in points (sheets.css, `.pad-head`)."""
TURNED_INSET = 1.2
"""Room left at either end of a turned head."""
TURNED_LINE = 18.0
"""The longest line of a turned head: a longer head takes two lines, which its column must be wide enough for."""


@dataclass(frozen=True)
class Row:
    """A line of the pad: the start, or a turn or round with its number, maybe highlighted with a note."""

    kind: str
    """`start` or `number`."""
    number: int = 0
    note: str = ""
    """A word under the number (e.g. dice that join the table that round); the row is highlighted."""


@dataclass(frozen=True)
class Head:
    """What a column holds: its heading, its share of a player's width, and whether it is a box to tick."""

    key: str
    label: str
    weight: float = 1.0
    tick: bool = False
    at_start: bool = True
    """Whether the start row takes a value here (a starting pool); a column that does not is shaded there."""


@dataclass(frozen=True)
class Column:
    """A column of the pad: what it holds, where it is, and whose it is (None for the whole table)."""

    head: Head
    x: float
    w: float
    player: int | None = None
    first: bool = False
    """The first of a player's columns, drawn with a heavier rule."""

    @property
    def label(self) -> str:
        return self.head.label

    @property
    def tick(self) -> bool:
        return self.head.tick


@dataclass(frozen=True)
class Pad:
    """One game's score pad, placed on its page."""

    lead: Head
    """What a row counts: a turn or a round."""
    extra: tuple[Head, ...]
    """Columns for the whole table, after the lead (Gang of Dice: the round's card)."""
    heads: tuple[Head, ...]
    """Each player's columns."""
    players: int
    rows: tuple[Row, ...]
    row_height: float
    box: Rect
    """Where the table goes: its width, and its top left corner."""
    lead_width: float = LEAD
    """Width of the turn or round column (wider where a row's note must fit, e.g. Gang of Dice's bonus dice)."""
    heads_height: float = HEADS
    """Height of the row of column heads."""
    turned: bool = False
    """Each player's column heads run up their column, read from the bottom, so that a narrow column takes whole
    words («Keelhauled −7»); the row of heads is as tall as the longest head's line."""

    @property
    def columns(self) -> list[Column]:
        """Every column left to right: the lead, the table's, then each player's, sharing the width left."""
        x = self.box.x
        out = [Column(self.lead, x, self.lead_width)]
        x += self.lead_width
        for head in self.extra:
            out.append(Column(head, x, EXTRA))
            x += EXTRA
        share = (self.box.right - x) / self.players
        total = sum(h.weight for h in self.heads)
        for player in range(1, self.players + 1):
            for i, head in enumerate(self.heads):
                w = share * head.weight / total
                out.append(Column(head, x, w, player, i == 0))
                x += w
        return out

    @property
    def names(self) -> list[Rect]:
        """The header cell of each player, where they write their name."""
        spans: dict[int, tuple[float, float]] = {}
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
        return self.box.y + NAMES + self.heads_height

    def turned_head(self, column: Column) -> Rect:
        """Where a turned head is set before it is turned a quarter left about its top left corner, which stands at
        the foot of its column: as long as the row of heads, as high as the column is wide."""
        return Rect(column.x, self.body_top - TURNED_INSET, self.heads_height - 2 * TURNED_INSET, column.w)

    def row_boxes(self) -> list[tuple[Row, Rect]]:
        """Each row and its box, top to bottom."""
        return [
            (row, Rect(self.box.x, self.body_top + i * self.row_height, self.box.w, self.row_height))
            for i, row in enumerate(self.rows)
        ]

    @property
    def bottom(self) -> float:
        return self.body_top + len(self.rows) * self.row_height


def table_box(frame: Frame) -> Rect:
    """Where a pad's table goes on the page: the body, below the legend. A game's pad is placed in it (`below`
    counts on that)."""
    body = frame.body
    return Rect(body.x, body.y + INTRO, body.w, body.h - INTRO - CLEAR)


def open_rows(box: Rect, start: bool, heads_height: float = HEADS) -> tuple[Row, ...]:
    """As many numbered rows as fill the box, for a game that ends at a score rather than after a number of rounds."""
    room = box.h - NAMES - heads_height
    count = int((room - (ROW if start else 0.0)) // ROW)
    return ((Row("start"),) if start else ()) + tuple(Row("number", n) for n in range(1, count + 1))


def fixed_rows(box: Rect, rows: tuple[Row, ...]) -> float:
    """The row height that spreads a fixed number of rows over the box, no taller than ROW_MAX."""
    return min(ROW_MAX, (box.h - NAMES - HEADS) / len(rows))


def turned(heads: tuple[Head, ...], line: float = TURNED_LINE) -> tuple[tuple[Head, ...], float]:
    """Heads set to run up their columns: each label in one line, or two balanced ones where it is longer than
    `line` (kept so that WeasyPrint breaks it there), and the height of the row they need. A label must come
    typeset in its language already, so that the words its typography binds are measured together."""
    lines = [balanced(str(h.label), line, HEAD_SIZE, bold=True) for h in heads]
    longest = max(width(line, HEAD_SIZE, bold=True) for ls in lines for line in ls)
    return (tuple(replace(h, label=kept(ls)) for h, ls in zip(heads, lines, strict=True)),
            max(HEADS, longest + 2 * TURNED_INSET))


def open_pad(game: Game, frame: Frame, lead: Head, heads: tuple[Head, ...], start: bool = False,
             lead_width: float = LEAD, turn: bool = False, line: float = TURNED_LINE) -> Pad:
    """A pad with a column group per player of the largest table and as many rows as the page holds; `turn`: the
    players' heads run up their columns (see `turned`), a line no longer than `line`."""
    box = table_box(frame)
    height = HEADS
    if turn:
        heads, height = turned(heads, line)
    return Pad(lead, (), heads, game.players[1], open_rows(box, start, height), ROW, box, lead_width, height, turn)


def below(pad: Pad, make: Callable[[Frame], Pad], frame: Frame, legend: float) -> Pad:
    """The pad set below a legend `legend` mm tall: as `make` placed it on the frame where INTRO leaves the legend
    room; below a taller legend, made on a page shorter by the difference and moved down by it, so that its rows
    shrink (fixed rounds) or fewer fit (open pads), at the sizes the game sets."""
    extra = legend + GAP - INTRO
    if extra <= 0:
        return pad
    lower = make(replace(frame, height=frame.height - extra))
    return replace(lower, box=lower.box.moved(0, extra))


def fits(pad: Pad) -> bool:
    """Whether a hand can keep score on the pad: a numbered row at least, none shorter than ROW_LEAST."""
    return pad.row_height >= ROW_LEAST and any(row.kind == "number" for row in pad.rows)
