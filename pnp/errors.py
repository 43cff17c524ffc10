"""Error types that carry the file, line and field of bad input."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located to the line and field."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [part for part in (where, self.field, self.message) if part]  # no empty `: ` for a missing file
        return ": ".join(parts)


class InputError(Exception):
    """Bad input (rules, template, catalog, usage): reported without a traceback, exit 2."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str):
            problems = [Problem("", None, "", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def display_path(path: Path | str, root: Path | None = None) -> str:
    """A path as the user knows it: relative to the project root when inside it."""
    path = Path(path)
    if root is not None:
        try:
            return str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            pass
    return str(path)
