"""Gang of Dice sheets: warning cards (poker size, bleed, crop marks, duplex backs, icons) and the pools score pad."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import cycle, islice
from typing import Any

from markupsafe import Markup

from ...i18n import Translator
from ...model import Game
from ...sheets.art import face_use, pip_defs
from ...sheets.pads import Head, Pad, Row, fixed_rows, table_box
from ...sheets.page import Frame, Line, Rect, crop_marks
from .cards import Card, colour_name, colour_rule, condition_text

CARD_W, CARD_H = 88.0, 63.0
"""Poker size, 63 × 88 mm, laid landscape: six cards and their bleed fit on A4 and on Letter."""
BLEED = 3.0
"""Colour runs this far past the cut on every side, so a slightly-off cut leaves no white edge."""
CARDS_INTRO = 11.0
"""Height of the instructions above the grid."""
CROP_SPACE = 6.0
"""Room around the grid for the crop marks."""

YELLOW = "#F0E442"  # Okabe–Ito yellow: a yellow (explosive) card
BLACK = "#000000"  # a black (bomb) card, printed with white text


@dataclass(frozen=True)
class Slot:
    """Where a card goes on a page: its cut box and, around it, the printed box with its bleed."""

    trim: Rect

    @property
    def bleed(self) -> Rect:
        return Rect(self.trim.x - BLEED, self.trim.y - BLEED, self.trim.w + 2 * BLEED, self.trim.h + 2 * BLEED)


def slots(frame: Frame) -> list[Slot]:
    """The card places on one page, in reading order, the grid centred across the page."""
    body = frame.body
    pitch_x, pitch_y = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
    columns = int((frame.width - 2 * (CROP_SPACE + 4.0)) // pitch_x)
    top = body.y + CARDS_INTRO + CROP_SPACE
    rows = int((body.bottom - CROP_SPACE - top) // pitch_y)
    left = (frame.width - columns * pitch_x) / 2
    return [
        Slot(Rect(left + c * pitch_x + BLEED, top + r * pitch_y + BLEED, CARD_W, CARD_H))
        for r in range(rows) for c in range(columns)
    ]


@dataclass(frozen=True)
class Side:
    """One printed side of a card sheet: fronts, or the backs that go behind them."""

    back: bool
    cards: tuple[tuple[int, Card, Slot], ...]
    """(card number, card, slot) for every card on this side."""
    marks: tuple[Line, ...]


def sides(cards: tuple[Card, ...], frame: Frame) -> list[Side]:
    """Fronts and backs in turn: each backs page mirrors its fronts' columns, for long-edge duplex printing."""
    places = slots(frame)
    out = []
    for start in range(0, len(cards), len(places)):
        batch = [(start + i + 1, card, places[i]) for i, card in enumerate(cards[start:start + len(places)])]
        block = _bounds([s.bleed for s in places])
        marks = tuple(crop_marks([s.trim for s in places], block, offset=1.5, length=4.0))
        out.append(Side(False, tuple(batch), marks))
        # Long-edge flip: the back of a card is the mirror image of its place across the page's long axis.
        backs = tuple((n, card, Slot(frame.mirrored(slot.trim))) for n, card, slot in batch)
        out.append(Side(True, backs, marks))
    return out


def _bounds(boxes: list[Rect]) -> Rect:
    left, top = min(b.x for b in boxes), min(b.y for b in boxes)
    return Rect(left, top, max(b.right for b in boxes) - left, max(b.bottom for b in boxes) - top)


# --- Icons: the condition drawn as dice and signs ---------------------------------

DIE = 11.0
"""Edge of a die in a card's icon, in millimetres."""
SIGN = 6.0
"""Width of the sign between two dice."""


@dataclass(frozen=True)
class Glyph:
    """A piece of an icon: a die showing a value (raised for a run), or a sign between dice."""

    kind: str
    """`die`, `plus` (a sum), `equal`, `unequal`, `or`, or `gap`."""
    value: int = 0
    rise: float = 0.0


def glyphs(card: Card, face_max: int) -> list[Glyph]:
    """The icon of a card: dice that would trigger it, joined by the sign of the condition."""
    n = card.n or 0
    values = list(range(1, face_max + 1))
    odd, even = [v for v in values if v % 2], [v for v in values if v % 2 == 0]

    def dice(shown: list[int], sign: str, rise: float = 0.0) -> list[Glyph]:
        out: list[Glyph] = []
        for i, v in enumerate(shown):
            if i:
                out.append(Glyph(sign))
            out.append(Glyph("die", v, rise * i))
        return out

    match card.condition:
        case "total_at_least":
            # A sum: the fewest dice whose total reaches n, highest faces first.
            shown, left = [], n
            while left > 0:
                shown.append(min(face_max, left))
                left -= shown[-1]
            return dice(shown, "plus")
        case "run_of":
            return dice(values[1:1 + n] if n < face_max else values[:n], "gap", rise=2.5)  # climbing values
        case "odd_at_least":
            return dice(list(islice(cycle(odd[::-1]), n)), "gap")  # highest first, unlike any_of 1
        case "even_at_least":
            return dice(list(islice(cycle(even), n)), "gap")
        case "distinct_at_least":
            return dice(list(islice(cycle(values[1::2] + values[0::2]), n)), "unequal")
        case "same_at_least":
            return dice([values[len(values) // 2]] * n, "equal")
        case "value_at_least":
            return dice(list(islice(cycle(card.values), n)), "gap")
        case "any_of":
            return dice(list(card.values), "or")
    raise ValueError(f"unknown card condition {card.condition!r}")


def icon_width(parts: list[Glyph]) -> float:
    return sum(DIE if g.kind == "die" else SIGN for g in parts)


def icon_svg(scope: int, parts: list[Glyph], cx: float, bottom: float, ink: str) -> Markup:
    """The icon's SVG, centred on cx with its dice standing on `bottom`; signs drawn in `ink`."""
    x = cx - icon_width(parts) / 2
    out: list[str] = []
    stroke = f'stroke="{ink}" stroke-width="0.9" stroke-linecap="round" fill="none"'
    for g in parts:
        if g.kind == "die":
            y = bottom - DIE - g.rise
            out.append(face_use(scope, "pips", g.value, x, y, DIE, border=True))
            x += DIE
            continue
        mx, my = x + SIGN / 2, bottom - DIE / 2
        if g.kind == "plus":
            out.append(f'<path d="M {mx - 1.6:.2f} {my:.2f} h 3.2 M {mx:.2f} {my - 1.6:.2f} v 3.2" {stroke}/>')
        elif g.kind in ("equal", "unequal"):
            out.append(f'<path d="M {mx - 1.6:.2f} {my - 0.9:.2f} h 3.2 '
                       f'M {mx - 1.6:.2f} {my + 0.9:.2f} h 3.2" {stroke}/>')
            if g.kind == "unequal":
                out.append(f'<path d="M {mx + 1.1:.2f} {my - 2.2:.2f} L {mx - 1.1:.2f} {my + 2.2:.2f}" {stroke}/>')
        elif g.kind == "or":
            out.append(f'<path d="M {mx + 1.2:.2f} {my - 2.6:.2f} L {mx - 1.2:.2f} {my + 2.6:.2f}" {stroke}/>')
        x += SIGN
    return Markup("".join(out))


def badge_svg(colour: str, cx: float, cy: float, ink: str) -> Markup:
    """The colour's own shape, so the card reads without colour: a burst for yellow (explosive), a bomb for black."""
    if colour == "yellow":
        points = []
        for i in range(16):  # an eight-pointed burst
            r = 3.6 if i % 2 == 0 else 1.7
            a = math.pi * i / 8 - math.pi / 2
            points.append(f"{cx + r * math.cos(a):.2f},{cy + r * math.sin(a):.2f}")
        return Markup(f'<polygon points="{" ".join(points)}" fill="none" stroke="{ink}" stroke-width="0.6" '
                      'stroke-linejoin="round"/>')
    # A round bomb with a fuse.
    return Markup(
        f'<circle cx="{cx - 0.6:.2f}" cy="{cy + 0.8:.2f}" r="2.7" fill="{ink}"/>'
        f'<rect x="{cx + 0.6:.2f}" y="{cy - 2.9:.2f}" width="1.6" height="1.6" fill="{ink}" '
        f'transform="rotate(45 {cx + 1.4:.2f} {cy - 2.1:.2f})"/>'
        f'<path d="M {cx + 1.9:.2f} {cy - 2.8:.2f} q 1 -1.2 2 -0.6" fill="none" stroke="{ink}" '
        'stroke-width="0.5" stroke-linecap="round"/>'
    )


def cards_layout(game: Game, tr: Translator, frame: Frame, die_size: float) -> dict[str, Any]:
    """Fronts and backs page by page, and each card's words and icon in the reader's language."""
    from .spec import cards, params

    deck = cards(game)
    face_max = params(game).face_max
    return {
        "pages": sides(deck, frame),
        "cards": deck,
        "cards_total": len(deck),
        "colours": {"yellow": (YELLOW, "#000000"), "black": (BLACK, "#FFFFFF")},
        "condition_text": lambda card: condition_text(card, tr),
        "colour_name": lambda card: colour_name(card, tr),
        "colour_rule": lambda card: colour_rule(card, tr),
        "icon": lambda scope, card, cx, bottom, ink: icon_svg(scope, glyphs(card, face_max), cx, bottom, ink),
        "badge": badge_svg,
        "pip_defs": lambda scope: pip_defs(scope, range(1, max(face_max, 6) + 1)),
    }


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """Rounds 1 to the last, the pool full at the start; bonus dice join the table at the start of some rounds."""
    from .spec import params

    p = params(game)
    rows = (Row("start"),) + tuple(
        Row("number", n, tr.format(tr.ngettext("+{n} bonus die", "+{n} bonus dice", p.bonus_dice[n]), n=p.bonus_dice[n])
            if p.bonus_dice.get(n) else "")
        for n in range(1, p.rounds + 1))
    box = table_box(frame)
    heads = (Head("rolled", tr.gettext("Rolled"), 1), Head("score", tr.gettext("Score"), 1),
             Head("pool", tr.gettext("Pool"), 1.2))
    return Pad(Head("round", tr.gettext("Round")), (Head("card", tr.gettext("Card")),), heads, game.players[1], rows,
               fixed_rows(box, rows), box)


def card_miniature(card: Card, face_max: int, scope: int, width_mm: float = 30.0) -> Markup:
    """A card as the worked examples picture it: its colour, its badge and its icon, scaled down from the sheet."""
    paper, ink = {"yellow": (YELLOW, "#000000"), "black": (BLACK, "#FFFFFF")}[card.colour]
    parts = glyphs(card, face_max)
    w = max(CARD_W * 0.62, icon_width(parts) + 2 * SIGN)  # wide enough for the icon, in card millimetres
    h = w * 0.5
    icon = icon_svg(scope, parts, w / 2, h * 0.5 + DIE / 2 + 1.5, ink)
    return Markup(
        f'<svg class="card-mini" width="{width_mm:.1f}mm" height="{width_mm * h / w:.1f}mm" '
        f'viewBox="0 0 {w:.2f} {h:.2f}" role="img">'
        f'{pip_defs(scope, range(1, max(face_max, 6) + 1))}'
        f'<rect x="0.5" y="0.5" width="{w - 1:.2f}" height="{h - 1:.2f}" rx="3" fill="{paper}" stroke="#000" '
        'stroke-width="0.5"/>'
        f'{badge_svg(card.colour, 6.5, 6.5, ink)}{icon}</svg>')
