"""Text widths from the shipped fonts, for a layout that must know a line's length before WeasyPrint sets it: how
tall a pad's turned column heads must be, and where a card's title breaks into balanced lines."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations

from ..project import FACES, FONTS_DIR
from .page import MM_PER_INCH

POINTS_PER_INCH = 72


@cache
def _advances(family: str, weight: str) -> tuple[dict[int, float], ...]:
    """Each character's advance in ems, in the PT face and then in the Noto face behind it (as the pages set it)."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # WeasyPrint's own font library

    for face_family, face_weight, style, main, fallback in FACES:
        if (face_family, face_weight, style) == (family, weight, "normal"):
            out = []
            for name in (main, fallback):
                with TTFont(FONTS_DIR / name, lazy=True) as font:
                    em, metrics = font["head"].unitsPerEm, font["hmtx"].metrics
                    out.append({code: metrics[glyph][0] / em for code, glyph in font.getBestCmap().items()})
            return tuple(out)
    raise ValueError(f"no shipped face {family} {weight}")


def width(text: str, size: float, family: str = "PT Sans", bold: bool = False) -> float:
    """The text's width set on one line at `size` points, in millimetres. Kerning is left out: it only ever
    narrows a line of these fonts a little, so the width errs long, on the safe side."""
    faces = _advances(family, "bold" if bold else "normal")
    ems = sum(next((face[ord(c)] for face in faces if ord(c) in face), 0.0) for c in text)
    return ems * size * MM_PER_INCH / POINTS_PER_INCH


def _breaks(words: list[str], lines: int) -> Iterator[list[str]]:
    """Every way to set the words on `lines` lines, in order."""
    for cuts in combinations(range(1, len(words)), lines - 1):
        ends = (0, *cuts, len(words))
        yield [" ".join(words[a:b]) for a, b in zip(ends, ends[1:], strict=False)]


def balanced(text: str, room: float, size: float, family: str = "PT Sans", bold: bool = False) -> list[str]:
    """The text in as few lines as fit `room` millimetres, broken where the longest line is shortest: no last
    line of a lone word under a full one («Three or more dice / of the same value»). Words are what regular spaces
    part: a no-break space (a Russian preposition bound to its noun) is never a break."""
    words = text.split(" ")
    for lines in range(1, len(words) + 1):
        fits = [ls for ls in _breaks(words, lines) if all(width(line, size, family, bold) <= room for line in ls)]
        if fits:
            return min(fits, key=lambda ls: max(width(line, size, family, bold) for line in ls))
    return words  # a word longer than the room: one a line, and WeasyPrint overflows it as it would anyway


def kept(lines: list[str]) -> str:
    """Lines as one text that WeasyPrint breaks only where they part: each line's words joined by no-break spaces."""
    return " ".join(line.replace(" ", "\u00a0") for line in lines)
