"""The Babel extractor for rules files: every rulebook sentence, with its game as context."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from .model import Block, Choice, Game, Sentence, Text
from .rules import load_game

COUNT = "count: "
"""The extracted comment that names the value whose number picks a rules sentence's plural form."""

PER_GAME = "per game: may stay empty, and then the entry without a context prints"
"""The extracted comment of a shared string's entry for one game (its msgctxt: the game's id)."""

PER_GAME_KEYWORDS: dict[str, tuple[int, ...]] = {"game_gettext": (2,), "game_ngettext": (2, 3)}
"""The calls that ask for a shared string per game, the game's id first (`tr.game_gettext(game.id, "…")` in
code, `game_gettext(game.id, "…")` in templates): where their messages stand among the arguments."""


def game_texts(game: Game) -> Iterator[tuple[Text, str]]:
    """Every translatable sentence of a game, with a note of where it stands (both sides of a flag)."""
    for text, where in _all_texts(game):
        if isinstance(text, Choice):
            yield text.then, f"{where} (with {text.flag})"
            yield text.otherwise, f"{where} (without {text.flag})"
        else:
            yield text, where


def _all_texts(game: Game) -> Iterator[tuple[Sentence, str]]:
    yield game.tagline, "tagline"
    if game.credit:
        yield game.credit, "credits.note"
    for face in game.faces:
        yield face.name, f"faces.{face.id}.name"
        if face.effect:
            yield face.effect, f"faces.{face.id}.effect"
        yield from _found(face.extras, f"faces.{face.id}")
    for die in game.dice:
        yield die.name, f"dice.{die.id}.name"
    for part in game.parts:
        yield part.name, f"parts.{part.id}.name"
        if part.item:
            yield part.item, f"parts.{part.id}.item"
    yield from _found(game.extras, "")
    for section in game.sections:
        if section.title:
            yield section.title, f"rulebook.{section.id}.title"
        for block in section.blocks:
            yield from _block_texts(block, f"rulebook.{section.id}")


def _found(value: Any, where: str) -> Iterator[tuple[Sentence, str]]:
    """Sentences anywhere in a game's own data (its package's keys): mappings, lists and value objects."""
    if isinstance(value, (Text, Choice)):
        yield value, where
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _found(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            yield from _found(item, f"{where}.{getattr(item, 'id', index)}")
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _found(getattr(value, f.name), where)


def _block_texts(block: Block, where: str) -> Iterator[tuple[Sentence, str]]:
    if block.term:
        yield block.term, where
    if block.text:
        yield block.text, where
    for item in block.items:
        yield from _block_texts(item, where)


def extract_rules(fileobj: Any, keywords: Any, comment_tags: Any,
                  options: dict[str, Any]) -> Iterator[tuple[int | None, str, tuple[str, ...], list[str]]]:
    """Babel extraction method `pnp_rules`: yields (line, function, message, comments)."""
    path = Path(getattr(fileobj, "name", ""))
    # Shown as the project knows it (babel.cfg maps rules/*.yaml): `rules/dicemants.yaml:15: params.goal: …`.
    game = load_game(path, options.get("shown_as") or "/".join(path.parts[-2:]))
    for text, where in game_texts(game):
        if text.plural is not None:
            # The count's name, so a form that only ever means one may say it in words (see pnp check).
            comments = [f"{game.id}: {where}", f"{COUNT}{text.n}"]
            yield text.line, "npgettext", (text.context, text.msgid, text.plural), comments
        else:
            yield text.line, "pgettext", (text.context, text.msgid), [f"{game.id}: {where}"]
