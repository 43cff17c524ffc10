"""Tests for the code-drawn die-face SVG art."""

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from pnp.draw.faces import SYMBOLS, face_svg, sheet_preview_svg

SVG_NS = "{http://www.w3.org/2000/svg}"
EXPECTED = {
    "diamond", "void", "skull", "pick", "tnt", "thief", "locked", "spider",
    "snake", "bat", "pips", "gangster", "x", "jolly-roger",
}
# Every face variant: (symbol, pips).
VARIANTS = [(s, None) for s in SYMBOLS if s != "pips"] + [("pips", n) for n in range(1, 7)]
HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def _all_paints(root: ET.Element) -> list[str]:
    return [el.attrib[a] for el in root.iter() for a in ("fill", "stroke") if a in el.attrib]


def test_symbols_listed():
    assert set(SYMBOLS) == EXPECTED
    assert len(SYMBOLS) == len(EXPECTED)


@pytest.mark.parametrize("symbol,pips", VARIANTS)
@pytest.mark.parametrize("size", [16.0, 12.0, 30.5])
def test_wellformed_with_size_and_viewbox(symbol, pips, size):
    root = ET.fromstring(face_svg(symbol, size, pips=pips))
    assert root.tag == SVG_NS + "svg"
    assert root.attrib["width"] == f"{size}mm"
    assert root.attrib["height"] == f"{size}mm"
    assert root.attrib["viewBox"] == "0 0 100 100"


def test_default_size_is_16mm():
    root = ET.fromstring(face_svg("skull"))
    assert root.attrib["width"] == root.attrib["height"] == "16.0mm"


@pytest.mark.parametrize("n", range(1, 7))
def test_pip_count(n):
    root = ET.fromstring(face_svg("pips", pips=n))
    pips = [el for el in root.iter() if el.attrib.get("class") == "pip"]
    assert len(pips) == n
    assert all(el.tag == SVG_NS + "circle" for el in pips)


@pytest.mark.parametrize("symbol,pips", VARIANTS)
def test_no_pips_marked_elsewhere(symbol, pips):
    root = ET.fromstring(face_svg(symbol, pips=pips))
    count = sum(el.attrib.get("class") == "pip" for el in root.iter())
    assert count == (pips or 0)


@pytest.mark.parametrize("symbol,pips", VARIANTS)
@pytest.mark.parametrize("border", [True, False])
def test_black_and_white_is_greys_only(symbol, pips, border):
    root = ET.fromstring(face_svg(symbol, pips=pips, colour=False, border=border))
    paints = _all_paints(root)
    assert paints
    for value in paints:
        if value == "none":
            continue
        assert HEX.match(value), f"non-hex paint {value!r}"
        h = value[1:]
        if len(h) == 3:
            h = "".join(ch * 2 for ch in h)
        r, g, b = (h[i:i + 2].lower() for i in (0, 2, 4))
        assert r == g == b, f"{symbol}: colour {value} is not a grey"


def test_colour_version_has_palette_colours():
    palette = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}
    for symbol in ("diamond", "tnt", "snake", "bat", "x"):
        paints = {v.lower() for v in _all_paints(ET.fromstring(face_svg(symbol)))}
        assert paints & palette, symbol
        grey = {v.lower() for v in _all_paints(ET.fromstring(face_svg(symbol, colour=False)))}
        assert not grey & palette, symbol


def test_border_toggle():
    with_border = ET.fromstring(face_svg("skull", border=True))
    without = ET.fromstring(face_svg("skull", border=False))
    assert len(list(with_border.iter())) == len(list(without.iter())) + 1
    # Without a border nothing covers the whole face.
    for el in without.iter(SVG_NS + "rect"):
        assert float(el.attrib["width"]) < 90


@pytest.mark.parametrize("bad", ["", "Diamond", "dragon", "pip", "jolly roger"])
def test_unknown_symbol_raises(bad):
    with pytest.raises(ValueError, match=re.escape(f"unknown face symbol {bad!r}")):
        face_svg(bad)


@pytest.mark.parametrize("bad", [None, 0, 7, -1, 2.0, True, "3"])
def test_bad_pips_raise(bad):
    with pytest.raises(ValueError):
        face_svg("pips", pips=bad)


@pytest.mark.parametrize("symbol", [s for s in SYMBOLS if s != "pips"])
def test_pips_rejected_for_other_symbols(symbol):
    with pytest.raises(ValueError):
        face_svg(symbol, pips=1)


def _artwork(svg: str) -> str:
    """The drawing with labels (class attributes) removed."""
    root = ET.fromstring(svg)
    for el in root.iter():
        el.attrib.pop("class", None)
    return ET.tostring(root, encoding="unicode")


def test_all_outputs_distinct():
    for colour, border in itertools.product([True, False], [True, False]):
        outputs = {
            v: _artwork(face_svg(v[0], pips=v[1], colour=colour, border=border))
            for v in VARIANTS
        }
        for (a, sa), (b, sb) in itertools.combinations(outputs.items(), 2):
            assert sa != sb, f"{a} and {b} render identically"


def test_sheet_preview():
    faces = [("diamond", None), ("pips", 3), ("x", None)]
    root = ET.fromstring(sheet_preview_svg(faces, 12.0))
    assert root.attrib["height"] == "12.0mm"
    assert root.attrib["width"] == "38.4mm"  # 3 faces + 2 gaps of 10% each
    assert root.attrib["viewBox"] == "0 0 320 100"
    assert sum(el.attrib.get("class") == "pip" for el in root.iter()) == 3
    with pytest.raises(ValueError):
        sheet_preview_svg([("nope", None)], 12.0)
    with pytest.raises(ValueError):
        sheet_preview_svg([], 12.0)
