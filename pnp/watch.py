"""`pnp watch`: remake what a save changed (rules, templates, catalogs), tell each file made, keep on after errors."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO

from . import derived
from .build import EVERY, Report, _named, build
from .errors import InputError
from .games import game_ids
from .preview import Previews, PreviewServer, serve
from .project import Project
from .sheets import Options
from .templating import template_folders

SETTLE = 1.5
"""After a save, the PDF build waits at most this long for the pages open in a browser to be shown again first."""


def sources(project: Project) -> list[Path]:
    """What a designer edits: the rules, the templates and stylesheets (the project's and each game's own), the
    catalogs and typography."""
    folders = [project.rules, project.templates, project.locales]
    for game_id in game_ids():
        folders += template_folders(project, _named(game_id))[1:]
    return [f for f in dict.fromkeys(folders) if f.is_dir()]


def relevant(change: tuple[object, str]) -> bool:
    """A change worth a rebuild: not a compiled catalog, an editor's backup or a hidden file."""
    name = Path(change[1]).name
    return not (name.startswith(".") or name.endswith(("~", ".mo", ".swp", ".tmp")))


class Watcher:
    """Rebuilds on every save: the preview pages at once (served, if asked), then the PDFs, incrementally."""

    def __init__(self, project: Project, games: list[str] | None, langs: list[str] | None, paper: str,
                 out: Path, options: Options, stdout: IO[str], stderr: IO[str], pdf: bool = True) -> None:
        self.project = project
        self.games = games
        self.langs = langs
        self.paper = paper
        self.out = out
        self.options = options
        self.stdout = stdout
        self.stderr = stderr
        self.pdf = pdf
        self.previews = Previews(project, games, list(langs or project.languages),
                                 "a4" if paper == "all" else paper, options)
        self.dirty = threading.Event()
        self.stop = threading.Event()
        self.server: PreviewServer | None = None

    def say(self, line: str, stream: IO[str] | None = None) -> None:
        print(line, file=stream or self.stdout, flush=True)

    def serve(self, port: int) -> str:
        self.server = serve(self.previews, self.out, port)
        return self.server.url

    def rebuild(self) -> Report | None:
        """One incremental build of the PDFs; its errors told, located, and None returned."""
        def progress(done: int, total: int, path: Path) -> None:
            self.say(f"built {self.project.shown(path)}")

        try:
            report = build(self.project, self.games, self.langs, self.paper, self.out, progress,
                           options=self.options, kinds=EVERY, background=True)
        except InputError as exc:
            for problem in exc.problems:
                self.say(f"error: {problem}", self.stderr)
            self.say("still watching: fix and save", self.stderr)
            return None
        made = tuple(f"{self.project.shown(path)}: " for path in report.written)
        for warning in [*report.warnings, *report.layout]:
            if warning.startswith(made):  # what the files just made have to say; the others said it before
                self.say(f"warning: {warning}", self.stderr)
        self.say(report.summary)
        self.previews.bump()  # the index links the PDFs made
        return report

    def saved(self, changes: Iterable[tuple[object, str]]) -> None:
        """Files were saved: the pages showing them change version at once (an open page reloads), the PDFs follow."""
        names = sorted({self.project.shown(Path(path)) for _, path in changes})
        self.say(f"changed: {', '.join(names)}")
        self.previews.changed()
        self.dirty.set()

    def watch_files(self, ready: Callable[[], None] = lambda: None) -> None:
        """Watch the sources (watchfiles: the system's file events, no polling) until stopped."""
        import watchfiles

        ready()
        for changes in watchfiles.watch(*sources(self.project), stop_event=self.stop, step=30, debounce=400,
                                        raise_interrupt=False, rust_timeout=500):
            found = [change for change in changes if relevant(change)]
            if found:
                self.saved(found)

    def run(self) -> None:
        """Build once, then watch and rebuild on every save until interrupted (Ctrl-C)."""
        derived.use(self.project.root / derived.FOLDER)
        started = threading.Event()
        thread = threading.Thread(target=self.watch_files, args=(started.set,), name="watch-files", daemon=True)
        thread.start()
        started.wait()
        if self.pdf:
            self.rebuild()
        try:
            while not self.stop.is_set():
                if not self.dirty.wait(0.25):
                    continue
                self.dirty.clear()
                if not self.pdf:
                    continue
                self._let_pages_refresh()
                self.rebuild()
        finally:
            self.stop.set()
            if self.server is not None:
                self.server.shutdown()

    def _let_pages_refresh(self) -> None:
        """Give the pages open in a browser the machine first: they reload and render before the PDFs start."""
        deadline = threading.Event()
        for _ in range(int(SETTLE / 0.05)):
            if not self.previews.pending():
                return
            deadline.wait(0.05)  # the stop event of no one: a pause that Ctrl-C still ends
