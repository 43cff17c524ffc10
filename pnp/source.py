"""YAML loading that remembers the line of every value and refuses, located, what a rules file has no use for."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from .errors import InputError, Problem

Path_ = tuple[str | int, ...]  # a field path: keys and list indexes

MAX_BYTES = 256 * 1024
"""The largest file read: about thirty times the largest rules file (9 KB)."""
MAX_DEPTH = 20
"""The deepest nesting of lists and mappings, aliases expanded (the rules files nest 7 deep)."""
MAX_ALIASES = 100
"""The most aliases (`*name`) one file may use (the rules files use 2)."""
MAX_VALUES = 20_000
"""The most values a document may hold once its aliases are expanded (the rules files hold about 500):
what stops an alias bomb."""
MAX_CHARS = 2_000
"""The longest single value, in characters (the longest sentence of the rules files has 331)."""
MAX_SPOTS = 20
"""Refused characters reported one by one before the file is given up as not text at all."""

TAG = "tag:yaml.org,2002:"
PLAIN = {TAG + kind for kind in ("str", "int", "float", "bool", "null")}
"""The scalar types a rules file holds: text, whole and decimal numbers, true/false and nothing."""
MERGE = TAG + "merge"
KINDS = {"str": "text", "int": "a whole number", "float": "a number", "bool": "true or false", "null": "empty"}

BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Unicode's bidirectional controls: marks, embeddings, overrides and isolates."""
UNUSUAL_IN_FILE = re.compile(r"[^\t\n\r\x20-\x7e]")
"""Characters worth a closer look in a file: anything but printable ASCII, tabs and line ends."""
UNUSUAL_IN_VALUE = re.compile(r"[^\t\n\x20-\x7e]")
"""The same in a value, where a carriage return can only come from an escape."""


def refused(char: str) -> str | None:
    """Why a character may not stand anywhere in a rules file, or None when it may.

    Control, bidirectional and invisible formatting characters are refused: they print as nothing, or
    reorder the printed line (a right-to-left override in a name reverses the rest of it).
    """
    if char in BIDI:
        return "a bidirectional control: it would reorder the printed line"
    category = unicodedata.category(char)
    if category == "Cs":
        return "not a character (half of a surrogate pair)"
    if (ord(char) & 0xFFFE) == 0xFFFE or 0xFDD0 <= ord(char) <= 0xFDEF:
        return "a noncharacter, which Unicode keeps out of text"
    if category == "Cc" and char not in "\t\n":
        return "a control character"
    if category in ("Zl", "Zp"):
        return "a line or paragraph separator (use a plain line break)"
    if category == "Cf" and char != "\u00ad":  # a soft hyphen only says where a word may break
        return "an invisible formatting character"
    return None


def describe(char: str) -> str:
    """A character as messages name it: `U+1F3B2 GAME DIE ('🎲')`, the glyph itself only when it is safe to show."""
    name = f"U+{ord(char):04X} {unicodedata.name(char, '')}".rstrip()  # control characters have no name
    safe = unicodedata.category(char)[0] in "LNPS" and unicodedata.bidirectional(char) not in ("R", "AL", "AN")
    return f"{name} ('{char}')" if safe else name


@dataclass
class Located:
    """A YAML document as plain Python data, the line where each field path starts, and what is wrong with its text."""

    file: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    """Refused or undrawable characters: reported with the schema's problems (the data holds them removed)."""

    def line(self, path: Path_) -> int | None:
        """The line of a field path, or of its nearest enclosing field."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)


def format_path(path: Path_) -> str:
    """`turn.steps[2].text` style rendering of a field path."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def load_yaml(path: Path, shown_as: str | None = None, drawable: Set[int] | None = None,
              raw: bytes | None = None) -> Located:
    """Parse one YAML file safely: plain values only, within budgets; every problem located to line and field.

    With `drawable` (code points the fonts can draw), text holding any other character is a problem too.
    `raw` is the file's bytes when they were already read (by read_capped).
    """
    name = shown_as or str(path)
    text, spots = _scan(raw if raw is not None else read_capped(path, name), name)
    reader = _Reader(name, text, drawable)
    try:
        doc = reader.load()
    except InputError as exc:
        raise InputError([reader.spot_problem(spot) for spot in spots] + exc.problems) from None
    doc.problems[:0] = [reader.spot_problem(spot) for spot in spots]
    return doc


def read_capped(path: Path, name: str) -> bytes:
    """The file's bytes, refusing what is not a regular file or is larger than any rules file needs."""
    try:
        if not path.is_file():
            raise InputError(Problem(name, None, "", "not a regular file"))
        with path.open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputError(Problem(name, None, "", f"cannot read: {exc.strerror or exc}")) from None
    if len(raw) > MAX_BYTES:
        raise InputError(Problem(name, None, "", f"the file is larger than {MAX_BYTES // 1024} KiB, "
                                                 "far more than a rules file needs"))
    return raw


class Spot(NamedTuple):
    """A refused character found in the file's text, taken out before parsing."""

    offset: int
    """Where it stood in the text that is parsed (which no longer holds it)."""
    line: int
    column: int
    message: str


def _scan(raw: bytes, file: str) -> tuple[str, list[Spot]]:
    """The file as text with every refused character and every byte that is not UTF-8 taken out, and where each was."""
    text = raw.decode("utf-8", errors="surrogateescape").removeprefix("\ufeff")  # a byte-order mark may open a file
    kept: list[str] = []
    spots: list[Spot] = []
    start = 0
    for found in UNUSUAL_IN_FILE.finditer(text):
        char = found.group()
        not_utf8 = 0xDC80 <= ord(char) <= 0xDCFF  # surrogateescape: a byte that is not UTF-8
        why = None if not_utf8 else refused(char)
        if not not_utf8 and why is None:
            continue
        at = found.start()
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        if not_utf8:
            message = f"byte 0x{ord(char) - 0xDC00:02x} at column {column} is not UTF-8 (save the file as UTF-8)"
        else:
            message = f"{describe(char)} at column {column} is {why}"
        if len(spots) == MAX_SPOTS:
            raise InputError(Problem(file, spots[0].line, "", f"not a text file: more than {MAX_SPOTS} bytes that "
                                                              "are not UTF-8 or characters that are not text, "
                                                              f"from column {spots[0].column} on"))
        spots.append(Spot(at - len(spots), line, column, message))
        kept.append(text[start:at])
        start = at + 1
    kept.append(text[start:])
    return "".join(kept), spots


class _Stop(Exception):
    """A budget is exceeded or an alias loops: the document cannot be read further."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader that stops at a nesting depth and an alias count (the composer recurses, unbounded)."""

    # YAML 1.1 dates and `=` read as plain text: no field of a rules file is a date, and `2010-13-45` must not
    # raise from inside the parser.
    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in (TAG + "timestamp", TAG + "value")]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self.file, self.depth, self.aliases = file, 0, 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise _Stop(Problem(self.file, self.get_mark().line + 1, "",
                                    f"more than {MAX_ALIASES} aliases (*name): more than a rules file needs"))
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _Stop(Problem(self.file, self.get_mark().line + 1, "",
                                    f"lists and mappings nested more than {MAX_DEPTH} deep"))
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _Reader:
    """Turns the node graph of one document into plain data, within budgets, keeping lines and checking text."""

    def __init__(self, file: str, text: str, drawable: Set[int] | None) -> None:
        self.text, self.drawable = text, drawable
        self.doc = Located(file, None)
        self.fatal: list[Problem] = []
        self.values = 0
        self.spans: list[tuple[int, int, Path_]] = []  # where each scalar stands in the text, and its field
        self.texts: dict[int, str] = {}  # each text node's value, checked
        self.constructor = yaml.constructor.SafeConstructor()

    def load(self) -> Located:
        file = self.doc.file
        loader = _Loader(self.text, file)
        try:
            node = loader.get_single_node()
        except _Stop as stop:
            raise InputError(stop.problem) from None
        except yaml.MarkedYAMLError as exc:
            raise InputError(_syntax_problem(file, exc)) from None
        except yaml.YAMLError as exc:  # a reader error carries no mark, only its message
            raise InputError(Problem(file, None, "", f"YAML: {exc}")) from None
        finally:
            loader.dispose()
        if node is None:
            raise InputError(Problem(file, 1, "", "the file is empty"))
        try:
            self.doc.data = self.convert(node, (), ())
        except _Stop as stop:
            raise InputError(stop.problem) from None
        if self.fatal:
            raise InputError(self.fatal)
        return self.doc

    def problem(self, node: yaml.Node, path: Path_, message: str) -> Problem:
        return Problem(self.doc.file, node.start_mark.line + 1, format_path(path), message)

    def convert(self, node: yaml.Node, path: Path_, above: tuple[int, ...]) -> Any:
        """One node as plain data; `above` holds the nodes that contain it, to catch an alias that loops."""
        if id(node) in above:
            raise _Stop(self.problem(node, path, "an alias refers to a value that contains it (a loop)"))
        self.values += 1
        if self.values > MAX_VALUES:
            raise _Stop(self.problem(node, path, f"more than {MAX_VALUES:,} values once aliases are expanded: "
                                                 "more than a rules file needs"))
        if len(above) >= MAX_DEPTH:
            raise _Stop(self.problem(node, path, f"lists and mappings nested more than {MAX_DEPTH} deep "
                                                 "once aliases are expanded"))
        self.doc.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path, is_key=False)
        if node.tag not in (TAG + "seq", TAG + "map"):
            self.fatal.append(self.problem(node, path, _tag_refused(node.tag)))
            return None
        inside = above + (id(node),)
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, path + (i,), inside) for i, item in enumerate(node.value)]
        assert isinstance(node, yaml.MappingNode)
        out: dict[str | int, Any] = {}
        explicit: set[str | int] = set()
        for key_node, value_node, is_explicit in self.pairs(node, path, inside):
            key = self.key(key_node, path)
            if key is None:
                continue
            if is_explicit and key in explicit:
                self.fatal.append(self.problem(key_node, path + (key,), "duplicate key"))
                continue
            if key in out:  # a merged key: the mapping's own keys, then earlier merged mappings, win
                continue
            if is_explicit:
                explicit.add(key)
            self.doc.lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = self.convert(value_node, path + (key,), inside)
        return out

    def pairs(self, node: yaml.MappingNode, path: Path_, above: tuple[int, ...]
              ) -> list[tuple[yaml.Node, yaml.Node, bool]]:
        """A mapping's own key/value pairs, then those its merge keys (`<<: *name`) bring in, in YAML's order."""
        own = [(key, value, True) for key, value in node.value if key.tag != MERGE]
        merged: list[tuple[yaml.Node, yaml.Node, bool]] = []
        for key, value in node.value:
            if key.tag != MERGE:
                continue
            sources = value.value if isinstance(value, yaml.SequenceNode) else [value]
            for source in sources:
                if id(source) in above or source is node:
                    raise _Stop(self.problem(source, path, "a merge key (<<) brings in the mapping that holds it "
                                                           "(a loop)"))
                if not isinstance(source, yaml.MappingNode):
                    self.fatal.append(self.problem(key, path + ("<<",),
                                                   "a merge key (<<) takes a mapping or a list of mappings"))
                    break
                brought = [(k, v, False) for k, v, _ in self.pairs(source, path, above + (id(node),))]
                merged += brought
                self.values += len(brought)  # merged pairs count toward the budget: merges nest like aliases
                if self.values > MAX_VALUES:
                    raise _Stop(self.problem(key, path, f"more than {MAX_VALUES:,} values once merge keys are "
                                                        "expanded: more than a rules file needs"))
        return own + merged

    def key(self, node: yaml.Node, path: Path_) -> str | int | None:
        """A mapping key: a plain name or a whole number, with no tag."""
        if not isinstance(node, yaml.ScalarNode):
            found = "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"
            self.fatal.append(self.problem(node, path, f"a key must be a plain name or a whole number, found {found}"))
            return None
        if node.tag not in (TAG + "str", TAG + "int"):
            if node.tag in PLAIN:  # YAML reads `yes:`, `on:`, `~:` or `1.5:` as another kind of value
                message = f"the key {node.value[:40]!r} reads as {KINDS[node.tag.removeprefix(TAG)]} (quote it)"
            else:
                message = f"the tag {node.tag.replace(TAG, '!!')} is not allowed on a key"
            self.fatal.append(self.problem(node, path, f"{message}: a key is a plain name or a whole number"))
            return None
        key = self.scalar(node, path + ("".join(c for c in node.value if refused(c) is None),), is_key=True)
        return key if isinstance(key, (str, int)) and not isinstance(key, bool) else None

    def scalar(self, node: yaml.ScalarNode, path: Path_, is_key: bool) -> Any:
        start, end = node.start_mark.index, node.end_mark.index
        self.spans.append((start, end, path))
        tag = node.tag
        if tag == MERGE and not is_key:
            tag = TAG + "str"  # `<<` where a value stands is the text "<<"
        if tag not in PLAIN:
            self.fatal.append(self.problem(node, path, _tag_refused(tag)))
            return None
        if len(node.value) > MAX_CHARS:
            self.fatal.append(self.problem(node, path, f"{len(node.value):,} characters: a value holds at most "
                                                       f"{MAX_CHARS:,}"))
            return None
        try:
            value = self.constructor.construct_object(yaml.ScalarNode(tag, node.value, node.start_mark,
                                                                      node.end_mark, node.style))
        except (yaml.YAMLError, ValueError, ArithmeticError, TypeError):
            kind = tag.removeprefix(TAG)
            self.fatal.append(self.problem(node, path, f"{node.value[:40]!r} tagged !!{kind} is not {KINDS[kind]}"))
            return None
        if isinstance(value, str):
            if id(node) not in self.texts:  # a text an alias repeats is checked, and reported, once
                self.texts[id(node)] = self.check_text(value, node, path, is_key)
            value = self.texts[id(node)]
        return value

    def check_text(self, value: str, node: yaml.ScalarNode, path: Path_, is_key: bool) -> str:
        """The value with refused characters (written as escapes) taken out, each reported; undrawable ones reported."""
        refusals: set[str] = set()
        undrawable: dict[int, list[str]] = {}  # by line, each character once
        for found in UNUSUAL_IN_VALUE.finditer(value):
            char = found.group()
            if char in refusals or any(char in chars for chars in undrawable.values()):
                continue
            why = refused(char)
            if why is not None:
                refusals.add(char)
                self.doc.problems.append(self.problem(node, path, f"{describe(char)} is {why}"))
            elif not is_key and self.drawable is not None and ord(char) not in self.drawable:
                undrawable.setdefault(self.line_of(char, node), []).append(char)
        for line, chars in undrawable.items():
            shown = ", ".join(describe(c) for c in chars[:5])
            if len(chars) > 5:
                shown += f" and {len(chars) - 5} more"
            self.doc.problems.append(Problem(self.doc.file, line, format_path(path),
                                             f"the shipped fonts cannot draw {shown}"))
        return "".join(c for c in value if c not in refusals) if refusals else value

    def line_of(self, char: str, node: yaml.Node) -> int:
        """The line where a character of a value stands: found in the value's own text, else the value's first line."""
        start = node.start_mark.index
        at = self.text.find(char, start, node.end_mark.index)
        return node.start_mark.line + 1 + (self.text.count("\n", start, at) if at >= 0 else 0)

    def spot_problem(self, spot: Spot) -> Problem:
        """A character taken out of the file, located to its line and, when it stood in a value, its field."""
        inside = [path for start, end, path in self.spans if start <= spot.offset <= end]
        return Problem(self.doc.file, spot.line, format_path(inside[0]) if inside else "", spot.message)


def _syntax_problem(file: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else None
    message = f"YAML syntax: {(exc.problem or exc.context or '').removeprefix('but ')}"
    if exc.context and exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line:
        message += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
    return Problem(file, line, "", message)


def _tag_refused(tag: str | None) -> str:
    shown = (tag or "").replace(TAG, "!!")
    return (f"the tag {shown} is not allowed: a rules file holds text, numbers, true/false, "
            "lists and mappings")
