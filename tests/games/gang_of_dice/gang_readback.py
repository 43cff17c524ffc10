"""Gang of Dice sheets read back: where every character is printed, and how much of a page is inked."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

MM_PER_PT = 25.4 / 72
"""Millimetres per PDF point."""


def dark_share(path: Path, dpi: float = 50.0) -> list[float]:
    """Per page, the share of the paper printed darker than mid-grey (luminance under 50 %)."""
    document = pdfium.PdfDocument(path)
    shares = []
    for page in document:
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        histogram = image.histogram()
        shares.append(sum(histogram[:128]) / sum(histogram))
    return shares


@cache
def _greyscale(path: Path, page: int, dpi: float) -> Image.Image:
    """A page printed in greyscale, rendered once however many points of it are read."""
    return pdfium.PdfDocument(path)[page].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")


def grey_at(path: Path, page: int, x: float, y: float, dpi: float = 150.0) -> int:
    """The page printed in greyscale, its grey (0 black, 255 white) at (x, y) millimetres from the top left."""
    return int(_greyscale(path, page, dpi).getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi))))


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
