"""Die-face art from pnp.draw placed inline in a sheet's SVG, so it prints as vectors at an exact size."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from markupsafe import Markup

from ..draw.faces import face_svg
from ..model import Face

_INNER = re.compile(r"^\s*<svg\b[^>]*>(.*)</svg>\s*$", re.DOTALL)


@lru_cache(maxsize=64)
def _inner(art: str, pips: int | None, border: bool) -> str:
    """The drawing of one face in its 100 × 100 space, without the enclosing <svg> element."""
    match = _INNER.match(face_svg(art, 100.0, pips=pips, border=border))
    if match is None:  # pnp.draw always returns one <svg> document
        raise ValueError(f"face art for {art!r} is not a single <svg> element")
    return match.group(1)


def _key(scope: int, art: str, pips: int | None, border: bool) -> str:
    """An id unique in the document: every page's <svg> has its own definitions, told apart by `scope`."""
    return f"s{scope}-face-{art}-{pips or 0}{'-framed' if border else ''}"


def face_defs(scope: int, faces: Iterable[Face], border: bool = False) -> Markup:
    """Each face drawn once, in an SVG <defs>, for face_use to place as many times as needed."""
    drawn = {_key(scope, f.art, f.pips, border): _inner(f.art, f.pips, border) for f in faces}
    return Markup("<defs>" + "".join(f'<g id="{key}">{art}</g>' for key, art in drawn.items()) + "</defs>")


def pip_defs(scope: int, values: Iterable[int]) -> Markup:
    """Framed pip faces in an SVG <defs>, for icons made of dice."""
    drawn = {_key(scope, "pips", v, True): _inner("pips", v, True) for v in sorted(set(values))}
    return Markup("<defs>" + "".join(f'<g id="{key}">{art}</g>' for key, art in drawn.items()) + "</defs>")


def face_use(scope: int, art: str, pips: int | None, x: float, y: float, size: float, border: bool = False) -> Markup:
    """The face drawn by face_defs, in the square at (x, y) with edge `size`, all in millimetres."""
    return Markup(
        f'<use href="#{_key(scope, art, pips, border)}" '
        f'transform="translate({x:.3f} {y:.3f}) scale({size / 100.0:.5f})"/>'
    )


def face_group(scope: int, face: Face, x: float, y: float, size: float) -> Markup:
    """`face` in the square at (x, y) with edge `size`; needs face_defs of the game's faces in the same <svg>."""
    return face_use(scope, face.art, face.pips, x, y, size)
