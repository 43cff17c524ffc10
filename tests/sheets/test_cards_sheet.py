"""The warning cards read back: poker size with 3 mm bleed, crop marks on the cuts, backs mirrored for duplex."""

from __future__ import annotations

import pytest
from helpers import LANGS, spaced
from sheet_readback import A4, LETTER, page_size, paths, reader, text

from pnp.games.gang_of_dice import cards as card_rules
from pnp.games.gang_of_dice.kit import BLEED, CARD_H, CARD_W, glyphs
from pnp.games.gang_of_dice.spec import cards
from pnp.i18n import translator
from pnp.rules import load_game
from pnp.sheets import sheets_for

TOLERANCE = 0.1


def bleeds(page) -> list[tuple[float, float, float, float]]:
    """Filled rectangles the size of a card with its bleed: one per card printed on the page."""
    out = []
    for p in paths(page):
        box = p.as_rect()
        if box and p.filled and abs(box[2] - (CARD_W + 2 * BLEED)) < TOLERANCE and abs(box[3] - (CARD_H + 2 * BLEED)) < TOLERANCE:
            out.append(box)
    return out


def same_places(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Two sets of positions equal to within the tolerance."""
    return len(a) == len(b) and all(
        abs(p[0] - q[0]) < TOLERANCE and abs(p[1] - q[1]) < TOLERANCE for p, q in zip(sorted(a), sorted(b), strict=True))


def crop_lines(page) -> list:
    """Short stroked lines: the crop marks (and the ruler's ticks, which sit in the footer)."""
    return [p.as_segment() for p in paths(page) if p.stroked and p.as_segment() and 3.9 < p.length < 4.1]


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_every_card_is_poker_size_with_bleed(sheet, project, paper, size):
    game = load_game(project.rules / "gang-of-dice.yaml")
    pdf = sheet("gang-of-dice", "cards", paper=paper)
    pages = reader(pdf).pages
    assert {page_size(p) for p in pages} == {size}
    fronts = [b for page in pages[0::2] for b in bleeds(page)]
    backs = [b for page in pages[1::2] for b in bleeds(page)]
    assert len(fronts) == len(backs) == len(cards(game))  # 18 in the rules data
    for x, _, w, h in fronts + backs:
        # 63 x 88 mm once the 3 mm bleed is cut away.
        assert abs((w - 2 * BLEED) - 88.0) < TOLERANCE and abs((h - 2 * BLEED) - 63.0) < TOLERANCE
        assert 0 < x and x + w < size[0] * 25.4 / 72


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_continue_every_cut(sheet, paper):
    pdf = sheet("gang-of-dice", "cards", paper=paper)
    page = reader(pdf).pages[0]
    cards = bleeds(page)
    cuts_x = {round(v, 1) for x, _, w, _ in cards for v in (x + BLEED, x + w - BLEED)}
    cuts_y = {round(v, 1) for _, y, _, h in cards for v in (y + BLEED, y + h - BLEED)}
    marks = crop_lines(page)
    vertical = {round(a[0], 1) for a, b in marks if abs(a[0] - b[0]) < 1e-6}
    horizontal = {round(a[1], 1) for a, b in marks if abs(a[1] - b[1]) < 1e-6}
    assert cuts_x <= vertical and cuts_y <= horizontal
    # Every mark stays outside the printed block, so it survives the cut.
    top = min(y for _, y, _, _ in cards)
    bottom = max(y + h for _, y, _, h in cards)
    for (x1, y1), (x2, y2) in marks:
        if abs(x1 - x2) < 1e-6 and round(x1, 1) in cuts_x:
            assert max(y1, y2) < top or min(y1, y2) > bottom


@pytest.mark.parametrize("paper, width", [("a4", 210.0), ("letter", 215.9)])
def test_backs_mirror_their_fronts_for_long_edge_duplex(sheet, project, paper, width):
    pdf = sheet("gang-of-dice", "cards", paper=paper)
    pages = reader(pdf).pages
    assert len(pages) % 2 == 0  # each fronts page followed by its backs
    for fronts, backs in zip(pages[0::2], pages[1::2], strict=True):
        # Flipped on the long edge, a card at x lands at (page width - x - card width).
        mirrored = [(width - x - w, y) for x, y, w, _ in bleeds(fronts)]
        assert same_places([(x, y) for x, y, _, _ in bleeds(backs)], mirrored)


@pytest.mark.parametrize("lang", LANGS)
def test_conditions_in_the_readers_language(sheet, project, lang):
    """Every card's words: read back from the PDF in Russian, from the sheet's HTML in the other languages."""
    from helpers import html_text

    from pnp.sheets import sheet_html

    game = load_game(project.rules / "gang-of-dice.yaml")
    tr = translator(project.locales, lang, project.root)
    if lang == "ru":
        words = text(sheet("gang-of-dice", "cards", lang=lang))
    else:
        words = html_text(sheet_html(project, game, tr, "cards"))
    for card in cards(game):
        assert spaced(tr.typeset(card_rules.condition_text(card, tr))) in spaced(words)
    for colour in ("yellow", "black"):
        card = next(c for c in cards(game) if c.colour == colour)
        assert spaced(tr.typeset(card_rules.colour_rule(card, tr))) in spaced(words)


def test_only_gang_of_dice_has_cards(project):
    variants = {"cards", "cards-low-ink", "cards-fold"}  # full colour, low ink, fold-over: all three always built
    for game_id, has in (("gang-of-dice", True), ("dicemants", False), ("dice-arena", False), ("dead-mans-dice", False)):
        kinds = {s.kind for s in sheets_for(load_game(project.rules / f"{game_id}.yaml"))}
        assert (variants & kinds) == (variants if has else set())


def test_icons_show_dice_that_trigger_the_card(project):
    from pnp.games.gang_of_dice.cards import triggers

    game = load_game(project.rules / "gang-of-dice.yaml")
    for card in cards(game):
        shown = [g.value for g in glyphs(card, game.params.face_max) if g.kind == "die"]
        assert shown and triggers(card, shown), card.id
