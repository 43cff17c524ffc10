"""Play mats: the Dicemants mine (lost zone, board, bag) and the Dice Arena ring, laid out on one page each."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Game
from .page import Frame, Rect

GAP = 5.0
"""Space between two zones of a mat."""


@dataclass(frozen=True)
class Zone:
    """A zone of the Dicemants mat: its box and the dice places drawn in it."""

    kind: str
    """`lost`, `board` or `bag`."""
    box: Rect
    slots: tuple[Rect, ...]


@dataclass(frozen=True)
class Mine:
    """The Dicemants mat: the lost zone farthest from the player, the board in the middle, the bag nearest."""

    zones: tuple[Zone, ...]


@dataclass(frozen=True)
class Arena:
    """The Dice Arena ring: a circle as large as the page allows."""

    cx: float
    cy: float
    r: float


def has_mat(game: Game) -> bool:
    """Whether the game's components include a mat."""
    return any(part.id == "mat" for part in game.parts)


def mine(game: Game, frame: Frame, die_size: float) -> Mine:
    """The three zones top to bottom, as the player sees them: lost (farthest), board, bag (nearest)."""
    body = frame.body
    dice = sum(d.count or 0 for d in game.dice)  # every die can end up lost, or in the bag
    rolled = game.params.get("max_dice", dice)  # the board holds one roll, in a row
    heights = {"lost": 0.29, "board": 0.38, "bag": 0.29}
    room = body.h - 2 * GAP
    zones, y = [], body.y
    for kind in ("lost", "board", "bag"):
        box = Rect(body.x, y, body.w, room * heights[kind])
        count = {"lost": dice, "board": rolled, "bag": dice}[kind]
        zones.append(Zone(kind, box, _row(box, count, die_size)))
        y = box.bottom + GAP
    return Mine(tuple(zones))


def _row(box: Rect, count: int, die_size: float) -> tuple[Rect, ...]:
    """A row of dice places along the foot of a zone, a little larger than a die."""
    gap = 4.0
    size = min(die_size + 6.0, (box.w - 16.0 - gap * (count - 1)) / count, box.h * 0.45)
    width = count * size + (count - 1) * gap
    left, top = box.x + (box.w - width) / 2, box.bottom - size - 7.0
    return tuple(Rect(left + i * (size + gap), top, size, size) for i in range(count))


def arena(frame: Frame) -> Arena:
    """The arena circle, centred in the page's body, a little inside it."""
    body = frame.body
    r = (min(body.w, body.h - 20.0) - 4.0) / 2
    return Arena(body.x + body.w / 2, body.y + 20.0 + (body.h - 20.0) / 2, r)
