"""Dice Arena as the shared code sees it: its parameters, its arena mat, its score pad and its book."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...model import Params
from ..gamespec import GameSpec, Sheet
from .book import ArenaBook
from .kit import arena_layout, score_pad


@dataclass(frozen=True)
class DiceArenaParams(Params):
    """The numbers of a Dice Arena game."""

    neutral_dice: int
    """Dice thrown into the arena before the first turn, owned by nobody."""
    removed_value: int
    """The number whose dice leave the game."""
    leave_arena_chance: int
    """The chance, in whole percent, the engine gives a thrown die of landing outside the arena (a physical
    event; 0 by default)."""


params = DiceArenaParams.of
"""The game's parameters, typed."""


SPEC = GameSpec(
    id="dice-arena",
    params=DiceArenaParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    sheets=(Sheet("mats", arena_layout, lambda tr: tr.gettext("Mat"), wanted=lambda game: game.has_part("mat")),),
    book=ArenaBook(),
)
