"""The rulebook stylesheet hyphenates, but never leaves a fragment of fewer than three letters on a line."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from pnp.pdf import render_pdf, whole_last_words
from pnp.project import FONTS_DIR

WORDS = " ".join(["el", "jugador", "de", "mesa", "ejemplo", "y", "ganador", "al", "jugador"] * 12)
"""Spanish words whose first syllable has two letters: «ju-gador» and «ga-nador» are where a short fragment
would fall."""


def lines(project, css: str) -> list[str]:
    font = (FONTS_DIR / "PTSerif-Regular.ttf").as_uri()
    html = (f'<html lang="es"><head><style>@font-face {{ font-family: "PT Serif"; src: url({font}); }} {css} '
            f'p {{ width: 24mm; }}</style></head><body><p>{WORDS}</p></body></html>')
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    return pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text().split("\n")


def short_fragments(found: list[str]) -> list[str]:
    """Lines ending in a hyphenated fragment of one or two letters, or starting with one before a stop."""
    cut = [line for line in found if re.search(r"(?:^|\s)\w{1,2}[-\u2010]$", line)]
    tail = [line for line in found if re.match(r"^\w{1,2}[.,;:]", line)]
    return cut + tail


@pytest.mark.parametrize("shipped", [False, True])
def test_no_fragment_under_three_letters(project, shipped):
    body = "body { font: 10.5pt 'PT Serif'; hyphens: auto; text-align: justify; }"
    if shipped:  # the shipped rule, read from the stylesheet
        body = re.search(r"^body \{[^}]*\}", (project.templates / "rulebook.css").read_text(), re.M).group(0)
        body = body.replace("body {", "body { font: 10.5pt 'PT Serif';")
    found = short_fragments(lines(project, body))
    if shipped:
        assert found == []
    else:
        assert found  # without the limit the same text does break «ju-gador»: the check can fail



LAST = ("If your die knocks over a rival pile, you lose seven doubloons, and so on and so forth with words. " * 2
        + "A match is never enough to plunder.")
"""At 74 mm in 10 pt PT Serif, WeasyPrint hyphenates the paragraph's last word: «plun-» / «der.»."""


@pytest.mark.parametrize("joined", [True, False])
def test_the_last_word_of_a_paragraph_is_never_hyphenated(project, monkeypatch, joined):
    if not joined:  # the same page without the join does break the word: the check can fail
        monkeypatch.setattr("pnp.pdf.whole_last_words", lambda html: html)
    font = (FONTS_DIR / "PTSerif-Regular.ttf").as_uri()
    css = (f'@font-face {{ font-family: "PT Serif"; src: url({font}); }} '
           "p { font: 10pt 'PT Serif'; hyphens: auto; text-align: justify; width: 74mm; }")
    html = f'<html lang="en"><head><style>{css}</style></head><body><p>{LAST}</p></body></html>'
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    found = [" ".join(line.split()) for line in pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text().split("\n")]
    if joined:
        assert found[-2:] == ["with words. A match is never enough to", "plunder."]
    else:
        assert found[-2:] == ["with words. A match is never enough to plun\u2010", "der."]


def test_the_last_word_and_names_are_joined_only_in_the_text_a_reader_sees():
    html = ('<p class="x">never enough to <em>plunder</em>.</p><li>re-roll.</li>'
            '<td><img alt="diamond"></td><p>Дальше нельзя</p>')
    assert whole_last_words(html) == ('<p class="x">never enough to <em>p\u2060l\u2060u\u2060n\u2060d\u2060e\u2060r</em>.'
                                      '</p><li>re-roll.</li><td><img alt="diamond"></td>'
                                      '<p>Дальше н\u2060е\u2060л\u2060ь\u2060з\u2060я</p>')
    names = '<p title="by Ravensburger">Published by Ravensburger, with Rosa and Martina. Vito <img alt="x Abcdefgh">'
    assert whole_last_words(names) == (
        '<p title="by Ravensburger">Published by R\u2060a\u2060v\u2060e\u2060n\u2060s\u2060b\u2060u\u2060r\u2060g'
        '\u2060e\u2060r, with Rosa and M\u2060a\u2060r\u2060t\u2060i\u2060n\u2060a. Vito <img alt="x Abcdefgh">')
    assert whole_last_words("<p>the pirate’s dice, l’aranya and more</p>") == (
        "<p>the p\u2060i\u2060r\u2060a\u2060t\u2060e\u2060’\u2060s dice, l’aranya and more</p>")


def test_spanish_words_are_left_as_they_are_where_joining_would_only_add_breaks():
    """Spanish patterns break at one letter («1n»): a joined «manera» would break as «mane-ra», which the word
    itself, under the 3-letter limits, never does; Russian names and English words join."""
    assert whole_last_words('<html lang="es"><p>de la misma manera.</p>') == '<html lang="es"><p>de la misma manera.</p>'
    assert "\u2060".join("Роджером") in whole_last_words('<html lang="ru"><p>с Весёлым Роджером: вот.</p>')


def test_a_range_of_numbers_or_a_unit_never_breaks_after_its_dash_or_slash():
    assert whole_last_words("<td>Card, 160–250 g/m², 2–6 players, p. 3—4</td>") == (
        "<td>Card, 160–\u2060250 g/\u2060m², 2–\u20606 players, p. 3—\u20604</td>")
