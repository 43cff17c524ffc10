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
from tags import content, elements

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


RULEBOOK_PDFS = (*PDF_CASES, ("dicemants", "en"))
"""Every rulebook PDF the suite builds (the `made` fixture) is read back here: every game once and every language
once (PDF_CASES), and English twice (Dead Man's Dice, Dicemants). The other rulebooks of the sixteen are checked in
their HTML (above and below): a PDF read back costs its render, about 1.5 s of CPU each, and the structure tree is
WeasyPrint's of the same HTML; Dead Man's Dice in Russian, once here, was a render only this test made."""

_HEADING = re.compile(r"<h([1-6])\b")
_PICTURE = re.compile(r'<img\b|<svg\b[^>]*\brole="img"')


def picture_texts(game_id: str, lang: str) -> tuple[set[str], re.Pattern[str]]:
    """What a rulebook's picture may say, from the rules data through the catalogs: a face's name, a die's face
    ("Die B: snake"), a card (Gang of Dice), the examples' arrow; or a face and its owner (Dead Man's Dice)."""
    from pnp.games.gang_of_dice.cards import card_alt
    from pnp.games.gang_of_dice.spec import cards

    g, t = game(game_id), tr(lang)
    faces = [t.text(f.name, g.values) for f in g.faces]
    said = set(faces) | {t.format(t.gettext("{die}: {face}"), die=t.text(d.name, g.values),
                                  face=t.text(g.face(f).name, g.values)) for d in g.dice for f in d.faces}
    said.add(t.pgettext("picture", "then"))
    if game_id == "gang-of-dice":
        said |= {card_alt(card, t) for card in cards(g)}
    said |= {t.typeset(text) for text in said}  # a drawing's title is text of the page, set as the language sets it
    owned = re.escape(t.format(t.gettext("{face} ({owner})"), face="\0", owner="\1"))
    owned = owned.replace(re.escape("\0"), "(?:" + "|".join(map(re.escape, faces)) + ")").replace(
        re.escape("\1"), r"[^()]+")
    return said, re.compile(owned)


@pytest.mark.parametrize("game_id, lang", RULEBOOKS)
def test_every_rulebook_says_what_its_tags_are_made_of(game_id, lang):
    """In the HTML each tagged PDF is made from, every game in every language (the PDFs the suite builds are read
    back below): the language and title, headings from one h1 down with no level skipped, a head row for the data
    tables, and every picture's text (an image's alt, a drawing's title) the rules data's in the reader's words."""
    g, t = game(game_id), tr(lang)
    markup = html(game_id, lang)
    assert re.search(rf'<html\b[^>]*\blang="{lang}"', markup)
    assert f"<title>{t.typeset(g.titles[lang])}</title>" in markup
    body = markup[markup.index("<body"):]
    levels = [int(level) for level in _HEADING.findall(body)]
    assert levels[0] == 1 and levels.count(1) == 1 and levels.count(2) >= 4
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels
    assert markup.count("<thead") >= 2 and markup.count("<th") > markup.count("<thead")
    found = [_ALT.search(img) for img in _IMG.findall(markup)]
    alts = [unescape(alt.group(1)) if alt else "" for alt in found]
    titles = [unescape(title) for title in re.findall(r'<svg\b[^>]*\brole="img"[^>]*>\s*<title>([^<]*)</title>', markup)]
    assert len(alts) + len(titles) == len(_PICTURE.findall(markup))  # every drawing shown as a picture has a title
    said, owned = picture_texts(game_id, lang)
    assert alts and [alt for alt in alts + titles if alt not in said and not owned.fullmatch(alt)] == []
    # The dice table names each face by its die, from the rules data, in the reader's language.
    assert {t.format(t.gettext("{die}: {face}"), die=t.text(d.name, g.values), face=t.text(g.face(f).name, g.values))
            for d in g.dice for f in d.faces} <= set(alts)


@pytest.mark.parametrize("game_id, lang", RULEBOOK_PDFS)
def test_rulebook_is_tagged(made, game_id, lang):
    """Read back: the language, title and marking; headings from one H1 down, no level skipped, as many as the
    page has; tables with header cells; every picture a figure whose text is the rules data's in the reader's
    language, and nothing else a figure (the art beside its words is drawn as an artifact)."""
    g, t = game(game_id), tr(lang)
    pdf, tree = structure(made(game_id, "rulebook", lang))
    alts = check_common(pdf, tree, lang, t.typeset(g.titles[lang]))
    markup = html(game_id, lang)
    levels = [int(str(e.S)[2]) for e in tree if re.fullmatch(r"/H[1-6]", str(e.S))]
    assert levels[0] == 1 and levels.count(1) == 1 and levels.count(2) >= 4
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels  # no level skipped
    assert levels == [int(level) for level in _HEADING.findall(markup[markup.index("<body"):])]
    kinds = Counter(str(e.S) for e in tree)
    assert kinds["/L"] and kinds["/LI"]
    # The data tables have a head row of header cells, and the cells of their body point to their headers.
    tables = [e for e in tree if e.S == "/Table"]
    headed = [table for table in tables if any(c.S == "/THead" for c in elements(table))]
    # A table that runs onto the next page goes on there, head repeated, as the first element of the section's
    # continuation: one table of the page, counted once.
    continued = [e.K[0] for e in tree if e.S == "/Sect" and isinstance(e.K, pikepdf.Array) and len(e.K)
                 and isinstance(e.K[0], pikepdf.Dictionary) and e.K[0].get("/S") == "/Table"]
    assert len(headed) - len(continued) == markup.count("<thead") >= 2
    assert all(any(c.S == "/TH" for c in elements(table)) for table in headed)
    # (WeasyPrint links a header spanning two columns to the first only: the faces table's picture column.)
    assert all(any(len(c.A.Headers) for c in elements(table) if c.S == "/TD") for table in headed)
    # Every picture of the page is a figure, saying what the rules data calls it, in the reader's language.
    said, owned = picture_texts(game_id, lang)
    assert len(alts) == len(_PICTURE.findall(markup))
    assert [alt for alt in alts if alt not in said and not owned.fullmatch(alt)] == []
    dice = {t.format(t.gettext("{die}: {face}"), die=t.text(d.name, g.values), face=t.text(g.face(f).name, g.values))
            for d in g.dice for f in d.faces}
    assert dice <= set(alts)
    assert any(b"/Artifact" in content(page) for page in pdf.pages)  # the art beside its words
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
