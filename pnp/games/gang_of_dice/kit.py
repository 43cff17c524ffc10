"""Gang of Dice sheets: warning cards (duplex or fold-over, full colour or low ink, crop marks) and the score pad."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import cycle, islice
from typing import Any

from markupsafe import Markup, escape

from ...i18n import Translator
from ...model import Game
from ...sheets.art import face_use, pip_defs
from ...sheets.measure import balanced, kept
from ...sheets.options import Options
from ...sheets.pads import Head, Pad, Row, fixed_rows, table_box
from ...sheets.page import Frame, Line, Rect, crop_marks
from ...typography import Language, typeset
from .cards import Card, card_alt, colour_name, colour_rule, condition_text

CARD_W, CARD_H = 88.0, 63.0
"""Poker size, 63 × 88 mm, laid landscape: six cards and their bleed fit on A4 and on Letter."""
BLEED = 3.0
"""Colour runs this far past the cut on every side, so a slightly-off cut leaves no white edge."""
CARDS_INTRO = 11.0
"""Height of the instructions above the grid."""
CROP_SPACE = 6.0
"""Room around the grid for the crop marks."""
CROP_OFFSET, CROP_LENGTH = 1.5, 4.0
"""Crop marks start this far outside the printed block and run this long."""

YELLOW = "#F0E442"  # Okabe–Ito yellow: a yellow (explosive) card
BLACK = "#000000"  # a black (bomb) card, printed with white text
NAVY = "#0b3954"  # the backs, the rulebook's deep blue
DARK = "#1a1a1a"  # the low-ink cards' words and signs

LOW_INSET = 3.0
"""A low-ink card's frame and band sit this far inside the cut: nothing is printed near the edge, so no bleed."""
BAND = 11.0
"""Height of a low-ink card's coloured band, where its colour, badge and number are."""


def title(tr: Translator) -> str:
    """The full-colour cards' name in the kit and on the what-to-print page."""
    return tr.gettext("Warning cards")


def low_ink_title(tr: Translator) -> str:
    """The low-ink cards' name: in the kit instead of the full-colour ones with `--ink low`."""
    return tr.gettext("Warning cards (low ink)")


def fold_title(tr: Translator) -> str:
    """The fold-over cards' name: built beside the kit, for a printer without double-sided printing."""
    return tr.gettext("Warning cards (fold-over)")


@dataclass(frozen=True)
class Slot:
    """Where a card goes on a page: its cut box and, around it, the printed box with its bleed."""

    trim: Rect

    @property
    def bleed(self) -> Rect:
        return Rect(self.trim.x - BLEED, self.trim.y - BLEED, self.trim.w + 2 * BLEED, self.trim.h + 2 * BLEED)

    @property
    def inset(self) -> Rect:
        """A low-ink card's frame, inside the cut."""
        t = self.trim
        return Rect(t.x + LOW_INSET, t.y + LOW_INSET, t.w - 2 * LOW_INSET, t.h - 2 * LOW_INSET)


PITCH_X, PITCH_Y = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
"""From one card to the next: the bleeds of two neighbours meet, so one cut between them serves both."""


def _row_tops(frame: Frame) -> list[float]:
    """The top of each row of cards (their bleed), as many rows as the body holds below the instructions."""
    body = frame.body
    top = body.y + CARDS_INTRO + CROP_SPACE
    rows = int((body.bottom - CROP_SPACE - top) // PITCH_Y)
    return [top + r * PITCH_Y for r in range(rows)]


def slots(frame: Frame) -> list[Slot]:
    """The card places on one page, in reading order, the grid centred across the page."""
    columns = int((frame.width - 2 * (CROP_SPACE + 4.0)) // PITCH_X)
    left = (frame.width - columns * PITCH_X) / 2
    return [Slot(Rect(left + c * PITCH_X + BLEED, top + BLEED, CARD_W, CARD_H))
            for top in _row_tops(frame) for c in range(columns)]


Placed = tuple[int, Card, Slot]
"""(card number in the deck, card, slot)."""


@dataclass(frozen=True)
class Side:
    """One printed side of a card sheet: fronts, or the backs that go behind them."""

    back: bool
    cards: tuple[Placed, ...]
    """(card number, card, slot) for every card on this side."""
    marks: tuple[Line, ...]

    @property
    def kind(self) -> str:
        return "backs" if self.back else "fronts"

    @property
    def fronts(self) -> tuple[Placed, ...]:
        return () if self.back else self.cards

    @property
    def backs(self) -> tuple[Placed, ...]:
        return self.cards if self.back else ()

    @property
    def fold(self) -> Line | None:
        return None

    @property
    def labels(self) -> tuple[float, ...]:
        return ()


def sides(cards: tuple[Card, ...], frame: Frame) -> list[Side]:
    """Fronts and backs in turn: each backs page mirrors its fronts' columns, for long-edge duplex printing."""
    places = slots(frame)
    out = []
    for start in range(0, len(cards), len(places)):
        batch = [(start + i + 1, card, places[i]) for i, card in enumerate(cards[start:start + len(places)])]
        block = _bounds([s.bleed for s in places])
        marks = tuple(crop_marks([s.trim for s in places], block, offset=CROP_OFFSET, length=CROP_LENGTH))
        out.append(Side(False, tuple(batch), marks))
        # Long-edge flip: the back of a card is the mirror image of its place across the page's long axis.
        backs = tuple((n, card, Slot(frame.mirrored(slot.trim))) for n, card, slot in batch)
        out.append(Side(True, backs, marks))
    return out


@dataclass(frozen=True)
class FoldSide:
    """A fold-over page: fronts left of the fold, their backs mirrored right of it, for printers without duplex.

    Folded along the line (the right half behind the left) and glued, each back lies behind its front, upright
    when the card is turned over side to side; the fold itself is in the bleed and is cut away.
    """

    fronts: tuple[Placed, ...]
    backs: tuple[Placed, ...]
    marks: tuple[Line, ...]
    fold: Line
    """The fold line, dashed, across the block and a little past it."""
    labels: tuple[float, ...]
    """Where the fold line is labelled: the middle of each row, on the bleed between a front and its back."""

    kind = "fold"


def fold_slots(frame: Frame) -> list[Slot]:
    """The fronts' places: one column whose bleed ends at the page's centre line, the fold."""
    x = frame.width / 2 - BLEED - CARD_W
    return [Slot(Rect(x, top + BLEED, CARD_W, CARD_H)) for top in _row_tops(frame)]


def fold_pages(cards: tuple[Card, ...], frame: Frame) -> list[FoldSide]:
    """Fold-over pages: as many cards as there are rows, each front and its back mirrored about the fold."""
    places = fold_slots(frame)
    middle = frame.width / 2
    out = []
    for start in range(0, len(cards), len(places)):
        fronts = tuple((start + i + 1, card, places[i]) for i, card in enumerate(cards[start:start + len(places)]))
        # The fold is the page's centre line, so mirroring about it is the long-edge mirror.
        backs = tuple((n, card, Slot(frame.mirrored(slot.trim))) for n, card, slot in fronts)
        trims = [s.trim for s in places] + [frame.mirrored(s.trim) for s in places]
        block = _bounds([Slot(t).bleed for t in trims])
        marks = tuple(crop_marks(trims, block, offset=CROP_OFFSET, length=CROP_LENGTH))
        reach = CROP_OFFSET + CROP_LENGTH
        fold = Line(middle, block.y - reach, middle, block.bottom + reach)
        labels = tuple(slot.trim.y + slot.trim.h / 2 for _, _, slot in fronts)
        out.append(FoldSide(fronts, backs, marks, fold, labels))
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


PAINT = {"yellow": (YELLOW, "#000000"), "black": (BLACK, "#FFFFFF")}
"""Each card colour's paint, and the ink of the words and signs on it."""


def band_path(slot: Slot) -> str:
    """A low-ink card's band: the top of its frame, rounded like the frame's corners, square below."""
    box, r = slot.inset, 3.0
    x0, y0, x1, y1 = box.x, box.y, box.right, box.y + BAND
    return (f"M {x0:.3f} {y1:.3f} V {y0 + r:.3f} A {r} {r} 0 0 1 {x0 + r:.3f} {y0:.3f} H {x1 - r:.3f} "
            f"A {r} {r} 0 0 1 {x1:.3f} {y0 + r:.3f} V {y1:.3f} Z")


TITLE_ROOM = CARD_W - 2 * (LOW_INSET + 3.0)
"""The width a card's condition is set in, as game.css gives it on the narrower low-ink card: 6 mm in from each cut."""
TITLE_SIZE = 14.0
"""The condition's size in points (game.css)."""


def title_lines(text: str, typography: Language | None) -> str:
    """A card's condition in balanced lines, each line's words joined by no-break spaces, so that WeasyPrint breaks
    only between the lines: «Three or more dice / of the same value», never a lone word under a full line. The
    language's typography runs first, so a word it binds (a Russian preposition) stays with its noun."""
    return kept(balanced(typeset(text, typography), TITLE_ROOM, TITLE_SIZE, bold=True))


def _cards_context(game: Game, tr: Translator, ink: str, pages: Sequence[Side | FoldSide], name: str
                   ) -> dict[str, Any]:
    """What the cards template draws: the pages, in one ink, and each card's words and icon in the reader's language."""
    from .spec import cards, params

    deck = cards(game)
    face_max = params(game).face_max
    return {
        "pages": pages,
        "ink": ink,
        "sheet_name": name,
        "cards": deck,
        "cards_total": len(deck),
        "colours": PAINT,
        "dark": DARK,
        "navy": NAVY,
        "yellow_paint": YELLOW,
        "band_path": band_path,
        "band_height": BAND,
        "condition_text": lambda card: title_lines(condition_text(card, tr), tr.typography),
        # A page's art says which cards it shows, one by one, to a screen reader (the backs say what they are).
        "cards_alt": lambda side: tr.join([card_alt(card, tr) for _, card, _ in side.fronts]),
        "colour_name": lambda card: colour_name(card, tr),
        "colour_rule": lambda card: colour_rule(card, tr),
        "icon": lambda scope, card, cx, bottom, ink: icon_svg(scope, glyphs(card, face_max), cx, bottom, ink),
        "badge": badge_svg,
        "pip_defs": lambda scope: pip_defs(scope, range(1, max(face_max, 6) + 1)),
    }


def cards_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The full-colour cards, fronts and backs page by page for long-edge duplex."""
    from .spec import cards

    return _cards_context(game, tr, "full", sides(cards(game), frame), title(tr))


def low_ink_cards_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The low-ink cards: white, a coloured band and badge, outline backs; the same pages as the full ones."""
    from .spec import cards

    return _cards_context(game, tr, "low", sides(cards(game), frame), low_ink_title(tr))


def fold_cards_layout(game: Game, tr: Translator, frame: Frame, options: Options) -> dict[str, Any]:
    """The fold-over cards, one-sided, in the ink the maker chose: how the page is printed and how much ink
    it takes are separate choices."""
    from .spec import cards

    return _cards_context(game, tr, options.ink, fold_pages(cards(game), frame), fold_title(tr))


def warning_mark(tr: Translator) -> Markup:
    """The card backs' warning triangle, white for the pad's dark heading: the head of the "triggered the card"
    ticks, a mark every language reads (a word would not fit the column); the words are its alternative text."""
    return Markup('<svg class="warning-mark" width="4.6mm" height="4mm" viewBox="0 0 23 20" role="img">'
                  '<title>{}</title>').format(tr.gettext("Triggered the card")) + WARNING_MARK


def single_cards_layout(game: Game, tr: Translator, frame: Frame, backs: bool) -> dict[str, Any]:
    """The full-colour cards one a page, in deck order, for `pnp export`: the frame is one card and its bleed."""
    from .spec import cards

    slot = Slot(Rect(BLEED, BLEED, CARD_W, CARD_H))
    pages = [Side(backs, ((n, card, slot),), ()) for n, card in enumerate(cards(game), 1)]
    return _cards_context(game, tr, "full", pages, title(tr))


def card_fields(game: Game, tr: Translator) -> list[dict[str, str]]:
    """Each card's words as the front and back print them, for a tool that sets them from a data sheet."""
    from .spec import cards

    deck = cards(game)
    return [{"card": card.id, "number": f"{n}/{len(deck)}", "colour": colour_name(card, tr),
             "rule": colour_rule(card, tr), "condition": condition_text(card, tr),
             "back_title": game.titles[tr.lang], "back_text": tr.gettext("Warning card")}
            for n, card in enumerate(deck, 1)]


WARNING_MARK = Markup(
    '<polygon points="11.5,1.5 21.5,18.5 1.5,18.5" fill="none" stroke="#ffffff" stroke-width="1.6" '
    'stroke-linejoin="round"/><path d="M 11.5 7 V 12.3" stroke="#ffffff" stroke-width="2.2" stroke-linecap="round"/>'
    '<circle cx="11.5" cy="15.4" r="1.25" fill="#ffffff"/></svg>')
"""The warning triangle's drawing (warning_mark)."""


ROUND_COLUMN = 16.0
"""Width of the round column: a bonus round's note («+3 бонусных кубика», «+3 dados de bonificación») fits at 7 pt."""


def score_pad(game: Game, frame: Frame, tr: Translator) -> Pad:
    """A row per round after the start; the round's card and the dice left on the table when nobody won it; for
    each player the dice rolled, the total, a tick for triggering the card, and the pool after the round.
    Bonus rounds carry their bonus dice as the row's note."""
    from .spec import params

    p = params(game)
    rows = (Row("start"),) + tuple(
        Row("number", n, tr.format(tr.ngettext("+{n} bonus die", "+{n} bonus dice", p.bonus_dice[n]), n=p.bonus_dice[n])
            if p.bonus_dice.get(n) else "")
        for n in range(1, p.rounds + 1))
    box = table_box(frame)
    # The start row holds each starting pool only: the other cells are shaded there.
    table = (Head("card", tr.gettext("Card"), at_start=False), Head("left", tr.gettext("Left on the table"),
                                                                     at_start=False))
    # Shares of a player's width: room for three-digit pools and the longest heads («Брошено»), a box to tick.
    heads = (Head("rolled", tr.gettext("Rolled"), 1.15, at_start=False),
             Head("score", tr.game_gettext(game.id, "Total"), 0.95, at_start=False),
             Head("triggered", warning_mark(tr), 0.55, tick=True, at_start=False),
             Head("pool", tr.gettext("Pool"), 1.1))
    return Pad(Head("round", tr.gettext("Round")), table, heads, game.players[1], rows, fixed_rows(box, rows), box,
               lead_width=ROUND_COLUMN)


def card_miniature(card: Card, face_max: int, scope: int, alt: str, width_mm: float = 30.0) -> Markup:
    """A card as the worked examples picture it: its colour, its badge and its icon, scaled down from the sheet;
    `alt` says what it shows (the tagged PDF's alternative text)."""
    paper, ink = PAINT[card.colour]
    parts = glyphs(card, face_max)
    w = max(CARD_W * 0.62, icon_width(parts) + 2 * SIGN)  # wide enough for the icon, in card millimetres
    h = w * 0.5
    icon = icon_svg(scope, parts, w / 2, h * 0.5 + DIE / 2 + 1.5, ink)
    return Markup(
        f'<svg class="card-mini" width="{width_mm:.1f}mm" height="{width_mm * h / w:.1f}mm" '
        f'viewBox="0 0 {w:.2f} {h:.2f}" role="img">'
        f'<title>{escape(alt)}</title>'
        f'{pip_defs(scope, range(1, max(face_max, 6) + 1))}'
        f'<rect x="0.5" y="0.5" width="{w - 1:.2f}" height="{h - 1:.2f}" rx="3" fill="{paper}" stroke="#000" '
        'stroke-width="0.5"/>'
        f'{badge_svg(card.colour, 6.5, 6.5, ink)}{icon}</svg>')
