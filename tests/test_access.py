"""Tagged PDFs read back (pikepdf): structure tree, language, headings, lists, tables with header cells, and every
figure with its alternative text: every rulebook's pictures in every language in the HTML, one tagged rulebook per
game (four languages between them) and every sheet once in the PDF."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

import pikepdf
import pytest
from helpers import LANGS, PDF_CASES, game, html, tr
from tags import elements

from pnp.games import game_ids
from pnp.sheets import sheets_for

RULEBOOKS = [(g, lang) for g in game_ids() for lang in LANGS]
_IMG = re.compile(r"<img\b[^>]*>")
_ALT = re.compile(r'\balt="([^"]*)"')
SHEETS = [(g, s.kind) for g in game_ids() for s in sheets_for(game(g)) if not s.kind.startswith("cards")]


def bookmarks(items) -> int:
    return sum(1 + bookmarks(item.children) for item in items)


def structure(path) -> tuple[pikepdf.Pdf, list[pikepdf.Dictionary]]:
    pdf = pikepdf.open(path)
    root = pdf.Root
    assert "/StructTreeRoot" in root, "not a tagged PDF"
    assert root.MarkInfo.Marked is True
    return pdf, list(elements(root.StructTreeRoot))


def check_common(pdf: pikepdf.Pdf, tree: list[pikepdf.Dictionary], lang: str, title: str) -> list[str]:
    """What every tagged file has: its language, its title shown as the window's, the XMP of PDF/UA-1, figures with
    alternative text; returns the figures' alternative texts."""
    assert str(pdf.Root.Lang) == lang
    assert pdf.Root.ViewerPreferences.DisplayDocTitle is True
    assert str(pdf.docinfo.Title) == title
    with pdf.open_metadata() as xmp:
        assert xmp["dc:title"] == title
        assert xmp["pdfuaid:part"] == "1"
    alts = [str(e.get("/Alt", "")) for e in tree if e.S == "/Figure"]
    assert alts and all(alt.strip() for alt in alts), "a figure without alternative text"
    return alts


@pytest.mark.parametrize("game_id, lang", RULEBOOKS)
def test_every_picture_of_every_rulebook_has_alternative_text(game_id, lang):
    """In the HTML the PDF is made from (the tagged PDF's /Alt is its alt): every game in every language."""
    g, t = game(game_id), tr(lang)
    markup = html(game_id, lang)
    found = [_ALT.search(img) for img in _IMG.findall(markup)]
    alts = [unescape(alt.group(1)) if alt else "" for alt in found]
    assert alts and all(alt.strip() for alt in alts), "a picture without alternative text"
    # The dice table names each face by its die, from the rules data, in the reader's language.
    die = g.dice[-1]
    face = g.face(die.faces[-1])
    assert t.format(t.gettext("{die}: {face}"), die=t.text(die.name, g.values), face=t.text(face.name, g.values)) in alts


@pytest.mark.parametrize("game_id, lang", PDF_CASES)
def test_rulebook_is_tagged(made, game_id, lang):
    g, t = game(game_id), tr(lang)
    pdf, tree = structure(made(game_id, "rulebook", lang))
    alts = check_common(pdf, tree, lang, t.typeset(g.titles[lang]))
    kinds = Counter(str(e.S) for e in tree)
    assert kinds["/H1"] == 1 and kinds["/H2"] >= 4 and kinds["/L"] and kinds["/LI"]
    # The data tables have a head row of header cells, and the cells of their body point to their headers.
    tables = [e for e in tree if e.S == "/Table"]
    headed = [table for table in tables if any(c.S == "/THead" for c in elements(table))]
    assert len(headed) >= 2 and all(any(c.S == "/TH" for c in elements(table)) for table in headed)
    # (WeasyPrint links a header spanning two columns to the first only: the faces table's picture column.)
    assert all(any(len(c.A.Headers) for c in elements(table) if c.S == "/TD") for table in headed)
    # The dice table names each face by its die, from the rules data, in the reader's language.
    die = g.dice[-1]
    face = g.face(die.faces[-1])
    assert t.format(t.gettext("{die}: {face}"), die=t.text(die.name, g.values), face=t.text(face.name, g.values)) in alts
    assert bookmarks(pdf.open_outline().root) >= 5  # the title and the sections


def test_alternative_text_reads_as_the_brief_says(made):
    pdf, tree = structure(made("dicemants", "rulebook", "en"))
    alts = {str(e.Alt).replace("\N{NO-BREAK SPACE}", " ") for e in tree if e.S == "/Figure"}
    assert "Die B: snake" in alts


def test_pictures_beside_their_words_are_artifacts_not_figures(made):
    """The faces table shows each face next to its name: no figure for it, only the name is read."""
    g = game("dicemants")
    pdf, tree = structure(made("dicemants", "rulebook", "en"))
    named = [str(e.Alt) for e in tree if e.S == "/Figure" and ":" not in str(e.Alt)]
    shown = sum(len(d.faces) for d in g.dice)  # the dice table's faces, each a figure
    figures = [e for e in tree if e.S == "/Figure"]
    assert len(figures) - len(named) == shown
    content = b"".join(page.Contents.read_bytes() if not isinstance(page.Contents, pikepdf.Array)
                       else b"".join(c.read_bytes() for c in page.Contents) for page in pdf.pages)
    assert b"/Artifact" in content


@pytest.mark.parametrize("game_id, kind", SHEETS)
def test_sheet_is_tagged_and_says_what_it_shows(made, game_id, kind):
    g, t = game(game_id), tr("en")
    pdf, tree = structure(made(game_id, kind))
    title = str(pdf.docinfo.Title)
    assert title.startswith(t.typeset(g.titles["en"]) + "\N{NO-BREAK SPACE}– ")
    alts = check_common(pdf, tree, "en", title)
    assert "Calibration ruler: 50\N{NO-BREAK SPACE}mm and 2\N{NO-BREAK SPACE}in" in alts
    if kind in ("stickers", "paper-dice"):  # art to cut: each item named by its die and face
        art = " ".join(alts).replace("\N{NO-BREAK SPACE}", " ")
        for die in g.dice:
            if kind == "paper-dice" and die.paper:
                names = [t.text(g.face(f).name, g.values) for f in die.faces]
                assert t.text(die.name, g.values) in art and t.join(names) in art
        if kind == "stickers":
            assert any(f"Stickers: {t.text(f.name, g.values)}" in art or f": {t.text(f.name, g.values)}," in art
                       for f in g.faces)


def test_a_card_sheet_names_every_card_it_shows(made):
    """Art to cut: each page of fronts says which cards it holds, colour and condition, in the reader's words."""
    from pnp.games.gang_of_dice.cards import colour_name, condition_text
    from pnp.games.gang_of_dice.spec import cards

    g, t = game("gang-of-dice"), tr("en")
    pdf, tree = structure(made("gang-of-dice", "cards"))
    art = " ".join(str(e.get("/Alt", "")) for e in tree if e.S == "/Figure").replace("\N{NO-BREAK SPACE}", " ")
    for card in cards(g):
        said = f"{colour_name(card, t)} card: {condition_text(card, t)}".replace("\N{NO-BREAK SPACE}", " ")
        assert said in art, said
