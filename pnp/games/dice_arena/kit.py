"""Dice Arena's own sheets: the arena ring to throw into, and a score pad of the dice in each hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...i18n import Translator
from ...model import Game
from ...sheets.pads import Head, Pad, open_pad
from ...sheets.page import Frame


@dataclass(frozen=True)
class Arena:
    """The ring: a circle as large as the page allows."""

    cx: float
    cy: float
    r: float


def arena(frame: Frame) -> Arena:
    """The arena circle, centred in the page's body, a little inside it."""
    body = frame.body
    r = (min(body.w, body.h - 20.0) - 4.0) / 2
    return Arena(body.x + body.w / 2, body.y + 20.0 + (body.h - 20.0) / 2, r)


def arena_layout(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """The mats sheet's context: the ring."""
    return {"arena": arena(frame)}


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """The dice in each hand after every round of turns, from the dice dealt at the start."""
    return open_pad(game, frame, Head("round", tr.gettext("Round")), (Head("hand", tr.gettext("Dice in hand")),),
                    start=True)
