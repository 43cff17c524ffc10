"""Rulebooks: the content of all 16 checked in their HTML, and one PDF per game and language read back."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po
from helpers import LANGS, PDF_CASES, ROOT, font_sizes, game, html, html_text, pdf_text, spaced, tr
from markupsafe import escape

from pnp.build import build
from pnp.games import game_ids

A4 = (595.276, 841.89)  # 210 x 297 mm in points
LETTER = (612.0, 792.0)  # 8.5 x 11 in
CASES = [(g, lang) for g in game_ids() for lang in LANGS]


def headings(game_id: str, lang: str) -> list[str]:
    """The section headings a rulebook must show, in the reader's language, as its typography sets them."""
    g, t = game(game_id), tr(lang)
    return [t.typeset(t.gettext("Components"))] + [
        t.typeset(t.text(s.title, g.values) if s.title else t.gettext(default))
        for s, default in ((g.section(i), d) for i, d in (
            ("setup", "Setup"), ("turn", "Playing a turn"), ("effects", "Effects"), ("end", "End of the game")))
        if s is not None
    ]


@pytest.mark.parametrize("game_id, lang", CASES)
def test_rulebook_content_comes_from_the_data_in_the_readers_language(game_id, lang):
    g, t = game(game_id), tr(lang)
    markup = html(game_id, lang)
    text = html_text(markup)
    assert f'<html lang="{lang}">' in markup
    assert f"<title>{escape(t.typeset(g.titles[lang]))}</title>" in markup  # Dead Man\u2019s Dice
    for heading in headings(game_id, lang):
        assert f"<h2>{escape(heading)}</h2>" in markup
    # Numbers come from the data, formatted for the locale.
    assert f"{t.number(g.players[0])}–{t.number(g.players[1])}" in text
    for face in (f for f in g.faces if f.effect):  # faces that do something are named with their effect
        assert t.typeset(t.text(face.name, g.values)) in text
        assert t.typeset(t.text(face.effect, g.values)) in text
    for die in g.dice:
        assert t.typeset(t.text(die.name, g.values)) in text


def fonts(reader: pypdf.PdfReader) -> set[tuple[str, bool]]:
    found = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant["/FontDescriptor"].get_object()
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.add((str(font["/BaseFont"]).split("+", 1)[-1], embedded))
    return found


def _flat(outline):
    for item in outline:
        if isinstance(item, list):
            yield from _flat(item)
        else:
            yield item


PAGES = {("dicemants", "ru"): 7, ("gang-of-dice", "es"): 6, ("dice-arena", "ca"): 5, ("dead-mans-dice", "en"): 6}
"""Page counts as laid out and looked at: a change means the layout moved. Dice Arena in Catalan fits the five
pages of the English (its quick reference pulled back by the tighter setting, see pnp/pdf.py)."""


@pytest.mark.parametrize("game_id, lang", PDF_CASES)
def test_rulebook_pdf_reads_back(made, game_id, lang):
    pdf = made(game_id, "rulebook", lang)
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == PAGES[game_id, lang]
    text = pdf_text(pdf)
    g = game(game_id)
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == (round(A4[0], 2), round(A4[1], 2))
    t = tr(lang)
    assert reader.metadata.title == t.typeset(g.titles[lang])
    assert reader.metadata.author == t.typeset(g.designer_in(lang))
    assert reader.trailer["/Root"]["/Lang"] == lang
    assert {f for f, _ in fonts(reader)} <= {"PT-Serif", "PT-Serif-Bold", "PT-Serif-Italic", "PT-Sans", "PT-Sans-Bold"}
    assert all(embedded for _, embedded in fonts(reader))
    outline = [item.title for item in _flat(reader.outline)]
    assert outline[0] == t.typeset(g.titles[lang])
    for heading in headings(game_id, lang):
        assert heading in outline and spaced(heading) in text  # a bookmark, and on the page
    assert f"{t.number(g.players[0])}–{t.number(g.players[1])}" in text
    assert min(size for _, size, _ in font_sizes(pdf)) >= 7.0 - 0.01  # points


@cache
def english_fragments(root: Path) -> list[str]:
    """Runs of at least five English words from the source strings, without placeholders."""
    with (root / "locales" / "pnp.pot").open("rb") as fh:
        catalog = read_po(fh)
    fragments = set()
    for message in catalog:
        for msgid in (message.id if isinstance(message.id, tuple) else (message.id,)):
            for run in re.split(r"\{[^}]*\}|[:;()]", msgid or ""):
                words = run.strip(" .,").split()
                if len(words) >= 5:
                    fragments.add(" ".join(words))
    return sorted(fragments)


@pytest.mark.parametrize("game_id, lang", [c for c in CASES if c[1] != "en"])
def test_no_english_sentence_left_in_translated_rulebooks(game_id, lang):
    text = html_text(html(game_id, lang))
    english = html_text(html(game_id, "en"))
    present = [f for f in english_fragments(ROOT) if f in english]
    assert len(present) > 20  # the check really looks at this game's sentences
    assert [f for f in present if f in text] == []


def test_letter_paper(made):
    reader = pypdf.PdfReader(made("dice-arena", "rulebook", "ca", "letter"))  # the shortest rulebook
    assert len(reader.pages) >= 2
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == LETTER


def test_renders_read_nothing_outside_the_project(project_copy):
    """A URL outside the project stops the build, located to the template line that asks for it; nothing is written."""
    from pnp.errors import InputError

    css = project_copy.templates / "rulebook.css"
    text = css.read_text()
    css.write_text(text + '\nbody { background-image: url("https://example.com/x.png"); }\n')
    line = len(text.split("\n")) + 1
    with pytest.raises(InputError) as caught:
        build(project_copy, ["dead-mans-dice"], ["en"], out=project_copy.root / "output", workers=1,
              kinds=["rulebook"])
    assert str(caught.value) == (f"templates/rulebook.css:{line}: refused to read https://example.com/x.png: "
                                 "only project files and data: URIs may be used")
    assert not (project_copy.root / "output").exists()


class _Prose(HTMLParser):
    """The sentences of a rulebook's running text and headings: every paragraph, list item and heading outside the
    components section and the title block's facts (lists of things, «2–6 jugadores»), table cells left out."""

    BLOCKS = ("p", "li", "h1", "h2", "h3", "h4", "aside", "figcaption")

    def __init__(self) -> None:
        super().__init__()
        self.open: list[list[str]] = []
        self.skip: list[str] = []
        self.blocks: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag in ("style", "td", "th") or {"components", "meta"} & set(classes):
            self.skip.append(tag)
        elif tag in self.BLOCKS:
            self.open.append([tag, ""])

    def handle_endtag(self, tag: str) -> None:
        if self.skip and self.skip[-1] == tag:
            self.skip.pop()
        elif tag in self.BLOCKS and self.open and self.open[-1][0] == tag:
            name, text = self.open.pop()
            if text.strip():
                self.blocks.append((name, " ".join(text.split())))

    def handle_data(self, data: str) -> None:
        if not self.skip and self.open:
            self.open[-1][1] += data


@pytest.mark.parametrize("game_id, lang", CASES)
def test_no_sentence_or_heading_starts_with_a_digit(game_id, lang):
    """Every language tells a count that opens a sentence in words, or recasts the sentence (`{n:Word}`)."""
    prose = _Prose()
    prose.feed(html(game_id, lang))
    assert len(prose.blocks) > 30
    starts = [f"<{tag}> {sentence[:60]}" for tag, text in prose.blocks
              for sentence in re.split(r"(?<=[.!?])\s+", text) if re.match(r"[\d\u2212]", sentence)]
    assert starts == []


@pytest.mark.parametrize("lang, expected", [
    ("en", "All three diamonds go into your bag."),
    ("es", "un diamante"),
    ("ca", "un diamant"),
    ("ru", "один алмаз"),
])
def test_a_worked_example_says_a_small_count_in_words(lang, expected):
    assert expected in html_text(html("dicemants", lang)).replace("\u00a0", " ")


@pytest.mark.parametrize("game_id", game_ids())
def test_a_lead_sentence_is_kept_with_what_it_introduces(game_id):
    """A paragraph followed by a table or a list is a lead (`break-after: avoid`); no other paragraph is."""
    markup = html(game_id, "en")
    leads = re.findall(r'<p class="lead">.*?</p>\s*<(\w+)', markup, re.S)
    assert leads and set(leads) <= {"table", "ol", "ul"}
    rules = markup[:markup.index('<section class="examples">')] if "examples" in markup else markup
    others = re.findall(r"<p>(?:(?!</p>).)*</p>\s*<(?:table|ol|ul)\b", rules, re.S)  # odds intros: in a kept div
    assert others == []
    assert "p.lead { break-after: avoid; }" in (ROOT / "templates" / "rulebook.css").read_text()


def test_each_face_picture_is_defined_once_and_referenced_where_shown():
    """A rulebook shows faces a hundred times or more: each page refers to a picture held once, not a copy each."""
    import re

    from pnp.templating import face_data

    page = html("dicemants", "en")
    refs = re.findall(r'src="(pnp-face:[0-9a-f]{16}\.svg)"', page)
    assert len(refs) > 100 and len(set(refs)) < 20
    assert "data:image/svg+xml" not in page
    assert all(face_data(ref).startswith("data:image/svg+xml;base64,") for ref in set(refs))
