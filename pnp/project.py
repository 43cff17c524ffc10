"""Where a project's files live, the paper sizes we print on, and the fonts every PDF embeds."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from .errors import display_path

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}
"""Paper sizes: CSS name, width and height in millimetres."""

FONTS_DIR = Path(__file__).parent / "fonts"
"""PT Serif and PT Sans (SIL OFL), shipped with the package."""


SOURCE = "en"
"""The language the rules files, templates and code are written in; every other language is a catalog."""

CATALOG = "pnp.po"
"""A language's catalog file, in locales/<lang>/LC_MESSAGES/."""

_LISTED = re.compile(r"^  ([A-Za-z]{2,3}(?:_[A-Za-z0-9]{2,8})*):", re.M)
"""A language named in locales/typography.yaml (a key indented once, under `languages:`)."""


def catalog_languages(locales: Path) -> tuple[str, ...]:
    """The languages with a catalog (locales/<lang>/LC_MESSAGES/pnp.po), English the source aside: in the order
    locales/typography.yaml lists them, then any other by its code, so builds and output keep a stable order."""
    found = {path.parent.parent.name for path in locales.glob(f"*/LC_MESSAGES/{CATALOG}") if path.is_file()}
    found.discard(SOURCE)
    try:
        listed = _LISTED.findall((locales / "typography.yaml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        listed = []
    ordered = [lang for lang in dict.fromkeys(listed) if lang in found]
    return (*ordered, *sorted(found - set(ordered)))


@lru_cache(maxsize=256)
def is_language(code: str) -> bool:
    """Whether Babel knows the language (`fr`, `pt_BR`): its plural rule, names and number formats."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return False
    return True


@dataclass(frozen=True)
class Project:
    """Where a project's rules, templates, catalogs and output live."""

    root: Path

    @property
    def rules(self) -> Path:
        return self.root / "rules"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the project prints in: English, then every language with a catalog (see
        catalog_languages)."""
        return (SOURCE, *catalog_languages(self.locales))

    def shown(self, path: Path) -> str:
        """A path relative to the project root, as messages show it."""
        return display_path(path, self.root)


FACES = (
    ("PT Serif", "normal", "normal", "PTSerif-Regular.ttf", "NotoSerif-Regular.ttf"),
    ("PT Serif", "bold", "normal", "PTSerif-Bold.ttf", "NotoSerif-Bold.ttf"),
    ("PT Serif", "normal", "italic", "PTSerif-Italic.ttf", "NotoSerif-Italic.ttf"),
    ("PT Sans", "normal", "normal", "PTSans-Regular.ttf", "NotoSans-Regular.ttf"),
    ("PT Sans", "bold", "normal", "PTSans-Bold.ttf", "NotoSans-Bold.ttf"),
)
"""Every face the pages use (family, weight, style, file) and its fallback file: PT Serif for text, PT Sans for
headings (ParaType: Latin and Cyrillic); behind each, Noto Serif or Noto Sans (Google, SIL OFL), subset to the
letters of Latin Extended, Greek and Cyrillic that PT lacks, so a glyph PT has is always PT's (the stylesheets name
the Noto family after the PT one)."""

FALLBACK = {"PT Serif": "Noto Serif", "PT Sans": "Noto Sans"}
"""The family behind each PT family in every font stack."""


def font_faces() -> list[dict[str, str]]:
    """The fonts the project ships and embeds, as @font-face rules: the PT faces, then their Noto fallbacks."""
    faces = []
    for family, weight, style, main, fallback in FACES:
        faces.append({"family": family, "weight": weight, "style": style, "url": (FONTS_DIR / main).as_uri()})
        faces.append({"family": FALLBACK[family], "weight": weight, "style": style,
                      "url": (FONTS_DIR / fallback).as_uri()})
    return faces


@cache
def drawable() -> frozenset[int]:
    """The code points every face has a glyph for, in its PT font or the fallback behind it: the only ones a page
    may print (a character one face lacks would print from a system font, or as a box)."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # WeasyPrint's own font library

    maps = []
    for *_, main, fallback in FACES:
        covered: set[int] = set()
        for name in (main, fallback):
            with TTFont(FONTS_DIR / name, lazy=True) as font:
                covered |= set(font.getBestCmap())
        maps.append(covered)
    return frozenset(set.intersection(*maps))
