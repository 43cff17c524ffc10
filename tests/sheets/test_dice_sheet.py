"""The dice sheets read back: rounded stickers and cube nets at their exact sizes, as many as a table needs."""

from __future__ import annotations

import math
import re

import pytest
from helpers import spaced
from sheet_readback import A4, LETTER, page_size, paths, reader, text

from pnp.games import game_ids
from pnp.i18n import translator
from pnp.rules import load_game
from pnp.sheets import Options, sheet_html, sheets_for
from pnp.sheets.dice import CELLS, OPPOSITE_SIDES, STICKER_GAP, TAB, conversions, die_sets, net_sides

TOLERANCE = 0.1  # millimetres


def stickers(path, size: float) -> list[tuple[float, float, float, float]]:
    """Stroked, undashed rounded squares of the given edge on every page: the stickers' cut lines."""
    found = []
    for page in reader(path).pages:
        for p in paths(page):
            _, _, w, h = p.box
            if (p.stroked and not p.dashed and len(p.subpaths) == 1 and p.curves == 4
                    and abs(w - size) < TOLERANCE and abs(h - size) < TOLERANCE):
                found.append(p.box)
    return found


def folds(path, size: float) -> list:
    """Dashed straight lines of the given length: the nets' folds."""
    return [p for page in reader(path).pages for p in paths(page)
            if p.stroked and p.dashed and p.as_segment() and abs(p.length - size) < TOLERANCE]


def outlines(path) -> list:
    """Stroked, undashed closed paths of many corners: the nets' cut outlines."""
    return [p for page in reader(path).pages for p in paths(page)
            if p.stroked and not p.dashed and len(p.subpaths) == 1 and len(p.subpaths[0]) > 20]


def load(project, game_id):
    return load_game(project.rules / f"{game_id}.yaml")


def test_stickers_are_13_mm_rounded_squares_apart_from_each_other(sheet, project):
    pdf = sheet("dicemants", "stickers")
    found = stickers(pdf, 13.0)
    assert len(found) == 36  # six faces of dice A to F, one set each
    assert [page_size(p) for p in reader(pdf).pages] == [A4]
    # No two stickers share a cut line: each is cut out on its own.
    for i, (x1, y1, w, h) in enumerate(found):
        for x2, y2, _, _ in found[i + 1:]:
            assert abs(x1 - x2) >= w + STICKER_GAP - TOLERANCE or abs(y1 - y2) >= h + STICKER_GAP - TOLERANCE


_STICKER = re.compile(r'<rect class="sticker" x="[^"]*" y="[^"]*" width="([^"]*)" height="([^"]*)"')
_NET = re.compile(r'<polygon class="net" points="([^"]*)"')
_FOLD = re.compile(r'<line x1="([^"]*)" y1="([^"]*)" x2="([^"]*)" y2="([^"]*)" fill="none" stroke="#1a1a1a" '
                   r'stroke-width="0.2" stroke-dasharray=')


def test_stickers_and_paper_dice_are_separate_files_sized_independently(project):
    """In the HTML each file is drawn from (the SVG's unit is the millimetre): each size reaches its own sheet only.
    The drawing of a size is read back in the PDFs above and below, at the default sizes."""
    options = Options(sticker_size=11.5, paper_die_size=25.0)
    g, t = load(project, "dicemants"), translator(project.locales, "en", project.root)
    stuck, folded = (sheet_html(project, g, t, kind, options=options) for kind in ("stickers", "paper-dice"))
    assert _STICKER.findall(stuck) == [("11.5", "11.5")] * 36 and _NET.findall(stuck) == []
    assert _STICKER.findall(folded) == [] and len(_NET.findall(folded)) == 6
    for net in _NET.findall(folded):
        xs, ys = zip(*(map(float, point.split(",")) for point in net.split()), strict=True)
        assert abs(max(xs) - min(xs) - 3 * 25.0) < TOLERANCE and abs(max(ys) - min(ys) - (4 + TAB) * 25.0) < TOLERANCE
    lengths = [math.dist((float(x1), float(y1)), (float(x2), float(y2))) for x1, y1, x2, y2 in _FOLD.findall(folded)]
    assert len([n for n in lengths if abs(n - 25.0) < TOLERANCE]) == 6 * 12  # five folds between faces, seven tab feet


def test_paper_dice_default_to_22_mm_and_pack_several_to_a_page(sheet):
    pdf = sheet("dicemants", "paper-dice")
    assert len(outlines(pdf)) == 6
    assert len(folds(pdf, 22.0)) == 6 * 12
    assert len(reader(pdf).pages) == 2  # four 22 mm nets to an A4 page
    assert "Stickers" not in text(pdf)


def test_letter_paper_keeps_every_size(sheet):
    stuck, folded = sheet("dicemants", "stickers", paper="letter"), sheet("dicemants", "paper-dice", paper="letter")
    assert {page_size(p) for p in reader(stuck).pages} | {page_size(p) for p in reader(folded).pages} == {LETTER}
    assert len(stickers(stuck, 13.0)) == 36
    assert len(folds(folded, 22.0)) == 6 * 12


def test_ordinary_dice_take_one_sticker_each_from_the_rules_data(project):
    found = {game_id: [(c.face, c.pips, c.count) for c in conversions(load(project, game_id))]
             for game_id in game_ids()}
    assert found == {
        "dicemants": [],
        "gang-of-dice": [("gangster", 6, 12)],  # one shared set of 12 dice
        "dice-arena": [("x", 1, 31)],  # 30 dice for five players and the neutral die
        "dead-mans-dice": [("jolly-roger", 1, 6)],  # one Jolly Roger die for each of six pirates
    }


def test_gang_of_dice_prints_one_shared_set_never_the_pools(sheet, project):
    game = load(project, "gang-of-dice")
    assert [(s.die.id, s.copy, s.copies) for s in die_sets(game)][-1] == ("gang", 12, 12)
    pdf = sheet("gang-of-dice", "stickers")
    assert len(stickers(pdf, 13.0)) == 12 + 12 * 6  # a gangster for the 6 of each ordinary die, or full sets
    words = spaced(text(pdf))
    assert ("Stick one over the 6 of an ordinary die: that face becomes the gangster. "
            "There are 12 stickers, one for each die the table shares.") in words
    assert not any(n in words for n in ("96", "144"))
    assert len(outlines(sheet("gang-of-dice", "paper-dice"))) == 12


def test_thrown_and_piled_dice_get_no_paper_dice(project):
    for game_id in ("dice-arena", "dead-mans-dice"):
        game = load(project, game_id)
        kinds = [s.kind for s in sheets_for(game)]
        assert "stickers" in kinds and "paper-dice" not in kinds


def test_dice_arena_prints_x_stickers_only(sheet):
    pdf = sheet("dice-arena", "stickers")
    assert len(stickers(pdf, 13.0)) == 31
    assert "Stickers for blank dice" not in text(pdf)


def fold(cells: dict[str, tuple[int, int]]) -> dict[str, str]:
    """Fold a net: roll a cube over its cells from the first one; each cell gets the cube face that lies on it.

    Returns side name -> cube face ("down", "up", "+x", "-x", "+y", "-y" as the cube started out).
    """
    rolls = {
        (1, 0): {"down": "+x", "+x": "up", "up": "-x", "-x": "down"},
        (-1, 0): {"down": "-x", "-x": "up", "up": "+x", "+x": "down"},
        (0, 1): {"down": "+y", "+y": "up", "up": "-y", "-y": "down"},
        (0, -1): {"down": "-y", "-y": "up", "up": "+y", "+y": "down"},
    }
    at = {place: side for side, place in cells.items()}
    start = next(iter(cells.values()))
    cube = {d: d for d in ("down", "up", "+x", "-x", "+y", "-y")}  # where each face of the cube is now
    found, todo = {at[start]: cube["down"]}, [(start, cube)]
    while todo:
        (x, y), cube = todo.pop()
        for (dx, dy), moves in rolls.items():
            nxt = (x + dx, y + dy)
            if nxt in at and at[nxt] not in found:
                rolled = {d: cube[moves.get(d, d)] for d in cube}
                found[at[nxt]] = rolled["down"]
                todo.append((nxt, rolled))
    return found


OPPOSITE_FACES = {frozenset(p) for p in (("down", "up"), ("+x", "-x"), ("+y", "-y"))}


def test_the_cross_folds_into_a_cube_with_opposite_sides_opposite():
    folded = fold(CELLS)
    assert sorted(folded.values()) == sorted({"down", "up", "+x", "-x", "+y", "-y"})  # six faces, no overlap
    assert {frozenset((folded[a], folded[b])) for a, b in OPPOSITE_SIDES} == OPPOSITE_FACES


def test_the_fold_check_catches_a_wrong_net():
    strip = {side: (i, 0) for i, side in enumerate(CELLS)}  # six in a row: the fifth lands on the first
    assert len(set(fold(strip).values())) < 6
    swapped = dict(CELLS, top=CELLS["left"], left=CELLS["top"])  # a valid cross, but the names are off
    assert {frozenset((fold(swapped)[a], fold(swapped)[b])) for a, b in OPPOSITE_SIDES} != OPPOSITE_FACES


@pytest.mark.parametrize("game_id", game_ids())
def test_folded_dice_show_their_faces_where_the_real_die_has_them(project, game_id):
    game = load_game(project.rules / f"{game_id}.yaml")
    folded = fold(CELLS)
    for die in game.dice:
        sides = net_sides(die)
        assert sorted(sides.values()) == list(range(6))
        on_face = {folded[side]: position for side, position in sides.items()}
        pairs = {frozenset((on_face[a], on_face[b])) for a, b in (tuple(p) for p in OPPOSITE_FACES)}
        assert pairs == {frozenset(p) for p in die.opposite_pairs}
        faces = [game.face(f) for f in die.faces]
        if all(f.value for f in faces) and sorted(f.value for f in faces) == [1, 2, 3, 4, 5, 6]:
            # A standard die: opposite sides sum to 7 once folded.
            assert {faces[a].value + faces[b].value for a, b in pairs} == {7}


@pytest.mark.parametrize("lang", ["ru"])
def test_die_names_in_the_readers_language(sheet, project, lang):
    game = load_game(project.rules / "dead-mans-dice.yaml")
    tr = translator(project.locales, lang, project.root)
    words = text(sheet("dead-mans-dice", "stickers", lang=lang))
    for die in game.dice:
        assert spaced(tr.text(die.name, game.values)) in words
