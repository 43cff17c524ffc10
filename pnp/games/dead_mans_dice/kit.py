"""Dead Man's Dice's score pad: each round's pile, doubled under a skull, the two penalties, and the running total."""

from __future__ import annotations

from ...i18n import Translator
from ...model import Game
from ...sheets.pads import Head, Pad, open_pad
from ...sheets.page import Frame
from ...typography import typeset


def penalty(tr: Translator, doubloons: int) -> str:
    """A penalty as the pad writes it: `−7`."""
    return "\u2212" + tr.number(doubloons)


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """Each round: the pile's value, ticks for doubled and keelhauled, the rival piles knocked over, and the total.

    The heads run up their columns, whole words in every language. A player's columns share 29.7 mm (six players
    on A4; 30.7 on Letter), in about these widths: a two-digit pile, a box to tick, two lines of a turned head
    over the two penalties, and a three-digit total with its minus.
    """
    from .spec import params

    p = params(game)

    def head(key: str, label: str, weight: float, tick: bool = False) -> Head:
        # Typeset now, so that the words the language binds are measured together (see pads.turned).
        return Head(key, typeset(label, tr.typography), weight, tick)

    heads = (
        head("pile", tr.gettext("Pile"), 5.6),
        head("doubled", "×2", 4.2, tick=True),
        # TRANSLATORS: a score-pad column head, turned to run up its column: the whole term, then the penalty. Up to
        # about 18 mm a line at 7 pt bold; a longer head takes two lines.
        head("keelhauled", tr.format(tr.gettext("Keelhauled {penalty}"), penalty=penalty(tr, p.keelhaul_penalty)),
             6.0, tick=True),
        # A number, not a tick: one die can knock over more than one rival pile.
        # TRANSLATORS: a score-pad column head, turned to run up its column: the rival piles a player knocked over
        # (broadsides), each costing the penalty. Up to about 18 mm a line at 7 pt bold; two lines at most.
        head("broadside", tr.format(tr.gettext("Broadsides ({penalty} each)"),
                                    penalty=penalty(tr, p.broadside_penalty)), 6.0),
        head("total", tr.gettext("Total"), 7.8),
    )
    # The round column gives a millimetre to six players' columns: its numbers need no more than 12 mm.
    return open_pad(game, frame, Head("round", tr.gettext("Round")), heads, lead_width=12.0, turn=True)
