"""No text under 7 pt on any sheet: every sheet of every game read back, in the longest language; the rulebooks'
check is with their read-back in test_rulebooks."""

from __future__ import annotations

import pytest
from helpers import font_sizes

from pnp.build import build, kinds
from pnp.games import game_ids

SMALLEST = 7.0  # points


@pytest.fixture(scope="module")
def sheets(project, tmp_path_factory):
    """Every sheet of every game in Russian (the longest texts, so any shrink-to-fit would show), built once."""
    out = tmp_path_factory.mktemp("sheets")
    report = build(project, None, ["ru"], out=out, kinds=[k for k in kinds() if k not in ("rulebook", "kit")],
                   workers=2)
    return {game_id: [p for p in report.written if p.parent.parent.name == game_id] for game_id in game_ids()}


@pytest.mark.parametrize("game_id", game_ids())
def test_no_text_under_7_pt(sheets, game_id):
    from helpers import game

    from pnp.sheets import sheets_for

    assert sorted(p.stem for p in sheets[game_id]) == sorted(s.kind for s in sheets_for(game(game_id)))
    for pdf in sheets[game_id]:
        sizes = font_sizes(pdf)
        assert sizes, pdf.name  # the sheet has text to measure
        small = [(page + 1, round(size, 2), char) for page, size, char in sizes if size < SMALLEST - 0.01]
        assert small == [], pdf.name


@pytest.mark.parametrize("game_id", game_ids())
def test_the_what_to_print_page_has_no_text_under_7_pt_and_fits_one_page(project, tmp_path, game_id):
    from helpers import game, tr

    from pnp.pdf import render_pdf
    from pnp.project import FONTS_DIR
    from pnp.sheets import Options, sheets_for
    from pnp.sheets.guide import guide_html, kit_parts

    g, t = game(game_id), tr("ru")
    order = [("rulebook", "Rulebook", False, 6)] + [(s.kind, s.title(t), s.duplex, 3) for s in sheets_for(g)]
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
