"""Player aids: one per player, two to a page, each cut out along its own solid line."""

from __future__ import annotations

from math import ceil

from ..model import Game
from .page import Frame, Rect

GAP = 8.0
"""Space between the aids on a page, so each has its own cut line."""


FOOT = 3.0
"""Room left above the footer's rule, so the last aid's cut line is not drawn over."""


def per_page(game: Game) -> int:
    """How many aids the game's page holds (its spec says: two, or three where an aid is short)."""
    from ..games import find_spec

    return find_spec(game.id).aids_per_page


def aid_boxes(frame: Frame, count: int) -> list[Rect]:
    """The `count` aids on a page, one above the other."""
    body = frame.body
    height = (body.h - FOOT - GAP * (count - 1)) / count
    return [Rect(body.x, body.y + i * (height + GAP), body.w, height) for i in range(count)]


def copies(game: Game) -> int:
    """How many times the page is printed: an aid for each player of the largest table the game allows."""
    return ceil(game.players[1] / per_page(game))


def pages_for(game: Game, players: int, pages: int) -> int:
    """Pages a table of `players` prints: one aid each, as many to a page as the page holds."""
    return min(pages, ceil(players / per_page(game)))
