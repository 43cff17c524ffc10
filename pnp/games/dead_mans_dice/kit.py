"""Dead Man's Dice's score pad: each round's pile, doubled under a skull, keelhauled, and the running total."""

from __future__ import annotations

from ...i18n import Translator
from ...model import Game
from ...sheets.pads import Head, Pad, open_pad
from ...sheets.page import Frame


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """Each round: the pile's value, ticks for doubled and keelhauled, and the running total towards the goal."""
    from .spec import params

    heads = (
        Head("pile", tr.gettext("Pile"), 1.25),
        Head("doubled", "×2", 0.75, tick=True),
        Head("keelhauled", "−" + tr.number(params(game).keelhaul_penalty), 0.75, tick=True),
        Head("total", tr.gettext("Total"), 1.25),
    )
    return open_pad(game, frame, Head("round", tr.gettext("Round")), heads)
