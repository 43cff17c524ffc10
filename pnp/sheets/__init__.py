"""Print-and-play sheets beside each rulebook: dice, score pad, a game's own sheets, player aid, and the kit."""

from .dice import DIE_SIZE, DIE_SIZES
from .files import write_kit, write_sheet
from .kinds import SHARED, check_die_size, kit_order, sheet, sheet_html, sheets_for

__all__ = [
    "DIE_SIZE", "DIE_SIZES", "SHARED", "check_die_size", "kit_order", "sheet", "sheet_html", "sheets_for",
    "write_kit", "write_sheet",
]
