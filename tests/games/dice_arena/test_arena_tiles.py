"""Dice Arena's arena: four tiles read back from the PDF, placed by their marks, make one 36 cm circle (A4, Letter)."""

from __future__ import annotations

import math

import pytest
from sheets.sheet_readback import A4, LETTER, Path, page_size, paths, reader, text

from pnp.games.dice_arena.kit import DIAMETER, EDGE, MARK, tiles
from pnp.sheets.page import Frame, ruler

PAPERS = {"a4": A4, "letter": LETTER}
CORNERS = ("top left", "top right", "bottom left", "bottom right")
TOLERANCE = 0.1  # mm


@pytest.fixture(scope="module")
def arena(made):
    """The arena sheet on one paper, built once per run: its PDF's path."""
    return lambda paper: made("dice-arena", "mats", "en", paper)


def drawn(path: Path) -> list[tuple[tuple[float, float], ...]]:
    """A path's subpaths that draw something (WeasyPrint starts some paths with a lone move to the origin)."""
    return [s for s in path.subpaths if len(s) > 1]


def edges(page) -> list[list[tuple[float, float]]]:
    """The arena's edge line on a page, each stroke as its points: the curved strokes of the edge's width."""
    found = []
    for p in paths(page):
        if p.stroked and abs(p.width - EDGE) < 0.01 and not p.dashed:
            assert len(drawn(p)) == 1  # one unbroken stroke
            found.append(list(drawn(p)[0]))
    return found


def crosses(page) -> list[tuple[float, float]]:
    """The centres of the alignment crosses: one path of two equal arms, level and upright, crossing at their middles."""
    found = []
    for p in paths(page):
        arms = drawn(p)
        if not p.stroked or len(arms) != 2 or any(len(s) != 2 for s in arms):
            continue
        (a, b), (c, d) = arms
        level, upright = (a, b) if abs(a[1] - b[1]) < 1e-6 else (c, d), (c, d) if abs(a[1] - b[1]) < 1e-6 else (a, b)
        if abs(upright[0][0] - upright[1][0]) > 1e-6 or abs(level[0][1] - level[1][1]) > 1e-6:
            continue
        mid = ((level[0][0] + level[1][0]) / 2, (level[0][1] + level[1][1]) / 2)
        assert abs(level[1][0] - level[0][0]) == pytest.approx(2 * MARK, abs=0.01)
        assert abs(upright[1][1] - upright[0][1]) == pytest.approx(2 * MARK, abs=0.01)
        assert (upright[0][0], (upright[0][1] + upright[1][1]) / 2) == pytest.approx(mid, abs=0.01)
        found.append(mid)
    return found


def seam_offset(base: list[tuple[float, float]], over: list[tuple[float, float]], axis: int) -> tuple[float, float]:
    """Where a tile laid over its neighbour goes, in the neighbour's coordinates, found from the crosses of their
    seam (the neighbour's last column or row of crosses, the tile's first); every pair of crosses must coincide."""
    on_base = sorted((p for p in base if abs(p[axis] - max(q[axis] for q in base)) < 0.01), key=lambda p: p[1 - axis])
    on_over = sorted((p for p in over if abs(p[axis] - min(q[axis] for q in over)) < 0.01), key=lambda p: p[1 - axis])
    assert len(on_base) == len(on_over) == 3  # the centre and two lettered crosses
    offsets = [(b[0] - o[0], b[1] - o[1]) for b, o in zip(on_base, on_over, strict=True)]
    for dx, dy in offsets:
        assert (dx, dy) == pytest.approx(offsets[0], abs=TOLERANCE)
    return offsets[0]


def assembled(pdf) -> tuple[list[list[tuple[float, float]]], list[tuple[float, float]], list[list[list]]]:
    """Every page's crosses and edge points moved to where the page lies once the tiles are glued (tile 1 at the
    origin), placed by the crosses alone; and each page's edge strokes."""
    pages = reader(pdf).pages
    marks = [crosses(page) for page in pages]
    lines = [edges(page) for page in pages]
    top_right = seam_offset(marks[0], marks[1], 0)
    bottom_left = seam_offset(marks[0], marks[2], 1)
    via_right = seam_offset(marks[1], marks[3], 1)
    via_left = seam_offset(marks[2], marks[3], 0)
    bottom_right = (top_right[0] + via_right[0], top_right[1] + via_right[1])
    # The last tile lies on two neighbours: both seams must put it in the same place.
    assert bottom_right == pytest.approx((bottom_left[0] + via_left[0], bottom_left[1] + via_left[1]), abs=TOLERANCE)
    offsets = [(0.0, 0.0), top_right, bottom_left, bottom_right]
    moved_marks = [[(x + dx, y + dy) for x, y in m] for m, (dx, dy) in zip(marks, offsets, strict=True)]
    moved_edges = [(x + dx, y + dy) for ls, (dx, dy) in zip(lines, offsets, strict=True) for line in ls
                   for x, y in line]
    return moved_marks, moved_edges, lines


def fitted_circle(points: list[tuple[float, float]]) -> tuple[float, float, float]:
    """The least-squares circle through points (Kåsa): centre x, centre y, radius."""
    n = len(points)
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    us = [(x - mx, y - my) for x, y in points]
    suu, svv, suv = sum(u * u for u, _ in us), sum(v * v for _, v in us), sum(u * v for u, v in us)
    suuu, svvv = sum(u ** 3 for u, _ in us), sum(v ** 3 for _, v in us)
    suvv, svuu = sum(u * v * v for u, v in us), sum(v * u * u for u, v in us)
    b1, b2 = (suuu + suvv) / 2, (svvv + svuu) / 2
    det = suu * svv - suv * suv
    uc, vc = (b1 * svv - b2 * suv) / det, (b2 * suu - b1 * suv) / det
    return uc + mx, vc + my, math.sqrt(uc * uc + vc * vc + (suu + svv) / n)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_arena_is_four_pages_of_the_paper(arena, paper):
    pages = reader(arena(paper)).pages
    assert len(pages) == 4
    assert all(page_size(page) == pytest.approx(PAPERS[paper], abs=0.01) for page in pages)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_marks_of_neighbouring_tiles_coincide(arena, paper):
    """Each tile has the centre cross and two lettered crosses on each of its two seams; glued, the 20 crosses
    fall on 9 places: the centre under all four tiles, every other cross under exactly two."""
    marks, _, _ = assembled(arena(paper))
    assert [len(m) for m in marks] == [5, 5, 5, 5]
    places: list[list[tuple[float, float]]] = []
    for point in (p for m in marks for p in m):
        same = next((group for group in places if math.dist(group[0], point) < TOLERANCE), None)
        if same is None:
            places.append([point])
        else:
            same.append(point)
    assert sorted(len(group) for group in places) == [2] * 8 + [4]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_edge_pieces_make_one_circle_of_the_stated_diameter(arena, paper):
    marks, points, lines = assembled(arena(paper))
    # One solid stroke per tile: the edge is never dashed, and no other circle (no dashed inner ring) is drawn.
    assert [len(ls) for ls in lines] == [1, 1, 1, 1]
    assert not any(p.dashed for page in reader(arena(paper)).pages for p in paths(page))
    centre = next(p for p in marks[0] if all(any(math.dist(p, q) < TOLERANCE for q in m) for m in marks))
    cx, cy, r = fitted_circle(points)
    assert (cx, cy) == pytest.approx(centre, abs=TOLERANCE)
    assert r == pytest.approx(DIAMETER / 2, abs=TOLERANCE) and 2 * r >= 360 - TOLERANCE
    assert all(abs(math.dist(p, centre) - DIAMETER / 2) < TOLERANCE for p in points)
    # The pieces close the circle: no gap between the tiles wider than one drawn curve (15 degrees).
    angles = sorted(math.degrees(math.atan2(y - centre[1], x - centre[0])) % 360 for x, y in points)
    gaps = [b - a for a, b in zip(angles, angles[1:], strict=False)] + [angles[0] + 360 - angles[-1]]
    assert max(gaps) <= 15.01


def test_the_arena_is_as_wide_on_a4_as_on_letter(arena):
    radii = [fitted_circle(assembled(arena(paper))[1])[2] for paper in PAPERS]
    assert radii[0] == pytest.approx(radii[1], abs=TOLERANCE)


@pytest.mark.parametrize("paper", PAPERS)
def test_36_cm_is_the_widest_whole_centimetre_that_fits(paper):
    frame = Frame.of(paper)
    assert len(tiles(frame)) == 4
    with pytest.raises(ValueError, match="37 cm arena does not fit"):
        tiles(Frame.of("a4"), DIAMETER + 10)
    for tile in tiles(frame):  # every tile keeps room for its words beside the arena
        assert tile.text.h >= 30 and tile.text.w >= 150


@pytest.mark.parametrize("paper", PAPERS)
def test_the_ruler_stays_clear_of_the_arena(arena, paper):
    """Below the body of each page there is the ruler alone: its two scales and their ticks."""
    frame = Frame.of(paper)
    scale = ruler(frame.footer.x, frame.footer.y + 7.5)
    for page in reader(arena(paper)).pages:
        ys = [[y for s in drawn(p) for _, y in s] for p in paths(page) if drawn(p)]
        below = [y for y in ys if max(y) > frame.body.bottom + 0.01]
        assert len(below) == 2 + len(scale.ticks)  # the footer's rule lies on the body's bottom edge
        assert all(min(y) >= frame.body.bottom - 0.01 for y in below)


def test_each_tile_says_where_it_goes_and_the_rules_are_on_the_arena(arena):
    pdf = arena("a4")
    for number, corner in enumerate(CORNERS, start=1):
        assert f"Tile {number} of 4: {corner}" in text(pdf, slice(number - 1, number))
    words = text(pdf)
    assert "Do not cut this tile: tile 2 is glued over its strip on the right, tile 3 over its strip at the bottom." in words
    assert "Cut along the line on the left. Lay the cut edge on the strip of tile 1" in words
    assert "Lay the cut edges on the strips of tiles 2 and 3" in words
    assert "A die is in when more than half of it lies inside the edge." in words
    # No wall: the printed arena has none. The throw in the rulebook's words.
    assert "A cocked die (one leaning on another die, or on the rim of a box lid) is thrown again by the same player." in words
    assert "Throw from outside the arena, keeping the throw low so that the dice roll." in words
    assert "the tiles make an arena 36 cm across. A box lid makes an even better one." in words
