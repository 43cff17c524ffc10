"""The warning cards' variants read back: low ink, fold-over for printers without duplex, and `--ink low` in the kit."""

from __future__ import annotations

import pypdf
import pypdfium2 as pdfium
import pytest
from gang_readback import characters, dark_share, grey_at
from helpers import font_sizes, page_texts
from helpers import tr as translation
from sheets.sheet_readback import A4, LETTER, MM, page_size, paths, reader, text

from pnp.games.gang_of_dice.kit import (
    BAND,
    BLEED,
    CARD_H,
    CARD_W,
    LOW_INSET,
    fold_pages,
    fold_title,
    sides,
    title_lines,
)
from pnp.games.gang_of_dice.spec import cards
from pnp.rules import load_game
from pnp.sheets import Options, kit_order
from pnp.sheets.page import Frame

TOLERANCE = 0.1
"""Physical sizes read back from the PDF, in millimetres."""
SMALLEST = 7.0
"""No word on a card or the pad under 7 pt."""
FOLD_INTRO = ("For a printer without double-sided printing: print one-sided, fold the page along the dashed line with "
              "the backs behind, glue the halves together, then cut along the crop marks.")


def _sized(box, w: float, h: float) -> bool:
    return abs(box[2] - w) < TOLERANCE and abs(box[3] - h) < TOLERANCE


def trims(page, ink: str) -> list[tuple[float, float, float, float]]:
    """The cut box of every card printed on a page: its bleed less 3 mm (full colour), or its frame plus the
    frame's inset (low ink, where nothing is printed near the cut)."""
    out = []
    for p in paths(page):
        if ink == "full":
            box = p.as_rect()
            if box and p.filled and _sized(box, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED):
                out.append((box[0] + BLEED, box[1] + BLEED, box[2] - 2 * BLEED, box[3] - 2 * BLEED))
        elif p.stroked and not p.filled and _sized(p.box, CARD_W - 2 * LOW_INSET, CARD_H - 2 * LOW_INSET):
            x, y, w, h = p.box
            out.append((x - LOW_INSET, y - LOW_INSET, w + 2 * LOW_INSET, h + 2 * LOW_INSET))
    return sorted(out)


def _near(a, b) -> bool:
    return all(abs(p - q) < TOLERANCE for p, q in zip(a, b, strict=True))


def test_low_ink_pages_take_a_tenth_of_the_ink(gang_pdf):
    """Dark = printed darker than mid-grey, measured on the page rendered at 50 dpi.

    The full-colour cards are 22–60 % dark a page (solid black and yellow fronts, navy backs); the low-ink ones
    must stay under 10 % on every page, like the other games' sheets, and under a fifth of the full file in all.
    """
    full, low = dark_share(gang_pdf("cards")), dark_share(gang_pdf("cards-low-ink"))
    assert len(full) == len(low) == 6
    assert min(full) > 0.20  # the yardstick: every full-colour page is heavily inked
    assert max(low) < 0.10, low
    assert sum(low) < sum(full) / 5, (sum(low), sum(full))
    assert max(low[1::2]) < 0.04  # the outline backs: a frame, a triangle and two words


def test_low_ink_cards_keep_the_full_cards_places_and_backs_are_outlines(gang_pdf):
    full, low = reader(gang_pdf("cards")).pages, reader(gang_pdf("cards-low-ink")).pages
    for full_page, low_page in zip(full, low, strict=True):
        # The same cut boxes as the full cards, so the same crop marks and the same duplex mirroring serve.
        low_trims, full_trims = trims(low_page, "low"), trims(full_page, "full")
        assert len(low_trims) == len(full_trims) and all(map(_near, low_trims, full_trims))
    for back in low[1::2]:
        filled = [p.as_rect() for p in paths(back) if p.filled and p.as_rect()]
        assert not [b for b in filled if b[2] > 10 and b[3] > 10 and b[1] > 30]  # no panel under the cards
        assert len(trims(back, "low")) == 6
    width = page_size(low[0])[0] * MM
    for fronts, backs in zip(low[0::2], low[1::2], strict=True):
        mirrored = sorted((width - x - w, y, w, h) for x, y, w, h in trims(fronts, "low"))
        assert all(_near(a, b) for a, b in zip(trims(backs, "low"), mirrored, strict=True))


def test_low_ink_colours_part_in_greyscale(gang_pdf, project):
    """Printed in grey, a yellow card's band stays light and a black card's black; the word and badge stay too."""
    game = load_game(project.rules / "gang-of-dice.yaml")
    pdf = gang_pdf("cards-low-ink")
    greys: dict[str, list[int]] = {"yellow": [], "black": []}
    for page, side in enumerate(sides(cards(game), Frame.of("a4"))):
        for _, card, slot in side.fronts:
            # The band's lower edge, below its words: inside the frame, 1 mm above where the white card begins.
            band_y = slot.trim.y + LOW_INSET + BAND - 1.0
            greys[card.colour].append(grey_at(pdf, page, slot.trim.x + slot.trim.w / 2, band_y))
    assert len(greys["yellow"]) == 9 and len(greys["black"]) == 9  # the deck in the rules data
    assert min(greys["yellow"]) > 170 and max(greys["black"]) < 40
    words = text(pdf)
    assert words.count("YELLOW") == 9 and words.count("BLACK") == 9


@pytest.mark.parametrize("paper, size, ink", [("a4", A4, "full"), ("letter", LETTER, "low")])  # each ink, each paper
def test_fold_over_cards_are_exact_and_their_backs_mirror_them_about_the_fold(gang_pdf, project, ink, paper, size):
    game = load_game(project.rules / "gang-of-dice.yaml")
    pdf = gang_pdf("cards-fold", paper=paper, ink=ink)
    pages = reader(pdf).pages
    width = size[0] * MM
    per_page = 3  # a 94 mm card with its bleed fits once each side of the fold; three rows fit A4 and Letter
    assert len(pages) == -(-len(cards(game)) // per_page)
    assert {page_size(p) for p in pages} == {size}
    english = translation("en")
    said = fold_title(english) + english.gettext(FOLD_INTRO)  # the other "fold"s on the page: its name, its intro
    printed = 0
    for page in pages:
        folds = [p.as_segment() for p in paths(page) if p.dashed and p.stroked and p.as_segment()]
        assert len(folds) == 1
        (x1, y1), (x2, y2) = folds[0]
        assert abs(x1 - x2) < 1e-6 and abs(x1 - width / 2) < TOLERANCE  # vertical, down the middle of the page
        fold = x1
        boxes = trims(page, ink)
        for _, _, w, h in boxes:
            assert abs(w - CARD_W) < TOLERANCE and abs(h - CARD_H) < TOLERANCE  # 88 x 63 mm once cut
        fronts = [b for b in boxes if b[0] + b[2] < fold]
        backs = [b for b in boxes if b[0] > fold]
        assert len(fronts) == len(backs) == len(boxes) // 2 and 1 <= len(fronts) <= per_page
        # Folded along the line, each back lies on its front: x mirrored about the fold, the same height.
        mirrored = sorted((2 * fold - x - w, y, w, h) for x, y, w, h in fronts)
        assert all(_near(a, b) for a, b in zip(sorted(backs), mirrored, strict=True))
        # Each back and its front 3 mm either side of the fold: the folded edge is in the bleed and is cut away.
        for x, _, w, _ in fronts:
            assert abs(fold - (x + w) - BLEED) < TOLERANCE
        # The fold runs past the printed block at both ends, and every row has its "fold" label.
        assert min(y1, y2) < min(y for _, y, _, _ in boxes) - BLEED
        assert max(y1, y2) > max(y + h for _, y, _, h in boxes) + BLEED
        labels = text(pdf, slice(printed, printed + 1)).count("fold") - said.count("fold")
        assert labels == len(fronts)
        printed += 1


# The two fold-over files the test above reads: each paper, each ink (no file built for this test alone).
@pytest.mark.parametrize("paper, ink", [("a4", "full"), ("letter", "low")])
def test_fold_over_crop_marks_stay_outside_and_continue_every_cut(gang_pdf, paper, ink):
    pdf = gang_pdf("cards-fold", paper=paper, ink=ink)
    for page in reader(pdf).pages:
        boxes = trims(page, ink)
        cuts_x = {round(v, 1) for x, _, w, _ in boxes for v in (x, x + w)}
        cuts_y = {round(v, 1) for _, y, _, h in boxes for v in (y, y + h)}
        marks = [p.as_segment() for p in paths(page) if p.stroked and not p.dashed and p.as_segment()
                 and 3.9 < p.length < 4.1]
        top = min(y for _, y, _, _ in boxes) - BLEED
        bottom = max(y + h for _, y, _, h in boxes) + BLEED
        left = min(x for x, _, _, _ in boxes) - BLEED
        right = max(x + w for x, _, w, _ in boxes) + BLEED
        vertical = [(a, b) for a, b in marks if abs(a[0] - b[0]) < 1e-6 and round(a[0], 1) in cuts_x]
        horizontal = [(a, b) for a, b in marks if abs(a[1] - b[1]) < 1e-6 and round(a[1], 1) in cuts_y]
        assert {round(a[0], 1) for a, _ in vertical} == cuts_x and {round(a[1], 1) for a, _ in horizontal} == cuts_y
        for a, b in vertical:  # above or below the block, never on a card
            assert max(a[1], b[1]) < top or min(a[1], b[1]) > bottom
        for a, b in horizontal:  # left or right of it
            assert max(a[0], b[0]) < left or min(a[0], b[0]) > right


def test_fold_pages_pair_each_card_with_its_back(project):
    game = load_game(project.rules / "gang-of-dice.yaml")
    for paper in ("a4", "letter"):
        frame = Frame.of(paper)
        laid = fold_pages(cards(game), frame)
        assert [n for page in laid for n, _, _ in page.fronts] == list(range(1, len(cards(game)) + 1))
        for page in laid:
            assert [(n, c) for n, c, _ in page.fronts] == [(n, c) for n, c, _ in page.backs]
            for (_, _, front), (_, _, back) in zip(page.fronts, page.backs, strict=True):
                assert back.trim == frame.mirrored(front.trim) and page.fold.x1 == frame.width / 2


def test_ink_low_puts_the_low_ink_cards_in_the_kit(gang_pdf, project, tmp_path):
    from helpers import tr

    from pnp.build import Job, Settings, _kit

    game = load_game(project.rules / "gang-of-dice.yaml")
    assert "cards" in kit_order(game, Options(ink="full")) and "cards-low-ink" not in kit_order(game, Options())
    assert "cards-low-ink" in kit_order(game, Options(ink="low")) and "cards" not in kit_order(game, Options(ink="low"))
    assert not {"cards-fold"} & set(kit_order(game, Options(ink="low")) + kit_order(game, Options(ink="full")))
    # The kit merged from the real low-ink cards and one-page stand-ins for the other parts.
    jobs = [Job(game, "en", "cards-low-ink", gang_pdf("cards-low-ink"))]
    for kind in ("rulebook", "stickers", "paper-dice", "score-pad", "cards", "cards-fold", "player-aid"):
        writer = pypdf.PdfWriter()
        writer.add_blank_page(595.28, 841.89)
        writer.write(tmp_path / f"{kind}.pdf")
        jobs.append(Job(game, "en", kind, tmp_path / f"{kind}.pdf"))
    job = Job(game, "en", "kit", tmp_path / "kit.pdf")
    _kit(job, tr("en"), jobs, Settings(project, Options(ink="low")))
    kit = pypdf.PdfReader(job.path)
    marks = {item.title: kit.get_destination_page_number(item) for item in kit.outline if not isinstance(item, list)}
    assert "Warning cards (low ink)" in marks and "Warning cards" not in marks
    assert not [title for title in marks if "fold" in title]
    # The pages under the bookmark are the low-ink file's, whole, starting on the front of a sheet.
    first = marks["Warning cards (low ink)"]
    assert first % 2 == 0
    kit_texts = page_texts(job.path)
    for i, words in enumerate(page_texts(gang_pdf("cards-low-ink"))):
        assert kit_texts[first + i] == words


# Type sizes do not change with the paper: the low-ink fold-over cards are read on Letter, the file built above.
@pytest.mark.parametrize("kind, ink, paper", [("cards", "full", "a4"), ("cards-low-ink", "full", "a4"),
                                              ("cards-fold", "full", "a4"), ("cards-fold", "low", "letter")])
def test_no_word_on_the_cards_under_7_pt(gang_pdf, kind, ink, paper):
    sizes = font_sizes(gang_pdf(kind, paper=paper, ink=ink))
    assert sizes and [s for s in sizes if s[1] < SMALLEST - 0.01] == []


def test_a_card_title_breaks_into_balanced_lines_never_a_lone_word_under_a_full_one():
    nb = "\u00a0"
    assert title_lines("Total of 7 or more", None) == f"Total{nb}of{nb}7{nb}or{nb}more"
    assert title_lines("Three or more dice of the same value", None) == (
        f"Three{nb}or{nb}more{nb}dice of{nb}the{nb}same{nb}value")
    # The language's typography binds first: the preposition stays with its noun, on the second line.
    assert title_lines("Хотя бы два кубика с чётными числами", translation("ru").typography) == (
        f"Хотя{nb}бы{nb}два{nb}кубика с{nb}чётными{nb}числами")


SAFE = {"full": 2.5, "low": LOW_INSET + 0.5}
"""How far inside the cut every word of a card stays: clear of a slightly-off cut, or inside the low-ink frame."""


# Each design in the two languages whose words run longest on it (the low-ink band holds less room).
@pytest.mark.parametrize("kind, ink, lang", [("cards", "full", "es"), ("cards", "full", "ru"),
                                             ("cards-low-ink", "full", "ca"), ("cards-low-ink", "full", "ru")])
def test_every_word_stays_inside_its_card(gang_pdf, project, lang, kind, ink):
    """In every language: each character printed over the cards lies inside one card, its safe margin kept."""
    game = load_game(project.rules / "gang-of-dice.yaml")
    document = pdfium.PdfDocument(gang_pdf(kind, lang=lang))
    laid = sides(cards(game), Frame.of("a4"))
    assert len(document) == len(laid)
    for page, side in zip(document, laid, strict=True):
        slots = [slot.trim for _, _, slot in side.cards]
        block = (min(t.x for t in slots) - BLEED, min(t.y for t in slots) - BLEED,
                 max(t.right for t in slots) + BLEED, max(t.bottom for t in slots) + BLEED)
        outside = []
        for character, left, top, right, bottom in characters(page):
            cx, cy = (left + right) / 2, (top + bottom) / 2
            if not (block[0] < cx < block[2] and block[1] < cy < block[3]):
                continue  # the page's own words: title, instructions, footer
            m = SAFE[ink]
            if not any(t.x + m <= left and right <= t.right - m and t.y + m <= top and bottom <= t.bottom - m
                       for t in slots):
                outside.append(character)
        assert outside == []
