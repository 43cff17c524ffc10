"""Sheet geometry in millimetres: the paper, its bands, the calibration ruler, crop marks and a flow packer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..project import PAPERS

MM_PER_INCH = 25.4
MARGIN = 10.0
"""Kept clear on every side: most printers cannot print nearer the edge."""
HEADER = 13.0
"""The title band at the top of the page."""
FOOTER = 16.0
"""The band at the bottom of the page with the ruler and the print-at-100 % line."""
RULER_MM = 50
"""The metric scale of the calibration ruler, in millimetres."""
RULER_IN = 2
"""The imperial scale of the calibration ruler, in inches."""


@dataclass(frozen=True)
class Rect:
    """A box: left, top, width and height, in millimetres from the page's top-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2), in millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Label:
    """A short text set at a point (anchored at its middle, `start` or `end`)."""

    x: float
    y: float
    text: str
    anchor: str = "middle"


@dataclass(frozen=True)
class Frame:
    """One side of a sheet of paper, and the bands a sheet's content must keep to."""

    paper: str
    css: str
    """The CSS page size name (`A4`, `letter`), so WeasyPrint sets exactly that media box."""
    width: float
    height: float

    @classmethod
    def of(cls, paper: str) -> Frame:
        css, width, height = PAPERS[paper]
        return cls(paper, css, width, height)

    @property
    def header(self) -> Rect:
        return Rect(MARGIN, MARGIN, self.width - 2 * MARGIN, HEADER)

    @property
    def body(self) -> Rect:
        top = MARGIN + HEADER
        return Rect(MARGIN, top, self.width - 2 * MARGIN, self.height - MARGIN - FOOTER - top)

    @property
    def footer(self) -> Rect:
        return Rect(MARGIN, self.height - MARGIN - FOOTER, self.width - 2 * MARGIN, FOOTER)

    def mirrored(self, rect: Rect) -> Rect:
        """Where a box lands on the back of the sheet when it is printed double-sided, flipped on the long edge."""
        return Rect(self.width - rect.right, rect.y, rect.w, rect.h)


@dataclass(frozen=True)
class Ruler:
    """The calibration ruler: a 50 mm scale above a 2 in scale, drawn as vector lines."""

    metric: Line
    imperial: Line
    ticks: tuple[Line, ...]
    numbers: tuple[Label, ...]
    width: float
    mm: int = RULER_MM
    inches: int = RULER_IN


def ruler(x: float, y: float) -> Ruler:
    """A ruler whose shared left end is at x; the metric baseline at y, the imperial one 1 mm below it."""
    metric_y, imperial_y = y, y + 1.0
    ticks, numbers = [], []
    for mm in range(RULER_MM + 1):
        length = 2.6 if mm % 10 == 0 else 1.8 if mm % 5 == 0 else 1.1
        ticks.append(Line(x + mm, metric_y, x + mm, metric_y - length))
        if mm % 10 == 0:
            numbers.append(Label(x + mm, metric_y - 3.2, str(mm)))
    eighths = RULER_IN * 8
    for i in range(eighths + 1):
        at = x + i * MM_PER_INCH / 8
        length = 2.6 if i % 8 == 0 else 1.8 if i % 4 == 0 else 1.1
        ticks.append(Line(at, imperial_y, at, imperial_y + length))
        if i % 8 == 0:
            numbers.append(Label(at, imperial_y + 5.0, str(i // 8)))
    metric = Line(x, metric_y, x + RULER_MM, metric_y)
    imperial = Line(x, imperial_y, x + RULER_IN * MM_PER_INCH, imperial_y)
    return Ruler(metric, imperial, tuple(ticks), tuple(numbers), RULER_IN * MM_PER_INCH)


def crop_marks(boxes: Sequence[Rect], outside: Rect, offset: float = 1.5, length: float = 5.0) -> list[Line]:
    """Crop marks for boxes cut from a block: each cut line extended outside the block, clear of its bleed."""
    xs = sorted({round(v, 3) for b in boxes for v in (b.x, b.right)})
    ys = sorted({round(v, 3) for b in boxes for v in (b.y, b.bottom)})
    marks = []
    for x in xs:
        marks.append(Line(x, outside.y - offset, x, outside.y - offset - length))
        marks.append(Line(x, outside.bottom + offset, x, outside.bottom + offset + length))
    for y in ys:
        marks.append(Line(outside.x - offset, y, outside.x - offset - length, y))
        marks.append(Line(outside.right + offset, y, outside.right + offset + length, y))
    return marks


T = TypeVar("T")


@dataclass(frozen=True)
class Placed(Generic[T]):
    """An item of a sheet at its place on a page."""

    x: float
    y: float
    item: T


@dataclass(frozen=True)
class Footprint:
    """Something to place: its size, and whether it takes a whole row (a heading)."""

    w: float
    h: float
    whole_row: bool = False


def flow(items: Sequence[T], size: Callable[[T], Footprint], body: Rect, gap_x: float,
         gap_y: float) -> list[list[Placed[T]]]:
    """Place items left to right in rows, rows top to bottom, pages as needed; a heading never ends a page."""
    pages: list[list[Placed[T]]] = [[]]
    x, y, row_h = body.x, body.y, 0.0

    def new_page() -> None:
        nonlocal x, y, row_h
        pages.append([])
        x, y, row_h = body.x, body.y, 0.0

    for index, item in enumerate(items):
        block: Footprint = size(item)
        if block.whole_row:
            if x > body.x:
                x, y, row_h = body.x, y + row_h + gap_y, 0.0
            following = next((size(i) for i in items[index + 1:index + 2]), None)
            need = block.h + (following.h if following is not None else 0.0)
            if y + need > body.bottom + 1e-6 and pages[-1]:
                new_page()
            pages[-1].append(Placed(body.x, y, item))
            y += block.h
            continue
        if x > body.x and x + block.w > body.right + 1e-6:
            x, y, row_h = body.x, y + row_h + gap_y, 0.0
        if y + block.h > body.bottom + 1e-6 and pages[-1]:
            new_page()
        pages[-1].append(Placed(x, y, item))
        x += block.w + gap_x
        row_h = max(row_h, block.h)
    return [page for page in pages if page]
