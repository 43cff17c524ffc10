"""Helpers every test may import: the real project, games loaded once, rulebook HTML once, text of HTML and PDFs."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

from pnp.build import Rendered
from pnp.cli import main
from pnp.i18n import Translator, translator
from pnp.model import Game
from pnp.project import Project
from pnp.rulebook import rulebook_html
from pnp.rules import load_game

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project(ROOT)


@cache
def game(game_id: str) -> Game:
    """A game of the real project, loaded once."""
    return load_game(PROJECT.rules / f"{game_id}.yaml", f"rules/{game_id}.yaml")


@cache
def tr(lang: str) -> Translator:
    """The real catalogs, compiled once per language."""
    return translator(PROJECT.locales, lang, ROOT)


@cache
def html(game_id: str, lang: str) -> str:
    """A rulebook of the real project as HTML: what the PDF is made from, in a fifth of a second."""
    return rulebook_html(PROJECT, game(game_id), tr(lang))


def spaced(text: str) -> str:
    """Every run of white space, no-break spaces too, as one space: what PDF text extraction gives back."""
    return " ".join(text.split())


def fold(text: str) -> str:
    """Runs of ordinary white space as one space; no-break spaces kept, as the page keeps them."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", text).strip()


def html_text(markup: str) -> str:
    """The words of an HTML page, on one line: tags, styles and entities out, white space folded.

    No-break spaces are kept: they are part of the text a translation writes (`5\u00a0dados`, `58,3\u00a0%`).
    """
    import html as entities

    body = markup[markup.index("<body"):]
    return fold(entities.unescape(re.sub(r"<[^>]+>", " ", body)))


def page_texts(path: Path) -> list[str]:
    """Each page's text as PDFium reads it (fast), lines ended by `\n`."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        return [document[i].get_textpage().get_text_range().replace("\r\n", "\n").replace("\r", "\n")
                for i in range(len(document))]
    finally:
        document.close()


def pdf_text(path: Path) -> str:
    """A PDF's text on one line: words hyphenated at a line end joined again (PDFium gives such a hyphen as U+FFFE,
    or as a hyphen before the line's end), white space folded."""
    return " ".join(re.sub(r"\ufffe\n?|-\n", "", "\n".join(page_texts(path))).split())


def run(*argv: str) -> tuple[int, str, str]:
    """The CLI in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


PDF_CASES = (("dicemants", "ru"), ("gang-of-dice", "es"), ("dice-arena", "ca"), ("dead-mans-dice", "en"))
"""The rulebooks read back from PDF: every game and every language once."""


def stub_renders(monkeypatch: Any, fail_at: int | None = None, error: BaseException | None = None) -> list[Path]:
    """Renders and kits that write a few bytes; the render number `fail_at` raises `error` instead."""
    made: list[Path] = []

    def render(settings, job, staged, translators=None):
        made.append(job.path)
        if len(made) == fail_at:
            raise error
        staged.parent.mkdir(parents=True, exist_ok=True)
        staged.write_bytes(b"%PDF " + job.kind.encode())
        return Rendered([], []), []  # no warnings, no layout findings; no problems

    monkeypatch.setattr("pnp.build._render", render)
    monkeypatch.setattr("pnp.build._kit", lambda job, tr, jobs, settings: job.path.write_bytes(b"%PDF kit"))
    monkeypatch.setattr("pnp.build.PER_WORKER", 1000)
    return made


def font_sizes(path: Path) -> list[tuple[int, float, str]]:
    """(page index, size in points, character) for every printed character, scaled as it lands on the page."""
    import ctypes
    import math

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    found = []
    document = pdfium.PdfDocument(str(path))
    try:
        for index in range(len(document)):
            textpage = document[index].get_textpage()
            for k in range(textpage.count_chars()):
                char = chr(raw.FPDFText_GetUnicode(textpage, k))
                if not char.strip():
                    continue
                matrix = raw.FS_MATRIX()
                raw.FPDFText_GetMatrix(textpage, k, ctypes.byref(matrix))
                scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
                found.append((index, raw.FPDFText_GetFontSize(textpage, k) * scale, char))
    finally:
        document.close()
    return found


_OPERATIONS: dict[int, tuple[Any, list[tuple[list[Any], str]]]] = {}


def operations(content: Any, pdf: Any) -> list[tuple[list[Any], str]]:
    """A content stream's (operands, operator) list, parsed once per stream object however often it is walked.

    pypdf finds the stream and decodes it; qpdf (pikepdf) parses its operators, many times faster. Numbers come as
    int or Decimal, arrays as sequences, names as pikepdf Names (str() gives `/Name`)."""
    import pikepdf
    import pypdf.generic

    held = _OPERATIONS.get(id(content))
    if held is None or held[0] is not content:  # the stream object is kept with its result, so its id stays its own
        stream = content if isinstance(content, pypdf.generic.ContentStream) else pypdf.generic.ContentStream(
            content, pdf)
        data = stream.get_data()
        ops = [(list(operands), str(op)) for operands, op in pikepdf.parse_content_stream(
            pikepdf.Stream(_scratch(), data))]
        held = _OPERATIONS[id(content)] = (content, ops)
    return held[1]


@cache
def _scratch() -> Any:
    """An empty PDF for qpdf to hold the streams it parses."""
    import pikepdf

    return pikepdf.new()

LANGS = PROJECT.languages
"""The languages the real project prints in: English, then es, ca, ru (from its catalogs)."""


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
NO_BROWSER = "no Chromium: scripts/install.sh installs chromium and chromium-driver with apt-get"
"""Why a browser test is skipped: only where the system's Chromium and its driver are missing."""


def chromium() -> Any:
    """A headless Chromium driven by Selenium through the system's chromedriver (as root: no sandbox)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
