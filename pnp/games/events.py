"""Events: what an engine reports a move did, as data (a kind plus named fields), never prose."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened: a kind plus named fields (never prose)."""

    kind: str
    fields: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, key: str) -> Any:
        return dict(self.fields)[key]

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.fields).get(key, default)

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data, for JSON."""
        return {"kind": self.kind, **dict(self.fields)}


def event(kind: str, **fields: Any) -> Event:
    """An event of this kind with these fields, in the order given."""
    return Event(kind, tuple(fields.items()))
