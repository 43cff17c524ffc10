"""GameSpec: everything only one game knows, handed to the shared loader, rulebook, sheets and CLI."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model import FrozenDict, Game, Params

if TYPE_CHECKING:
    from ..i18n import Translator
    from ..project import Project
    from ..rules import Checker
    from ..sheets.options import Options
    from ..sheets.pads import Pad
    from ..sheets.page import Frame
    from ..solver import Solution
    from .protocols import Book, Policy
    from .views import Balance

KeyReader = Callable[["Checker", Any, tuple[Any, ...], frozenset[str]], Any]
"""Reads one key of a rules file that only this game has: (checker, raw value, field path, face ids) -> value.

Problems go to the checker, located by the path; what it returns lands in `Game.extras` (or `Face.extras`).
"""


@dataclass(frozen=True)
class Sheet:
    """A kind of print-and-play sheet: its template, the layout it needs, and its name in the kit."""

    kind: str
    """The file's name in output/ (`mats` makes `mats.pdf`)."""
    layout: Callable[[Game, Translator, Frame, Options], dict[str, Any]]
    """The template's context beyond what every sheet gets: (game, reader, page frame, the maker's options)."""
    title: Callable[[Translator, Game], str]
    """The sheet's name as the kit's bookmark and its what-to-print page show it, in a game (a catalog may name a
    game's sheet its own way: `tr.game_gettext(game.id, …)`)."""
    copies: Callable[[Game], int] = lambda game: 1
    """How many times its pages are printed (the same page for every pair of players)."""
    duplex: bool = False
    """Printed double-sided, flipped on the long edge: its first page must fall on the front of a sheet."""
    wanted: Callable[[Game], bool] = lambda game: True
    """Whether a game's data calls for this sheet (a mat among its parts, cards in its deck)."""
    stock: str = "plain"
    """What to print it on: `plain` paper, `card` or `sticker` paper (the what-to-print page says so)."""
    in_kit: Callable[[Options], bool] = lambda options: True
    """Whether the kit takes this sheet, given the maker's options (one of two inks; a variant built beside)."""
    template_name: str | None = None
    """Its template, when it is not `sheets/<kind>.html` (two variants of one sheet)."""
    pages_for: Callable[[Game, int, int], int] | None = None
    """How many of its pages a table of n players prints: (game, players, pages in the file); default: all."""
    glued: bool = False
    """Its pages are folded over and glued: the shopping list's glue stick says it is for them too."""
    settle: Callable[[Project, Game, Translator, Frame, dict[str, Any]], dict[str, Any]] | None = None
    """A second step once the layout's HTML can be laid out and measured: what it changes in the template's context
    (the score pad's table set below its legend, however tall the legend runs in the language)."""

    @property
    def template(self) -> str:
        return self.template_name or f"sheets/{self.kind}.html"


@dataclass(frozen=True)
class Deck:
    """A game's cards as other tools take them (`pnp export`): each card alone on a page of its printed size plus
    bleed, drawn by the game's own card sheet template."""

    template: str
    """The card sheet's template, which draws a bare page (`bare`) as the card alone."""
    trim: tuple[float, float]
    """Width and height of a card as cut, in millimetres, as the sheet lays it."""
    bleed: float
    """Colour past the cut on every side, in millimetres."""
    layout: Callable[[Game, Translator, Frame, bool], dict[str, Any]]
    """The template's context for pages of one card each, in deck order, its trim `bleed` in from the page's
    corner: (game, reader, page frame, backs) with `backs` the card backs instead of the fronts."""
    fields: Callable[[Game, Translator], list[dict[str, str]]]
    """Per card in deck order, its id and the words printed on it in the reader's language, as a data sheet
    gives them to a tool that sets them itself (nanDECK, Squib, protograf)."""


@dataclass(frozen=True)
class Owner:
    """A player's colour and symbol: on their dice, their stickers and their score-pad column."""

    number: int
    """1 for the first player."""
    colour: str
    """`#rrggbb`, dark enough for white on it."""
    symbol: str
    """An id the game's `symbol` drawer knows (`anchor`), so players who cannot tell colours apart still can."""


SymbolDrawer = Callable[[str, float, float, float, str], str]
"""Draws a player symbol as SVG markup: (symbol id, x, y, edge of its square in mm, fill colour)."""


def _no_owners(game: Game) -> tuple[Owner, ...]:
    return ()


def _no_values(game: Game) -> Mapping[str, Any]:
    return {}


def _no_context(game: Game, tr: Translator) -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class GameSpec:
    """One game's package, as the shared code sees it. A fifth game is a rules file plus a package with a SPEC."""

    id: str
    """The game id: the rules file is `rules/<id>.yaml`."""
    params: type[Params]
    """Its parameters: a frozen dataclass whose fields (int, bool, FrozenDict[int, int]) are the `params:` keys."""
    score_pad: Callable[[Game, Frame, Translator], Pad]
    """Its score pad: the columns each player gets and the rows, placed in `pads.table_box(frame)` (below a legend
    taller than that leaves room for, the pad is asked for again on a page shorter by the difference)."""
    templates: Path | None = None
    """Its own templates (table partials, sheets, the score pad's legend); the project's templates come first."""
    flags: tuple[str, ...] = ()
    """Rules options a sentence may follow (`if: flag`), each true or false in `flags:`."""
    keys: Mapping[str, KeyReader] = field(default_factory=FrozenDict)
    """Top-level keys of the rules file only this game has, each with its reader (all optional)."""
    face_keys: Mapping[str, KeyReader] = field(default_factory=FrozenDict)
    """Keys a face may carry in this game, each with its reader."""
    tables: Mapping[str, Callable[[Game], bool]] = field(default_factory=FrozenDict)
    """Rulebook tables of its own (`table: precedence`), each drawn by `templates/tables/<id>.html`,
    with whether a game has the data for it."""
    derive: Callable[[Game], Mapping[str, Any]] = _no_values
    """Values derived from its data, for `{placeholder}`s (checked like every placeholder)."""
    context: Callable[[Game, Translator], Mapping[str, Any]] = _no_context
    """Helpers its templates use, in the reader's language."""
    sheets: tuple[Sheet, ...] = ()
    """Sheets of its own (mats, cards), printed between the dice and the score pad."""
    book: Book | None = None
    """Its engine's contribution to the rulebook and the CLI, when it has an engine."""
    owners: Callable[[Game], tuple[Owner, ...]] = _no_owners
    """Player colours and symbols, for a game whose dice go back to their owners (one per player, up to the
    most players); none when dice belong to nobody."""
    symbol: SymbolDrawer | None = None
    """Draws the owners' symbols (needed when `owners` gives any)."""
    deck: Deck | None = None
    """Its cards, for `pnp export`: single card pictures, a Tabletop Simulator deck, print-on-demand files."""
    aids_per_page: int = 2
    """Player aids on a page, one above the other: three where an aid is short, so none is left half empty."""
    solve: Callable[[Game], Solution] | None = None
    """Its optimal play for two players, solved exactly (`pnp solve`); None for a game without a solver."""
    optimal: Callable[[Game], Policy[Any, Any]] | None = None
    """That play as a strategy `pnp simulate` can seat as `optimal` (two players), solved when it first moves."""
    playing: Callable[[Game, Translator], Any] | None = None
    """Its rulebook's "Playing well" section, drawn by its `templates/game-playing.html` from what this returns (an
    exact solution, kept on disk by pnp.derived and derived before the rulebooks render); None for none."""
    balance: Balance | None = None
    """What its balance report (`pnp report`) adds: its length measure and charts of its own (with a book)."""
