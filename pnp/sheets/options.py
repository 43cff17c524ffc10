"""What a maker chooses for the printed components: sticker and paper-die sizes, ink, paper sizes."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError

BLANK_DIE = 16.0
"""The blank and ordinary dice the kits are drawn for, in millimetres (the common size)."""
STICKER_SIZE = 13.0
"""The default sticker edge, in millimetres: the flat face of a 16 mm die with rounded edges is 12–13 mm."""
STICKER_SIZES = (8.0, 30.0)
"""The sticker sizes a sheet can be made for, in millimetres."""
PAPER_DIE_SIZE = 22.0
"""The default edge of a paper die, in millimetres: 20–25 mm folds cleanly and rolls."""
PAPER_DIE_SIZES = (12.0, 40.0)
"""The paper-die sizes a sheet can be made for, in millimetres."""
INKS = ("full", "low")
"""Full colour, or white cards with a coloured band and outline backs."""


def _mm(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Options:
    """The maker's choices every sheet of one build shares."""

    sticker_size: float = STICKER_SIZE
    paper_die_size: float = PAPER_DIE_SIZE
    ink: str = "full"

    def checked(self) -> Options:
        """These options, or an error naming the one out of range."""
        for name, value, (low, high) in (("sticker size", self.sticker_size, STICKER_SIZES),
                                         ("paper die size", self.paper_die_size, PAPER_DIE_SIZES)):
            if not low <= value <= high:
                raise InputError(f"{name}: must be {_mm(low)} to {_mm(high)} mm, found {_mm(value)}")
        if self.ink not in INKS:
            raise InputError(f"ink: must be one of {', '.join(INKS)}, found {self.ink!r}")
        return Options(float(self.sticker_size), float(self.paper_die_size), self.ink)
