"""The registry of games: built-in packages and any package registered under the `pnp.games` entry point."""

from __future__ import annotations

import importlib
import sys
from functools import lru_cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .gamespec import GameSpec

BUILTIN = (
    ("dicemants", "pnp.games.dicemants.spec:SPEC"),
    ("gang-of-dice", "pnp.games.gang_of_dice.spec:SPEC"),
    ("dice-arena", "pnp.games.dice_arena.spec:SPEC"),
    ("dead-mans-dice", "pnp.games.dead_mans_dice.spec:SPEC"),
)
"""The games we ship, in build order: one line each, `id` and where its GameSpec lives."""

ENTRY_POINT_GROUP = "pnp.games"
"""Games from other distributions register here (name = game id, value = `module:SPEC`), as Babel finds extractors."""

_loaded: dict[tuple[str, str], GameSpec] = {}


def _sources() -> dict[str, str]:
    """Every game id and where its spec lives: the built-ins first, then registered games by id."""
    return dict(registry())


def registry() -> tuple[tuple[str, str], ...]:
    """(game id, spec location) of every game, looked up once for each search path of the process."""
    return _registry(tuple(sys.path))


@lru_cache(maxsize=8)
def _registry(search_path: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    found = dict(BUILTIN)
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name):
        found.setdefault(ep.name, ep.value)
    return tuple(found.items())


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, in build order."""
    return tuple(_sources())


def find_spec(game_id: str) -> GameSpec:
    """The GameSpec of a registered game; KeyError for an id nobody registered."""
    source = _sources()[game_id]
    key = (game_id, source)
    if key not in _loaded:
        module, _, name = source.partition(":")
        spec = getattr(importlib.import_module(module), name or "SPEC")
        if spec.id != game_id:
            raise ValueError(f"{source} holds the spec of '{spec.id}', registered as '{game_id}'")
        _loaded[key] = spec
    return _loaded[key]
