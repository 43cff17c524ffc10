"""Dead Man's Dice as the shared code sees it: its parameters, its score pad and legend, and its book."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from ...model import FieldPath, Game, Params, Range
from ..gamespec import GameSpec
from .book import DeadMansBook
from .kit import score_pad


@dataclass(frozen=True)
class DeadMansDiceParams(Params):
    """The numbers of a Dead Man's Dice game."""

    goal: Annotated[int, Range(1, 300)]
    """Doubloons that win the game at the end of a round (100)."""
    skull_value: Annotated[int, Range(0, 20)]
    """What a skull and crossbones is worth in a pile (7)."""
    keelhaul_penalty: Annotated[int, Range(0, 20)]
    """Lost by a pirate still holding their Jolly Roger die when the round ends (7)."""
    broadside_penalty: Annotated[int, Range(0, 20)]
    """Lost for knocking over another pirate's pile (7)."""
    pile_total: Annotated[int, Range(2, 12)]
    """Two dice that add up to this may be stacked (7)."""
    knock_over_chance: Annotated[int, Range(0, 10)]
    """In percent: the chance the engine gives a rolled die of knocking a pile over (a physical event; 0 by default;
    past 10, penalties outrun scores and a game may never end)."""

    def check(self, game: Game) -> Iterator[tuple[FieldPath, str]]:
        if game.players[0] not in EXAMPLE_SEATS:  # the worked examples seat the fewest players, each one named
            yield ("players", "min"), (f"must be {EXAMPLE_SEATS} (the worked examples name six pirates), "
                                       f"found {game.players[0]}")


EXAMPLE_SEATS = Range(2, 6)
"""The fewest players a game may be for: the worked examples seat that many, and name each."""

params = DeadMansDiceParams.of
"""The game's parameters, typed."""


SPEC = GameSpec(
    id="dead-mans-dice",
    params=DeadMansDiceParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    book=DeadMansBook(),
)
