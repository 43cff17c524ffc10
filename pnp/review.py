"""Reviewed snapshots of the worked examples, kept beside each rules file and compared after every rule change."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path

from .games import find_spec
from .i18n import translator
from .model import Game
from .output import atomic_write
from .project import Project


def snapshot_path(project: Project, game_id: str) -> Path:
    """The reviewed text of a game's worked examples: `rules/<id>.examples.txt`."""
    return project.rules / f"{game_id}.examples.txt"


def current(project: Project, game: Game) -> str:
    """The game's worked examples as they are now, in English ('' for a game without examples)."""
    book = find_spec(game.id).book
    return book.snapshot(game, translator(project.locales, "en", project.root)) if book else ""


def reviewed(project: Project, game_id: str) -> str:
    """The last reviewed snapshot ('' when there is none)."""
    path = snapshot_path(project, game_id)
    return path.read_text(encoding="utf-8") if path.exists() else ""


def changed(project: Project, games: Sequence[Game]) -> list[str]:
    """The games whose worked examples differ from their reviewed snapshot (every game with examples is checked)."""
    return [game.id for game in games if current(project, game) != reviewed(project, game.id)]


def diff(project: Project, game: Game) -> list[str]:
    """The unified diff from the reviewed snapshot to the examples now."""
    return list(difflib.unified_diff(reviewed(project, game.id).splitlines(), current(project, game).splitlines(),
                                     project.shown(snapshot_path(project, game.id)), "examples now", lineterm=""))


def accept(project: Project, game: Game) -> Path:
    """Record the examples now as the reviewed snapshot."""
    text = current(project, game)
    return atomic_write(snapshot_path(project, game.id), lambda fh: fh.write(text))
