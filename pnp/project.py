"""Where a project's files live, the paper sizes we print on, and the fonts every PDF embeds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import display_path

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}
"""Paper sizes: CSS name, width and height in millimetres."""

FONTS_DIR = Path(__file__).parent / "fonts"
"""PT Serif and PT Sans (SIL OFL), shipped with the package."""


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

    def shown(self, path: Path) -> str:
        """A path relative to the project root, as messages show it."""
        return display_path(path, self.root)


def font_faces() -> list[dict[str, str]]:
    """The fonts the project ships and embeds: PT Serif for text, PT Sans for headings."""
    return [
        {"family": "PT Serif", "weight": "normal", "style": "normal",
         "url": (FONTS_DIR / "PTSerif-Regular.ttf").as_uri()},
        {"family": "PT Serif", "weight": "bold", "style": "normal",
         "url": (FONTS_DIR / "PTSerif-Bold.ttf").as_uri()},
        {"family": "PT Serif", "weight": "normal", "style": "italic",
         "url": (FONTS_DIR / "PTSerif-Italic.ttf").as_uri()},
        {"family": "PT Sans", "weight": "normal", "style": "normal",
         "url": (FONTS_DIR / "PTSans-Regular.ttf").as_uri()},
        {"family": "PT Sans", "weight": "bold", "style": "normal",
         "url": (FONTS_DIR / "PTSans-Bold.ttf").as_uri()},
    ]
