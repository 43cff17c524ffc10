"""Sheet HTML: the layout computed here in millimetres, the words and the look in templates/sheets/."""

from __future__ import annotations

import argparse
from typing import Any, Callable

from .. import cards as card_rules
from ..errors import InputError
from ..i18n import Translator
from ..model import Face, Game
from ..render import Project, face_uri, font_faces, render_template
from . import aid, dice, mats, pads, warning_cards
from .art import face_defs, face_group, pip_defs
from .page import Frame, ruler


def mm(value: float) -> str:
    """A length for CSS or SVG, in millimetres, to the micrometre."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(pts: list[tuple[float, float]]) -> str:
    """An SVG points list."""
    return " ".join(f"{mm(x)},{mm(y)}" for x, y in pts)


def _common(game: Game, tr: Translator, frame: Frame) -> dict[str, Any]:
    """What every sheet template may use: the game, the reader's language, the page and the face art."""
    values = game.values

    def t(text: Any) -> str:
        return tr.text(text, values)

    def face_img(face: Face) -> str:
        return face_uri(face.art, face.pips)

    footer = frame.footer
    return {
        "game": game,
        "lang": tr.lang,
        "title": game.titles[tr.lang],
        "t": t,
        "tr": tr,
        "fonts": font_faces(),
        "frame": frame,
        "mm": mm,
        "points": points,
        "ruler": ruler(footer.x, footer.y + 7.5),  # metric baseline low enough for its numbers above it
        "face": game.face,
        "face_img": face_img,
        "face_group": face_group,
        "face_defs": lambda scope: face_defs(scope, game.faces),
        "dict": dict,
    }


def _dice(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
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


def _cards(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """Fronts and backs page by page, and each card's words and icon in the reader's language."""
    face_max = int(game.params.get("face_max", 6))
    return {
        "pages": warning_cards.sides(game.cards, frame),
        "cards_total": len(game.cards),
        "colours": {"yellow": (warning_cards.YELLOW, "#000000"), "black": (warning_cards.BLACK, "#FFFFFF")},
        "condition_text": lambda card: card_rules.condition_text(card, tr),
        "colour_name": lambda card: card_rules.colour_name(card, tr),
        "colour_rule": lambda card: card_rules.colour_rule(card, tr),
        "icon": lambda scope, card, cx, bottom, ink: warning_cards.icon_svg(
            scope, warning_cards.glyphs(card, face_max), cx, bottom, ink),
        "badge": warning_cards.badge_svg,
        "pip_defs": lambda scope: pip_defs(scope, range(1, max(face_max, 6) + 1)),
    }


def _score_pad(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """The game's pad, its columns and rows placed on the page."""
    return {"pad": pads.pad(game, frame)}


def _mats(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """The game's mat."""
    # Dicemants lines its dice up in the mine's three zones; Dice Arena throws them into a ring.
    if game.id == "dicemants":
        return {"mine": mats.mine(game, frame, die_size), "arena": None}
    return {"mine": None, "arena": mats.arena(frame)}


def _player_aid(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """The turn in short (the rulebook's quick reference, else its turn), the faces and the precedence."""
    reference = game.section("reference")
    turn = game.section("turn")
    return {
        "boxes": aid.aid_boxes(frame),
        "reference": reference.blocks if reference else turn.blocks,
        "tier_names": lambda tier: [tr.text(game.face(f).name, game.values) for f in tier.faces],
        # The locked way adds to the tiers marked with_locked (Dicemants).
        "locked": next((f for f in game.faces if f.id == "locked"), None),
    }


SHEETS: dict[str, Callable[[Game, Translator, Frame, float], dict[str, Any]]] = {
    "dice": _dice,
    "score-pad": _score_pad,
    "cards": _cards,
    "mats": _mats,
    "player-aid": _player_aid,
}
"""Every kind of sheet, in build order, with the function that lays it out."""


COPIES: dict[str, Callable[[Game], int]] = {"player-aid": aid.copies}
"""Sheets whose page is printed several times over, and how many times."""


def page_copies(game: Game, kind: str) -> int:
    """How many times a sheet's pages appear in its file."""
    return COPIES[kind](game) if kind in COPIES else 1


def kinds_for(game: Game) -> list[str]:
    """The sheets a game's kit has: cards only with warning cards in the data, mats only with a mat among the parts."""
    wanted = {"cards": bool(game.cards), "mats": mats.has_mat(game)}
    return [kind for kind in SHEETS if wanted.get(kind, True)]


def check_die_size(die_size: float) -> float:
    """A die size within what the stickers and nets are drawn for, or a located error."""
    low, high = dice.DIE_SIZES
    if not low <= die_size <= high:
        raise InputError(f"die size: must be {mm(low)} to {mm(high)} mm, found {mm(die_size)}")
    return float(die_size)


def die_size_argument(text: str) -> float:
    """`--die-size` on the command line: a number of millimetres within DIE_SIZES."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of millimetres, found {text!r}") from None
    low, high = dice.DIE_SIZES
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be {mm(low)} to {mm(high)} mm, found {text}")
    return value


def sheet_html(project: Project, game: Game, tr: Translator, kind: str, paper: str = "a4",
               die_size: float = dice.DIE_SIZE) -> str:
    """One sheet of one game in one language, as HTML ready for WeasyPrint."""
    frame = Frame.of(paper)
    context = _common(game, tr, frame)
    context.update(SHEETS[kind](game, tr, frame, check_die_size(die_size)))
    return render_template(project, tr, f"sheets/{kind}.html", **context)
