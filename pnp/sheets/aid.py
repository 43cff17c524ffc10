"""Player aids: one per player, two to a page, each cut out along its own solid line."""

from __future__ import annotations

from math import ceil

from ..model import Game
from .page import Frame, Rect

GAP = 8.0
"""Space between the two aids on a page, so each has its own cut line."""
PER_PAGE = 2


FOOT = 3.0
"""Room left above the footer's rule, so the last aid's cut line is not drawn over."""


def aid_boxes(frame: Frame) -> list[Rect]:
    """The aids on a page, one above the other."""
    body = frame.body
    height = (body.h - FOOT - GAP * (PER_PAGE - 1)) / PER_PAGE
    return [Rect(body.x, body.y + i * (height + GAP), body.w, height) for i in range(PER_PAGE)]


def copies(game: Game) -> int:
    """How many times the page is printed: an aid for each player of the largest table the game allows."""
    return ceil(game.players[1] / PER_PAGE)


def pages_for(game: Game, players: int, pages: int) -> int:
    """Pages a table of `players` prints: one aid each, two to a page."""
    return min(pages, ceil(players / PER_PAGE))
