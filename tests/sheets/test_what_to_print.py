"""The what-to-print page: page ranges, paper and copies for each part, and what to buy, from the rules data."""

from __future__ import annotations

import pytest
from helpers import game, tr

from pnp.sheets import Options, sheets_for
from pnp.sheets.guide import kit_parts, shopping

BUY = {
    "dicemants": [("Blank dice, 16 mm, or paper dice", ((0, 6),))],
    # One shared set; the kit's full sticker sets make blank dice into Gang dice too.
    "gang-of-dice": [("Ordinary six-sided dice, about 16 mm (or blank 16 mm dice with the stickers)", ((0, 12),))],
    # 9 / 8 / 7 / 6 arena dice each for 2 / 3 / 4 / 5 players, and the neutral die.
    "dice-arena": [("Ordinary six-sided dice, about 16 mm",
                    ((2, 19), (3, 25), (4, 29), (5, 31)))],
    # One Jolly Roger die and two regular dice each.
    "dead-mans-dice": [("Ordinary six-sided dice, about 16 mm, in one colour per player (or blank 16 mm dice with the "
                        "players' stickers)",
                        ((2, 6), (3, 9), (4, 12), (5, 15), (6, 18)))],
}


def parts_of(g, pages: int = 2):
    t = tr("en")
    order = [("rulebook", "Rulebook", False, 6)]
    order += [(s.kind, s.title(t, g), s.duplex, pages) for s in sheets_for(g) if s.in_kit(Options())]
    return kit_parts(g, order, [])


@pytest.mark.parametrize("game_id", list(BUY))
def test_the_dice_to_buy_come_from_the_rules_data(game_id):
    g = game(game_id)
    bought = [(b.what, b.counts) for b in shopping(g, tr("en"), parts_of(g))]
    assert bought[:1] == BUY[game_id]


def test_the_shopping_list_adds_paper_glue_and_the_parts_not_printed():
    g = game("dicemants")
    bought = {b.what: b.counts for b in shopping(g, tr("en"), parts_of(g))}
    # Stickers 2 pages; card: the aid's 2 pages, and the paper dice's 2 only for a table that makes its dice of paper.
    assert bought["Sticker paper (full-page labels)"] == ((0, 2),)
    assert bought["Card, 160–250 g/m², for the sheets printed on card"] == ((0, 2),)
    assert bought["Glue stick (for paper dice)"] == ()  # a tool: no count
    assert bought["Pencil"] == ((0, 1),) and bought["Cup or opaque pouch to draw the dice from"] == ((0, 1),)
    assert not any(what.startswith(("Score pad", "Mine mat")) for what in bought)  # printed, not bought


def test_page_ranges_follow_the_kit_and_duplex_parts_start_on_a_front():
    g = game("gang-of-dice")
    ranges = {p.kind: (p.first, p.last, p.stock, p.duplex) for p in parts_of(g, pages=3)}
    kinds = list(ranges)
    assert kinds[0] == "rulebook" and ranges["rulebook"][:2] == (2, 7)
    cards = ranges["cards"]
    assert cards[0] % 2 == 1 and cards[2] == "card" and cards[3] is True  # a front page, on card, duplex
    assert ranges["stickers"][2] == "sticker" and ranges["paper-dice"][2] == "card"
    # With two pages a part, the cards would start on a back: the kit's inserted blank is listed before them.
    listed = [(p.kind, p.first, p.last) for p in parts_of(g, pages=2)]
    at = [k for k, _, _ in listed].index("cards")
    assert listed[at - 1] == ("blank", listed[at][1] - 1, listed[at][1] - 1) and listed[at][1] % 2 == 1
    assert all(a[2] + 1 == b[1] for a, b in zip(listed, listed[1:], strict=False))  # every page listed, once


def test_letter_lists_paper_by_its_us_weight_too():
    g = game("gang-of-dice")
    parts = parts_of(g)
    assert "Card, 160–250 g/m², for the sheets printed on card" in [b.what for b in shopping(g, tr("en"), parts)]
    assert "Card stock, 65–110 lb cover (160–250 g/m²), for the sheets printed on card" in [
        b.what for b in shopping(g, tr("en"), parts, letter=True)]


def test_the_player_aid_prints_a_page_per_two_players():
    g = game("dead-mans-dice")
    aid = next(p for p in parts_of(g, pages=3) if p.kind == "player-aid")
    assert aid.copies == ((2, 1), (3, 2), (4, 2), (5, 3), (6, 3))


def test_a_short_aid_prints_three_to_a_page():
    g = game("dice-arena")  # its spec: aids_per_page=3
    aid = next(p for p in parts_of(g, pages=2) if p.kind == "player-aid")
    assert aid.copies == ((2, 1), (3, 1), (4, 2), (5, 2))


def test_parts_marked_not_to_buy_stay_off_the_list():
    # Gang of Dice's `dice` part is the dice row above, and its score pad is printed: neither is listed twice.
    g = game("gang-of-dice")
    assert [b.what for b in shopping(g, tr("en"), [])] == [
        "Ordinary six-sided dice, about 16 mm (or blank 16 mm dice with the stickers)", "Pencil"]


def test_the_card_count_leaves_out_the_optional_paper_dice_and_says_how_many_with_them():
    g = game("gang-of-dice")  # ordinary dice will do: its paper dice and stickers are optional
    bought = {b.what: (b.counts, b.note) for b in shopping(g, tr("en"), parts_of(g))}
    # Card: the aid's 2 pages and the cards' 2 pages double-sided (1 sheet); the paper dice's 2 pages besides.
    assert bought["Card, 160–250 g/m², for the sheets printed on card"] == (((0, 3),), "5 with the paper dice")
    assert bought["Sticker paper (full-page labels)"] == (((0, 2),), "optional")  # its 2 pages
    miners = game("dicemants")  # blank dice with stickers, or paper dice: the card count says both
    notes = {b.what: b.note for b in shopping(miners, tr("en"), parts_of(miners))}
    assert notes.pop("Card, 160–250 g/m², for the sheets printed on card") == "4 with the paper dice"
    assert all(note == "" for note in notes.values())
    pirates = game("dead-mans-dice")  # its stickers say whose die is whose: not optional
    assert all(b.note == "" for b in shopping(pirates, tr("en"), parts_of(pirates)))


def test_the_sticker_paper_for_ordinary_dice_is_the_first_page_and_blank_dice_take_every_page(project):
    """Dead Man's Dice: the skull stickers for ordinary dice open the sheet; the blank dice's sets fill the rest."""
    from helpers import html_text

    from pnp.sheets.dice import ordinary_sticker_pages, sticker_pages
    from pnp.sheets.guide import guide_html
    from pnp.sheets.page import Frame

    pirates, frame, size = game("dead-mans-dice"), Frame.of("a4"), Options().sticker_size
    assert (ordinary_sticker_pages(pirates, frame, size), len(sticker_pages(pirates, frame, size))) == (1, 2)
    bought = {b.what: (b.counts, b.note) for b in shopping(pirates, tr("en"), parts_of(pirates), ordinary_stickers=1)}
    assert bought["Sticker paper (full-page labels)"] == (((0, 1),), "2 with blank dice")
    # The Print column names the page: the stickers are pages 8-9 of this kit (rulebook 2-7).
    text = html_text(guide_html(project, pirates, tr("en"), "a4", Options(), parts_of(pirates)))
    assert "Stickers stickers.pdf Sticker paper One-sided With ordinary dice, page\u00a08 only; with blank dice, every page" in text
    assert "Sticker paper (full-page labels) 1 (2\u00a0with blank dice)" in text
    assert ordinary_sticker_pages(game("dicemants"), frame, size) == 0  # no sticker for an ordinary die


def test_a_part_to_buy_is_listed_by_its_own_name_without_the_article_its_running_name_has():
    from babel.messages.catalog import Catalog

    from pnp.i18n import load_translator

    catalog = Catalog(locale="es")
    catalog.add("pencil", "un lápiz", context="gang-of-dice")
    catalog.add("Pencil", "Lápiz", context="gang-of-dice")
    g = game("gang-of-dice")
    assert [b.what for b in shopping(g, load_translator(catalog, "es", "es.po"), [])][-1] == "Lápiz"
