"""Any language a translator brings: found from locales/, started by `pnp catalog init`, measured by `pnp catalog
stats`, refused incomplete unless highlighted, and printed in the shipped fonts (Noto behind PT for Greek)."""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from babel.messages.catalog import Catalog
from helpers import LANGS, PROJECT, run

from pnp.build import build
from pnp.catalogs import todo
from pnp.i18n import MISSING, font_gaps, po_path, translator
from pnp.project import catalog_languages, drawable

NB = "\u00a0"
HIGHLIGHT = (255, 217, 102)
"""The fill of a missing translation's highlight (i18n.MISSING_MARK, #ffd966)."""

FRENCH = {  # (msgctxt, msgid): msgstr, typed as a translator types them: plain spaces, straight apostrophes
    (None, "Setup"): "Mise en place",
    ("dice-arena", "Throw, match, and capture: be the last player with dice in hand."):
        "Lancez, assortissez, capturez: soyez le «dernier» à garder des dés en main! (Ζάρια)",
    (None, ("The arena holds {n:word} die, showing {numbers}.", "The arena holds {n:word} dice, showing {numbers}.")):
        ("L'arène contient {n:word} dé, qui montre {numbers}.", "L'arène contient {n:word} dés, qui montrent {numbers}."),
}

TYPOGRAPHY = {  # the French rules a translator fills in after `pnp catalog init fr`
    "number-and-word": "no-break", "before-percent": "no-break", "apostrophe": "true",
    "number-words": "[{m: un, f: une}, deux, trois, quatre, cinq, six, sept, huit, neuf, dix]",
    "before-marks": '{marks: ":;!?", before: no-break}', "inside-quotes": "no-break",
}


def _translate(path, entries) -> None:
    """Fill entries of a catalog the way an editor saves them."""
    text = path.read_text(encoding="utf-8")
    for (context, msgid), msgstr in entries.items():
        head = f'msgctxt "{context}"\n' if context else ""
        if isinstance(msgid, tuple):
            old = head + f'msgid "{msgid[0]}"\nmsgid_plural "{msgid[1]}"\nmsgstr[0] ""\nmsgstr[1] ""'
            new = head + f'msgid "{msgid[0]}"\nmsgid_plural "{msgid[1]}"\nmsgstr[0] "{msgstr[0]}"\nmsgstr[1] "{msgstr[1]}"'
        else:
            old = head + f'msgid "{msgid}"\nmsgstr ""'
            new = head + f'msgid "{msgid}"\nmsgstr "{msgstr}"'
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def _highlighted(path) -> tuple[str, str]:
    """(the text inside missing-translation highlights, all the text), every page, read back with PDFium."""
    pdf = pdfium.PdfDocument(str(path))
    inside, every = [], []
    try:
        for page in pdf:
            textpage = page.get_textpage()
            every.append(textpage.get_text_range())
            for obj in page.get_objects(max_depth=1):
                if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
                    continue
                rgba = [ctypes.c_uint() for _ in range(4)]
                pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *rgba)
                if tuple(c.value for c in rgba[:3]) == HIGHLIGHT:
                    left, bottom, right, top = obj.get_bounds()
                    inside.append(textpage.get_text_bounded(left, bottom + 1, right, top - 1))
    finally:
        pdf.close()
    return "\n".join(inside), "\n".join(every)


def test_a_translator_adds_french_and_builds_a_rulebook_with_the_missing_strings_highlighted(project_copy):
    root = str(project_copy.root)
    assert project_copy.languages == LANGS == ("en", "es", "ca", "ru")
    code, out, err = run("--root", root, "catalog", "init", "fr")
    assert (code, err) == (0, "") and out == ("fr: wrote locales/fr/LC_MESSAGES/pnp.po, locales/typography.yaml, "
                                              "locales/glossary.yaml\n")
    assert project_copy.languages == ("en", "es", "ca", "ru", "fr")
    po = po_path(project_copy.locales, "fr")
    header = po.read_text(encoding="utf-8").split("\n\n")[0]
    assert "Language: fr\\n" in header and "Language-Team: French (français)\\n" in header
    assert "Plural-Forms: nplurals=2; plural=(((n >= 0 && n <= 1)) ? 0 : 1);\\n" in header
    # Refused again, and for a language Babel does not know: located, exit 2, nothing written.
    assert run("--root", root, "catalog", "init", "fr")[::2] == (
        2, "error: locales/fr/LC_MESSAGES/pnp.po: pnp catalog init fr: the catalog exists already\n")
    assert run("--root", root, "catalog", "init", "xx")[0] == 2
    assert not (project_copy.locales / "xx").exists()
    # The typography and glossary entries it wrote are empty, each listed as to do.
    listed = [str(p) for p in todo(project_copy.root, project_copy.locales)]
    assert "locales/typography.yaml:73: languages.fr.number-and-word: not given yet (printed as no-break " \
           "meanwhile)" in listed
    assert "locales/glossary.yaml:11: concepts.die.term.fr: term not given yet" in listed and len(listed) == 12 + 5

    _translate(po, FRENCH)
    rules = project_copy.locales / "typography.yaml"
    text = rules.read_text(encoding="utf-8")
    start = text.index("  fr:")
    for rule, value in TYPOGRAPHY.items():
        text = text[:start] + text[start:].replace(f"    {rule}:\n", f"    {rule}: {value}\n", 1)
    rules.write_text(text, encoding="utf-8")
    assert len(todo(project_copy.root, project_copy.locales)) == 12 + 5 - len(TYPOGRAPHY)

    code, out, err = run("--root", root, "catalog", "stats")
    lines = out.splitlines()
    total = _translated(project_copy.locales / "pnp.pot")  # what a complete catalog translates
    assert code == 0 and lines[0] == f"es: {total} translated, 0 fuzzy, 0 untranslated; complete: dicemants, " \
                                     "gang-of-dice, dice-arena, dead-mans-dice"
    assert lines[3] == f"fr: 3 translated, 0 fuzzy, {total - 3} untranslated; complete: none"
    missing = dict(re.fullmatch(r"  ([a-z-]+): (\d+) strings missing", line).groups() for line in lines[4:])
    assert list(missing) == ["dicemants", "gang-of-dice", "dice-arena", "dead-mans-dice"]
    assert all(0 < int(n) < total for n in missing.values())
    # Without --allow-incomplete the build refuses, before drawing anything.
    code, out, err = run("--root", root, "build", "dice-arena", "--lang", "fr", "-q")
    assert (code, out) == (2, "") and err == (
        f"error: locales/fr/LC_MESSAGES/pnp.po: fr is not complete for dice-arena ({missing['dice-arena']} missing): "
        "see `pnp catalog stats`; `pnp build --allow-incomplete` prints the missing strings in English, "
        "highlighted\n")
    assert not (project_copy.root / "output").exists()

    out = project_copy.root / "output"
    report = build(project_copy, ["dice-arena"], ["fr"], out=out, kinds=["rulebook"], workers=1, missing="mark")
    assert report.warnings == [f"locales/fr/LC_MESSAGES/pnp.po: {total - 3} entries fuzzy or untranslated, "
                               "printed in English, highlighted"]
    pdf = out / "dice-arena" / "fr" / "rulebook.pdf"
    marked, text = (re.sub(r"[ \r\n]+", " ", re.sub(r"(?<=\w)-\r\n(?=\w)", "", t)) for t in _highlighted(pdf))
    # The French text, set by French typography (no-break spaces before : ! and inside « », ’), and its plural forms.
    tagline = f"Lancez, assortissez, capturez{NB}: soyez le «{NB}dernier{NB}» à garder des dés en main{NB}! (Ζάρια)"
    assert tagline in text and "Mise en place" in text
    assert "L’arène contient un dé, qui montre 3." in text and f"L’arène contient deux dés, qui montrent 3{NB}et 5." in text
    assert "Dice Arena" in text  # the title: the rules file gives none in French, the English one prints
    # The missing strings print in English, highlighted; the translated ones are not.
    assert "Throw your dice into the arena and watch them land." in marked and "You have four dice in your hand." in marked
    assert "Lancez" not in marked and "L’arène" not in marked and "Mise en place" not in marked
    assert MISSING[0] not in text and MISSING[1] not in text
    # Greek comes from Noto Serif behind PT Serif; every other letter from PT, as in the shipped languages.
    fonts = {str(font["/BaseFont"]).partition("+")[2] for page in pypdf.PdfReader(pdf).pages
             for font in page["/Resources"]["/Font"].values()}
    assert fonts == {"PT-Serif", "PT-Serif-Bold", "PT-Serif-Italic", "PT-Sans", "PT-Sans-Bold", "Noto-Serif-Italic"}


def test_the_shipped_fonts_cover_latin_extended_greek_and_cyrillic():
    covered = drawable()
    for first, last in ((0x0100, 0x024F), (0x0386, 0x03CE), (0x0400, 0x045F)):  # Latin Ext-A/B, Greek, Cyrillic
        assert set(range(first, last + 1)) - covered - {0x0387, 0x038B, 0x038D, 0x03A2} == set(), hex(first)
    assert ord("🎲") not in covered and ord("م") not in covered


def test_a_translation_the_fonts_cannot_draw_is_named_with_its_msgid():
    catalog = Catalog(locale="fa")
    catalog.add("Setup", "آماده", lineno=7)
    catalog.add("Dice", "Ζάρια", lineno=9)  # Greek: Noto draws it
    [gap] = font_gaps(catalog)
    assert (gap.line, gap.msgid) == (7, "Setup")
    assert gap.problem == ("the shipped fonts cannot draw «آ» (U+0622 ARABIC LETTER ALEF WITH MADDA ABOVE), «ا» "
                           "(U+0627 ARABIC LETTER ALEF), «د» (U+062F ARABIC LETTER DAL), «م» (U+0645 ARABIC LETTER "
                           "MEEM), «ه» (U+0647 ARABIC LETTER HEH)")


def test_a_project_lists_its_catalogs_in_the_typography_files_order_then_the_rest(tmp_path):
    for lang in ("de", "ru", "es", "en"):
        po_path(tmp_path, lang).parent.mkdir(parents=True)
        po_path(tmp_path, lang).write_text("")
    (tmp_path / "typography.yaml").write_text("languages:\n  en:\n  ru:\n  fr:\n  es:\n")
    assert catalog_languages(tmp_path) == ("ru", "es", "de")


@pytest.mark.parametrize("argv, message", [
    (["build", "--lang", "fr"], "pnp build: argument --lang: invalid choice: 'fr' (choose from 'en', 'es', 'ca', "
                                "'ru')"),
    (["catalog", "init"], "pnp catalog init: name the new language's code (pnp catalog init fr)"),
    (["catalog", "stats", "fr"], "pnp catalog stats: takes no language, found 'fr'"),
])
def test_the_command_line_names_the_languages_it_knows(argv, message):
    assert run("--root", str(PROJECT.root), *argv)[::2] == (2, message + "\n")


def test_an_unknown_language_is_refused_naming_how_to_start_it():
    with pytest.raises(Exception, match=r"unknown language 'fr' \(choose from en, es, ca, ru; a language exists "
                                        r"when locales/fr/LC_MESSAGES/pnp.po does: `pnp catalog init fr` makes it\)"):
        translator(PROJECT.locales, "fr", PROJECT.root)


def _translated(pot: Path) -> int:
    """The messages of the template, read by Babel, that a complete catalog translates: not a shared string's
    entry for one game (marked so by the extraction), which may be left to the shared one."""
    from babel.messages.pofile import read_po

    from pnp.extract import PER_GAME

    with pot.open("rb") as f:
        return sum(1 for message in read_po(f) if message.id and PER_GAME not in message.auto_comments)


def test_a_catalog_handed_to_a_render_worker_translates_as_the_one_read():
    """The build hands its compiled catalogs to the render workers pickled (pnp.i18n.Compiled): the same entries,
    and the plural rule made again from the catalog's header (Russian's three forms)."""
    import pickle

    tr = translator(PROJECT.locales, "ru", PROJECT.root)
    back = pickle.loads(pickle.dumps(tr))
    forms = [key[0] for key in tr.translations._catalog if isinstance(key, tuple) and key[1] == 0]
    assert forms and back.translations._catalog == tr.translations._catalog
    said = [[t.translations.ngettext(forms[0], forms[0], n) for n in (1, 2, 5, 11, 21, 22, 25)] for t in (tr, back)]
    assert said[0] == said[1] and len(set(said[0])) == 3
