"""`pnp watch --serve`: the rulebooks and sheets as HTML pages served on 127.0.0.1, each reloading itself on a save."""

from __future__ import annotations

import base64
import html as markup
import json
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from . import stamps
from .build import folder
from .errors import InputError
from .i18n import Translator, translator
from .model import Game
from .project import FONTS_DIR, Project
from .rulebook import rulebook_html
from .rules import load_games
from .sheets import Options, sheet, sheets_for
from .sheets.kinds import sheet_html
from .stamps import Digests
from .templating import FACE_URL, face_data
from .web import switcher

HOST = "127.0.0.1"
"""The preview listens on this machine only."""
WAIT = 20.0
"""A page asking whether it changed is answered at the latest after this many seconds (it then asks again)."""

RELOAD = """<script>
(function () {
  var page = %s, version = %d;
  function ask() {
    fetch("/changes?page=" + encodeURIComponent(page) + "&since=" + version, {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (d) { if (d.version !== version) { location.reload(); } else { ask(); } })
      .catch(function () { setTimeout(ask, 500); });
  }
  ask();
})();
</script>
"""
"""Each served page asks the server (a long poll) whether it changed, and reloads itself when it did."""


@dataclass
class Page:
    """A preview page as last rendered: its HTML, or the errors that stopped it, and the files it read."""

    body: str
    reads: dict[str, str | None] = field(default_factory=dict)
    failed: bool = False


class Previews:
    """The HTML views of one project, rendered on request and kept until a file they read changes.

    Thread-safe: the server's threads ask for pages, the watcher tells of changes (changed()); a page that changed
    gets a new version, which wakes the browsers showing it.
    """

    def __init__(self, project: Project, games: list[str] | None, langs: list[str], paper: str = "a4",
                 options: Options | None = None) -> None:
        self.project = project
        self.games = games
        self.langs = langs
        self.paper = paper
        self.options = options or Options()
        self._pages: dict[str, Page] = {}
        self._versions: dict[str, int] = {}
        self._watching: dict[str, int] = {}
        self._pending: set[str] = set()
        self._translators: dict[tuple[str, tuple[str | None, ...]], Translator] = {}
        self._render = threading.Lock()
        self._changed = threading.Condition()

    # ------------------------------------------------------------------ pages

    def catalogue(self) -> list[tuple[Game, str, list[tuple[str, str]]]]:
        """Every game and language asked for, with its pages: (kind, title), the rulebook first."""
        games = load_games(self.project.rules, self.project.root, self.games)
        found = []
        for game in games:
            for lang in self.langs:
                tr = self._translator(lang)
                kinds = [("rulebook", tr.gettext("Rulebook"))]
                kinds += [(s.kind, tr.typeset(s.title(tr, game))) for s in sheets_for(game)]
                found.append((game, lang, kinds))
        return found

    def page(self, game_id: str, lang: str, kind: str) -> Page:
        """One page's HTML, rendered again if a file it read has changed; a located error page if it cannot be."""
        name = f"{game_id}/{lang}/{kind}"
        with self._render:
            known = self._pages.get(name)
            if known is not None and not _changed(known.reads, Digests()):
                return known
            with stamps.recording() as reads:
                try:
                    body = self._html(game_id, lang, kind)
                    failed = False
                except InputError as exc:
                    body = _error_page([str(problem) for problem in exc.problems])
                    failed = True
            digests = Digests()
            reads.update(str(path.absolute()) for path in self.project.rules.glob("*.yaml"))
            reads.update(_catalog_files(self.project, lang))
            made = Page(body, {path: digests(path) for path in sorted(reads)}, failed)
            self._pages[name] = made
            self._pending.discard(name)
            return made

    def _html(self, game_id: str, lang: str, kind: str) -> str:
        if lang not in self.langs:
            raise KeyError(lang)
        games = {game.id: game for game in load_games(self.project.rules, self.project.root, self.games)}
        game = games[game_id]
        tr = self._translator(lang)
        if kind == "rulebook":  # as the web rulebook shows it (pnp.web), its pictures and fonts from this server
            return rulebook_html(self.project, game, tr, self.paper, web=switcher(self.langs))
        sheet(game, kind)  # KeyError for a sheet the game does not make
        return sheet_html(self.project, game, tr, kind, self.paper, self.options)

    def _translator(self, lang: str) -> Translator:
        digests = Digests()
        key = (lang, tuple(digests(path) for path in _catalog_files(self.project, lang)))
        if key not in self._translators:
            self._translators[key] = translator(self.project.locales, lang, self.project.root)
        return self._translators[key]

    # ------------------------------------------------------------------ changes

    def changed(self) -> list[str]:
        """After a save: give every page that read a changed file (and the index) a new version; their names."""
        digests = Digests()
        with self._render:
            names = [name for name, page in self._pages.items() if _changed(page.reads, digests)]
            self._pending = set(names) & set(self.watched())
        with self._changed:
            for name in [*names, ""]:
                self._versions[name] = self._versions.get(name, 0) + 1
            self._changed.notify_all()
        return names

    def bump(self, name: str = "") -> None:
        """A new version of one page ('' the index: the PDFs were made again)."""
        with self._changed:
            self._versions[name] = self._versions.get(name, 0) + 1
            self._changed.notify_all()

    def version(self, name: str) -> int:
        with self._changed:
            return self._versions.get(name, 0)

    def wait(self, name: str, since: int, timeout: float = WAIT) -> int:
        """The page's version once it differs from `since`, or after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            self._watching[name] = self._watching.get(name, 0) + 1
            try:
                while self._versions.get(name, 0) == since:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._changed.wait(left)
                return self._versions.get(name, 0)
            finally:
                self._watching[name] -= 1

    def pending(self) -> bool:
        """Whether a page a browser was showing when a file changed has not been shown again yet."""
        with self._render:
            return bool(self._pending)

    def watched(self) -> list[str]:
        """The pages a browser is showing now (waiting for their next version)."""
        with self._changed:
            return [name for name, count in self._watching.items() if count > 0 and name]


def _changed(reads: dict[str, str | None], digests: Digests) -> bool:
    return any(digests(path) != digest for path, digest in reads.items())


def _catalog_files(project: Project, lang: str) -> list[str]:
    from .i18n import po_path
    from .typography import TYPOGRAPHY

    files = [project.locales / TYPOGRAPHY] + ([po_path(project.locales, lang)] if lang != "en" else [])
    return [str(path.absolute()) for path in files]


def _error_page(problems: list[str]) -> str:
    items = "".join(f"<li><code>error: {markup.escape(p)}</code></li>" for p in problems)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>pnp: error</title></head><body>'
            f'<h1>This page cannot be made</h1><ul class="pnp-errors">{items}</ul>'
            f"<p>Fix the file and save: this page reloads itself.</p></body></html>")


# ---------------------------------------------------------------------------------------------------------------
# The server


class PreviewServer(ThreadingHTTPServer):
    """Serves the preview pages, the index, the built PDFs of the output folder and the shipped fonts; nothing else."""

    daemon_threads = True

    def __init__(self, previews: Previews, out: Path, port: int = 0) -> None:
        self.previews = previews
        self.out = out
        super().__init__((HOST, port), _Handler)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"


def serve(previews: Previews, out: Path, port: int = 0) -> PreviewServer:
    """Start the preview server in a background thread; its URL is `.url`."""
    server = PreviewServer(previews, out, port)
    threading.Thread(target=server.serve_forever, name="preview-server", daemon=True).start()
    return server


def inside(root: Path, relative: str) -> Path | None:
    """The file `relative` names under `root`, or None when it leads outside (`..`, an absolute path, a symlink out)
    or names a hidden file (the build's staging folders and records)."""
    parts = [p for p in relative.split("/") if p]
    if any(p.startswith(".") or "\\" in p or "\0" in p for p in parts):
        return None
    base = root.resolve()
    path = (base.joinpath(*parts)).resolve()
    return path if path.is_relative_to(base) and path != base else None


class _Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # the watcher's own lines are enough
        pass

    def do_GET(self) -> None:
        url = urlparse(self.path)
        path = unquote(url.path)
        previews = self.server.previews
        try:
            if path == "/":
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", self._index().encode())
            elif path == "/changes":
                query = parse_qs(url.query)
                name = query.get("page", [""])[0]
                since = int(query.get("since", ["0"])[0])
                body = json.dumps({"version": previews.wait(name, since)})
                self._send(HTTPStatus.OK, "application/json", body.encode())
            elif path.startswith("/preview/"):
                self._preview(path.removeprefix("/preview/"))
            elif path.startswith("/pdf/"):
                self._file(self.server.out, path.removeprefix("/pdf/"), "application/pdf", ".pdf")
            elif path.startswith("/faces/"):
                self._face(path.removeprefix("/faces/"))
            elif path.startswith("/fonts/"):
                self._file(FONTS_DIR, path.removeprefix("/fonts/"), "font/ttf", ".ttf")
            else:
                self._refuse(HTTPStatus.NOT_FOUND)
        except (ValueError, KeyError):
            self._refuse(HTTPStatus.NOT_FOUND)
        except InputError as exc:
            self._send(HTTPStatus.OK, "text/html; charset=utf-8",
                       _with_reload(_error_page([str(p) for p in exc.problems]), "", previews.version("")).encode())

    def _preview(self, rest: str) -> None:
        parts = rest.split("/")
        languages = self.server.previews.project.languages
        if len(parts) != 3 or not parts[2].endswith(".html") or parts[1] not in languages:
            self._refuse(HTTPStatus.NOT_FOUND)
            return
        game_id, lang, kind = parts[0], parts[1], parts[2].removesuffix(".html")
        name = f"{game_id}/{lang}/{kind}"
        version = self.server.previews.version(name)
        page = self.server.previews.page(game_id, lang, kind)
        body = _with_reload(_for_browser(page.body), name, version)
        self._send(HTTPStatus.OK, "text/html; charset=utf-8", body.encode())

    def _face(self, name: str) -> None:
        data = face_data(FACE_URL + name)
        if data is None:
            self._refuse(HTTPStatus.NOT_FOUND)
            return
        self._send(HTTPStatus.OK, "image/svg+xml", base64.b64decode(data.partition(",")[2]))

    def _file(self, root: Path, relative: str, kind: str, suffix: str) -> None:
        path = inside(root, relative)
        if path is None or path.suffix != suffix:
            self._refuse(HTTPStatus.FORBIDDEN)
            return
        try:
            data = path.read_bytes()
        except OSError:
            self._refuse(HTTPStatus.NOT_FOUND)
            return
        self._send(HTTPStatus.OK, kind, data)

    def _index(self) -> str:
        previews = self.server.previews
        rows = []
        for game, lang, kinds in previews.catalogue():
            links = []
            for kind, title in kinds:
                pdf = folder(self.server.out, game, lang, previews.paper) / f"{kind}.pdf"
                relative = pdf.relative_to(self.server.out).as_posix()
                made = f' (<a href="/pdf/{relative}">PDF</a>)' if pdf.exists() else ""
                links.append(f'<a href="/preview/{game.id}/{lang}/{kind}.html">{markup.escape(title)}</a>{made}')
            kit = folder(self.server.out, game, lang, previews.paper) / "kit.pdf"
            if kit.exists():
                links.append(f'<a href="/pdf/{kit.relative_to(self.server.out).as_posix()}">kit (PDF)</a>')
            rows.append(f"<tr><th>{markup.escape(game.title_in(lang))}</th><td>{lang}</td>"
                        f"<td>{' · '.join(links)}</td></tr>")
        body = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>pnp preview</title>'
                f"<style>body{{font-family:sans-serif;margin:2em}}td,th{{padding:.3em .8em;text-align:left}}</style>"
                f"</head><body><h1>pnp preview</h1><p>Every page reloads itself when a file it is made from is saved; "
                f"the PDFs follow when they are made again.</p><table>{''.join(rows)}</table></body></html>")
        return _with_reload(body, "", previews.version(""))

    def _send(self, status: HTTPStatus, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _refuse(self, status: HTTPStatus) -> None:
        self._send(status, "text/plain; charset=utf-8", f"{status.value} {status.phrase}\n".encode())


def _for_browser(page: str) -> str:
    """The page as the browser fetches it: the shipped fonts and the face pictures from the server."""
    return (page.replace(FONTS_DIR.as_uri() + "/", "/fonts/").replace(f'"{FACE_URL}', '"/faces/')
            .replace(f"url({FACE_URL}", "url(/faces/"))


def _with_reload(page: str, name: str, version: int) -> str:
    script = RELOAD % (json.dumps(name), version)
    at = page.rfind("</body>")
    return page[:at] + script + page[at:] if at >= 0 else page + script

