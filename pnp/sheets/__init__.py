"""Print-and-play sheets beside each rulebook: dice, score pad, warning cards, mats, player aid, and the kit."""

from .dice import DIE_SIZE, DIE_SIZES
from .files import KIT_ORDER, write_kit, write_sheet
from .render import SHEETS, check_die_size, die_size_argument, kinds_for, page_copies, sheet_html

__all__ = [
    "DIE_SIZE", "DIE_SIZES", "KIT_ORDER", "SHEETS", "check_die_size", "die_size_argument", "kinds_for",
    "page_copies", "sheet_html", "write_kit", "write_sheet",
]
