"""Engine events told in the reader's language: the one place where Dice Arena prose is made."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Translator
from .engine import End, Event, Kind, Removal


def narrate(events: Sequence[Event], tr: Translator) -> list[str]:
    """What a throw (or a stop) did, in a few sentences, from its events alone."""
    out: list[str] = []
    throw = next((e for e in events if e.kind == Kind.THROW), None)
    strike = bool(throw and throw["strike"])
    groups = [e for e in events if e.kind == Kind.CAPTURED]
    if throw is not None and strike:
        n = len(throw["faces"])
        out.append(tr.format(tr.ngettext("Strike: you throw the {n:word} die in your hand.",
                                         "Strike: you throw all {n:word} dice in your hand at once.", n), n=n))
    if len(groups) > 1:
        out.append(tr.gettext("Every matching group is captured at once."))
    for event in events:
        kind = event.kind
        if kind == Kind.REMOVED:
            out.append(_removed(event["reason"], event["count"], strike, tr))
        elif kind == Kind.CAPTURED:
            n = event["count"]
            out.append(tr.format(tr.ngettext("You capture the {n:word} die showing {number}.",
                                             "You capture the {n:word} dice showing {number}.", n),
                                 n=n, number=event["number"]))
            if event["neutral"]:
                out.append(tr.gettext("The neutral die is one of them: from now on it is yours."))
        elif kind == Kind.STAYED:
            numbers = list(event["numbers"])
            out.append(tr.format(tr.ngettext("The die showing {numbers} matches no other die and stays in the arena.",
                                             "The dice showing {numbers} match no other die and stay in the arena.",
                                             len(numbers)), numbers=numbers))
        elif kind == Kind.HAND and event["hand"]:
            n = event["hand"]
            out.append(tr.format(tr.ngettext("You now have {n:word} die in your hand.",
                                             "You now have {n:word} dice in your hand.", n), n=n))
        elif kind == Kind.ELIMINATED:
            out.append(tr.gettext("Your hand is empty, so you are eliminated at once."))
        elif kind == Kind.TURN_END and event["reason"] == End.CAPTURED:
            out.append(tr.gettext("A capture ends your turn."))
        elif kind == Kind.TURN_END and event["reason"] == End.STOPPED:
            out.append(tr.gettext("You stop, and your turn ends. The next player clockwise throws into this arena."))
    if throw is not None and not any(e.kind == Kind.TURN_END for e in events):
        out.append(tr.gettext("You may throw another die, or stop."))
    return out


def _removed(reason: str, n: int, strike: bool, tr: Translator) -> str:
    """Dice removed from the game: by the X, or by a failed throw."""
    if reason == Removal.OUTSIDE:
        if not strike:
            return tr.gettext("Failed throw: your die lands outside the arena and is removed from the game.")
        return tr.format(tr.ngettext(
            "Failed throw: {n:word} die lands outside the arena and is removed from the game.",
            "Failed throw: {n:word} dice land outside the arena and are removed from the game.", n), n=n)
    if not strike:
        return tr.gettext("Your die shows an X and is removed from the game.")
    return tr.format(tr.ngettext(
        "The die showing an X is removed from the game. An X is never captured.",
        "The {n:word} dice showing an X are removed from the game. An X is never captured.", n), n=n)
