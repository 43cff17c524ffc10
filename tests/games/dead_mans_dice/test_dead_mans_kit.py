"""Dead Man's Dice's kit read back from its PDFs: every pirate's stickers in their colour and symbol, and the pad."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from helpers import LANGS, tr
from sheets.sheet_readback import paths, reader, text

from pnp.games import find_spec
from pnp.games.dead_mans_dice.spec import pirates
from pnp.project import FONTS_DIR
from pnp.rules import load_game
from pnp.sheets import Options
from pnp.sheets.page import Frame

WHITE = "#ffffff"


@dataclass(frozen=True)
class Painted:
    """A painted path: its box in mm from the page's top left, and its fill and stroke colours (None: not painted)."""

    box: tuple[float, float, float, float]
    points: tuple[tuple[float, float], ...]
    fill: str | None
    stroke: str | None

    def inside(self, box: tuple[float, float, float, float], slack: float = 0.05) -> bool:
        x, y, w, h = self.box
        return x >= box[0] - slack and y >= box[1] - slack and x + w <= box[0] + box[2] + slack \
            and y + h <= box[1] + box[3] + slack


def _hex(values: tuple[float, ...]) -> str:
    """An RGB or grey operand list as `#rrggbb`; nothing set yet is black, the PDF default."""
    rgb = values * 3 if len(values) == 1 else values or (0.0, 0.0, 0.0)
    return "#" + "".join(f"{round(float(v) * 255):02x}" for v in rgb)


def painted(page) -> list[Painted]:
    """Every path painted on a page, with the colours it is painted in (form XObjects included)."""
    return [Painted(p.box, tuple(p.points), _hex(p.colour) if p.filled else None,
                    _hex(p.stroke_colour) if p.stroked else None) for p in paths(page) if p.points]


def signature(paths: list[Painted], origin: tuple[float, float]) -> tuple:
    """A drawing's shape, wherever it stands: its points from an origin, to 0.05 mm."""
    return tuple(sorted(tuple((round((x - origin[0]) / 0.05), round((y - origin[1]) / 0.05)) for x, y in p.points)
                        for p in paths))


@pytest.fixture(scope="module")
def game(project):
    return load_game(project.rules / "dead-mans-dice.yaml")


@pytest.fixture(scope="module")
def sheet(made, game):
    """The game's stickers and score pad in English on A4, built once per run: a sheet's kind to its PDF's path."""
    return lambda kind: made(game.id, kind)


def test_the_stickers_show_six_pirates_each_in_their_colour_and_symbol(sheet, game):
    owners = pirates(game)
    size = Options().sticker_size
    colours = {o.colour for o in owners}
    assert len(owners) == game.players[1] == 6 and len(colours) == 6 and len({o.symbol for o in owners}) == 6
    pdf = sheet("stickers")
    stickers: dict[str, list[tuple]] = {}  # each owner's stickers: the symbol drawn in white on each
    swatches: list[str] = []  # the colour beside each "Player n" heading, in page order
    plain = 0  # stickers of no owner: the skull for an ordinary die's 1
    for page in reader(pdf).pages:
        found = painted(page)
        outlines = [p.box for p in found if p.stroke and not p.fill and abs(p.box[2] - size) < 0.01
                    and abs(p.box[3] - size) < 0.01]
        for box in outlines:
            within = [p for p in found if p.inside(box)]
            bands = [p for p in within if p.fill and p.fill != WHITE and abs(p.box[2] - size) < 0.05]  # full width
            if not bands:
                plain += 1
                continue
            (colour,) = {p.fill for p in bands}  # one owner's colour to a sticker
            band_top = min(p.box[1] for p in bands)
            symbol = [p for p in within if WHITE in (p.fill, p.stroke) and p.box[1] >= band_top - 0.01]
            assert symbol, box  # the symbol is drawn on the band
            assert all(p.inside((box[0], band_top, size, box[1] + size - band_top)) for p in symbol)
            stickers.setdefault(colour, []).append(signature(symbol, (box[0], band_top)))
        swatches += [p.fill for p in found if p.fill in colours and abs(p.box[2] - p.box[3]) < 0.01
                     and 4 < p.box[2] < 6 and not any(p.inside(box) for box in outlines)]
    per_player = sum(d.per_player or 0 for d in game.dice) * 6  # three dice of six faces each, from the data
    assert {colour: len(shapes) for colour, shapes in stickers.items()} == {o.colour: per_player for o in owners}
    assert all(len(set(shapes)) == 1 for shapes in stickers.values())  # each pirate's symbol, the same on all
    assert len({shapes[0] for shapes in stickers.values()}) == 6  # six symbols, no two alike
    assert swatches == [o.colour for o in owners]  # the headings, player by player
    assert plain == sum(d.per_player or 0 for d in game.dice if d.faces[0] == "jolly-roger") * len(owners)


def test_each_pirate_gets_a_jolly_roger_die_and_two_regular_dice(sheet, game):
    words = text(sheet("stickers"))
    t = tr("en")
    sets = []
    for die in game.dice:
        name = t.text(die.name, game.values)
        n = die.per_player or 0
        sets += [name] if n == 1 else [f"{name} ({k}/{n})" for k in range(1, n + 1)]
    assert sets == ["Jolly Roger die", "Regular die (1/2)", "Regular die (2/2)"]
    each = " ".join(sets)
    at = [words.index(f"Player {o.number} {each}") for o in pirates(game)]  # each player's three dice under their name
    assert at == sorted(at) and len(at) == 6
    assert f"Player {game.players[1] + 1}" not in words


def test_the_pad_has_a_broadside_box_and_each_pirates_colour(sheet, game):
    pdf = sheet("score-pad")
    words = text(pdf)
    p = game.params
    # Whole words in each pirate's heads and the legend, the penalties from the data, each said once a column.
    assert words.count(f"Broadsides (−{p.broadside_penalty} each)") == game.players[1] + 1
    assert words.count(f"Keelhauled −{p.keelhaul_penalty}") == game.players[1] + 1
    assert "Keel " not in words and "Broad " not in words
    assert (f"Broadsides (−{p.broadside_penalty} each): write how many rival piles you knocked over this "
            "round.") in words
    assert (f"Keelhauled −{p.keelhaul_penalty}: tick if your Jolly Roger die is still in your hand at the end of "
            "the round.") in words
    assert "Pile: the sum of your pile at the end of the round, before doubling." in words
    assert ("Total: your running total, with the pile doubled where ticked and the penalties taken off. It may go "
            "below zero.") in words
    found = painted(reader(pdf).pages[0])
    colours = [o.colour for o in pirates(game)]
    swatches = sorted((q.box[0], q.fill) for q in found if q.fill in colours and q.box[2] > 5)
    assert [fill for _, fill in swatches] == colours  # player 1 to 6, left to right


def _width(font: TTFont, words: str, pt: float) -> float:
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    return sum(metrics[cmap[ord(c)]][0] for c in words) / font["head"].unitsPerEm * pt * 25.4 / 72


LINE = 7.0 * 1.05 * 25.4 / 72
"""A line of a head: 7 pt, set 1.05 apart (sheets.css)."""


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_six_pirates_columns_fit_their_turned_heads_and_boxes(game, paper, lang):
    """Each head runs up its column, whole: its lines (broken only where its no-break spaces allow) each fit the
    row of heads at 7 pt bold, and as many lines fit across the column; every tick box has room around it."""
    bold = TTFont(Path(FONTS_DIR) / "PTSans-Bold.ttf")
    pad = find_spec(game.id).score_pad(game, Frame.of(paper), tr(lang))
    mine = [c for c in pad.columns if c.player is not None]
    assert len(mine) == 5 * game.players[1] == 30
    assert [c.head.key for c in mine[:5]] == ["pile", "doubled", "keelhauled", "broadside", "total"]
    # Ticks for doubled and keelhauled; the broadside cell takes a number (one die can knock over two piles).
    assert [c.tick for c in mine[:5]] == [False, True, True, False, False]
    # Every head on one line, the row of heads as tall as the longest (under 35 mm in every language).
    assert pad.turned and 7.0 < pad.heads_height <= 35.0
    for column in mine:
        lines = column.label.split(" ")
        room = pad.turned_head(column)
        assert len(lines) == 1, column.label
        assert max(_width(bold, line, 7.0) for line in lines) <= room.w, (column.label, room.w)
        assert len(lines) * LINE <= column.w - 0.4, (column.head.key, column.label, column.w)
        if column.tick:
            assert column.w >= 3.2 + 0.6
    # Room to write by hand: a pile and a total at least 9 mm wide (reviewers: 5-7.5 mm was too narrow).
    assert min(c.w for c in mine if c.head.key in ("pile", "total")) >= 9.0
