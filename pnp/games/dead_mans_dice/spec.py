"""Dead Man's Dice as the shared code sees it: its parameters, its score pad and legend, and its book."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...model import Params
from ..gamespec import GameSpec
from .book import DeadMansBook
from .kit import score_pad


@dataclass(frozen=True)
class DeadMansDiceParams(Params):
    """The numbers of a Dead Man's Dice game."""

    goal: int
    """Doubloons that win the game at the end of a round."""
    skull_value: int
    """What a skull and crossbones is worth in a pile."""
    keelhaul_penalty: int
    """Lost by a pirate still holding their Jolly Roger die when the round ends."""
    broadside_penalty: int
    """Lost for knocking over another pirate's pile."""
    pile_total: int
    """Two dice that add up to this may be stacked."""
    knock_over_chance: int
    """In percent: the chance the engine gives a rolled die of knocking a pile over (a physical event; 0 by default)."""


params = DeadMansDiceParams.of
"""The game's parameters, typed."""


SPEC = GameSpec(
    id="dead-mans-dice",
    params=DeadMansDiceParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    book=DeadMansBook(),
)
