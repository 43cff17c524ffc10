"""Jinja2 for rulebooks and sheets: a strict environment over the project's and the game's templates."""

from __future__ import annotations

import base64
import hashlib
import re
import sys
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from . import stamps
from .errors import InputError, Problem
from .games import find_spec
from .i18n import Translator
from .model import Face, Game
from .project import Project, font_faces


class LeavesTemplates(jinja2.TemplateError):
    """A template whose real path leaves the templates folders (a symlink out of them)."""

    def __init__(self, name: str, real: Path) -> None:
        super().__init__(f"template {name!r} leads outside the templates folders (to {real}): refused")
        self.name = name


class ProjectLoader(jinja2.FileSystemLoader):
    """Templates from the given folders only: a template whose real path leaves them (a symlink out) is refused."""

    def __init__(self, folders: list[Path]) -> None:
        super().__init__(folders)
        self.roots = [folder.resolve() for folder in folders]

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Any]:
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve()
        if not any(real.is_relative_to(root) for root in self.roots):
            raise LeavesTemplates(template, real)
        return source, filename, uptodate


def template_folders(project: Project, game: Game | None = None) -> list[Path]:
    """Where templates are looked up: the project's templates/ first, then the game's own package."""
    folders = [project.templates]
    spec = find_spec(game.id) if game is not None else None
    if spec is not None and spec.templates is not None:
        folders.append(spec.templates)
    return folders


def template_file(project: Project, game: Game | None, name: str) -> str:
    """A template's file as messages show it: the first of the template folders that holds it."""
    folders = template_folders(project, game)
    return project.shown(next((f / name for f in folders if (f / name).exists()), folders[0] / name))


class NotingEnvironment(SandboxedEnvironment):
    """The sandbox that tells the render's record (pnp.stamps) each template it looks up, the file it found and the
    folders before it that might hold one later: an edit, or a template added where it would win, remakes the page."""

    def get_template(self, name: Any, parent: str | None = None, globals: Any = None) -> jinja2.Template:
        if isinstance(name, str):
            self._note(self.join_path(name, parent) if parent is not None else name)
        return super().get_template(name, parent, globals)

    def select_template(self, names: Any, parent: str | None = None, globals: Any = None) -> jinja2.Template:
        if not isinstance(names, jinja2.Undefined):
            for name in names:
                if isinstance(name, str) and self._note(self.join_path(name, parent) if parent is not None else name):
                    break
        return super().select_template(names, parent, globals)

    def _note(self, name: str) -> bool:
        """Note where `name` is looked up, up to the folder that holds it; whether one does."""
        assert isinstance(self.loader, ProjectLoader)
        for folder in self.loader.searchpath:
            path = Path(folder) / name
            stamps.note(path)
            if path.is_file():
                return True
        return False


@lru_cache(maxsize=32)
def _environment(folders: tuple[Path, ...]) -> jinja2.Environment:
    """One environment per set of template folders, kept for the process: each template is compiled once
    (Jinja2 reloads a template whose file changed)."""
    return NotingEnvironment(
        loader=ProjectLoader(list(folders)),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )


def environment(project: Project, tr: Translator, game: Game | None = None) -> jinja2.Environment:
    """A strict Jinja2 environment in the reader's language: an undefined variable is an error, never an empty
    string.

    Templates are looked up in the project's templates/ first, then in the game's own package. The environment
    is shared by every render of the process with the same folders; each render installs its own language.
    """
    env = _environment(tuple(template_folders(project, game)))
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=tr.gettext, ngettext=tr.ngettext, pgettext=tr.pgettext, npgettext=tr.npgettext, newstyle=False
    )
    # A shared string that names a game's own things: `game_gettext(game.id, "…")`, per game in the catalogs.
    env.globals.update(game_gettext=tr.game_gettext, game_ngettext=tr.game_ngettext)
    env.filters["fill"] = lambda message, **values: tr.format(message, **values)
    env.filters["number"] = tr.number
    return env


@lru_cache(maxsize=512)
def face_uri(art: str, pips: int | None, size_mm: float = 12.0) -> str:
    """A face picture as a data: URI, for <img> tags."""
    from .draw.faces import face_svg

    svg = face_svg(art, size_mm, pips=pips)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


FACE_URL = "pnp-face:"
"""A face picture referenced from a page: `pnp-face:<hash>.svg`, resolved by the build's URL fetcher (and the preview
server) to the picture defined once in this process, so a rulebook showing faces 187 times holds none of them."""

_faces: dict[str, str] = {}


def face_ref(art: str, pips: int | None, size_mm: float = 12.0) -> str:
    """A face picture as a short reference (FACE_URL), the picture itself kept once for the process."""
    uri = face_uri(art, pips, size_mm)
    key = hashlib.sha256(uri.encode()).hexdigest()[:16]
    _faces[key] = uri
    return f"{FACE_URL}{key}.svg"


def face_data(url: str) -> str | None:
    """The data: URI a face reference stands for (None: not one this process made)."""
    if not url.startswith(FACE_URL):
        return None
    return _faces.get(url.removeprefix(FACE_URL).removesuffix(".svg"))


EMPHASIS = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*]+?)(?<=[^\s*])\*(?![\w*])")
"""`*Strike*` in a rules sentence or its translation: a title of a work, set in italics as every language's
typography wants (GLOSSARY: titles of works)."""

STRONG = re.compile(r"\*\*(?=\S)([^*]+?)(?<=\S)\*\*")
"""`**Strike:**` at the head of a rules paragraph: a run-in heading, set in bold as published rulebooks do."""


def emphasis(text: str) -> str:
    """A sentence with its `**run-in head**` in bold and `*title*` spans in italics: markup, the rest escaped; a
    sentence without either as it is."""
    if "*" not in text or not (STRONG.search(text) or EMPHASIS.search(text)):
        return text
    return Markup(EMPHASIS.sub(r"<em>\1</em>", STRONG.sub(r"<strong>\1</strong>", str(escape(text)))))


def decor(src: str, classes: str) -> Markup:
    """A picture that only adorns the words beside it (a face next to its name, a pirate's badge before the
    pirate's name): drawn as a background, which a tagged PDF marks as an artifact, so a screen reader reads the
    words once and skips the picture (an <img> would be a figure, and need its own alternative text)."""
    return Markup('<span class="art {}" style="background-image: url({})"></span>').format(classes, src)


def game_context(game: Game, tr: Translator) -> dict[str, Any]:
    """What every template of a game may use: the game, the reader's language, face art, the game's own helpers."""
    values = game.values

    def t(text: Any) -> str:
        return emphasis(tr.text(text, values))

    def face_img(face: Face) -> str:
        return face_ref(face.art, face.pips)

    context: dict[str, Any] = {
        "game": game,
        "lang": tr.lang,
        "title": game.title_in(tr.lang),
        "t": t,
        "tr": tr,
        "face": game.face,
        "face_img": face_img,
        "decor": decor,
        "fonts": font_faces(),
        "dict": dict,
        "also_needed": lambda: [],
        # The faces that do something, in the order the faces table lists them (a game may order them its way).
        "effects": lambda: [f for f in game.faces if f.effect],
    }
    context.update(find_spec(game.id).context(game, tr))
    return context


_RENDERING = threading.RLock()
"""The environments are shared by the process and each render installs its language in one: one render at a time
(`pnp watch --serve` renders preview pages in the server's threads while its build renders kits)."""


def render_template(project: Project, translator: Translator, name: str, context: dict[str, Any],
                    game: Game | None = None) -> str:
    """Render one template (the game's own templates searched too); template mistakes name the file and line."""
    with _RENDERING:
        return _render_template(project, translator, name, context, game)


def _render_template(project: Project, translator: Translator, name: str, context: dict[str, Any],
                     game: Game | None = None) -> str:
    env = environment(project, translator, game)
    try:
        # The one place every string a reader sees passes: the language's typography set on the page's text.
        return translator.typeset_html(env.get_template(name).render(**context))
    except jinja2.TemplateSyntaxError as exc:
        shown = project.shown(Path(exc.filename)) if exc.filename else template_file(project, game, name)
        raise InputError(Problem(shown, exc.lineno, "", f"template syntax: {exc.message}")) from None
    except (jinja2.TemplateNotFound, LeavesTemplates) as exc:
        # A missing or refused template is located at the include that asks for it, if one does.
        file, line = _template_frame(project)
        message = f"template {exc.name!r} not found" if isinstance(exc, jinja2.TemplateNotFound) else str(exc)
        if file is None:
            file = template_file(project, game, name)
        raise InputError(Problem(file, line, "", message)) from None
    except jinja2.UndefinedError as exc:
        file, line = _template_frame(project)
        raise InputError(Problem(file or template_file(project, game, name), line, "",
                                 f"template: {exc.message}")) from None
    except InputError:
        raise
    except (jinja2.TemplateError, ArithmeticError, LookupError, TypeError, ValueError, AttributeError,
            RecursionError) as exc:
        # Anything else a template does wrong (1 / 0, a forbidden attribute in the sandbox): located, no traceback.
        file, line = _template_frame(project)
        raise InputError(Problem(file or template_file(project, game, name), line, "",
                                 f"template: {type(exc).__name__}: {exc}")) from None


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
