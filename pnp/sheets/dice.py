"""Die-face stickers and foldable paper dice: which dice to print, and where every face, cut and fold goes."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Die, Game
from .page import Footprint, Frame, Line, Placed, Rect, flow

DIE_SIZE = 16.0
"""The default edge of a blank die, in millimetres."""
DIE_SIZES = (10.0, 30.0)
"""The die sizes a sheet can be made for, in millimetres."""

STICKER_COLUMNS = 3
"""A die's six stickers are laid out three by two."""
LABEL = 6.0
"""Height of the die's name above its stickers or net."""
HEADING = 13.0
"""Height of a section heading with one line of instructions."""
LINE = 4.0
"""Height of each further line of instructions."""
TAB = 0.25
"""Depth of a glue tab, as a fraction of the face."""


@dataclass(frozen=True)
class DieSet:
    """One die to make: which kind, and which of its copies."""

    die: Die
    copy: int
    copies: int


def die_sets(game: Game) -> list[DieSet]:
    """Every die to print: a die the game has a fixed number of is printed that many times, any other kind once."""
    sets: list[DieSet] = []
    for die in game.dice:
        # Dice held per player: one set, and the sheet says how many the table needs.
        copies = die.count if die.count is not None else 1
        sets.extend(DieSet(die, copy, copies) for copy in range(1, copies + 1))
    return sets


def dice_needed(game: Game, die: Die) -> list[tuple[int, int]]:
    """(players, dice) for every player count the game allows, from the rules data."""
    return [(n, die.dice_for(n)) for n in range(game.players[0], game.players[1] + 1)]


def per_player_dice(game: Game) -> list[Die]:
    """The kinds of dice whose number depends on the players: print as many sheets as the table needs."""
    return [d for d in game.dice if d.count is None]


# --- Stickers ----------------------------------------------------------------


@dataclass(frozen=True)
class StickerSet:
    """One die's six stickers, three by two, its name above them."""

    set: DieSet
    size: float

    @property
    def block(self) -> Footprint:
        return Footprint(STICKER_COLUMNS * self.size, LABEL + 2 * self.size)

    def stickers(self, x: float, y: float) -> list[tuple[int, Rect]]:
        """(face position, sticker square) for each face of the die, the squares sharing their cut lines."""
        top = y + LABEL
        return [
            (i, Rect(x + (i % STICKER_COLUMNS) * self.size, top + (i // STICKER_COLUMNS) * self.size,
                     self.size, self.size))
            for i in range(len(self.set.die.faces))
        ]


# --- Paper dice: a cross-shaped cube net -----------------------------------------

# Cells of the cross, in faces: a column of four (top, front, bottom, back) with left and right beside the front.
CELLS = {"top": (1, 0), "left": (0, 1), "front": (1, 1), "right": (2, 1), "bottom": (1, 2), "back": (1, 3)}
# Sides that end up opposite each other once the net is folded.
OPPOSITE_SIDES = (("front", "back"), ("top", "bottom"), ("left", "right"))
# The cross's outline walked clockwise, edge by edge, in faces; True where the edge carries a glue tab.
# Seven edges meet another edge when folded; one edge of each such pair has the tab.
_OUTLINE = (
    ((1, 0), (2, 0), False),  # top's upper edge meets the back's lower edge (tab on the back)
    ((2, 0), (2, 1), False),  # top meets right (tab on right)
    ((2, 1), (3, 1), True),
    ((3, 1), (3, 2), False),  # right meets back (tab on back)
    ((3, 2), (2, 2), True),  # right meets bottom
    ((2, 2), (2, 3), False),  # bottom meets right (tab on right)
    ((2, 3), (2, 4), True),  # back meets right
    ((2, 4), (1, 4), True),  # back meets top
    ((1, 4), (1, 3), True),  # back meets left
    ((1, 3), (1, 2), False),  # bottom meets left (tab on left)
    ((1, 2), (0, 2), True),  # left meets bottom
    ((0, 2), (0, 1), False),  # left meets back (tab on back)
    ((0, 1), (1, 1), True),  # left meets top
    ((1, 1), (1, 0), False),  # top meets left (tab on left)
)
# Folds between faces: top|front, left|front, front|right, front|bottom, bottom|back.
_FOLDS = (((1, 1), (2, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3)))


def net_sides(die: Die) -> dict[str, int]:
    """Which face position goes on each side of the cross, so that opposite faces match the real die."""
    (front, back), (top, bottom), (left, right) = die.opposite_pairs
    return {"front": front, "back": back, "top": top, "bottom": bottom, "left": left, "right": right}


@dataclass(frozen=True)
class Net:
    """A foldable paper die: a cross of six faces with glue tabs, its name above it."""

    set: DieSet
    size: float

    @property
    def block(self) -> Footprint:
        return Footprint(3 * self.size, LABEL + (4 + TAB) * self.size)

    def faces(self, x: float, y: float) -> list[tuple[int, Rect]]:
        """(face position, square) for each side of the cross."""
        top, f = y + LABEL, self.size
        return [
            (position, Rect(x + CELLS[side][0] * f, top + CELLS[side][1] * f, f, f))
            for side, position in net_sides(self.set.die).items()
        ]

    def cut(self, x: float, y: float) -> list[tuple[float, float]]:
        """The outline to cut along, tabs included, as one closed polygon."""
        return [p for edge in _edges(x, y + LABEL, self.size) for p in edge[:-1]]

    def tabs(self, x: float, y: float) -> list[list[tuple[float, float]]]:
        """The glue tabs, each a trapezoid on its fold line."""
        return [edge for edge in _edges(x, y + LABEL, self.size) if len(edge) == 4]

    def folds(self, x: float, y: float) -> list[Line]:
        """Every fold: between faces, and at the foot of each tab."""
        top, f = y + LABEL, self.size
        lines = [Line(x + a * f, top + b * f, x + c * f, top + d * f) for (a, b), (c, d) in _FOLDS]
        lines += [Line(*tab[0], *tab[3]) for tab in self.tabs(x, y)]
        return lines


def _edges(x: float, y: float, f: float) -> list[list[tuple[float, float]]]:
    """Each outline edge as its points: two for a plain edge, four for an edge with a tab."""
    edges = []
    for (a, b), (c, d), tab in _OUTLINE:
        p, q = (x + a * f, y + b * f), (x + c * f, y + d * f)
        if not tab:
            edges.append([p, q])
            continue
        dx, dy = (c - a), (d - b)  # unit direction of the edge
        nx, ny = dy, -dx  # outward, since the walk is clockwise with y pointing down
        t = TAB * f
        edges.append([
            p,
            (p[0] + (dx + nx) * t, p[1] + (dy + ny) * t),
            (q[0] + (-dx + nx) * t, q[1] + (-dy + ny) * t),
            q,
        ])
    return edges


# --- Pages -----------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """A section heading on the dice sheet: `stickers` or `nets`."""

    kind: str
    width: float
    lines: int = 1

    @property
    def block(self) -> Footprint:
        return Footprint(self.width, HEADING + LINE * (self.lines - 1), whole_row=True)


def dice_pages(game: Game, frame: Frame, size: float) -> list[list[Placed[Heading | StickerSet | Net]]]:
    """The dice sheet: stickers for every die, then a paper net for every die, flowed over as many pages as needed."""
    sets = die_sets(game)
    body = frame.body
    # The stickers' instructions grow a line for each kind of die the table needs several of.
    extra = len(per_player_dice(game))
    items: list[Heading | StickerSet | Net] = [Heading("stickers", body.w, 1 + extra + (1 if extra else 0))]
    items += [StickerSet(s, size) for s in sets]
    items += [Heading("nets", body.w, 2)]
    items += [Net(s, size) for s in sets]
    return flow(items, lambda item: item.block, body, gap_x=max(5.0, size / 2), gap_y=4.0)
