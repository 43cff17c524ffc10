"""The 16 rulebooks read back from their PDFs: size, metadata, fonts, bookmarks and language."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po

from pnp.build import build
from pnp.i18n import translator
from pnp.model import GAME_IDS, LANGS
from pnp.rules import load_game

A4 = (595.276, 841.89)  # 210 x 297 mm in points
LETTER = (612.0, 792.0)  # 8.5 x 11 in
CASES = [(g, lang) for g in GAME_IDS for lang in LANGS]


@lru_cache(maxsize=None)
def read(path: Path) -> tuple[pypdf.PdfReader, str]:
    reader = pypdf.PdfReader(path)
    text = "\n".join(page.extract_text() for page in reader.pages)
    return reader, normalize(text)


def normalize(text: str) -> str:
    text = re.sub(r"-\n", "", text)  # words hyphenated at a line end
    return re.sub(r"\s+", " ", text)


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


@pytest.mark.parametrize("game_id, lang", CASES)
def test_rulebook_reads_back(built, project, game_id, lang):
    reader, text = read(built / game_id / lang / "rulebook.pdf")
    game = load_game(project.rules / f"{game_id}.yaml")
    tr = translator(project.locales, lang, project.root)
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == (round(A4[0], 2), round(A4[1], 2))
    assert reader.metadata.title == game.titles[lang]
    assert reader.metadata.author == game.designer
    assert reader.trailer["/Root"]["/Lang"] == lang
    assert {f for f, _ in fonts(reader)} <= {"PT-Serif", "PT-Serif-Bold", "PT-Serif-Italic", "PT-Sans", "PT-Sans-Bold"}
    assert all(embedded for _, embedded in fonts(reader))
    # Headings in the reader's language, as bookmarks and on the page.
    headings = [tr.gettext("Components")] + [
        tr.text(s.title, game.values) if s.title else tr.gettext(default)
        for s, default in ((game.section(i), d) for i, d in (
            ("setup", "Setup"), ("turn", "Playing a turn"), ("effects", "Effects"), ("end", "End of the game")))
        if s is not None
    ]
    outline = [item.title for item in reader.outline[0:1]] + [item.title for item in _flat(reader.outline)]
    assert outline[0] == game.titles[lang]
    for heading in headings:
        assert heading in outline and heading in text
    # Numbers come from the data, formatted for the locale.
    assert f"{tr.number(game.players[0])}–{tr.number(game.players[1])}" in text
    for face in (f for f in game.faces if f.effect):  # faces that do something are named with their effect
        assert tr.text(face.name, game.values) in text
        assert tr.text(face.effect, game.values) in text


def _flat(outline):
    for item in outline:
        if isinstance(item, list):
            yield from _flat(item)
        else:
            yield item


@lru_cache(maxsize=None)
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
def test_no_english_sentence_left_in_translated_rulebooks(built, project, game_id, lang):
    _, text = read(built / game_id / lang / "rulebook.pdf")
    _, english = read(built / game_id / "en" / "rulebook.pdf")
    present = [f for f in english_fragments(project.root) if f in english]
    assert len(present) > 20  # the check really looks at this game's sentences
    assert [f for f in present if f in text] == []


def test_letter_paper(project, tmp_path):
    build(project, ["dicemants"], ["ca"], paper="letter", out=tmp_path)
    reader = pypdf.PdfReader(tmp_path / "dicemants" / "ca" / "rulebook.pdf")
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == LETTER


def test_renders_read_nothing_outside_the_project(project_copy):
    from pnp.errors import InputError

    css = project_copy.templates / "rulebook.css"
    css.write_text(css.read_text() + '\nbody { background-image: url("https://example.com/x.png"); }\n')
    with pytest.raises(InputError, match="refused to read https://example.com/x.png"):
        build(project_copy, ["dicemants"], ["en"], out=project_copy.root / "output")
