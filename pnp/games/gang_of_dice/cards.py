"""Gang of Dice warning cards: the predicate vocabulary, as rules and as sentences in the reader's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...i18n import Translator

CONDITIONS = {
    # predicate -> (needs n, needs values)
    "total_at_least": (True, False),
    "run_of": (True, False),
    "odd_at_least": (True, False),
    "even_at_least": (True, False),
    "distinct_at_least": (True, False),
    "same_at_least": (True, False),
    "value_at_least": (True, True),
    "any_of": (False, True),
}
"""The warning-card predicate vocabulary: each card is one predicate with its numbers."""
COLOURS = ("yellow", "black")
"""Yellow cards are checked after every roll, black ones once on the final result."""


@dataclass(frozen=True)
class Card:
    """A warning card: a colour and a condition from the predicate vocabulary."""

    id: str
    colour: str
    condition: str
    n: int | None = None
    values: tuple[int, ...] = ()
    ours: bool = False
    """A card of our own design rather than a known published one."""


GANGSTER = 0
"""The gangster face: worth 0, never equal to anything, neither odd nor even."""


def triggers(card: Card, dice: Sequence[int]) -> bool:
    """Whether a roll (face values, 0 for a gangster) triggers the card; gangsters never count toward a pattern."""
    numbers = [d for d in dice if d != GANGSTER]
    counts = Counter(numbers)
    n = card.n or 0
    match card.condition:
        case "total_at_least":
            return sum(numbers) >= n
        case "run_of":
            present = set(numbers)
            return any(all(v + i in present for i in range(n)) for v in present)
        case "odd_at_least":
            return sum(1 for d in numbers if d % 2) >= n
        case "even_at_least":
            return sum(1 for d in numbers if d % 2 == 0) >= n
        case "distinct_at_least":
            return len(counts) >= n
        case "same_at_least":
            return any(c >= n for c in counts.values())
        case "value_at_least":
            return sum(counts[v] for v in card.values) >= n
        case "any_of":
            return any(counts[v] for v in card.values)
    raise ValueError(f"unknown card condition {card.condition!r}")


def condition_text(card: Card, tr: Translator) -> str:
    """The card's condition in the reader's language, its numbers taken from the card."""
    n = card.n or 0
    values = tr.join([tr.number(v) for v in card.values], style="or")
    match card.condition:
        case "total_at_least":
            message = tr.gettext("Total of {n} or more")
        case "run_of":
            message = tr.ngettext("{n} consecutive value", "{n} consecutive values", n)
        case "odd_at_least":
            message = tr.ngettext("{n} or more odd die", "{n} or more odd dice", n)
        case "even_at_least":
            message = tr.ngettext("{n} or more even die", "{n} or more even dice", n)
        case "distinct_at_least":
            message = tr.ngettext("{n} or more different value", "{n} or more different values", n)
        case "same_at_least":
            message = tr.ngettext("{n} or more die of the same value", "{n} or more dice of the same value", n)
        case "value_at_least":
            message = tr.ngettext("{n} or more die showing {values}", "{n} or more dice showing {values}", n)
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
