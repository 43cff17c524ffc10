"""Print-and-play sheets beside each rulebook: stickers, paper dice, score pad, a game's own sheets, player aid."""

from .files import write_kit, write_sheet
from .kinds import SHARED, kit_order, sheet, sheet_html, sheets_for
from .options import Options

__all__ = ["SHARED", "Options", "kit_order", "sheet", "sheet_html", "sheets_for", "write_kit", "write_sheet"]
