"""The web rulebook: one self-contained page per game and language, the rulebook's own templates for a screen."""

from __future__ import annotations

import base64
import re

from babel import Locale

from . import stamps
from .i18n import Translator
from .model import Game
from .project import FONTS_DIR, Project
from .rulebook import rulebook_html
from .templating import FACE_URL, face_data

FILE = "rulebook.html"
"""The page's name in output/<game>/<lang>/, beside the PDFs."""

_FACE = re.compile(re.escape(FACE_URL) + r"[0-9a-f]+\.svg")


def switcher(langs: list[str]) -> list[tuple[str, str, str]]:
    """Each language's page: its code, its name in itself (Español), and the link from a sibling language's folder."""
    names = {lang: (Locale.parse(lang).get_display_name(lang) or lang).capitalize() for lang in langs}
    return [(lang, names[lang], f"../{lang}/{FILE}") for lang in langs]


def inline(page: str) -> str:
    """The page with the shipped fonts and every face picture inside it as data: URIs: it needs no other file."""
    for font in sorted(FONTS_DIR.glob("*.ttf")):
        url = font.as_uri()
        if url in page:
            stamps.note(font)
            page = page.replace(url, "data:font/ttf;base64," + base64.b64encode(font.read_bytes()).decode())
    return _FACE.sub(lambda m: face_data(m.group()) or m.group(), page)


def web_rulebook(project: Project, game: Game, tr: Translator, langs: list[str]) -> str:
    """The rulebook of `game` in `tr`'s language as one page for a browser, with links to the other languages'."""
    return inline(rulebook_html(project, game, tr, web=switcher(langs)))
