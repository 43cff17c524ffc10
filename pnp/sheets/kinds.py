"""Sheet HTML: the kinds of sheet a game prints, the layout computed in millimetres, the words in templates/sheets/."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..errors import InputError, Problem
from ..games import find_spec
from ..games.gamespec import Sheet, SymbolDrawer
from ..i18n import Translator
from ..model import Game
from ..pdf import box_height
from ..project import FONTS_DIR, Project
from ..templating import game_context, render_template, template_file, template_folders
from . import aid, dice, pads
from .art import face_defs, face_group
from .measure import POINTS_PER_INCH, width
from .options import BLANK_DIE, Options
from .page import MM_PER_INCH, Frame, Rect, ruler


def mm(value: float) -> str:
    """A length for CSS or SVG, in millimetres, to the micrometre."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(pts: list[tuple[float, float]]) -> str:
    """An SVG points list."""
    return " ".join(f"{mm(x)},{mm(y)}" for x, y in pts)


def common_context(game: Game, tr: Translator, frame: Frame) -> dict[str, Any]:
    """What every sheet template may use: the game's context, the page and the face art."""
    footer = frame.footer
    context = game_context(game, tr)
    context.update({
        "frame": frame,
        "mm": mm,
        "points": points,
        "ruler": ruler(footer.x, footer.y + 7.5),  # metric baseline low enough for its numbers above it
        "text_width": lambda text, size: width(text, size * POINTS_PER_INCH / MM_PER_INCH),  # size in mm
        "face_group": face_group,
        "face_defs": lambda scope: face_defs(scope, game.faces),
        "bare": False,  # `pnp export` draws items alone on pages of their own size, without the sheet's frame
    })
    return context


def _symbols(drawer: SymbolDrawer | None) -> dict[str, Any]:
    """`symbol(id, x, y, edge, fill)` for templates: the game's player symbol drawn in a square, or nothing."""
    def symbol(symbol_id: str, x: float, y: float, edge: float, fill: str) -> Markup:
        return Markup(drawer(symbol_id, x, y, edge, fill)) if drawer else Markup("")
    return {"symbol": symbol}


def _sticker_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """Conversion stickers and full sets flowed over the pages, with each owner's colour and symbol."""
    spec = find_spec(game.id)
    return {
        "pages": dice.sticker_pages(game, frame, options.sticker_size),
        "size": options.sticker_size,
        "is_sticker": lambda item: isinstance(item, dice.Sticker),
        "is_set": lambda item: isinstance(item, dice.StickerSet),
        "is_heading": lambda item: isinstance(item, dice.Heading),
        **_symbols(spec.symbol),
        "rect": Rect,
        "LABEL": dice.LABEL,
        "blank_die": BLANK_DIE,
    }


def _net_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """Paper dice flowed over the pages."""
    return {
        "pages": dice.net_pages(game, frame, options.paper_die_size),
        "size": options.paper_die_size,
        "is_net": lambda item: isinstance(item, dice.Net),
        "is_heading": lambda item: isinstance(item, dice.Heading),
    }


def _pad_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The game's pad, its columns and rows placed on the page below room for the legend (`_below_legend` moves it
    further down where the legend needs more), and each player's colour and symbol if any."""
    spec = find_spec(game.id)
    return {"pad": spec.score_pad(game, frame, tr), "owners": spec.owners(game), "legend_alone": False,
            **_symbols(spec.symbol)}


LEGEND = "sheets/score-pad-legend.html"
"""The game's words above its pad."""


def _below_legend(project: Project, game: Game, tr: Translator, frame: Frame, context: dict[str, Any]
                  ) -> dict[str, Any]:
    """The pad set below its legend, which is laid out alone first to measure how tall it runs in this language and
    on this paper. A pad that leaves no room to keep score is bad input: naming the legend where it is the legend
    that takes the room, else the rules file's parameters."""
    html = render_template(project, tr, SCORE_PAD.template, {**context, "legend_alone": True}, game)
    folders = template_folders(project, game)
    legend = box_height(html, "intro", [project.root, FONTS_DIR], project.templates, folders,
                        template_file(project, game, SCORE_PAD.template), project.root)
    pad = pads.below(context["pad"], lambda lower: find_spec(game.id).score_pad(game, lower, tr), frame, legend)
    if not pads.fits(pad):
        numbered = sum(row.kind == "number" for row in pad.rows)
        left = (f"its {numbered} rows would be {pad.row_height:.1f} mm tall, under {pads.ROW_LEAST:g} mm"
                if numbered and pad.row_height > 0 else "no row fits")
        if legend + pads.GAP <= pads.INTRO:
            raise InputError(Problem(game.file, game.lines.get("params"), "params",
                                     f"the score pad does not fit on {frame.css} paper: {left}"))
        raise InputError(Problem(template_file(project, game, LEGEND), None, "",
                                 f"the score pad's legend runs {legend:.1f} mm tall in {tr.lang} on {frame.css} paper: "
                                 f"below it, {left}; shorten the legend"))
    return {"pad": pad}


def _aid_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The turn in short: the rulebook's quick reference, else its turn."""
    reference = game.section("reference") or game.section("turn")
    return {"boxes": aid.aid_boxes(frame, aid.per_page(game)), "reference": reference.blocks if reference else ()}


STICKERS = Sheet("stickers", _sticker_layout, lambda tr, game: tr.gettext("Stickers"), stock="sticker",
                 wanted=lambda game: bool(dice.conversions(game) or dice.blank_sets(game)))
PAPER_DICE = Sheet("paper-dice", _net_layout, lambda tr, game: tr.gettext("Paper dice"), stock="card",
                   wanted=lambda game: bool(dice.die_sets(game, paper=True)))
# TRANSLATORS: the score pad's name (kit, bookmark, the pad's title). Per game, a pad that counts dice rather than
# points (Gang of Dice: pools; Dice Arena: dice in hand) may be named for what it counts.
SCORE_PAD = Sheet("score-pad", _pad_layout, lambda tr, game: tr.game_gettext(game.id, "Score pad"),
                  settle=_below_legend)
PLAYER_AID = Sheet("player-aid", _aid_layout, lambda tr, game: tr.gettext("Player aid"), copies=aid.copies,
                   stock="card", pages_for=aid.pages_for)
SHARED = (STICKERS, PAPER_DICE, SCORE_PAD, PLAYER_AID)
"""The sheets every game may print; a game's own sheets (GameSpec.sheets) come between the pad and the aid."""


def sheets_for(game: Game) -> tuple[Sheet, ...]:
    """The sheets a game prints, in build order: the dice sheets and score pad its data calls for, its own
    sheets, the player aid."""
    own = tuple(s for s in find_spec(game.id).sheets if s.wanted(game))
    return (*(s for s in (STICKERS, PAPER_DICE, SCORE_PAD) if s.wanted(game)), *own, PLAYER_AID)


def kit_order(game: Game, options: Options | None = None) -> tuple[str, ...]:
    """Print order in the kit: read the rules first, then the aid, then make the components, the pad last."""
    options = options or Options()
    made = {s.kind for s in sheets_for(game) if s.in_kit(options)}
    own = tuple(s.kind for s in sheets_for(game) if s not in SHARED and s.kind in made)
    order = ("rulebook", "player-aid", "stickers", "paper-dice", *own, "score-pad")
    return tuple(kind for kind in order if kind == "rulebook" or kind in made)


def sheet(game: Game, kind: str) -> Sheet:
    """One kind of sheet of a game; an unknown kind is bad input."""
    for candidate in sheets_for(game):
        if candidate.kind == kind:
            return candidate
    known = ", ".join(s.kind for s in sheets_for(game))
    raise InputError(f"{game.id} has no sheet '{kind}' (its sheets: {known})")


def sheet_html(project: Project, game: Game, tr: Translator, kind: str, paper: str = "a4",
               options: Options | None = None) -> str:
    """One sheet of one game in one language, as HTML ready for WeasyPrint."""
    frame = Frame.of(paper)
    made = sheet(game, kind)
    context = common_context(game, tr, frame)
    context.update(made.layout(game, tr, frame, (options or Options()).checked()))
    if made.settle:
        context.update(made.settle(project, game, tr, frame, context))
    return render_template(project, tr, made.template, context, game)
