"""Sheets read back from their PDFs: page sizes, text, and every painted path in millimetres from the top left."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path as FilePath

import pypdf
from helpers import operations, page_texts
from pypdf import PageObject

MM = 25.4 / 72  # millimetres per PDF point
A4 = (595.28, 841.89)  # 210 x 297 mm in points
LETTER = (612.0, 792.0)  # 8.5 x 11 in


@cache
def reader(path: FilePath) -> pypdf.PdfReader:
    return pypdf.PdfReader(path)


def text(path: FilePath, pages: slice = slice(None)) -> str:
    """A PDF's text (read by PDFium) with spaces and line ends normalised to single spaces."""
    return re.sub(r"\s+", " ", "\n".join(page_texts(path)[pages]))


def page_size(page: PageObject) -> tuple[float, float]:
    return round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)


@dataclass(frozen=True)
class Path:
    """A painted path: its subpaths' points on the page, whether it is stroked or filled, its dash and line width."""

    subpaths: tuple[tuple[tuple[float, float], ...], ...]
    stroked: bool
    filled: bool
    dashed: bool
    width: float
    """Line width in millimetres."""
    curves: int = 0
    """Bézier segments among its edges (a rounded corner is one)."""
    colour: tuple[float, ...] = ()
    """The fill colour (rg/g/k operands) in force when it was painted."""
    stroke_colour: tuple[float, ...] = ()
    """The stroke colour (RG/G/K operands) in force when it was painted."""

    @cached_property
    def points(self) -> list[tuple[float, float]]:
        """Every point of its subpaths; a lone move paints nothing and is left out."""
        return [p for sub in self.subpaths if len(sub) > 1 for p in sub]

    @cached_property
    def box(self) -> tuple[float, float, float, float]:
        """(left, top, width, height) of the path's points."""
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def as_rect(self) -> tuple[float, float, float, float] | None:
        """(left, top, width, height) when the path is one axis-aligned rectangle, else None."""
        if len(self.subpaths) != 1:
            return None
        pts = list(self.subpaths[0])
        if len(pts) == 5 and _close(pts[0], pts[-1]):
            pts = pts[:4]
        if len(pts) != 4:
            return None
        xs = sorted({round(x, 2) for x, _ in pts})
        ys = sorted({round(y, 2) for _, y in pts})
        if len(xs) != 2 or len(ys) != 2:
            return None
        return self.box

    def as_segment(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The two ends when the path is one straight line."""
        if len(self.subpaths) == 1 and len(self.subpaths[0]) == 2:
            return self.subpaths[0][0], self.subpaths[0][1]
        return None

    @property
    def length(self) -> float:
        (x1, y1), (x2, y2) = self.as_segment() or ((0, 0), (0, 0))
        return math.hypot(x2 - x1, y2 - y1)


def _close(a, b) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6


def _multiply(m, n):
    """The matrix that applies m, then n (PDF row-vector convention)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


_PATHS: dict[int, tuple[PageObject, list[Path]]] = {}


def paths(page: PageObject) -> list[Path]:
    """Every path painted on the page (form XObjects included), in millimetres, y growing downwards.

    Walked once per page object however many tests read it (the readers are cached, so their pages are too)."""
    held = _PATHS.get(id(page))
    if held is None or held[0] is not page:  # the page is kept with its paths, so its id stays its own
        height = float(page.mediabox.height)
        found: list[Path] = []
        _walk(page.get_contents(), page["/Resources"], (1, 0, 0, 1, 0, 0), height, found, page.pdf)
        held = _PATHS[id(page)] = (page, found)
    return held[1]


def _walk(content, resources, ctm, height, found, pdf) -> None:
    if content is None:
        return
    stack = []
    state = {"ctm": ctm, "width": 1.0, "dashed": False, "colour": (), "stroke_colour": ()}
    subpaths: list[list[tuple[float, float]]] = []
    curves = 0

    def point(x, y):
        a, b, c, d, e, f = state["ctm"]
        px, py = a * x + c * y + e, b * x + d * y + f
        return px * MM, (height - py) * MM

    def paint(stroke: bool, fill: bool) -> None:
        nonlocal curves
        if subpaths:
            a, b, c, d, _, _ = state["ctm"]
            scale = math.sqrt(abs(a * d - b * c))
            found.append(Path(tuple(tuple(s) for s in subpaths if s), stroke, fill, state["dashed"],
                              state["width"] * scale * MM, curves, state["colour"], state["stroke_colour"]))
        subpaths.clear()
        curves = 0

    for operands, op in operations(content, pdf):
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _multiply(tuple(float(v) for v in operands), state["ctm"])
        elif op == "w":
            state["width"] = float(operands[0])
        elif op == "d":
            state["dashed"] = len(operands[0]) > 0
        elif op == "m":
            subpaths.append([point(float(operands[0]), float(operands[1]))])
        elif op == "l":
            subpaths[-1].append(point(float(operands[0]), float(operands[1])))
        elif op in ("c", "v", "y"):
            subpaths[-1].append(point(float(operands[-2]), float(operands[-1])))
            curves += 1
        elif op in ("rg", "g", "k"):
            state["colour"] = tuple(round(float(v), 3) for v in operands)
        elif op in ("RG", "G", "K"):
            state["stroke_colour"] = tuple(round(float(v), 3) for v in operands)
        elif op == "h":
            if subpaths and subpaths[-1]:
                subpaths[-1].append(subpaths[-1][0])
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            subpaths.append([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h), point(x, y)])
        elif op in ("S", "s"):
            paint(True, False)
        elif op in ("f", "F", "f*"):
            paint(False, True)
        elif op in ("B", "B*", "b", "b*"):
            paint(True, True)
        elif op == "n":
            subpaths.clear()
            curves = 0
        elif op == "Do":
            xobject = resources["/XObject"][str(operands[0])].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _walk(xobject, xobject.get("/Resources", resources), _multiply(matrix, state["ctm"]), height, found, pdf)

