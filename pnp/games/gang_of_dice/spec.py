"""Gang of Dice as the shared code sees it: its parameters, its warning cards, its tables, sheets and pad."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from ...i18n import Translator
from ...model import FieldPath, FrozenDict, Game, Params, Range
from ...rules import ID, PIPS, Checker
from ..gamespec import Deck, GameSpec, Sheet
from . import kit
from .book import BALANCE, GangBook
from .cards import COLOURS, CONDITIONS, Card, card_alt, colour_name, colour_rule, condition_text
from .kit import card_miniature, score_pad


@dataclass(frozen=True)
class GangParams(Params):
    """The numbers of a Gang of Dice game."""

    rounds: Annotated[int, Range(1, 30)]
    """Rounds in a game (12): the score pad prints a row for each."""
    rerolls: Annotated[int, Range(0, 5)]
    """Re-rolls a player may make after their first roll (2)."""
    bonus_dice: Annotated[FrozenDict[int, int], Range(0, 30, keys=Range(1, 30))]
    """Dice put on the table at the start of a round, by round number."""
    face_max: Annotated[int, PIPS]
    """The highest number on a die; the remaining face is the gangster."""

    def check(self, game: Game) -> Iterator[tuple[FieldPath, str]]:
        if game.players[0] not in EXAMPLE_SEATS:  # the worked examples play the fewest players, and three
            yield ("players", "min"), (f"must be {EXAMPLE_SEATS} (the worked examples seat two and three players), "
                                       f"found {game.players[0]}")
        for round_ in self.bonus_dice:  # bonus dice come at the start of a round of the game
            if round_ > self.rounds:
                yield ("params", "bonus_dice", round_), f"round {round_} is after the last round ({self.rounds})"
        for die in game.dice:  # the numbers run up to face_max; the remaining face is the gangster
            values = [game.face(f).value for f in die.faces]
            highest = max((v for v in values if v is not None), default=None)
            if highest is not None and highest != self.face_max:
                yield ("params", "face_max"), (f"must be {highest}, the highest number on the faces of die "
                                               f"{die.id}, found {self.face_max}")


MAX_CARDS = 60
"""Warning cards in the deck (18): the odds tables have a row for each card and number of dice."""
CARD_N = Range(1, 50)
"""A card's count or total (`total_at_least` 13): past what eight dice can show, not far past it."""

EXAMPLE_SEATS = Range(2, 3)
"""The fewest players a game may be for: the worked examples seat that many, and three."""

params = GangParams.of
"""The game's parameters, typed."""


def cards(game: Game) -> tuple[Card, ...]:
    """The warning cards, in deck order."""
    deck: tuple[Card, ...] = game.extras.get("cards", ())
    return deck


def _cards(ck: Checker, value: Any, path: tuple[Any, ...], face_ids: frozenset[str]) -> tuple[Card, ...]:
    deck, seen = [], set()
    for i, raw in enumerate(ck.listing(value, path, 0, MAX_CARDS)):
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
        values = ck.listing(m.get("values", []), where + ("values",), 0, PIPS.high)
        for j, v in enumerate(values):
            ck.integer(v, where + ("values", j), PIPS)
        colour = ck.choice(m.get("colour"), where + ("colour",), COLOURS)
        if card_id and condition and colour:
            deck.append(Card(
                id=card_id, colour=colour, condition=condition,
                n=ck.integer(m["n"], where + ("n",), CARD_N) if "n" in m else None,
                values=tuple(values), ours=bool(m.get("ours", False)),
            ))
    return tuple(deck)


def pool_groups(pools: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The pools at the start as (dice, fewest players, most players): player counts side by side that start with
    the same pool share one entry (48 dice for 2–3 players, 36 for 4)."""
    groups: list[tuple[int, int, int]] = []
    for players, dice in sorted(pools):
        if groups and groups[-1][0] == dice and groups[-1][2] == players - 1:
            groups[-1] = (dice, groups[-1][1], players)
        else:
            groups.append((dice, players, players))
    return groups


def _derive(game: Game) -> Mapping[str, Any]:
    deck = cards(game)
    bonus = params(game).bonus_dice
    out: dict[str, Any] = {"cards_total": len(deck), "bonus_rounds": tuple(sorted(bonus)),
                           "bonus_counts": tuple(bonus[r] for r in sorted(bonus)), "bonus_round_count": len(bonus)}
    # An ordinary die stands in for a Gang die: the pips at the gangster's place show the gangster (the 6).
    art = {face.id: face.art for face in game.faces}
    gangster = next((i + 1 for die in game.dice for i, face_id in enumerate(die.faces)
                     if art.get(face_id) == "gangster"), None)
    if gangster is not None:
        out["gangster_pips"] = gangster
    return out


def _context(game: Game, tr: Translator) -> Mapping[str, Any]:
    """What the Gang of Dice partials use: the deck and each card's words in the reader's language."""
    return {
        "cards": cards(game),
        "card_text": lambda card: condition_text(card, tr),
        "card_colour": lambda card: colour_name(card, tr),
        "card_rule": lambda card: colour_rule(card, tr),
        "bonus_dice": params(game).bonus_dice,
        "pool_groups": lambda die: pool_groups(die.per_player_by_count),
        # The worked examples and the odds tables: a card pictured small, found by its number in the deck.
        "card_picture": lambda card, scope: card_miniature(card, params(game).face_max, scope, card_alt(card, tr)),
        "also_needed": lambda: _also_needed(game, tr),
    }


def _also_needed(game: Game, tr: Translator) -> list[str]:
    """What the table gathers besides the score pad and pencil: the kit's warning cards, and the shared dice (how
    many, and the ordinary die's face that is the gangster; the kit prints paper ones)."""
    out = []
    if cards(game):
        out.append(tr.format(tr.ngettext("the {n} warning card from the kit", "the {n} warning cards from the kit",
                                         len(cards(game))), n=len(cards(game))))
    shared = next((die.table for die in game.dice if die.table), None)
    pips = _derive(game).get("gangster_pips")
    if shared is not None and pips is not None:
        out.append(tr.format(tr.ngettext("{n:word} ordinary six-sided die (the {pips} is the gangster), or the kit’s "
                                         "paper dice",
                                         "{n:word} ordinary six-sided dice (the {pips} is the gangster), or the kit’s "
                                         "paper dice", shared), n=shared, pips=pips))
    return out


SPEC = GameSpec(
    id="gang-of-dice",
    params=GangParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    keys=FrozenDict({"cards": _cards}),
    tables=FrozenDict({"cards": lambda game: bool(cards(game)), "bonus": lambda game: bool(params(game).bonus_dice),
                       "pools": lambda game: any(d.per_player_by_count for d in game.dice)}),
    derive=_derive,
    context=_context,
    sheets=(
        # Both inks are always built; the kit takes the one the maker chose (`--ink`).
        Sheet("cards", kit.cards_layout, lambda tr, game: kit.title(tr), duplex=True, stock="card",
              wanted=lambda game: bool(cards(game)), in_kit=lambda options: options.ink == "full"),
        Sheet("cards-low-ink", kit.low_ink_cards_layout, lambda tr, game: kit.low_ink_title(tr), duplex=True,
              stock="card", wanted=lambda game: bool(cards(game)), in_kit=lambda options: options.ink == "low",
              template_name="sheets/cards.html"),
        # For a printer without duplex: one-sided on plain paper, folded and glued into card-thick backs; built beside.
        Sheet("cards-fold", kit.fold_cards_layout, lambda tr, game: kit.fold_title(tr), stock="plain",
              wanted=lambda game: bool(cards(game)), in_kit=lambda options: False, template_name="sheets/cards.html",
              glued=True),
    ),
    book=GangBook(),
    deck=Deck("sheets/cards.html", (kit.CARD_W, kit.CARD_H), kit.BLEED, kit.single_cards_layout, kit.card_fields),
    balance=BALANCE,
)
