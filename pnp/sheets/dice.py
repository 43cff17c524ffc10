"""Die-face stickers and foldable paper dice: which dice to print, and where every face, cut and fold goes."""

from __future__ import annotations

from dataclasses import dataclass

from ..games import find_spec
from ..games.gamespec import Owner
from ..model import Die, Game
from .page import Footprint, Frame, Line, Placed, Rect, flow

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
STICKER_GAP = 2.0
"""Room between two stickers, so each is cut on its own without touching its neighbour."""
SET_GAP = 4.0
"""Further room around one die's set of stickers."""
CORNER = 0.08
"""A sticker's corner radius, as a fraction of its edge: about 1 mm at 13 mm, like a die's rounded edge."""


@dataclass(frozen=True)
class DieSet:
    """One die to make: which kind, which of its copies, and whose it is (0: nobody's)."""

    die: Die
    copy: int
    copies: int
    owner: Owner | None = None


def die_sets(game: Game, paper: bool = False) -> list[DieSet]:
    """Every die a table makes: the fixed count, the shared set, else the most players' worth.

    With owners (their dice go back to them), each player's dice in turn; with `paper`, only the dice a
    folded paper die can stand in for.
    """
    dice = [d for d in game.dice if d.paper or not paper]
    owners = find_spec(game.id).owners(game)
    if owners and not paper:
        return [DieSet(die, copy, die.per_player, owner)
                for owner in owners for die in dice if die.per_player
                for copy in range(1, die.per_player + 1)]
    sets: list[DieSet] = []
    for die in dice:
        copies = die.to_make(game.players[1])
        sets.extend(DieSet(die, copy, copies) for copy in range(1, copies + 1))
    return sets


def blank_sets(game: Game) -> list[DieSet]:
    """The full sticker sets for blank dice: every die to make, unless ordinary dice are all it needs."""
    return [s for s in die_sets(game) if s.die.blank]


def dice_needed(game: Game, die: Die) -> list[tuple[int, int]]:
    """(players, dice) for every player count the game allows, from the rules data."""
    return [(n, die.dice_for(n)) for n in range(game.players[0], game.players[1] + 1)]


# --- Stickers ----------------------------------------------------------------


@dataclass(frozen=True)
class Conversion:
    """Stickers that turn ordinary dice into a game's dice: one face, for one pip face, as many as dice."""

    face: str
    """The game face the sticker shows."""
    pips: int
    """The ordinary die's face it covers."""
    dice: tuple[Die, ...]
    count: int


def conversions(game: Game) -> list[Conversion]:
    """For each face that turns an ordinary d6 into a game die, the stickers a table needs, from the data."""
    faces = {f.id: f for f in game.faces}
    found: dict[tuple[str, int], list[Die]] = {}
    for die in game.dice:
        ordinary = die.ordinary(faces)
        if ordinary is not None:
            found.setdefault((die.faces[ordinary[0]], ordinary[1]), []).append(die)
    return [Conversion(face, pips, tuple(dice), sum(d.to_make(game.players[1]) for d in dice))
            for (face, pips), dice in found.items()]


@dataclass(frozen=True)
class Sticker:
    """One sticker with rounded corners, on its own, to cut out."""

    face: str
    size: float
    owner: Owner | None = None
    """Whose die it goes on, for a sticker in a player's colour (only `pnp export` draws one alone)."""

    @property
    def block(self) -> Footprint:
        return Footprint(self.size, self.size)

    @property
    def radius(self) -> float:
        return self.size * CORNER


@dataclass(frozen=True)
class StickerSet:
    """One die's six stickers, three by two, its name above them, each to cut out on its own."""

    set: DieSet
    size: float

    @property
    def block(self) -> Footprint:
        # A set keeps SET_GAP clear to its right and below, so two dice's stickers are not mixed up.
        return Footprint(STICKER_COLUMNS * self.size + (STICKER_COLUMNS - 1) * STICKER_GAP + SET_GAP,
                         LABEL + 2 * self.size + STICKER_GAP + SET_GAP)

    @property
    def radius(self) -> float:
        return self.size * CORNER

    def stickers(self, x: float, y: float) -> list[tuple[int, Rect]]:
        """(face position, sticker square) for each face of the die."""
        top, pitch = y + LABEL, self.size + STICKER_GAP
        return [
            (i, Rect(x + (i % STICKER_COLUMNS) * pitch, top + (i // STICKER_COLUMNS) * pitch, self.size, self.size))
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
    """A heading on a dice sheet, with its lines of instructions: `conversion`, `blank`, `owner` or `nets`."""

    kind: str
    width: float
    lines: int = 1
    conversion: Conversion | None = None
    owner: Owner | None = None

    @property
    def block(self) -> Footprint:
        height = (LABEL + 1.0) if self.kind == "owner" else HEADING + LINE * (self.lines - 1)
        return Footprint(self.width, height, whole_row=True)


StickerItem = Heading | Sticker | StickerSet


def sticker_pages(game: Game, frame: Frame, size: float) -> list[list[Placed[StickerItem]]]:
    """The stickers sheet: conversion stickers for ordinary dice, then full sets for blank dice, by owner."""
    body = frame.body
    items: list[StickerItem] = []
    for conversion in conversions(game):
        items.append(Heading("conversion", body.w, 2, conversion=conversion))
        items += [Sticker(conversion.face, size)] * conversion.count
    sets = blank_sets(game)
    if sets:
        items.append(Heading("blank", body.w, 2))
        owner: Owner | None = None
        for die_set in sets:
            if die_set.owner is not None and die_set.owner != owner:
                owner = die_set.owner
                items.append(Heading("owner", body.w, owner=owner))
            items.append(StickerSet(die_set, size))
    return flow(items, lambda item: item.block, body, gap_x=STICKER_GAP, gap_y=STICKER_GAP) if items else []


def ordinary_sticker_pages(game: Game, frame: Frame, size: float) -> int:
    """How many of the stickers sheet's first pages a table with ordinary dice prints: those that hold the stickers
    for ordinary dice (they come first; the full sets for blank dice follow). None: 0."""
    pages = sticker_pages(game, frame, size)
    holding = [i for i, page in enumerate(pages) if any(isinstance(p.item, Sticker) for p in page)]
    return holding[-1] + 1 if holding else 0


def net_pages(game: Game, frame: Frame, size: float) -> list[list[Placed[Heading | Net]]]:
    """The paper-dice sheet: a net for every die a paper die can stand in for, packed over the pages."""
    body = frame.body
    sets = die_sets(game, paper=True)
    if not sets:
        return []
    # Room for instructions of two lines and the cut, fold and glue legend, in any language.
    items: list[Heading | Net] = [Heading("nets", body.w, 3)]
    items += [Net(s, size) for s in sets]
    return flow(items, lambda item: item.block, body, gap_x=4.0, gap_y=3.0)
