"""Dead Man's Dice's pirates: their colours and symbols read from the rules file, bad ones located, symbols drawn."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from sheets.sheet_readback import paths, reader

from pnp.errors import InputError
from pnp.games import find_spec
from pnp.games.dead_mans_dice.spec import WHITE_CONTRAST, contrast_with_white, pirates
from pnp.games.dead_mans_dice.symbols import SYMBOLS, badge_uri, symbol
from pnp.games.gamespec import Owner
from pnp.pdf import render_pdf
from pnp.project import FONTS_DIR
from pnp.rules import load_game

BAD = sorted((Path(__file__).parent / "bad_pirates").glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


def expectations(path: Path) -> list[str]:
    return [line[len("# expect: "):] for line in path.read_text().splitlines() if line.startswith("# expect: ")]


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_pirates_are_reported_by_file_line_and_field(path):
    expected = expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    with pytest.raises(InputError) as caught:
        load_game(path, path.name)
    assert [str(p) for p in caught.value.problems] == expected


def test_the_pirates_come_from_the_rules_file(project):
    path = project.rules / "dead-mans-dice.yaml"
    game = load_game(path)
    raw = yaml.safe_load(path.read_text())["pirates"]
    assert pirates(game) == tuple(Owner(n, p["colour"].lower(), p["symbol"]) for n, p in enumerate(raw, 1))
    assert len(raw) == game.players[1]
    assert {p["symbol"] for p in raw} == set(SYMBOLS)  # the six symbols of RULES-NOTES, each once
    assert all(contrast_with_white(p["colour"]) >= WHITE_CONTRAST for p in raw)
    spec = find_spec(game.id)
    assert spec.owners(game) == pirates(game) and spec.symbol is symbol


def test_a_changed_pirate_flows_to_the_game(project_copy):
    path = project_copy.rules / "dead-mans-dice.yaml"
    text = path.read_text()
    assert text.count('symbol: hook}') == 1
    path.write_text(text.replace('{colour: "#222222", symbol: hook}', '{colour: "#5A3E9B", symbol: hook}'))
    assert pirates(load_game(path))[-1] == Owner(6, "#5a3e9b", "hook")


def test_contrast_with_white_is_wcags():
    assert contrast_with_white("#000000") == pytest.approx(21.0)
    assert contrast_with_white("#ffffff") == pytest.approx(1.0)
    assert contrast_with_white("#767676") == pytest.approx(4.54, abs=0.01)  # the grey WCAG calls just enough


@pytest.mark.parametrize("symbol_id", list(SYMBOLS))
def test_a_symbol_is_one_colour_scaled_into_its_square(symbol_id):
    markup = symbol(symbol_id, 12.5, 40, 6, "#00649d")
    group = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')[0]
    assert group.get("transform") == "translate(12.5 40) scale(0.06)"  # its 100-unit art, 6 mm wide
    painted = {e.get(a) for e in group.iter() for a in ("fill", "stroke") if e.get(a) is not None}
    assert painted == {"#00649d", "none"}  # one colour, whatever the shape
    assert {e.tag for e in group.iter()} <= {f"{SVG}{t}" for t in ("g", "path", "rect", "circle", "polygon")}


def test_the_symbols_stay_in_their_squares_and_differ(project, tmp_path):
    """Every symbol drawn in a PDF lies inside its square, and no two draw the same shape."""
    edge, gap = 20.0, 5.0
    body = "".join(symbol(s, i * (edge + gap), 0, edge, "#000000") for i, s in enumerate(SYMBOLS))
    html = (f'<html><head><style>@page {{ size: 200mm 40mm; margin: 0 }} body {{ margin: 0 }} svg {{ display: block }}</style></head>'
            f'<body><svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="40mm" viewBox="0 0 200 40">'
            f'{body}</svg></body></html>')
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    (tmp_path / "symbols.pdf").write_bytes(data)
    drawn = paths(reader(tmp_path / "symbols.pdf").pages[0])
    shapes = []
    for i, _ in enumerate(SYMBOLS):
        left = i * (edge + gap)
        mine = [p for p in drawn if left - gap / 2 < p.box[0] < left + edge]
        assert mine
        assert all(left - 0.01 <= x <= left + edge + 0.01 and -0.01 <= y <= edge + 0.01
                   for p in mine for x, y in p.points)
        assert max(p.box[0] + p.box[2] for p in mine) - min(p.box[0] for p in mine) > edge * 0.6  # fills its square
        assert max(p.box[1] + p.box[3] for p in mine) - min(p.box[1] for p in mine) > edge * 0.6
        shapes.append(tuple(sorted((round(x - left), round(y)) for p in mine for x, y in p.points)))
    assert len(set(shapes)) == len(SYMBOLS)


def test_a_badge_is_the_symbol_in_white_on_the_pirates_colour():
    uri = badge_uri("parrot", "#008b65")
    svg = base64.b64decode(uri.removeprefix("data:image/svg+xml;base64,")).decode()
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == ("3mm", "3mm")
    assert root[0].get("fill") == "#008b65" and root[1].get("class") == "symbol parrot"
    assert root[1].get("fill") == "#ffffff"
    assert re.search(r'scale\(0\.024\)', root[1].get("transform"))  # the symbol inset by a tenth on each side
