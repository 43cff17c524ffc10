"""Print-and-play sheets beside each rulebook: stickers, paper dice, score pad, a game's own sheets, player aid."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .files import write_kit, write_sheet
    from .kinds import SHARED, kit_order, sheet, sheet_html, sheets_for
    from .options import Options

__all__ = ["SHARED", "Options", "kit_order", "sheet", "sheet_html", "sheets_for", "write_kit", "write_sheet"]

_HOME = {"write_kit": "files", "write_sheet": "files", "SHARED": "kinds", "kit_order": "kinds", "sheet": "kinds",
         "sheet_html": "kinds", "sheets_for": "kinds", "Options": "options"}
"""Each name's module, imported on the name's first use: a command that only reads the options (a build with
nothing to do) imports neither pypdf nor the sheets' templates."""


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOME[name]}"), name)
