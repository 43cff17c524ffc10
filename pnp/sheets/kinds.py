"""Sheet HTML: the kinds of sheet a game prints, the layout computed in millimetres, the words in templates/sheets/."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..games import find_spec
from ..games.gamespec import Sheet
from ..i18n import Translator
from ..model import Game
from ..project import Project
from ..templating import game_context, render_template
from . import aid, dice
from .art import face_defs, face_group
from .page import Frame, ruler


def mm(value: float) -> str:
    """A length for CSS or SVG, in millimetres, to the micrometre."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(pts: list[tuple[float, float]]) -> str:
    """An SVG points list."""
    return " ".join(f"{mm(x)},{mm(y)}" for x, y in pts)


def _common(game: Game, tr: Translator, frame: Frame) -> dict[str, Any]:
    """What every sheet template may use: the game's context, the page and the face art."""
    footer = frame.footer
    context = game_context(game, tr)
    context.update({
        "frame": frame,
        "mm": mm,
        "points": points,
        "ruler": ruler(footer.x, footer.y + 7.5),  # metric baseline low enough for its numbers above it
        "face_group": face_group,
        "face_defs": lambda scope: face_defs(scope, game.faces),
    })
    return context


def _dice_layout(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """Stickers and nets flowed over the pages, and how many dice of each kind the table needs."""
    return {
        "pages": dice.dice_pages(game, frame, die_size),
        "die_size": die_size,
        "per_player": dice.per_player_dice(game),
        "needed": lambda die: dice.dice_needed(game, die),
        "is_sticker": lambda item: isinstance(item, dice.StickerSet),
        "is_net": lambda item: isinstance(item, dice.Net),
        "is_heading": lambda item: isinstance(item, dice.Heading),
    }


def _pad_layout(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """The game's pad, its columns and rows placed on the page."""
    return {"pad": find_spec(game.id).score_pad(game, frame, tr)}


def _aid_layout(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """The turn in short: the rulebook's quick reference, else its turn."""
    reference = game.section("reference") or game.section("turn")
    return {"boxes": aid.aid_boxes(frame), "reference": reference.blocks if reference else ()}


DICE = Sheet("dice", _dice_layout, lambda tr: tr.gettext("Dice stickers and paper dice"))
SCORE_PAD = Sheet("score-pad", _pad_layout, lambda tr: tr.gettext("Score pad"))
PLAYER_AID = Sheet("player-aid", _aid_layout, lambda tr: tr.gettext("Player aid"), copies=aid.copies)
SHARED = (DICE, SCORE_PAD, PLAYER_AID)
"""The sheets every game prints; a game's own sheets (GameSpec.sheets) come between the score pad and the aid."""


def sheets_for(game: Game) -> tuple[Sheet, ...]:
    """The sheets a game prints, in build order: dice, score pad, its own sheets its data calls for, player aid."""
    own = tuple(s for s in find_spec(game.id).sheets if s.wanted(game))
    return (DICE, SCORE_PAD, *own, PLAYER_AID)


def kit_order(game: Game) -> tuple[str, ...]:
    """Print order in the kit: read the rules first, then the aid, then make the components, the pad last."""
    own = tuple(s.kind for s in sheets_for(game) if s not in SHARED)
    return ("rulebook", "player-aid", "dice", *own, "score-pad")


def sheet(game: Game, kind: str) -> Sheet:
    """One kind of sheet of a game; an unknown kind is bad input."""
    for candidate in sheets_for(game):
        if candidate.kind == kind:
            return candidate
    known = ", ".join(s.kind for s in sheets_for(game))
    raise InputError(f"{game.id} has no sheet '{kind}' (its sheets: {known})")


def check_die_size(die_size: float) -> float:
    """A die size within what the stickers and nets are drawn for, or an error naming the range."""
    low, high = dice.DIE_SIZES
    if not low <= die_size <= high:
        raise InputError(f"die size: must be {mm(low)} to {mm(high)} mm, found {mm(die_size)}")
    return float(die_size)


def sheet_html(project: Project, game: Game, tr: Translator, kind: str, paper: str = "a4",
               die_size: float = dice.DIE_SIZE) -> str:
    """One sheet of one game in one language, as HTML ready for WeasyPrint."""
    frame = Frame.of(paper)
    made = sheet(game, kind)
    context = _common(game, tr, frame)
    context.update(made.layout(game, tr, frame, check_die_size(die_size)))
    return render_template(project, tr, made.template, context, game)
