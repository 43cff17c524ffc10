"""Gang of Dice warning cards in words: each card's condition and colour in the reader's language."""

from __future__ import annotations

from ...i18n import Translator
from .engine import COLOURS, CONDITIONS, GANGSTER, Card, triggers

__all__ = ["COLOURS", "CONDITIONS", "GANGSTER", "Card", "triggers", "condition_text", "colour_name", "colour_rule",
           "card_alt"]
"""The cards and their predicates live in the pure engine (engine.py); this module gives them words."""


def condition_text(card: Card, tr: Translator) -> str:
    """The card's condition in the reader's language, its numbers taken from the card; a card's name never opens
    with a digit (`Three consecutive values`)."""
    n = card.n or 0
    values = tr.named_numbers(card.values, style="or")
    match card.condition:
        case "total_at_least":
            message = tr.gettext("Total of {n} or more")
        case "run_of":
            message = tr.ngettext("{n:Word} consecutive value", "{n:Word} consecutive values", n)
        case "odd_at_least" if n == 1:  # worded as the cards "Any die showing…" are
            message = tr.gettext("Any odd die")
        case "odd_at_least":
            message = tr.ngettext("{n:Word} or more odd die", "{n:Word} or more odd dice", n)
        case "even_at_least" if n == 1:
            message = tr.gettext("Any even die")
        case "even_at_least":
            message = tr.ngettext("{n:Word} or more even die", "{n:Word} or more even dice", n)
        case "distinct_at_least":
            message = tr.ngettext("{n:Word} or more different value", "{n:Word} or more different values", n)
        case "same_at_least":
            message = tr.ngettext("{n:Word} or more die of the same value", "{n:Word} or more dice of the same value",
                                  n)
        case "value_at_least" if n == 1:
            message = tr.gettext("Any die showing {values}")
        case "value_at_least":
            message = tr.ngettext("{n:Word} or more die showing {values}", "{n:Word} or more dice showing {values}", n)
        case "any_of":
            message = tr.gettext("Any die showing {values}")
        case _:
            raise ValueError(f"unknown card condition {card.condition!r}")
    return tr.format(message, n=n, values=values)


def colour_name(card: Card, tr: Translator) -> str:
    """`yellow` or `black`, as the glossary names the card colours."""
    return {"yellow": tr.gettext("yellow"), "black": tr.gettext("black")}[card.colour]


def colour_rule(card: Card, tr: Translator) -> str:
    """When the card is checked: after every roll (yellow) or once at the end (black)."""
    if card.colour == "yellow":
        return tr.gettext("Checked after every roll and re-roll.")
    return tr.gettext("Checked once, on your final result.")


def card_alt(card: Card, tr: Translator) -> str:
    """What a picture of the card says to a screen reader: `black card: Total of 7 or more`."""
    return tr.format(tr.gettext("{colour} card: {condition}"), colour=colour_name(card, tr),
                     condition=condition_text(card, tr))
