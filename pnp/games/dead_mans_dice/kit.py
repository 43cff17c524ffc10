"""Dead Man's Dice's score pad: each round's pile, doubled under a skull, the two penalties, and the running total."""

from __future__ import annotations

from ...i18n import Translator
from ...model import Game
from ...sheets.pads import Head, Pad, open_pad
from ...sheets.page import Frame


def penalty(tr: Translator, doubloons: int) -> str:
    """A penalty as the pad writes it: `−7`."""
    return "\u2212" + tr.number(doubloons)


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """Each round: the pile's value, ticks for doubled and keelhauled, the rival piles knocked over, and the total.

    A player's columns share 29.7 mm (six players on A4; 30.7 on Letter). The weights are about their widths there
    in mm: each head's longest word at 7 pt bold in the widest language (Russian "Итого"), a word for the two
    penalties over the penalty itself, and the room a tick box needs around it.
    """
    from .spec import params

    p = params(game)
    heads = (
        Head("pile", tr.gettext("Pile"), 5.85),
        Head("doubled", "×2", 4.05, tick=True),
        # TRANSLATORS: score-pad column head, about 6 mm wide (5.4 mm of text) at 7 pt: a short word for
        # "keelhauled" over the penalty, e.g. "Keel −7" (the legend above the pad says it in full).
        Head("keelhauled", tr.format(tr.gettext("Keel {penalty}"), penalty=penalty(tr, p.keelhaul_penalty)),
             6.0, tick=True),
        # A number, not a tick: one die can knock over more than one rival pile.
        # TRANSLATORS: score-pad column head, about 7 mm wide (6.2 mm of text) at 7 pt: a short word for
        # "broadside" over the penalty, e.g. "Broad −7" (the legend above the pad says it in full).
        Head("broadside", tr.format(tr.gettext("Broad {penalty}"), penalty=penalty(tr, p.broadside_penalty)),
             6.82),
        Head("total", tr.gettext("Total"), 6.9),
    )
    # The round column gives a millimetre to six players' columns: its numbers need no more than 12 mm.
    return open_pad(game, frame, Head("round", tr.gettext("Round")), heads, lead_width=12.0)
