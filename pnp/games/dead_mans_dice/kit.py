"""Dead Man's Dice's score pad: each round's pile, doubled under a skull, the two penalties, and the running total."""

from __future__ import annotations

from ...i18n import Translator
from ...model import Game
from ...sheets.pads import Head, Pad, open_pad
from ...sheets.page import Frame
from ...typography import typeset

ONE_LINE = 1000.0
"""A turned head's longest line, in millimetres: any head is one line, so a tick column is a tick box wide."""


def penalty(tr: Translator, doubloons: int) -> str:
    """A penalty as the pad writes it: `−7`."""
    return "\u2212" + tr.number(doubloons)


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """Each round: the pile's value, ticks for doubled and keelhauled, the rival piles knocked over, and the total.

    The heads run up their columns, each on one line in every language (the row of heads is as tall as the
    longest), so that the columns to tick or to count broadsides in are narrow, and the pile and the total, written
    by hand, get the rest. A player's columns share 30.2 mm (six players on A4; 31.2 on Letter): a two-digit pile
    (9 mm), two boxes to tick (3.9 mm each; the box drawn smaller than the column, clear of its rules), a one-digit
    count (4.3 mm), and a three-digit total with its minus (9 mm).
    """
    from .spec import params

    p = params(game)

    def head(key: str, label: str, weight: float, tick: bool = False) -> Head:
        # Typeset now, so that the words the language binds are measured together (see pads.turned).
        return Head(key, typeset(label, tr.typography), weight, tick)

    heads = (
        head("pile", tr.gettext("Pile"), 9.05),
        head("doubled", "×2", 3.9, tick=True),
        # TRANSLATORS: a score-pad column head, turned to run up its column: the whole term, then the penalty. One
        # line at 7 pt bold, as short as the term allows (the row of heads is as tall as the longest head).
        head("keelhauled", tr.format(tr.gettext("Keelhauled {penalty}"), penalty=penalty(tr, p.keelhaul_penalty)),
             3.9, tick=True),
        # A number, not a tick: one die can knock over more than one rival pile.
        # TRANSLATORS: a score-pad column head, turned to run up its column: the rival piles a player knocked over
        # (broadsides), each costing the penalty. One line at 7 pt bold, as short as the term allows.
        head("broadside", tr.format(tr.gettext("Broadsides ({penalty} each)"),
                                    penalty=penalty(tr, p.broadside_penalty)), 4.3),
        head("total", tr.gettext("Total"), 9.05),
    )
    # The round column gives four millimetres to six players' columns: its numbers and head need no more than 9 mm.
    return open_pad(game, frame, Head("round", tr.gettext("Round")), heads, lead_width=9.0, turn=True, line=ONE_LINE)
