"""Dice Arena's own sheets: the arena to throw into, as four tiles that glue together, and a score pad."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...i18n import Translator
from ...model import Game
from ...sheets.options import Options
from ...sheets.pads import HEADS, NAMES, ROW, Head, Pad, Row, open_pad, table_box
from ...sheets.page import Frame, Label, Line, Rect

DIAMETER = 360.0
"""The arena across its edge line (to the middle of the line), in millimetres: 36 cm, the largest whole
centimetre whose quarter and glue strip fit the body of an A4 page and of a Letter page (37 cm does not)."""
EDGE = 1.0
"""The width of the edge line, in millimetres: thin, so that "more than half inside the edge" is easy to judge."""
STRIP = 9.0
"""The overlap of two tiles, in millimetres: the glue strip of one, the band cut off the other."""
GAP = 3.0
"""Between the arena's edge and the words beside it, in millimetres."""
WORDS = 30.0
"""The least height kept beside the arena for a tile's words, in millimetres (Russian takes five lines)."""
MARK = 4.0
"""Half an arm of an alignment cross, in millimetres: the cross stays inside the strip and the band."""
MARK_RING = 2.5
"""The radius of the ring around an alignment cross, in millimetres."""
MARK_AT = (60.0, 120.0)
"""How far from the centre, along each seam, the lettered crosses are (the centre has a cross too)."""
LETTER = 3.2
"""The height of a mark's letter and of a strip's word, in millimetres (9 pt)."""
ARC_STEP = math.radians(15)
"""The longest arc drawn as one curve: the PDF's Bézier curves then stay on the circle to a micrometre."""
CORNERS = ("top left", "top right", "bottom left", "bottom right")
"""The tiles, in page order: column then row (the English names; the sheet's words translate them)."""
SEAM_LETTERS = {("v", -1): "AB", ("h", 1): "CD", ("v", 1): "EF", ("h", -1): "GH"}
"""The letters of the crosses on each half-seam, nearest the centre first: up, right, down, left."""


@dataclass(frozen=True)
class Mark:
    """An alignment cross on a seam: the same cross on both tiles, whole once the tiles are glued."""

    x: float
    y: float
    letter: Label | None
    """Its letter, on this tile's side of the seam (none at the centre)."""


@dataclass(frozen=True)
class BandWord:
    """A word along a strip or a band (`glue`, `cut off`): at its middle, turned to run along a vertical band."""

    x: float
    y: float
    vertical: bool
    glue: bool
    """A glue strip (else a band cut off)."""


@dataclass(frozen=True)
class Tile:
    """One page of the arena: its quarter of the circle, where it is glued and cut, and its marks."""

    number: int
    corner: str
    """`top left`, `top right`, `bottom left` or `bottom right`."""
    cx: float
    cy: float
    """The arena's centre on this page: where the four tiles meet."""
    r: float
    edge: str
    """The edge line's arc, as SVG path data: this tile's quarter and, on a glue strip, a little more."""
    surface: str
    """The arena's surface on this tile (the arc closed by the seams), as SVG path data."""
    glue: tuple[Rect, ...]
    """Strips a neighbour is glued over (right, bottom)."""
    cuts: tuple[Line, ...]
    """Lines to cut along (left, top): the cut edge lies on a neighbour's seam."""
    marks: tuple[Mark, ...]
    words: tuple[BandWord, ...]
    text: Rect
    """Where the tile's words go: beside the arena, on the side away from the seams."""
    neighbours: dict[str, int]
    """The numbers of the tiles beside it: `left`, `right`, `above`, `below`."""


def _point(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def _arc(cx: float, cy: float, r: float, start: tuple[float, float], end: tuple[float, float]) -> str:
    """SVG path data of the shorter arc of a circle from one of its points to another, in short curves."""
    a0 = math.atan2(start[1] - cy, start[0] - cx)
    sweep = (math.atan2(end[1] - cy, end[0] - cx) - a0 + math.pi) % (2 * math.pi) - math.pi
    steps = max(1, math.ceil(abs(sweep) / ARC_STEP - 1e-9))
    d = [f"M {start[0]:.3f} {start[1]:.3f}"]
    for i in range(1, steps + 1):
        x, y = end if i == steps else _point(cx, cy, r, a0 + sweep * i / steps)
        d.append(f"A {r:.3f} {r:.3f} 0 0 {1 if sweep > 0 else 0} {x:.3f} {y:.3f}")
    return " ".join(d)


def tiles(frame: Frame, diameter: float = DIAMETER) -> tuple[Tile, ...]:
    """The four tiles of an arena this wide on this paper, in page order; an arena too wide is an error.

    Every tile puts the arena's centre STRIP inside its body on the seam sides. The left tiles carry a glue strip
    beyond the vertical seam, the top tiles one beyond the horizontal seam; the right and bottom tiles are cut
    along the seam and laid over those strips. The crosses on a seam are printed on both tiles at the same
    distances from the centre, so they coincide when the tiles do.
    """
    body = frame.body
    r = diameter / 2
    reach = r + EDGE / 2
    if reach + STRIP > body.w or reach + STRIP + GAP + WORDS > body.h:
        raise ValueError(f"a {diameter / 10:g} cm arena does not fit four {frame.paper} pages")
    out = []
    for number, (col, row) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1)), start=1):
        sx, sy = (-1 if col == 0 else 1), (-1 if row == 0 else 1)  # the side of the centre its quarter is on
        cx = body.right - STRIP if col == 0 else body.x + STRIP
        cy = body.bottom - STRIP if row == 0 else body.y + STRIP
        beyond = math.sqrt(r * r - STRIP * STRIP)  # along the circle, a strip's width past a seam
        # The arc runs from the horizontal seam to the vertical one, past a seam where this tile has a strip.
        start = (cx + sx * beyond, cy + STRIP) if row == 0 else (cx + sx * r, cy)
        end = (cx + STRIP, cy + sy * beyond) if col == 0 else (cx, cy + sy * r)
        edge = _arc(cx, cy, r, start, end)
        corner = (cx + (STRIP if col == 0 else 0.0), cy + (STRIP if row == 0 else 0.0))
        surface = f"{edge} L {corner[0]:.3f} {corner[1]:.3f} L {start[0]:.3f} {start[1]:.3f} Z"
        top, bottom = (body.y, cy + STRIP) if row == 0 else (cy, body.bottom)
        left, right = (body.x, cx + STRIP) if col == 0 else (cx, body.right)
        glue, cuts, words = [], [], []
        if col == 0:
            glue.append(Rect(cx, top, STRIP, bottom - top))
            words.append(BandWord(cx + STRIP / 2, cy + sy * sum(MARK_AT) / 2, True, True))
        else:
            cuts.append(Line(cx, body.y, cx, body.bottom))
            words.append(BandWord(cx - STRIP / 2, cy + sy * sum(MARK_AT) / 2, True, False))
        if row == 0:
            glue.append(Rect(left, cy, (cx if col == 0 else right) - left, STRIP))
            words.append(BandWord(cx + sx * sum(MARK_AT) / 2, cy + STRIP / 2, False, True))
        else:
            cuts.append(Line(body.x, cy, body.right, cy))
            words.append(BandWord(cx + sx * sum(MARK_AT) / 2, cy - STRIP / 2, False, False))
        marks = [Mark(cx, cy, None)]
        for seam, dx, dy in (("v", 0, sy), ("h", sx, 0)):
            letters = SEAM_LETTERS[(seam, dx + dy)]
            for letter, at in zip(letters, MARK_AT, strict=True):
                x, y = cx + dx * at, cy + dy * at
                # The letter sits past the tip of the arm that crosses the seam, on this tile's side of it.
                if seam == "v":
                    label = Label(x + sx * (MARK + 1.0), y + LETTER * 0.36, letter, "end" if sx < 0 else "start")
                else:
                    label = Label(x, y - MARK - 1.0 if sy < 0 else y + MARK + 1.0 + LETTER * 0.72, letter)
                marks.append(Mark(x, y, label))
        text_left, text_right = (body.x, cx - GAP) if col == 0 else (cx + GAP, body.right)
        text_top, text_bottom = (body.y, cy - reach - GAP) if row == 0 else (cy + reach + GAP, body.bottom)
        text = Rect(text_left, text_top, text_right - text_left, text_bottom - text_top)
        neighbours = {"left": number - 1} if col == 1 else {"right": number + 1}
        neighbours.update({"above": number - 2} if row == 1 else {"below": number + 2})
        out.append(Tile(number, CORNERS[number - 1], cx, cy, r, edge, surface, tuple(glue), tuple(cuts),
                        tuple(marks), tuple(words), text, neighbours))
    return tuple(out)


def arena_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The arena sheet's context: the four tiles, the arena's size and the line widths."""
    return {"tiles": tiles(frame), "diameter_cm": round(DIAMETER / 10), "edge_width": EDGE,
            "mark_arm": MARK, "mark_ring": MARK_RING, "letter_size": LETTER}


PAD_ROWS = 30
"""Numbered rows on the score pad, below the start row, like the other games' pads."""
PAD_ROW_MIN = 6.0
"""The shortest row, in millimetres, that the pad narrows to for PAD_ROWS; a shorter page keeps fewer rows."""


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """The dice in each hand after every turn around the table, from the dice dealt at the start."""
    # A row is a round: every player's turn, once each, as the legend above the pad says; "Round", as on the
    # other games' pads.
    lead = Head("round", tr.game_gettext(game.id, "Round"))
    heads = (Head("hand", tr.gettext("Dice in hand")),)
    box = table_box(frame)
    row = min(ROW, (box.h - NAMES - HEADS) / (PAD_ROWS + 1))
    if row < PAD_ROW_MIN:
        return open_pad(game, frame, lead, heads, start=True)
    rows = (Row("start"),) + tuple(Row("number", n) for n in range(1, PAD_ROWS + 1))
    return Pad(lead, (), heads, game.players[1], rows, row, box)
