"""The what-to-print page that opens every kit: each part's pages, paper, sides and copies, and what to buy."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from ..games import find_spec
from ..i18n import Translator
from ..model import Die, Game
from ..project import Project
from ..templating import render_template
from . import dice
from .kinds import common_context, sheets_for
from .options import BLANK_DIE, Options
from .page import Frame

BLANK = "blank"
"""The kind of the kit's inserted blank page."""


@dataclass(frozen=True)
class Part:
    """One file of the kit as the page lists it."""

    kind: str
    title: str
    file: str
    pages: int
    """Pages in its own file."""
    first: int = 0
    """Its first page in kit.pdf (0: not in the kit, an alternative built beside it)."""
    stock: str = "plain"
    duplex: bool = False
    copies: tuple[tuple[int, int], ...] = ()
    """(players, pages to print) when it depends on the table; empty: every page, once."""

    @property
    def last(self) -> int:
        return self.first + self.pages - 1


@dataclass(frozen=True)
class Buy:
    """One thing to buy or gather: what, and how many (by players when it depends on them)."""

    what: str
    counts: tuple[tuple[int, int], ...]
    """(players, how many); one entry with players 0 when it does not depend on them; none for a tool (glue,
    scissors), where a count would count nothing."""
    note: str = ""
    """Beside the count, in brackets: that the row is optional, or how many with the optional parts."""


def optional_parts(game: Game) -> frozenset[str]:
    """The parts a table may leave out: where ordinary dice will do, the paper dice, and the stickers, which only
    show the game's faces on them (unless they also say whose die is whose)."""
    if not dice.conversions(game):
        return frozenset()
    return frozenset({"paper-dice"} if find_spec(game.id).owners(game) else {"paper-dice", "stickers"})


def kit_parts(game: Game, order: list[tuple[str, str, bool, int]], beside: list[tuple[str, str, int]]) -> list[Part]:
    """The kit's parts with their page ranges, after this page: (kind, title, duplex, pages) in print order,
    each duplex part starting on the front of a sheet (the blank page that keeps it there is listed too, kind
    `blank`, so no page of the kit goes unexplained); then the files built beside the kit."""
    made = {s.kind: s for s in sheets_for(game)}
    parts, page = [], 2  # this page is page 1
    for kind, title, duplex, pages in order:
        if duplex and page % 2 == 0:
            parts.append(Part(BLANK, "", "", 1, page))  # the blank back the kit inserts
            page += 1
        sheet = made.get(kind)
        counts: tuple[tuple[int, int], ...] = ()
        if sheet is not None and sheet.pages_for is not None:
            counts = tuple((n, sheet.pages_for(game, n, pages)) for n in range(game.players[0], game.players[1] + 1))
        parts.append(Part(kind, title, f"{kind}.pdf", pages, page, sheet.stock if sheet else "plain", duplex, counts))
        page += pages
    for kind, title, pages in beside:
        sheet = made[kind]
        parts.append(Part(kind, title, f"{kind}.pdf", pages, 0, sheet.stock, sheet.duplex))
    return parts


def _players(game: Game) -> range:
    return range(game.players[0], game.players[1] + 1)


def shopping(game: Game, tr: Translator, parts: list[Part], letter: bool = False, ordinary_stickers: int = 0
             ) -> list[Buy]:
    """What a table buys or gathers: its dice (ordinary first), the paper (by its US weight too on `letter`),
    glue, and the parts marked to buy. `ordinary_stickers`: the sticker pages a table with ordinary dice prints,
    where the full sets for blank dice take more."""
    faces = {f.id: f for f in game.faces}
    owners = find_spec(game.id).owners(game)
    kinds = {p.kind for p in parts}
    out: list[Buy] = []
    # One row per kind of die to buy (ordinary, blank), the counts of its game dice added up.
    groups: dict[bool, list[Die]] = {}
    for die in game.dice:
        groups.setdefault(die.is_ordinary(faces) or die.ordinary(faces) is not None, []).append(die)
    for ordinary, dice_of_kind in groups.items():
        out.append(Buy(_dice_to_buy(ordinary, bool(owners), tr, game), _dice_counts(game, dice_of_kind)))
    stocks = {p.stock for p in parts if p.first}
    optional = optional_parts(game)
    if "sticker" in stocks:
        sheets = sum(p.pages for p in parts if p.first and p.stock == "sticker")
        wanted = any(p.first and p.stock == "sticker" and p.kind not in optional for p in parts)
        # TRANSLATORS: beside a count on the shopping list, in brackets: "1 (optional)".
        optional_note = tr.gettext("optional")
        if wanted and 0 < ordinary_stickers < sheets:  # ordinary dice need the first pages only
            # TRANSLATORS: beside the sheets of sticker paper to buy, in brackets: "1 (2 with blank dice)".
            more = tr.format(tr.game_gettext(game.id, "{n} with blank dice"), n=sheets)
            out.append(Buy(tr.gettext("Sticker paper (full-page labels)"), ((0, ordinary_stickers),), more))
        else:
            out.append(Buy(tr.gettext("Sticker paper (full-page labels)"), ((0, sheets),),
                           "" if wanted else optional_note))
    if "card" in stocks:
        def sheets_of(kinds: list[Part]) -> int:
            return sum(ceil(p.pages / (2 if p.duplex else 1)) for p in kinds)

        cards = [p for p in parts if p.first and p.stock == "card"]
        # Paper dice are never needed: ordinary dice, or blank dice with stickers, stand in for them.
        needed = sheets_of([p for p in cards if p.kind not in optional | {"paper-dice"}])
        what = (tr.gettext("Card stock, 65–110 lb cover (160–250 g/m²), for the sheets printed on card")
                if letter else tr.gettext("Card, 160–250 g/m², for the sheets printed on card"))
        # The paper dice are the only part on card a table may leave out: the count without them, and with them.
        # TRANSLATORS: beside the sheets of card to buy, in brackets: "5 (8 with the paper dice)"; n counts sheets.
        with_dice = tr.gettext("{n} with the paper dice")
        more = "" if needed == sheets_of(cards) else tr.format(with_dice, n=sheets_of(cards))
        out.append(Buy(what, ((0, needed),), more))
    # Glue for the paper dice and for any sheet folded over and glued (an alternative built beside the kit too):
    # a tool, uncounted.
    folded = any(sheet.glued and sheet.kind in kinds for sheet in find_spec(game.id).sheets)
    if "paper-dice" in kinds and folded:
        out.append(Buy(tr.game_gettext(game.id, "Glue stick (for paper dice or fold-over sheets)"), ()))
    elif "paper-dice" in kinds:
        out.append(Buy(tr.game_gettext(game.id, "Glue stick (for paper dice)"), ()))
    elif folded:
        out.append(Buy(tr.game_gettext(game.id, "Glue stick (for fold-over sheets)"), ()))
    for part in game.parts:
        if part.buy:
            # A part the rules count (a pencil, a cup) shows its count; a tool the rules leave uncounted, none.
            out.append(Buy(tr.text(part.item, game.values), ((0, part.count),) if part.count else ()))
    return out


def _dice_to_buy(ordinary: bool, owned: bool, tr: Translator, game: Game) -> str:
    """What to buy for some kinds of game dice: ordinary d6 (as they are, or with a sticker), or blank dice.
    The row names no die: the count beside it says how many, and the tips below say which need a sticker."""
    if ordinary and owned:  # whose die is whose: a colour per player
        return tr.format(tr.game_gettext(game.id, "Ordinary six-sided dice, about {size} mm, in one colour per player "
                                                  "(or blank {size} mm dice with the players' stickers)"),
                         size=BLANK_DIE)
    if ordinary and dice.blank_sets(game):  # the kit's full sticker sets make blank dice into game dice too
        return tr.format(tr.game_gettext(game.id, "Ordinary six-sided dice, about {size} mm (or blank {size} mm dice "
                                                  "with the stickers)"), size=BLANK_DIE)
    if ordinary:
        return tr.format(tr.game_gettext(game.id, "Ordinary six-sided dice, about {size} mm"), size=BLANK_DIE)
    return tr.format(tr.game_gettext(game.id, "Blank dice, {size} mm, or paper dice"), size=BLANK_DIE)


def _dice_counts(game: Game, dice_of_kind: list[Die]) -> tuple[tuple[int, int], ...]:
    """How many dice in all: one number when it is fixed (a set, a shared set), else by players."""
    if all(die.count is not None or die.table is not None for die in dice_of_kind):
        return ((0, sum(die.to_make(game.players[1]) for die in dice_of_kind)),)
    return tuple((n, sum(die.dice_for(n) if die.table is None else die.table for die in dice_of_kind))
                 for n in _players(game))


def guide_html(project: Project, game: Game, tr: Translator, paper: str, options: Options,
               parts: list[Part]) -> str:
    """The what-to-print page, then one page that says it is intentionally blank (the kit's duplex filler)."""
    frame = Frame.of(paper)
    context = common_context(game, tr, frame)
    ordinary = dice.ordinary_sticker_pages(game, frame, options.sticker_size) if dice.blank_sets(game) else 0
    context.update({
        "parts": parts,
        "buy": shopping(game, tr, parts, paper == "letter", ordinary),
        "ordinary_stickers": ordinary,
        "letter": paper == "letter",
        "options": options,
        "blank_die": BLANK_DIE,
        "conversions": dice.conversions(game),
        # The parts a table may leave out (optional_parts): the Print column and the tips below say so.
        "optional": optional_parts(game),
        "owners": find_spec(game.id).owners(game),
        "paper_dice": any(d.paper for d in game.dice),
    })
    return render_template(project, tr, "sheets/guide.html", context, game)
