"""Die-face symbols drawn from simple geometric primitives as standalone SVG."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import svgwrite
from svgwrite.container import Group

if TYPE_CHECKING:
    from svgwrite.path import Path as SvgPath
    from svgwrite.shapes import Circle, Ellipse, Polygon, Polyline, Rect

Point = tuple[float, float]
"""A point in the 100x100 face space."""

# Okabe–Ito colour-blind-safe palette.
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
BLACK = "#000000"

# Neutrals (identical in colour and black-and-white output).
INK = "#222222"  # outline stroke
WHITE = "#FFFFFF"
DARK = "#333333"
STONE = "#A6A6A6"
METAL = "#8F8F8F"
FAINT = "#9A9A9A"

OUTLINE = 3.5  # main outline stroke width, in the 100x100 face space
DETAIL = 2.2  # inner detail lines

_BORDER_FILL = "#F7F7F7"
_BORDER_STROKE = "#555555"
_VIEWBOX = "0 0 100 100"
_GAP = 10  # gap between faces in sheet previews (face units)


def _grey(hex_colour: str) -> str:
    """Map a colour to the grey of equal luminance (greys pass through)."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    if r == g == b:
        return hex_colour
    # Equal-luminance grey, lightened a little to keep outlines readable.
    lum = 0.299 * r + 0.587 * g + 0.114 * b
    lum = round(255 - 0.8 * (255 - lum))
    return f"#{lum:02X}{lum:02X}{lum:02X}"


class _Pen:
    """Shape factory applying the house style and the colour mode."""

    def __init__(self, dwg: svgwrite.Drawing, colour: bool) -> None:
        self.dwg = dwg
        self.colour = colour

    def c(self, value: str) -> str:
        if value == "none" or self.colour:
            return value
        return _grey(value)

    def _style(self, fill: str, stroke: str | None, width: float) -> dict[str, str | float]:
        style: dict[str, str | float] = {"fill": self.c(fill)}
        if stroke is None:
            style["stroke"] = "none"
        else:
            style.update(
                stroke=self.c(stroke),
                stroke_width=width,
                stroke_linejoin="round",
                stroke_linecap="round",
            )
        return style

    def path(self, d: str, fill: str = "none", stroke: str | None = INK,
             width: float = OUTLINE, **extra: Any) -> SvgPath:
        return self.dwg.path(d=d, **self._style(fill, stroke, width), **extra)

    def poly(self, points: Sequence[Point], fill: str = "none", stroke: str | None = INK,
             width: float = OUTLINE, **extra: Any) -> Polygon:
        return self.dwg.polygon(points=points, **self._style(fill, stroke, width), **extra)

    def line(self, points: Sequence[Point], stroke: str = INK, width: float = DETAIL, **extra: Any) -> Polyline:
        return self.dwg.polyline(points=points, **self._style("none", stroke, width), **extra)

    def circle(self, center: Point, r: float, fill: str = "none", stroke: str | None = INK,
               width: float = OUTLINE, **extra: Any) -> Circle:
        return self.dwg.circle(center=center, r=r, **self._style(fill, stroke, width), **extra)

    def ellipse(self, center: Point, r: tuple[float, float], fill: str = "none", stroke: str | None = INK,
                width: float = OUTLINE, **extra: Any) -> Ellipse:
        return self.dwg.ellipse(center=center, r=r, **self._style(fill, stroke, width), **extra)

    def rect(self, insert: Point, size: tuple[float, float], fill: str = "none", stroke: str | None = INK,
             width: float = OUTLINE, rx: float = 0, **extra: Any) -> Rect:
        return self.dwg.rect(insert=insert, size=size, rx=rx, ry=rx,
                             **self._style(fill, stroke, width), **extra)

    def group(self, **extra: Any) -> Group:
        return self.dwg.g(**extra)


def _star(cx: float, cy: float, outer: float, inner: float, n: int, turn: float = 0.0) -> list[Point]:
    """Points of an n-pointed star."""
    pts: list[Point] = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / n + turn - math.pi / 2
        pts.append((round(cx + r * math.cos(a), 2), round(cy + r * math.sin(a), 2)))
    return pts


def _mirror(points: Iterable[Point]) -> list[Point]:
    """Mirror points across the vertical centre line x=50."""
    return [(round(100 - x, 2), y) for x, y in points]


# --- Dicemants -------------------------------------------------------------


def _diamond(p: _Pen, g: Group) -> None:
    # Side view of a brilliant cut: crown above the girdle, pavilion below.
    g.add(p.poly([(14, 40), (86, 40), (50, 86)], fill=BLUE, stroke=None))
    g.add(p.poly([(38, 40), (62, 40), (50, 86)], fill=SKY, stroke=None))
    g.add(p.poly([(14, 40), (30, 20), (70, 20), (86, 40)], fill=SKY, stroke=None))
    g.add(p.poly([(30, 20), (50, 20), (38, 40)], fill=WHITE, stroke=None))
    g.add(p.poly([(50, 20), (70, 20), (62, 40)], fill=WHITE, stroke=None))
    g.add(p.line([(14, 40), (86, 40)]))
    g.add(p.line([(30, 20), (38, 40), (50, 20), (62, 40), (70, 20)]))
    g.add(p.line([(38, 40), (50, 86), (62, 40)]))
    g.add(p.poly([(14, 40), (30, 20), (70, 20), (86, 40), (50, 86)]))
    g.add(p.poly(_star(82, 17, 7.5, 2.5, 4), fill=WHITE, width=DETAIL))


def _void(p: _Pen, g: Group) -> None:
    # A faint dashed ring with a few loose rock specks: nothing found.
    g.add(p.circle((50, 50), 26, stroke=FAINT, width=OUTLINE, stroke_dasharray="6.8 6"))
    for pts in ([(38, 58), (44, 53), (50, 57), (48, 63), (40, 64)],
                [(54, 61), (59, 58), (63, 62), (58, 66)],
                [(52, 42), (56, 40), (59, 44), (54, 47)]):
        g.add(p.poly(pts, fill=STONE, stroke=FAINT, width=1.8))


def _skull_shapes(p: _Pen, g: Group) -> None:
    g.add(p.path("M 29 62 A 27 27 0 1 1 71 62 L 64 66 L 64 80 Q 64 85 59 85 "
                 "L 41 85 Q 36 85 36 80 L 36 66 Z", fill=WHITE))
    g.add(p.ellipse((39, 46), (8, 9), fill=INK, stroke=None))
    g.add(p.ellipse((61, 46), (8, 9), fill=INK, stroke=None))
    g.add(p.poly([(50, 56), (45.5, 64), (54.5, 64)], fill=INK, stroke=None))
    for x in (43.5, 50, 56.5):
        g.add(p.line([(x, 73), (x, 85)]))


def _skull(p: _Pen, g: Group) -> None:
    _skull_shapes(p, g)


def _pick(p: _Pen, g: Group) -> None:
    # Drawn upright, then tilted 45 degrees; the head is snapped off the handle.
    tool = p.group(transform="translate(-2 1) rotate(45 50 52)")
    head = p.group(transform="translate(1 -6) rotate(-8 50 30)")
    head.add(p.rect((45, 34), (10, 11), fill=ORANGE))
    head.add(p.path("M 45 45 L 48 42 L 51 46 L 55 43", width=DETAIL))
    head.add(p.path("M 15 44 Q 50 0 85 44 Q 50 26 15 44 Z", fill=METAL))
    head.add(p.rect((43, 14), (14, 22), fill=METAL, rx=2.5))
    tool.add(head)
    tool.add(p.path("M 45 55 L 48 51 L 51 56 L 55 52 L 55 90 Q 55 95 50 95 "
                    "Q 45 95 45 90 Z", fill=ORANGE))
    tool.add(p.line([(49, 64), (49, 84)], width=1.6))
    # Snap marks either side of the break.
    for sx in (1, -1):
        for dy, dx2, dy2 in ((-5, 7, -4), (0, 9, 0), (5, 7, 4)):
            x0 = 50 + sx * 10
            tool.add(p.line([(x0, 48 + dy), (x0 + sx * dx2, 48 + dy + dy2)]))
    g.add(tool)


def _tnt(p: _Pen, g: Group) -> None:
    for x, y in ((24.5, 44), (58.5, 44), (41.5, 38)):
        g.add(p.rect((x, y), (17, 46), fill=VERMILLION, rx=3))
        g.add(p.line([(x + 1.8, y + 6), (x + 15.2, y + 6)]))
    g.add(p.rect((21, 63), (58, 9), fill=DARK, rx=2))
    g.add(p.path("M 50 38 C 50 26 62 32 64 20", width=OUTLINE))
    g.add(p.poly(_star(66, 16, 11, 4.6, 8), fill=YELLOW, width=DETAIL))
    g.add(p.circle((66, 16), 3.2, fill=ORANGE, stroke=None))


def _thief(p: _Pen, g: Group) -> None:
    g.add(p.circle((50, 57), 29, fill=YELLOW))
    # Beanie with a folded brim.
    g.add(p.path("M 22 48 Q 22 16 50 16 Q 78 16 78 48 Z", fill=BLUE))
    g.add(p.rect((19, 40), (62, 10), fill=BLUE, rx=3))
    # Eye mask with tied tails.
    g.add(p.path("M 80 60 L 91 53 L 89 62 Z", fill=DARK))
    g.add(p.path("M 80 63 L 91 67 L 84 73 Z", fill=DARK))
    g.add(p.path("M 21 60 Q 50 52 81 60 L 81 71 Q 50 65 21 71 Z", fill=DARK))
    for x in (38, 62):
        g.add(p.ellipse((x, 64), (7, 4.2), fill=WHITE, stroke=None))
        g.add(p.circle((x, 64), 2.4, fill=INK, stroke=None))
    g.add(p.path("M 43 78 Q 50 82 57 78", width=OUTLINE))


def _locked(p: _Pen, g: Group) -> None:
    # Tunnel mouth in a stone arch, boarded up with crossed planks.
    g.add(p.path("M 15 84 L 15 50 A 35 35 0 0 1 85 50 L 85 84 Z", fill=STONE))
    g.add(p.path("M 27 84 L 27 52 A 23 23 0 0 1 73 52 L 73 84 Z", fill=INK))
    for a in (-60, -20, 20, 60):  # arch stone joints
        sa, ca = math.sin(math.radians(a)), math.cos(math.radians(a))
        g.add(p.line([(round(50 + 23 * sa, 2), round(52 - 23 * ca, 2)),
                      (round(50 + 35 * sa, 2), round(50 - 35 * ca, 2))]))
    g.add(p.line([(27, 66), (15, 66)]))
    g.add(p.line([(73, 66), (85, 66)]))
    g.add(p.line([(9, 84), (91, 84)], width=OUTLINE))
    for angle in (-30, 30):
        plank = p.group(transform=f"rotate({angle} 50 60)")
        plank.add(p.rect((14, 53), (72, 13), fill=ORANGE, rx=2))
        plank.add(p.line([(24, 59.5), (44, 59.5)], width=1.6))
        plank.add(p.circle((19.5, 59.5), 2, fill=INK, stroke=None))
        plank.add(p.circle((80.5, 59.5), 2, fill=INK, stroke=None))
        g.add(plank)


def _spider(p: _Pen, g: Group) -> None:
    g.add(p.line([(50, 6), (50, 40)], width=DETAIL))
    legs = [[(53, 47), (70, 29), (86, 35)],
            [(54, 52), (77, 43), (91, 53)],
            [(54, 58), (77, 62), (89, 77)],
            [(53, 63), (68, 75), (74, 91)]]
    for leg in legs:
        for pts in (leg, _mirror(leg)):
            g.add(p.line(pts, width=4.2))
    g.add(p.circle((50, 47), 9, fill=DARK))
    g.add(p.ellipse((50, 67), (14, 16), fill=DARK))
    g.add(p.poly([(44, 60), (56, 60), (50, 67), (56, 74), (44, 74), (50, 67)],
                 fill=VERMILLION, stroke=None))
    g.add(p.circle((46.5, 45), 1.8, fill=WHITE, stroke=None))
    g.add(p.circle((53.5, 45), 1.8, fill=WHITE, stroke=None))


def _snake(p: _Pen, g: Group) -> None:
    body = "M 20 82 C 44 92 84 86 76 68 C 68 52 30 62 28 46 C 26 32 42 28 56 31"
    g.add(p.path(body, width=16))
    g.add(p.path(body, stroke=GREEN, width=9.5))
    g.add(p.path(body, stroke=YELLOW, width=3.2, stroke_dasharray="3 8"))
    g.add(p.path("M 80 31 L 89 31 M 89 31 L 94 27 M 89 31 L 94 35", stroke=VERMILLION,
                 width=DETAIL))
    g.add(p.path("M 52 31 Q 54 22 66 21 Q 80 22 82 31 Q 80 40 66 41 Q 54 40 52 31 Z",
                 fill=GREEN))
    g.add(p.circle((70, 27.5), 2.6, fill=INK, stroke=None))


def _bat(p: _Pen, g: Group) -> None:
    right = [(58, 46), (72, 31), (92, 31), (84, 44), (85, 58),
             (78, 50), (70, 56), (63, 52), (56, 64)]
    d = "M 50 48 L {} {} Q {} {} {} {} Q {} {} {} {} Q {} {} {} {} Q {} {} {} {} L 50 64"
    # Top edge, then three scallops back towards the body.
    r = [v for pt in right for v in pt]
    g.add(p.path(d.format(*r), fill=PURPLE))
    left = [v for pt in _mirror(right) for v in pt]
    g.add(p.path(d.format(*left), fill=PURPLE))
    g.add(p.ellipse((50, 57), (8, 14), fill=PURPLE))
    g.add(p.poly([(43, 40), (42, 27), (49, 35)], fill=PURPLE))
    g.add(p.poly([(57, 40), (58, 27), (51, 35)], fill=PURPLE))
    g.add(p.circle((50, 42), 8, fill=PURPLE))
    g.add(p.circle((46.8, 41), 1.8, fill=WHITE, stroke=None))
    g.add(p.circle((53.2, 41), 1.8, fill=WHITE, stroke=None))


# --- Other games -----------------------------------------------------------

_PIP_LAYOUTS = {
    1: [(50, 50)],
    2: [(73, 27), (27, 73)],
    3: [(73, 27), (50, 50), (27, 73)],
    4: [(27, 27), (73, 27), (27, 73), (73, 73)],
    5: [(27, 27), (73, 27), (50, 50), (27, 73), (73, 73)],
    6: [(27, 25), (73, 25), (27, 50), (73, 50), (27, 75), (73, 75)],
}


def _pips(p: _Pen, g: Group, n: int) -> None:
    for centre in _PIP_LAYOUTS[n]:
        g.add(p.circle(centre, 9.5, fill=BLACK, stroke=None, class_="pip"))


def _gangster(p: _Pen, g: Group) -> None:
    g.add(p.circle((50, 60), 26, fill=YELLOW))
    # Squinting eyes, a smirk and a cigar.
    g.add(p.line([(36, 57), (45, 58)], width=OUTLINE + 0.5))
    g.add(p.line([(55, 58), (64, 57)], width=OUTLINE + 0.5))
    g.add(p.path("M 40 73 Q 48 76 56 72", width=OUTLINE))
    cigar = p.group(transform="rotate(-12 56 72)")
    cigar.add(p.rect((54, 69), (22, 6.5), fill=ORANGE, rx=2, width=DETAIL))
    cigar.add(p.rect((73, 69), (4, 6.5), fill=VERMILLION, width=DETAIL))
    g.add(cigar)
    g.add(p.path("M 80 62 Q 76 56 82 52 Q 87 48 83 42", width=DETAIL, stroke=FAINT))
    # Fedora: pinched crown, band, wide brim.
    g.add(p.path("M 30 42 L 33 20 Q 41 13 50 18 Q 59 13 67 20 L 70 42 Z", fill=DARK))
    g.add(p.rect((31, 33), (38, 8), fill=VERMILLION, stroke=None))
    g.add(p.path("M 30 42 L 33 20 Q 41 13 50 18 Q 59 13 67 20 L 70 42 Z"))
    g.add(p.path("M 10 44 Q 50 30 90 44 Q 50 52 10 44 Z", fill=DARK))


def _x(p: _Pen, g: Group) -> None:
    arms = [[(28, 28), (72, 72)], [(72, 28), (28, 72)]]
    for arm in arms:
        g.add(p.line(arm, width=23))
    for arm in arms:
        g.add(p.line(arm, stroke=VERMILLION, width=16))


def _bone(p: _Pen, g: Group, angle: float) -> None:
    bone = p.group(transform=f"rotate({angle} 50 50)")
    bone.add(p.rect((18, 46), (64, 8), fill=WHITE, width=DETAIL))
    for x in (17, 83):
        for y in (44.5, 55.5):
            bone.add(p.circle((x, y), 5.5, fill=WHITE, width=DETAIL))
    bone.add(p.rect((20, 46.5), (60, 7), fill=WHITE, stroke=None))
    g.add(bone)


def _jolly_roger(p: _Pen, g: Group) -> None:
    g.add(p.circle((50, 50), 44, fill=INK))
    _bone(p, g, 40)
    _bone(p, g, -40)
    skull = p.group(transform="translate(50 48) scale(0.64) translate(-50 -55)")
    _skull_shapes(p, skull)
    g.add(skull)


_DRAW: dict[str, Callable[[_Pen, Group], None]] = {
    "diamond": _diamond,
    "void": _void,
    "skull": _skull,
    "pick": _pick,
    "tnt": _tnt,
    "thief": _thief,
    "locked": _locked,
    "spider": _spider,
    "snake": _snake,
    "bat": _bat,
    "pips": _pips,  # type: ignore[dict-item]
    "gangster": _gangster,
    "x": _x,
    "jolly-roger": _jolly_roger,
}

SYMBOLS: tuple[str, ...] = tuple(_DRAW)


def _check(symbol: str, pips: int | None) -> None:
    if symbol not in _DRAW:
        raise ValueError(f"unknown face symbol {symbol!r}")
    if symbol == "pips":
        if isinstance(pips, bool) or not isinstance(pips, int) or not 1 <= pips <= 6:
            raise ValueError(f"symbol 'pips' needs pips in 1..6, got {pips!r}")
    elif pips is not None:
        raise ValueError(f"pips is only valid for symbol 'pips', not {symbol!r}")


def _face(dwg: svgwrite.Drawing, symbol: str, pips: int | None, colour: bool,
          border: bool) -> Group:
    """One face as a group in a 100x100 space."""
    pen = _Pen(dwg, colour)
    g = dwg.g(class_=f"face face-{symbol}")
    if border:
        g.add(dwg.rect(insert=(3, 3), size=(94, 94), rx=15, ry=15, fill=_BORDER_FILL,
                       stroke=_BORDER_STROKE, stroke_width=2))
    if symbol == "pips":
        _pips(pen, g, pips)  # type: ignore[arg-type]
    else:
        _DRAW[symbol](pen, g)
    return g


def _drawing(width_mm: float, height_mm: float, viewbox: str) -> svgwrite.Drawing:
    dwg = svgwrite.Drawing(size=(f"{width_mm}mm", f"{height_mm}mm"), profile="full")
    dwg["viewBox"] = viewbox
    return dwg


def face_svg(symbol: str, size_mm: float = 16.0, *, pips: int | None = None,
             colour: bool = True, border: bool = True) -> str:
    """Standalone SVG document of one die face, ``size_mm`` square."""
    _check(symbol, pips)
    if size_mm <= 0:
        raise ValueError(f"size_mm must be positive, got {size_mm!r}")
    dwg = _drawing(size_mm, size_mm, _VIEWBOX)
    dwg.add(_face(dwg, symbol, pips, colour, border))
    svg: str = dwg.tostring()
    return svg


def sheet_preview_svg(symbols: list[tuple[str, int | None]], size_mm: float) -> str:
    """Faces of ``(symbol, pips)`` laid out in one row, each ``size_mm`` square."""
    if not symbols:
        raise ValueError("sheet_preview_svg needs at least one symbol")
    for symbol, pips in symbols:
        _check(symbol, pips)
    n = len(symbols)
    units = n * 100 + (n - 1) * _GAP
    dwg = _drawing(round(size_mm * units / 100, 3), size_mm, f"0 0 {units} 100")
    for i, (symbol, pips) in enumerate(symbols):
        cell = dwg.g(transform=f"translate({i * (100 + _GAP)} 0)")
        cell.add(_face(dwg, symbol, pips, True, True))
        dwg.add(cell)
    svg: str = dwg.tostring()
    return svg
