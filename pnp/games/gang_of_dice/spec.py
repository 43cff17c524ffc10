"""Gang of Dice as the shared code sees it: its parameters, its warning cards, its tables, sheets and pad."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...i18n import Translator
from ...model import FrozenDict, Game, Params
from ...rules import ID, Checker
from ..gamespec import GameSpec, Sheet
from .book import GangBook
from .cards import COLOURS, CONDITIONS, Card, colour_name, colour_rule, condition_text
from .kit import card_miniature, cards_layout, score_pad


@dataclass(frozen=True)
class GangParams(Params):
    """The numbers of a Gang of Dice game."""

    rounds: int
    """Rounds in a game."""
    rerolls: int
    """Re-rolls a player may make after their first roll."""
    bonus_dice: FrozenDict[int, int]
    """Dice put on the table at the start of a round, by round number."""
    face_max: int
    """The highest number on a die; the remaining face is the gangster."""


params = GangParams.of
"""The game's parameters, typed."""


def cards(game: Game) -> tuple[Card, ...]:
    """The warning cards, in deck order."""
    deck: tuple[Card, ...] = game.extras.get("cards", ())
    return deck


def _cards(ck: Checker, value: Any, path: tuple[Any, ...], face_ids: frozenset[str]) -> tuple[Card, ...]:
    deck, seen = [], set()
    for i, raw in enumerate(ck.listing(value, path)):
        where = path + (i,)
        m = ck.mapping(raw, where, {"id", "colour", "condition"}, {"n", "values", "ours"})
        if m is None:
            continue
        card_id = ck.string(m.get("id"), where + ("id",), ID)
        if card_id in seen:
            ck.fail(where + ("id",), f"card '{card_id}' is defined twice")
        seen.add(card_id)
        condition = ck.choice(m.get("condition"), where + ("condition",), tuple(CONDITIONS))
        needs_n, needs_values = CONDITIONS.get(condition or "", (False, False))
        if needs_n and "n" not in m:
            ck.fail(where, f"condition '{condition}' needs 'n'")
        if needs_values and "values" not in m:
            ck.fail(where, f"condition '{condition}' needs 'values'")
        values = ck.listing(m.get("values", []), where + ("values",))
        for j, v in enumerate(values):
            ck.integer(v, where + ("values", j), 1, 6)
        colour = ck.choice(m.get("colour"), where + ("colour",), COLOURS)
        if card_id and condition and colour:
            deck.append(Card(
                id=card_id, colour=colour, condition=condition,
                n=ck.integer(m["n"], where + ("n",), 1) if "n" in m else None,
                values=tuple(values), ours=bool(m.get("ours", False)),
            ))
    return tuple(deck)


def _derive(game: Game) -> Mapping[str, Any]:
    return {"cards_total": len(cards(game))}


def _context(game: Game, tr: Translator) -> Mapping[str, Any]:
    """What the Gang of Dice partials use: the deck and each card's words in the reader's language."""
    return {
        "cards": cards(game),
        "card_text": lambda card: condition_text(card, tr),
        "card_colour": lambda card: colour_name(card, tr),
        "card_rule": lambda card: colour_rule(card, tr),
        "bonus_dice": params(game).bonus_dice,
        # The worked examples and the odds tables: a card pictured small, found by its number in the deck.
        "card_picture": lambda card, scope: card_miniature(card, params(game).face_max, scope),
        "also_needed": lambda: [tr.format(tr.ngettext("{n} warning card", "{n} warning cards", len(cards(game))),
                                          n=len(cards(game)))] if cards(game) else [],
    }


SPEC = GameSpec(
    id="gang-of-dice",
    params=GangParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    keys=FrozenDict({"cards": _cards}),
    tables=FrozenDict({"cards": lambda game: bool(cards(game)), "bonus": lambda game: bool(params(game).bonus_dice)}),
    derive=_derive,
    context=_context,
    sheets=(Sheet("cards", cards_layout, lambda tr: tr.gettext("Warning cards"), duplex=True,
                  wanted=lambda game: bool(cards(game))),),
    book=GangBook(),
)
