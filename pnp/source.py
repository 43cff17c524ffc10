"""YAML loading that remembers the line of every value, for located error messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, Problem

Path_ = tuple[str | int, ...]  # a field path: keys and list indexes


@dataclass
class Located:
    """A YAML document as plain Python data, plus the line where each field path starts."""

    file: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

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


def load_yaml(path: Path, shown_as: str | None = None) -> Located:
    """Parse one YAML file; syntax errors and duplicate keys become located problems."""
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(Problem(name, None, "", f"cannot read: {exc}")) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        message = f"YAML syntax: {exc.problem or exc.context}"
        if exc.context and exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line:
            message += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        raise InputError(Problem(name, line, "", message)) from None
    doc = Located(name, None)
    if node is None:
        raise InputError(Problem(name, 1, "", "the file is empty"))
    problems: list[Problem] = []
    doc.data = _convert(node, (), doc, problems)
    if problems:
        raise InputError(problems)
    return doc


def _convert(node: yaml.Node, path: Path_, doc: Located, problems: list[Problem]) -> Any:
    doc.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str | int, Any] = {}
        for key_node, value_node in node.value:
            key = yaml.SafeLoader("").construct_object(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                problems.append(Problem(doc.file, key_node.start_mark.line + 1, format_path(path),
                                        "keys must be plain names"))
                continue
            if key in out:
                problems.append(Problem(doc.file, key_node.start_mark.line + 1, format_path(path + (key,)),
                                        "duplicate key"))
                continue
            out[key] = _convert(value_node, path + (key,), doc, problems)
            doc.lines[path + (key,)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), doc, problems) for i, item in enumerate(node.value)]
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        problems.append(Problem(doc.file, node.start_mark.line + 1, format_path(path), str(exc.problem)))
        return None
