"""Dicemants' own sheets: the mine mat (lost zone, board, bag) and a score pad of banked diamonds and totals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...i18n import Translator
from ...model import Game
from ...sheets.options import BLANK_DIE, Options
from ...sheets.pads import Head, Pad, open_pad
from ...sheets.page import Frame, Rect

GAP = 5.0
"""Space between two zones of a mat."""


@dataclass(frozen=True)
class MineZone:
    """A zone of the mat: its box and the dice places drawn in it."""

    kind: str
    """`lost`, `board` or `bag`."""
    box: Rect
    slots: tuple[Rect, ...]


@dataclass(frozen=True)
class Mine:
    """The mat: the lost zone farthest from the player, the board in the middle, the bag nearest."""

    zones: tuple[MineZone, ...]


def mine(game: Game, frame: Frame, die_size: float = 16.0) -> Mine:
    """The three zones top to bottom, as the player sees them: lost (farthest), board, bag (nearest)."""
    from .spec import params

    body = frame.body
    dice = sum(d.count or 0 for d in game.dice)  # every die can end up lost, or in the bag
    rolled = params(game).max_dice  # the board holds one roll, in a row
    heights = {"lost": 0.29, "board": 0.38, "bag": 0.29}
    room = body.h - 2 * GAP
    zones, y = [], body.y
    for kind in ("lost", "board", "bag"):
        box = Rect(body.x, y, body.w, room * heights[kind])
        count = {"lost": dice, "board": rolled, "bag": dice}[kind]
        zones.append(MineZone(kind, box, _row(box, count, die_size)))
        y = box.bottom + GAP
    return Mine(tuple(zones))


def _row(box: Rect, count: int, die_size: float) -> tuple[Rect, ...]:
    """A row of dice places along the foot of a zone, a little larger than a die."""
    gap = 4.0
    size = min(die_size + 6.0, (box.w - 16.0 - gap * (count - 1)) / count, box.h * 0.45)
    width = count * size + (count - 1) * gap
    left, top = box.x + (box.w - width) / 2, box.bottom - size - 7.0
    return tuple(Rect(left + i * (size + gap), top, size, size) for i in range(count))


def mine_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The mats sheet's context: the mine, its places big enough for a blank die or a paper die."""
    return {"mine": mine(game, frame, max(BLANK_DIE, options.paper_die_size))}


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """Each turn, a row: every player's diamonds banked on their turn, and the running total towards the goal. The
    game has turns, not rounds: the rows are numbered by turn."""
    heads = (Head("banked", tr.gettext("Banked"), 1), Head("total", tr.gettext("Total"), 1.2))
    # TRANSLATORS: the head of the score pad's first column, the number of each player's turn (1, 2, 3 ...).
    return open_pad(game, frame, Head("round", tr.gettext("Turn")), heads)
