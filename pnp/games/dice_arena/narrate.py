"""Engine events told in the reader's language: the one place where Dice Arena prose is made."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Translator
from .engine import End, Event, Kind, Removal


def narrate(events: Sequence[Event], tr: Translator) -> list[str]:
    """What a throw (or a stop) did, in a few sentences, from its events alone."""
    out: list[str] = []
    throw = next((e for e in events if e.kind == Kind.THROW), None)
    thrown = len(throw["faces"]) if throw is not None else 0
    if throw is not None and throw["strike"]:
        out.append(_strike(thrown, tr))
    groups = [e for e in events if e.kind == Kind.CAPTURED]
    # A capture's new hand and the end of the turn make one sentence (two short ones read choppy, and the second
    # was left alone on a line).
    captured_end = any(e.kind == Kind.TURN_END and e["reason"] == End.CAPTURED for e in events)
    joined = False
    for event in events:
        kind = event.kind
        if kind == Kind.REMOVED:
            out.append(_removed(event["reason"], event["count"], thrown > 1, tr))
        elif kind == Kind.CAPTURED and event is groups[0]:
            out.append(_captured(groups, tr))
        elif kind == Kind.STAYED:
            out.append(_stayed(list(event["numbers"]), tr))
        elif kind == Kind.HAND and event["hand"] and captured_end:
            n = event["hand"]
            out.append(tr.format(tr.ngettext("You now have {n:word} die in your hand, and the capture ends your turn.",
                                             "You now have {n:word} dice in your hand, and the capture ends your "
                                             "turn.", n), n=n))
            joined = True
        elif kind == Kind.HAND and event["hand"]:
            n = event["hand"]
            out.append(tr.format(tr.ngettext("You now have {n:word} die in your hand.",
                                             "You now have {n:word} dice in your hand.", n), n=n))
        elif kind == Kind.ELIMINATED:
            out.append(tr.gettext("Your hand is empty, so you are eliminated at once."))
        elif kind == Kind.TURN_END and event["reason"] == End.CAPTURED and not joined:
            out.append(tr.gettext("A capture ends your turn."))
        elif kind == Kind.TURN_END and event["reason"] == End.STOPPED:
            out.append(tr.gettext("You choose to stop, and your turn ends: the next player clockwise throws into "
                                  "the arena as you left it."))
    if throw is not None and not any(e.kind == Kind.TURN_END for e in events):
        out.append(tr.gettext("You may throw another die or stop."))
    return out


def _strike(n: int, tr: Translator) -> str:
    """A strike throws every die in the hand: the scene has just said how many, so the sentence need not."""
    if n == 1:
        return tr.gettext("You throw your only die.")
    return tr.gettext("You throw your whole hand at once.")


def _stayed(numbers: list[int], tr: Translator) -> str:
    """The thrown dice that match nothing: two of them named one by one, so that each language can give each
    number its own article («Tu 5 y tu 6»)."""
    if len(numbers) == 2:
        # TRANSLATORS: two dice thrown in a strike, one showing {first} and one {second}; each number may take its
        # own article («Tu 5 y tu 6 no coinciden…»).
        return tr.format(tr.gettext("Your {first} and {second} match nothing and stay in the arena."),
                         first=numbers[0], second=numbers[1])
    return tr.format(tr.ngettext("Your {numbers} matches nothing and stays in the arena.",
                                 "Your {numbers} match nothing and stay in the arena.", len(numbers)), numbers=numbers)


def _captured(groups: Sequence[Event], tr: Translator) -> str:
    """The dice captured, every matching group in one sentence.

    A group holds two dice unless a strike threw three or more alike; several groups need a strike, and a strike's
    arena was empty, so no neutral die is among them (a neutral die is captured only by a pair).
    """
    if len(groups) == 1:
        group = groups[0]
        n, number = group["count"], group["number"]
        if n == 2 and group["neutral"]:
            return tr.format(tr.gettext("You capture both {number}s, including the neutral die, which is now yours "
                                        "like any other die."), number=number)
        if n == 2:
            return tr.format(tr.gettext("You capture both {number}s."), number=number)
        # TRANSLATORS: n is 3 or more dice, all showing {number}; the singular form is never printed in English.
        return tr.format(tr.ngettext("You capture all {n:word} {number}s.", "You capture all {n:word} {number}s.", n),
                         n=n, number=number)
    numbers = [group["number"] for group in groups]
    if len(numbers) == 2:
        return tr.format(tr.gettext("Every matching group is captured: you take the {first}s and the {second}s."),
                         first=numbers[0], second=numbers[1])
    if len(numbers) == 3:
        return tr.format(tr.gettext("Every matching group is captured: you take the {first}s, the {second}s, and "
                                    "the {third}s."), first=numbers[0], second=numbers[1], third=numbers[2])
    return tr.format(tr.gettext("Every matching group is captured: you take the dice showing {numbers}."),
                     numbers=numbers)


def _removed(reason: str, n: int, several: bool, tr: Translator) -> str:
    """Dice removed from the game, by the X or by a failed throw; `several`: a strike threw more than one die."""
    if reason == Removal.OUTSIDE:
        if not several:
            return tr.gettext("Your die lands outside the arena and is removed from the game.")
        return tr.format(tr.ngettext("{n:Word} die lands outside the arena and is removed from the game.",
                                     "{n:Word} dice land outside the arena and are removed from the game.", n), n=n)
    if not several:
        return tr.gettext("Your die shows an X and is removed from the game.")
    if n == 1:
        return tr.gettext("One die shows an X and is removed from the game.")
    if n == 2:  # the X is removed before matches are looked for: two Xs are no pair
        return tr.gettext("Both Xs are removed first, so they never count as a pair.")
    # TRANSLATORS: n is 3 or more; the singular form is never printed in English.
    return tr.format(tr.ngettext("All {n:word} Xs are removed first, so they never count as a match.",
                                 "All {n:word} Xs are removed first, so they never count as a match.", n), n=n)
