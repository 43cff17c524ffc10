"""The web rulebook: one self-contained page per game and language, the rulebook's own templates for a screen."""

from __future__ import annotations

import base64
import re

from babel import Locale

from . import stamps
from .i18n import Translator
from .model import Game
from .project import FONTS_DIR, Project, font_faces
from .rulebook import rulebook_html
from .templating import FACE_URL, face_data

FILE = "rulebook.html"
"""The page's name in output/<game>/<lang>/, beside the PDFs."""

FONTS = "fonts.css"
"""The fonts every page of a game links, in output/<game>/, beside the languages' folders."""

_FACE = re.compile(re.escape(FACE_URL) + r"[0-9a-f]+\.svg")
_FONT_FACE = re.compile(r"@font-face \{[^}]*" + re.escape(FONTS_DIR.as_uri()) + r"/[^}]*\}\n?")
"""A shipped font's @font-face rule as the rulebook template writes it (templates/fonts.html): a file: URL."""


def switcher(langs: list[str]) -> list[tuple[str, str, str]]:
    """Each language's page: its code, its name in itself (Español), and the link from a sibling language's folder."""
    names = {lang: (Locale.parse(lang).get_display_name(lang) or lang).capitalize() for lang in langs}
    return [(lang, names[lang], f"../{lang}/{FILE}") for lang in langs]


def fonts_css() -> str:
    """The shipped fonts' @font-face rules, each font inside as a data: URI: one file every page of a game links,
    so a browser fetches the fonts once for the four languages, and the pages stay small."""
    rules = []
    for face in font_faces():
        font = FONTS_DIR / face["url"].rsplit("/", 1)[-1]
        stamps.note(font)
        data = "data:font/ttf;base64," + base64.b64encode(font.read_bytes()).decode()
        rules.append(f'@font-face {{ font-family: "{face["family"]}"; font-weight: {face["weight"]}; '
                     f'font-style: {face["style"]}; src: url("{data}"); }}\n')
    return "".join(rules)


def inline(page: str) -> str:
    """The page with every face picture inside it as a data: URI, and the fonts from FONTS beside it: it needs no
    file but that one."""
    page = _FONT_FACE.sub("", page).replace("<style>", f'<link rel="stylesheet" href="../{FONTS}">\n<style>', 1)
    return _FACE.sub(lambda m: face_data(m.group()) or m.group(), page)


def web_rulebook(project: Project, game: Game, tr: Translator, langs: list[str]) -> str:
    """The rulebook of `game` in `tr`'s language as one page for a browser, with links to the other languages'."""
    return inline(rulebook_html(project, game, tr, web=switcher(langs)))
