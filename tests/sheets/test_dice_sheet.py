"""The dice sheet read back: sticker squares and cube nets at the exact die size, one per die the rules ask for."""

from __future__ import annotations

import pytest
from helpers import spaced
from sheet_readback import A4, LETTER, page_size, paths, reader, text

from pnp.games import game_ids
from pnp.i18n import translator
from pnp.rules import load_game
from pnp.sheets.dice import CELLS, OPPOSITE_SIDES, TAB, die_sets, net_sides

TOLERANCE = 0.1  # millimetres


def squares(path, size: float) -> list[tuple[float, float, float, float]]:
    """Stroked, undashed squares of the given edge on every page: the stickers' cut lines."""
    found = []
    for page in reader(path).pages:
        for p in paths(page):
            box = p.as_rect()
            if box and p.stroked and not p.dashed and abs(box[2] - size) < TOLERANCE and abs(box[3] - size) < TOLERANCE:
                found.append(box)
    return found


def folds(path, size: float) -> list:
    """Dashed straight lines of the given length: the nets' folds."""
    return [p for page in reader(path).pages for p in paths(page)
            if p.stroked and p.dashed and p.as_segment() and abs(p.length - size) < TOLERANCE]


def outlines(path) -> list:
    """Stroked, undashed closed paths of many corners: the nets' cut outlines."""
    return [p for page in reader(path).pages for p in paths(page)
            if p.stroked and not p.dashed and len(p.subpaths) == 1 and len(p.subpaths[0]) > 20]


@pytest.mark.parametrize("game_id", game_ids())
def test_a_sticker_for_every_face_of_every_die_at_16_mm(sheet, project, game_id):
    game = load_game(project.rules / f"{game_id}.yaml")
    pdf = sheet(game_id, "dice")
    expected = sum(len(s.die.faces) for s in die_sets(game))
    found = squares(pdf, 16.0)
    assert len(found) == expected
    assert all(abs(w - 16.0) < TOLERANCE and abs(h - 16.0) < TOLERANCE for _, _, w, h in found)
    for page in reader(pdf).pages:
        assert page_size(page) == A4


def test_dicemants_prints_dice_a_to_f_once_each(sheet, project):
    game = load_game(project.rules / "dicemants.yaml")
    assert [s.die.id for s in die_sets(game)] == ["A", "B", "C", "D", "E", "F"]
    pdf = sheet("dicemants", "dice")
    assert len(squares(pdf, 16.0)) == 36
    assert len(outlines(pdf)) == 6
    assert "print as many sheets" not in text(pdf).lower()  # every die is printed as often as the game has it


@pytest.mark.parametrize("size", [23.5])
def test_the_die_size_sets_stickers_and_nets(sheet, size):
    pdf = sheet("dicemants", "dice", die_size=size)
    assert len(squares(pdf, size)) == 36
    assert len(folds(pdf, size)) == 6 * 12  # five folds between faces and seven tab feet per net
    for outline in outlines(pdf):
        _, _, w, h = outline.box
        assert abs(w - 3 * size) < TOLERANCE and abs(h - (4 + TAB) * size) < TOLERANCE
    assert f"blank {size:g} mm die" in text(pdf)


def test_letter_paper_keeps_every_size(sheet):
    pdf = sheet("dicemants", "dice", paper="letter")
    assert {page_size(p) for p in reader(pdf).pages} == {LETTER}
    assert len(squares(pdf, 16.0)) == 36
    assert len(folds(pdf, 16.0)) == 6 * 12


def test_other_games_print_one_set_per_kind_and_say_how_many_dice(sheet, project):
    game = load_game(project.rules / "dice-arena.yaml")
    pdf = sheet("dice-arena", "dice")
    words = text(pdf)
    assert "Print as many sheets as you need." in words
    arena = next(d for d in game.dice if d.id == "arena")
    for players in range(game.players[0], game.players[1] + 1):
        # From the rules data: 9 / 8 / 7 / 6 dice each for 2 / 3 / 4 / 5 players.
        assert f"{arena.dice_for(players)} for {players} players" in words
    assert "18 for 2 players" in words and "30 for 5 players" in words
    assert len(outlines(pdf)) == len(game.dice)


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


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_die_names_in_the_readers_language(sheet, project, lang):
    game = load_game(project.rules / "dead-mans-dice.yaml")
    tr = translator(project.locales, lang, project.root)
    words = text(sheet("dead-mans-dice", "dice", lang=lang))
    for die in game.dice:
        assert spaced(tr.text(die.name, game.values)) in words
