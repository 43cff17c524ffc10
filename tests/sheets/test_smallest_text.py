"""No text under 7 pt on any sheet: every sheet of every game read back, in the longest language; the rulebooks'
check is with their read-back in test_rulebooks, the cards' in the Gang of Dice tests."""

from __future__ import annotations

import pytest
from helpers import font_sizes, game
from sheet_readback import MM, page_size, paths, reader

from pnp.games import game_ids
from pnp.sheets import sheets_for

SMALLEST = 7.0  # points


SHEETS = [(game_id, sheet.kind) for game_id in game_ids() for sheet in sheets_for(game(game_id))
          if not sheet.kind.startswith("cards")]
"""Every sheet of every game; the cards have their own checks in the Gang of Dice tests."""
ON_LETTER = {("dicemants", "stickers"), ("dicemants", "paper-dice"), ("dicemants", "mats"), ("dice-arena", "mats"),
             ("gang-of-dice", "score-pad"), ("gang-of-dice", "player-aid")}
"""The sheets other tests build on Letter too: read on the shorter page. The others are read on A4, the file the
accessibility test reads (a Letter file of each was a render for this test alone, about 0.5 s of CPU each); their
Letter pages are held to the margins where they are laid out (below)."""


@pytest.mark.parametrize("game_id, kind", SHEETS)
def test_no_text_under_7_pt_and_nothing_off_the_page(made, game_id, kind):
    """Type sizes are set in the stylesheets, the same in every language (the words' fit is each sheet's own
    test) and on every paper (no sheet scales its text to the page): one file is read, on Letter where the suite
    builds it anyway, else on A4, and its margins are read on it too."""
    pdf = made(game_id, kind, paper="letter" if (game_id, kind) in ON_LETTER else "a4")
    sizes = font_sizes(pdf)
    assert sizes  # the sheet has text to measure
    assert [(page + 1, round(size, 2), char) for page, size, char in sizes if size < SMALLEST - 0.01] == []
    for page in reader(pdf).pages:
        width, height = (float(v) * MM for v in page_size(page))
        for path in paths(page):
            left, top, w, h = path.box
            # Everything keeps the 10 mm margin a home printer needs (crop marks may reach 5 mm).
            assert left >= 5 - 0.1 and top >= 5 - 0.1, path.box
            assert left + w <= width - 5 + 0.1 and top + h <= height - 5 + 0.1, path.box


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheets_content_is_laid_out_inside_the_body_of_the_page(project, paper):
    """Where the sheets read back above on A4 only are laid out: every sticker, net, heading and aid of every
    game stays inside the page's body (inside its 10 mm margins, under the title band and over the ruler's), on
    each paper; the pads' rows are held to it in test_pads_mats_aids."""
    from pnp.sheets import Options
    from pnp.sheets.aid import aid_boxes, per_page
    from pnp.sheets.dice import net_pages, sticker_pages
    from pnp.sheets.page import MARGIN, Frame

    frame, options = Frame.of(paper), Options()
    body = frame.body
    assert body.x >= MARGIN and body.right <= frame.width - MARGIN and body.bottom <= frame.height - MARGIN
    laid = 0
    for game_id in game_ids():
        g = game(game_id)
        pages = sticker_pages(g, frame, options.sticker_size) + net_pages(g, frame, options.paper_die_size)
        boxes = [(p.x, p.y, p.item.block.w, p.item.block.h) for page in pages for p in page]
        boxes += [(b.x, b.y, b.w, b.h) for b in aid_boxes(frame, per_page(g))]
        for x, y, w, h in boxes:
            assert body.x - 1e-6 <= x and x + w <= body.right + 1e-6, (game_id, x, w)
            assert body.y - 1e-6 <= y and y + h <= body.bottom + 1e-6, (game_id, y, h)
        laid += len(boxes)
    assert laid > 100  # every game's stickers, nets and aids were placed


@pytest.mark.parametrize("game_id", game_ids())
def test_the_what_to_print_page_has_no_text_under_7_pt_and_fits_one_page(project, tmp_path, game_id):
    from helpers import tr

    from pnp.pdf import render_pdf
    from pnp.project import FONTS_DIR
    from pnp.sheets import Options
    from pnp.sheets.guide import guide_html, kit_parts

    g, t = game(game_id), tr("ru")
    order = [("rulebook", "Rulebook", False, 6)] + [(s.kind, s.title(t, g), s.duplex, 3) for s in sheets_for(g)]
    html = guide_html(project, g, t, "a4", Options(), kit_parts(g, order, []))
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    (tmp_path / "guide.pdf").write_bytes(data)
    sizes = font_sizes(tmp_path / "guide.pdf")
    assert {page for page, _, _ in sizes} == {0, 1}  # the guide on one page, then the blank back's note
    assert min(size for _, size, _ in sizes) >= SMALLEST - 0.01


def test_the_measure_sees_small_text(tmp_path, project):
    """The check can fail: a page set in 6 pt is caught."""
    from pnp.pdf import render_pdf
    from pnp.project import FONTS_DIR

    html = '<html><body><p style="font: 6pt \'PT Sans\'">tiny</p><p style="font: 9pt \'PT Sans\'">big</p></body></html>'
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    (tmp_path / "t.pdf").write_bytes(data)
    sizes = {char: round(size, 2) for _, size, char in font_sizes(tmp_path / "t.pdf")}
    assert sizes["t"] == 6.0 and sizes["g"] == 9.0
