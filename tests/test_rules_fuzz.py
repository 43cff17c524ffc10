"""Mutated real rules files: each load, and each build of what loads, either succeeds or fails with located problems."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import PROJECT, tr
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pnp.errors import InputError
from pnp.games import game_ids
from pnp.model import Game
from pnp.rulebook import rulebook_html
from pnp.rules import load_game
from pnp.source import refused

GAMES = tuple(game_ids())
TEXTS = {game_id: (PROJECT.rules / f"{game_id}.yaml").read_text() for game_id in GAMES}
"""The real rules files."""
DATA = {game_id: yaml.safe_load(text) for game_id, text in TEXTS.items()}
"""The same as plain data, to edit by field."""

Path_ = tuple[Any, ...]


def fields_of(value: Any, path: Path_ = ()) -> list[tuple[Path_, Any]]:
    """Every field of a document, at any depth, with its value."""
    out = [(path, value)] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += fields_of(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += fields_of(item, path + (index,))
    return out


FIELDS = {game_id: fields_of(data) for game_id, data in DATA.items()}
KEYED = {game_id: [p for p, _ in found if isinstance(p[-1], str)] for game_id, found in FIELDS.items()}
NUMBERS = {game_id: [p for p, v in found if isinstance(v, int) and not isinstance(v, bool)]
           for game_id, found in FIELDS.items()}
TEXT_FIELDS = {game_id: [p for p, v in found if isinstance(v, str)] for game_id, found in FIELDS.items()}

VALUES = [None, True, 0, -1, 7, 2.5, float("inf"), 10**12, "", "x", "many", "{goal}", "{nope}", "{", "{0}",
          "{goal.__class__}", [], [1], ["x", "y"], {}, {"a": 1}, {"one": "x", "other": "y", "n": "goal"},
          {"if": "nope", "then": "a", "else": "b"}]
"""What a field may be changed into: every kind of YAML value, and sentences that name what is not there."""
NUMBERS_TO = [-1, 0, 1, 2, 5, 6, 7, 8, 9, 12, 13, 30, 31, 60, 61, 100, 101, 1000, 10**12, 2**64]
"""What a number may be changed into: around every range's ends, and far past them."""
CHARACTERS = ["\x00", "\x01", "\t", "\r", "\x1b", "\x7f", "\x85", "\u00a0", "\u00ad", "\u200b", "\u200d", "\u202e",
              "\u2066", "\u2028", "\ufeff", "\ufffe", "\ue000", "\U0001F3B2", "\u0301", "\u05e9", "é", "я", "ß",
              "{", "}", "{}", "{{", "%", "<", "&", '"', "\\", "\n"]
"""Characters a slip of the keyboard, a bad copy or a hostile hand may put into a sentence."""
FRAGMENTS = [":", ": ", "- ", "-", "#", "&a ", "*a", "*nowhere", "!!python/name:os.system ", "!!int ", "<<: ", "? ",
             "{", "}", "[", "]", "\t", "\n", "  ", '"', "'", "|", ">", "%", "@", "`", "\x00", "\u202e", "\ufeff",
             b"\xff".decode("latin-1")]
"""What may be typed anywhere in the file: YAML's own syntax above all."""


@dataclass(frozen=True)
class Mutation:
    """One edit of a real rules file, shown short when a case fails."""

    game: str
    kind: str
    path: Path_ = ()
    value: Any = None
    at: int = 0

    def apply(self) -> bytes:
        if self.kind == "type into the file":
            text = TEXTS[self.game]
            return (text[:self.at] + self.value + text[self.at:]).encode("utf-8", "surrogateescape")
        data = yaml.safe_load(TEXTS[self.game])  # a fresh copy to edit
        *above, last = self.path
        holder = data
        for part in above:
            holder = holder[part]
        if self.kind == "delete a key":
            del holder[last]
        elif self.kind == "insert a character":
            holder[last] = holder[last][:self.at] + self.value + holder[last][self.at:]
        else:  # change a value, or a number
            holder[last] = self.value
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass")


@st.composite
def mutations(draw: st.DrawFn, kinds: tuple[str, ...]) -> Mutation:
    """Delete a key, change a value's type, change a number, insert a character in a sentence, or type into the file."""
    game = draw(st.sampled_from(GAMES))
    kind = draw(st.sampled_from(kinds))
    if kind == "delete a key":
        return Mutation(game, kind, draw(st.sampled_from(KEYED[game])))
    if kind == "change a value":
        return Mutation(game, kind, draw(st.sampled_from([p for p, _ in FIELDS[game]])), draw(st.sampled_from(VALUES)))
    if kind == "change a number":
        return Mutation(game, kind, draw(st.sampled_from(NUMBERS[game])), draw(st.sampled_from(NUMBERS_TO)))
    if kind == "insert a character":
        path = draw(st.sampled_from(TEXT_FIELDS[game]))
        text = dict(FIELDS[game])[path]
        return Mutation(game, kind, path, draw(st.sampled_from(CHARACTERS)), draw(st.integers(0, len(text))))
    return Mutation(game, kind, value=draw(st.sampled_from(FRAGMENTS)), at=draw(st.integers(0, len(TEXTS[game]))))


EVERY_KIND = ("delete a key", "change a value", "change a number", "insert a character", "type into the file")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mutated")


def load_or_fail_located(mutation: Mutation, folder: Path) -> Game | None:
    """Load the mutated file: the game, or None after checking that every problem is located and printable."""
    shown = f"rules/{mutation.game}.yaml"
    data = mutation.apply()
    path = folder / f"{mutation.game}.yaml"
    path.write_bytes(data)
    try:
        return load_game(path, shown)
    except InputError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file == shown and problem.line is not None, problem
            assert 1 <= problem.line <= data.count(b"\n") + 1, problem
            assert all(refused(c) is None for c in str(problem)), problem  # no message hides or reorders its text
        return None


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=mutations(EVERY_KIND))
def test_a_mutated_rules_file_loads_or_fails_located(mutation, folder):
    load_or_fail_located(mutation, folder)


@settings(max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=mutations(("change a number", "delete a key")))
def test_a_mutated_rules_file_that_loads_builds_or_fails_located(mutation, folder):
    """A handful of mutations that may still load (a number changed within reach, an optional key dropped): the
    rulebook, examples and odds included, renders, or the engine's refusal is located in the rules file."""
    game = load_or_fail_located(mutation, folder)
    assume(game is not None)  # the loader's refusals are the test above; these are the ones that load
    assert game is not None
    try:
        assert "<html" in rulebook_html(PROJECT, game, tr("en"))
    except InputError as exc:
        for problem in exc.problems:
            assert problem.file == f"rules/{mutation.game}.yaml" and problem.line is not None, problem
