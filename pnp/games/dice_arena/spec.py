"""Dice Arena as the shared code sees it: its parameters, its arena tiles, its score pad and its book."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from ...model import FieldPath, Game, Params, Range
from ...rules import FACE_VALUE
from ..gamespec import GameSpec, Sheet
from .book import BALANCE, ArenaBook
from .kit import DIAMETER, arena_layout, score_pad


@dataclass(frozen=True)
class DiceArenaParams(Params):
    """The numbers of a Dice Arena game."""

    neutral_dice: Annotated[int, Range(0, 5)]
    """Dice thrown into the arena before the first turn, owned by nobody (at most one per number that stays)."""
    removed_value: Annotated[int, FACE_VALUE]
    """The number whose dice leave the game."""
    leave_arena_chance: Annotated[int, Range(0, 50)]
    """The chance, in whole percent, the engine gives a thrown die of landing outside the arena (a physical
    event; 0 by default)."""

    def check(self, game: Game) -> Iterator[tuple[FieldPath, str]]:
        for i, die in enumerate(game.dice):
            for players, dice in die.per_player_by_count:  # a strike throws the whole hand: its odds enumerate it
                if dice > MAX_HAND:
                    yield (("dice", i, "per_player_by_count", players),
                           f"must be 1 to {MAX_HAND} (a Dice Arena hand), found {dice}")


MAX_HAND = 12
"""Dice in one player's hand (9 with two players): the strike odds take 4 s at 16."""

params = DiceArenaParams.of
"""The game's parameters, typed."""


def _derive(game: Game) -> Mapping[str, Any]:
    """`{dice_min}`, `{dice_max}`: the fewest and the most dice a table plays with, over the player counts, the
    neutral dice included (19 to 31, as the kit's list to buy says). `{arena_cm}`: the printed arena across, in
    centimetres (36)."""
    low, high = game.players
    table = [sum(die.dice_for(n) if die.table is None else die.table for die in game.dice)
             for n in range(low, high + 1)]
    return {"dice_min": min(table), "dice_max": max(table), "arena_cm": round(DIAMETER / 10)}


SPEC = GameSpec(
    id="dice-arena",
    params=DiceArenaParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    derive=_derive,
    sheets=(Sheet("mats", arena_layout, lambda tr, game: tr.gettext("Arena"), stock="plain",
                  wanted=lambda game: game.has_part("mat")),),
    book=ArenaBook(),
    balance=BALANCE,
    aids_per_page=3,  # the turn and two faces: a third of a page
)
