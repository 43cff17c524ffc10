"""The pirates' symbols (anchor, parrot, cutlass, compass, barrel, hook): one-colour vector art for dice and pads."""

from __future__ import annotations

import base64
import math
from functools import cache

UNITS = 100.0
"""Each symbol is drawn in a 100 x 100 square, then scaled to the edge it is given in millimetres."""


def _number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_number(x)},{_number(y)}" for x, y in points)


def _anchor() -> str:
    # A ring, a stock across the shank, and two curved arms ending in flukes.
    return (
        '<circle cx="50" cy="14" r="9" fill="none" stroke-width="7"/>'
        '<rect x="44.5" y="21" width="11" height="68" stroke="none"/>'
        '<rect x="24" y="31" width="52" height="10" rx="5" stroke="none"/>'
        '<path d="M15.5 60 Q18 89 50 91 Q82 89 84.5 60" fill="none" stroke-width="10"/>'
        '<polygon points="5,67 15.5,45 27,65" stroke="none"/>'
        '<polygon points="73,65 84.5,45 95,67" stroke="none"/>'
    )


def _parrot() -> str:
    # Seen from the side on its perch: a round head, a big hooked beak, a long tail; the eye is a hole.
    body = (
        "M47 7 C60 4 71 9 75 17 "  # crown to the top of the beak
        "C88 17 93 30 86 44 "  # the hooked upper beak
        "C84 38 80 35 75 34 "  # its point curls back under
        "C78 40 80 50 78 58 "  # chest
        "C75 70 66 78 58 81 "  # belly
        "L44 98 L35 96 L42 79 "  # the tail, down to the left
        "C30 70 26 54 30 40 "  # back
        "C32 24 37 11 47 7 Z "  # nape
        "M60 23 a5 5 0 1 0 0.01 0 Z"  # the eye
    )
    return (
        f'<path d="{body}" fill-rule="evenodd" stroke="none"/>'
        '<rect x="14" y="80" width="74" height="8" rx="4" stroke="none"/>'
    )


def _cutlass() -> str:
    # A broad curved blade from the hilt (lower left) to a clipped point (upper right), a cross-guard, a grip,
    # a pommel and a knuckle bow.
    blade = "M28 57 C50 45 72 28 91 6 C95 24 85 42 74 50 C62 59 52 65 41 72 Z"
    return (
        f'<path d="{blade}" stroke="none"/>'
        '<path d="M21 50 L49 78" fill="none" stroke-width="9" stroke-linecap="round"/>'
        '<path d="M33 65 L16 82" fill="none" stroke-width="10" stroke-linecap="round"/>'
        '<circle cx="12" cy="86" r="7.5" stroke="none"/>'
        '<path d="M23 52 C7 60 4 74 12 86" fill="none" stroke-width="5" stroke-linecap="round"/>'
    )


def _compass() -> str:
    # A compass rose: four long points, four short ones between them, a ring, and a hole at the centre.
    star = []
    for i in range(16):
        angle = math.radians(i * 22.5 - 90)
        radius = (47.0 if i % 4 == 0 else 27.0) if i % 2 == 0 else 9.5
        star.append((50 + radius * math.cos(angle), 50 + radius * math.sin(angle)))
    return (
        '<circle cx="50" cy="50" r="31" fill="none" stroke-width="6.5"/>'
        f'<path d="M{_points(star)} Z M50 45 a5 5 0 1 0 0.01 0 Z" fill-rule="evenodd" stroke="none"/>'
    )


def _barrel() -> str:
    # A barrel from the side: a bulging body whose hoops show as gaps.
    def half_width(y: float) -> float:
        return 23.0 + 15.0 * (1 - ((y - 50.0) / 45.0) ** 2)

    parts = []
    for top, bottom in ((5.0, 23.0), (29.0, 71.0), (77.0, 95.0)):
        steps = 8
        ys = [top + (bottom - top) * k / steps for k in range(steps + 1)]
        right = [(50 + half_width(y), y) for y in ys]
        left = [(50 - half_width(y), y) for y in reversed(ys)]
        parts.append(f'<polygon points="{_points(right + left)}" stroke="none"/>')
    return "".join(parts)


def _hook() -> str:
    # A pirate's hook: a cuff, a shaft, and a crescent curling over to the left down to a sharp point.
    cx, cy, outer, tip, thick = 32.0, 33.0, 25.0, 258.0, 11.0
    # The inner edge is a smaller circle pushed towards the tip, so that the crescent tapers to a point there
    # and is `thick` where it meets the shaft.
    shift = thick / (1 - math.cos(math.radians(tip)))
    inner = outer - shift
    ix, iy = cx + shift * math.cos(math.radians(tip)), cy - shift * math.sin(math.radians(tip))

    def on(x: float, y: float, radius: float, degrees: float) -> str:  # anticlockwise, y grows downwards
        return _points([(x + radius * math.cos(math.radians(degrees)), y - radius * math.sin(math.radians(degrees)))])

    curl = (f"M{on(cx, cy, outer, 0)} A{_number(outer)} {_number(outer)} 0 1 0 {on(cx, cy, outer, tip)} "
            f"A{_number(inner)} {_number(inner)} 0 1 1 {on(ix, iy, inner, 0)} Z")
    shaft = cx + outer - thick
    return (
        '<path d="M30 97 L70 97 L63 76 L37 76 Z" stroke="none"/>'
        '<rect x="31" y="69" width="38" height="9" rx="3" stroke="none"/>'
        f'<rect x="{_number(shaft)}" y="{_number(cy - 0.5)}" width="{_number(thick)}" '
        f'height="{_number(70 - cy)}" stroke="none"/>'
        f'<path d="{curl}" stroke="none"/>'
    )


SYMBOLS = {
    "anchor": _anchor(),
    "parrot": _parrot(),
    "cutlass": _cutlass(),
    "compass": _compass(),
    "barrel": _barrel(),
    "hook": _hook(),
}
"""Each symbol's art in its 100 x 100 square, in one colour (the group around it gives fill and stroke)."""


def symbol(symbol_id: str, x: float, y: float, edge: float, fill: str) -> str:
    """A pirate's symbol as SVG markup inside the square at (x, y) of that edge, in mm user units, in one colour."""
    art = SYMBOLS[symbol_id]
    scale = f"{edge / UNITS:.6g}"
    return (f'<g class="symbol {symbol_id}" transform="translate({_number(x)} {_number(y)}) scale({scale})" '
            f'fill="{fill}" stroke="{fill}">{art}</g>')


@cache
def badge_uri(symbol_id: str, colour: str, edge_mm: float = 3.0) -> str:
    """A small badge for the rulebook's pictures, as a data: URI: the symbol in white on the pirate's colour."""
    inset = edge_mm * 0.1
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(edge_mm)}mm" height="{_number(edge_mm)}mm" '
           f'viewBox="0 0 {_number(edge_mm)} {_number(edge_mm)}">'
           f'<rect width="{_number(edge_mm)}" height="{_number(edge_mm)}" rx="{_number(edge_mm * 0.18)}" '
           f'fill="{colour}"/>{symbol(symbol_id, inset, inset, edge_mm - 2 * inset, "#ffffff")}</svg>')
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
