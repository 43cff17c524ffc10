"""Rulebook HTML from the rules model, the Jinja2 templates and the reader's catalog."""

from __future__ import annotations

import base64
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from . import cards, play
from .errors import InputError, Problem, display_path
from .i18n import Translator
from .model import Face, Game

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}
"""Paper sizes: CSS name, width and height in millimetres."""

FONTS_DIR = Path(__file__).parent / "fonts"


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


def environment(project: Project, tr: Translator) -> jinja2.Environment:
    """A strict Jinja2 environment: an undefined variable is an error, never an empty string."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(project.templates),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=tr.gettext, ngettext=tr.ngettext, pgettext=tr.pgettext, npgettext=tr.npgettext, newstyle=False
    )
    env.filters["fill"] = lambda message, **values: tr.format(message, **values)
    env.filters["number"] = tr.number
    return env


@lru_cache(maxsize=512)
def face_uri(art: str, pips: int | None, size_mm: float = 12.0) -> str:
    """A face picture as a data: URI, for <img> tags."""
    from .draw.faces import face_svg

    svg = face_svg(art, size_mm, pips=pips)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def font_faces() -> list[dict[str, str]]:
    """The fonts the project ships and embeds: PT Serif for text, PT Sans for headings."""
    return [
        {"family": "PT Serif", "weight": "normal", "style": "normal", "url": (FONTS_DIR / "PTSerif-Regular.ttf").as_uri()},
        {"family": "PT Serif", "weight": "bold", "style": "normal", "url": (FONTS_DIR / "PTSerif-Bold.ttf").as_uri()},
        {"family": "PT Serif", "weight": "normal", "style": "italic", "url": (FONTS_DIR / "PTSerif-Italic.ttf").as_uri()},
        {"family": "PT Sans", "weight": "normal", "style": "normal", "url": (FONTS_DIR / "PTSans-Regular.ttf").as_uri()},
        {"family": "PT Sans", "weight": "bold", "style": "normal", "url": (FONTS_DIR / "PTSans-Bold.ttf").as_uri()},
    ]


def render_template(project: Project, translator: Translator, name: str, **context: Any) -> str:
    """Render one template; template mistakes name the template file and line."""
    env = environment(project, translator)
    try:
        return env.get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        shown = project.shown(Path(exc.filename)) if exc.filename else f"templates/{name}"
        raise InputError(Problem(shown, exc.lineno, "", f"template syntax: {exc.message}")) from None
    except jinja2.TemplateNotFound as exc:
        raise InputError(Problem(f"templates/{exc.name}", None, "", "template not found")) from None
    except jinja2.UndefinedError as exc:
        file, line = _template_frame(project)
        raise InputError(Problem(file or f"templates/{name}", line, "", f"template: {exc.message}")) from None


def _template_frame(project: Project) -> tuple[str | None, int | None]:
    """The template file and line an error was raised at, from the traceback Jinja2 rewrote."""
    tb = sys.exc_info()[2]
    found: tuple[str | None, int | None] = (None, None)
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith((".html", ".css", ".j2")):
            found = (project.shown(Path(filename)), tb.tb_lineno)
        tb = tb.tb_next
    return found


def rulebook_html(project: Project, game: Game, tr: Translator, paper: str = "a4") -> str:
    """The rulebook of one game in one language, as HTML ready for WeasyPrint."""
    values = game.values

    def t(text: Any) -> str:
        return tr.text(text, values)

    def face(face_id: str) -> Face:
        return game.face(face_id)

    def face_img(face_obj: Face) -> str:
        return face_uri(face_obj.art, face_obj.pips)

    context = {
        "game": game,
        "lang": tr.lang,
        "title": game.titles[tr.lang],
        "t": t,
        "tr": tr,
        "face": face,
        "face_img": face_img,
        "paper": PAPERS[paper][0],
        "fonts": font_faces(),
        "card_text": lambda card: cards.condition_text(card, tr),
        "card_colour": lambda card: cards.colour_name(card, tr),
        "card_rule": lambda card: cards.colour_rule(card, tr),
        "tier_names": lambda tier: [t(game.face(f).name) for f in tier.faces],
        "dict": dict,
        "examples": play.example_views(game, tr),
        "odds": play.odds_rows(game, tr),
    }
    return render_template(project, tr, "rulebook.html", **context)
