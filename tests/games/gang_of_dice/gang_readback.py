"""Gang of Dice sheets read back: the size every word is printed at, and how much of a page is inked."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
from helpers import operations

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies m, then n (PDF row-vector convention)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


MM_PER_PT = 25.4 / 72
"""Millimetres per PDF point."""


@dataclass(frozen=True)
class Shown:
    """A string drawn on a page and its size on paper, in points (font size times every scale in force)."""

    page: int
    size: float
    text: str


@cache
def _reader(path: str, mtime: int) -> pypdf.PdfReader:
    return pypdf.PdfReader(path)


def shown_text(path: Path) -> list[Shown]:
    """Every string drawn in a PDF, form XObjects included, with the size it prints at."""
    reader = _reader(str(path), path.stat().st_mtime_ns)
    found: list[Shown] = []
    for number, page in enumerate(reader.pages):
        _walk(page.get_contents(), page["/Resources"], IDENTITY, number, found, reader)
    return found


def _walk(content, resources, ctm: Matrix, number: int, found: list[Shown], pdf) -> None:
    if content is None:
        return
    stack: list[tuple[Matrix, float]] = []
    font_size, tm = 0.0, IDENTITY
    for operands, op in operations(content, pdf):
        if op == "q":
            stack.append((ctm, font_size))
        elif op == "Q":
            ctm, font_size = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "BT":
            tm = IDENTITY
        elif op == "Tf":
            font_size = float(operands[1])
        elif op == "Tm":
            tm = tuple(float(v) for v in operands)
        elif op in ("Td", "TD"):
            tm = _multiply((1, 0, 0, 1, float(operands[0]), float(operands[1])), tm)
        elif op in ("Tj", "TJ", "'", '"'):
            a, b, c, d, _, _ = _multiply(tm, ctm)
            size = font_size * math.sqrt(abs(a * d - b * c))
            found.append(Shown(number, size, _decode(operands)))
        elif op == "Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                _walk(xobject, xobject.get("/Resources", resources), _multiply(matrix, ctm), number, found, pdf)


def _decode(operands) -> str:
    """The shown bytes in hex (glyph ids, not Unicode): enough to tell one string from another in a failure."""
    parts = operands[-1] if isinstance(operands[-1], list) else [operands[-1]]
    return b"".join(getattr(p, "original_bytes", b"") for p in parts).hex()


def dark_share(path: Path, dpi: float = 50.0) -> list[float]:
    """Per page, the share of the paper printed darker than mid-grey (luminance under 50 %)."""
    document = pdfium.PdfDocument(path)
    shares = []
    for page in document:
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        histogram = image.histogram()
        shares.append(sum(histogram[:128]) / sum(histogram))
    return shares


def grey_at(path: Path, page: int, x: float, y: float, dpi: float = 150.0) -> int:
    """The page printed in greyscale, its grey (0 black, 255 white) at (x, y) millimetres from the top left."""
    image = pdfium.PdfDocument(path)[page].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    return int(image.getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi))))


def characters(page) -> list[tuple[str, float, float, float, float]]:
    """Every character printed on a page: (character, left, top, right, bottom) in mm from the top left."""
    height = page.get_height()
    chars = page.get_textpage()
    out = []
    for i in range(chars.count_chars()):
        left, bottom, right, top = chars.get_charbox(i)
        character = chars.get_text_range(i, 1)
        if character.strip() and right > left:
            mm = MM_PER_PT
            out.append((character, left * mm, (height - top) * mm, right * mm, (height - bottom) * mm))
    return out
