"""The build: every game, every language, every paper size asked for, as named stages."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import layout
from .errors import InputError, Problem
from .games import find_spec, game_ids
from .i18n import Translator, translator
from .model import LANGS, Game
from .output import Staging, atomic_write_bytes, check_output, write_error
from .pdf import render_pdf
from .project import FONTS_DIR, PAPERS, Project
from .rulebook import rulebook_html
from .rules import load_games
from .sheets import SHARED, Options, kit_order, sheet, sheets_for, write_kit
from .sheets.files import page_count, sheet_pdf
from .sheets.guide import guide_html, kit_parts
from .templating import template_file, template_folders

RULEBOOKS = ("rulebook",)
"""What `build` makes unless asked for more; `pnp build` asks for every kind (EVERY)."""
EVERY = ("all",)
"""Ask `build` for every kind each game makes."""


def kinds() -> tuple[str, ...]:
    """Every kind of file a build can make, over every registered game: the kit comes last, from the others."""
    own = dict.fromkeys(s.kind for game_id in game_ids() for s in find_spec(game_id).sheets)
    return ("rulebook", *(s.kind for s in SHARED[:-1]), *own, SHARED[-1].kind, "kit")


ALL_PAPERS = "all"
"""`--paper all`: every paper size in one build."""


def folder(out: Path, game: Game, lang: str, paper: str) -> Path:
    """Where one game's files in one language go: A4 in output/<game>/<lang>/, other sizes in a folder
    of their own inside it (output/<game>/<lang>/letter/)."""
    return out / game.id / lang if paper == "a4" else out / game.id / lang / paper


def papers(paper: str) -> list[str]:
    """The paper sizes `--paper` asks for."""
    if paper == ALL_PAPERS:
        return list(PAPERS)
    if paper not in PAPERS:
        raise InputError(f"unknown paper {paper!r} (choose from {', '.join([*PAPERS, ALL_PAPERS])})")
    return [paper]


PER_WORKER = 3
"""A worker process costs an import of WeasyPrint: only start one for at least this many files."""


@dataclass(frozen=True)
class Job:
    """One output file to make."""

    game: Game
    lang: str
    kind: str
    path: Path
    paper: str = "a4"


@dataclass(frozen=True)
class Settings:
    """What every render of one build shares."""

    project: Project
    options: Options


@dataclass
class Report:
    """What a build made, and anything that deserves a look."""

    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    layout: list[str] = field(default_factory=list)
    """What the layout check found on the rulebooks and sheets made (pnp.layout), each naming its file and page."""


Rendered = tuple[list[str], list[str]]
"""What a render has to say: its warnings, and its layout check's findings."""


def plan(project: Project, games: list[Game], langs: list[str], out: Path,
         asked: list[str] | tuple[str, ...] = RULEBOOKS, paper: str = "a4") -> list[Job]:
    """Step 1 – the files to make, in build order; a kit brings in every part it is merged from."""
    known = kinds()
    wanted = set(known) if tuple(asked) == EVERY else set(asked)
    unknown = sorted(wanted - set(known))
    if unknown:
        raise InputError(f"unknown output kind {', '.join(unknown)} (choose from {', '.join(known)})")
    jobs = []
    for game in games:
        made = ["rulebook", *(s.kind for s in sheets_for(game)), "kit"]
        if "kit" in wanted:
            wanted |= set(made)
        for size in papers(paper):
            for lang in langs:
                place = folder(out, game, lang, size)
                jobs += [Job(game, lang, kind, place / f"{kind}.pdf", size) for kind in made if kind in wanted]
    return jobs


def build(
    project: Project,
    games: list[str] | None = None,
    langs: list[str] | None = None,
    paper: str = "a4",
    out: Path | None = None,
    progress: Callable[[int, int, Path], None] | None = None,
    options: Options | None = None,
    kinds: list[str] | tuple[str, ...] = RULEBOOKS,
    workers: int | None = None,
) -> Report:
    """Load and validate the rules, render the rulebooks and any sheets asked for (in parallel), then merge the kits.

    `paper` is a size or `all`; `options` are the maker's sticker and paper-die sizes and ink.
    `kinds` names what to make for each game and language (see kinds(), or EVERY); `workers` caps the processes
    (default: one per CPU). Every file is made in a staging folder inside `out` and moved into place only when all
    are made, under a lock on `out` (a second build into it waits, and logs that it does): a failed or
    interrupted build writes nothing. Report.written lists the files in build order, whichever finished first.
    """
    out = out or project.root / "output"
    langs = list(langs or LANGS)
    settings = Settings(project, (options or Options()).checked())
    loaded = load_games(project.rules, project.root, games or None)
    # Every catalog read and checked before the first page is drawn.
    translators = {lang: translator(project.locales, lang, project.root) for lang in langs}
    jobs = plan(project, loaded, langs, out, kinds, paper)
    # The output folder checked before the first page is drawn too: writable, room for every file.
    check_output(out, [job.path for job in jobs], project.root)
    finished: dict[Path, Rendered] = {}
    shown = 0

    def done(job: Job, rendered: Rendered) -> None:
        # Progress in build order, whichever worker finished first, so the log reads the same every time.
        nonlocal shown
        finished[job.path] = rendered
        while shown < len(jobs) and jobs[shown].path in finished:
            shown += 1
            if progress:
                progress(shown, len(jobs), jobs[shown - 1].path)

    with Staging(out, project.root) as staging:
        # Step 2 – rulebooks and sheets, each file on its own, made in the staging folder.
        renders = [(job, staging.path(job.path)) for job in jobs if job.kind != "kit"]
        count = min(workers or os.cpu_count() or 1, len(renders) // PER_WORKER)
        if count > 1:
            try:
                _render_in_parallel(settings, renders, count, done)
            except BrokenProcessPool:
                raise InputError(Problem(project.shown(out), None, "", "a render worker died (out of memory, or "
                                                                        "killed): nothing was written")) from None
        else:
            for job, staged in renders:
                done(job, _checked(_render(settings, job, staged, translators)))
        # Step 3 – each kit, from the files of its game and language.
        for job in jobs:
            if job.kind == "kit":
                try:
                    _kit(_staged(job, staging), translators[job.lang], [_staged(j, staging) for j in jobs],
                         settings)
                except OSError as exc:
                    raise write_error(job.path, exc, project.root) from None
                done(job, ([], []))
        # Step 4 – every file moved into place at once, under the output folder's lock.
        staging.commit([job.path for job in jobs])
    report = Report()
    for lang in langs:  # fuzzy or untranslated entries print in English: say so, with where
        report.warnings.extend(str(problem) for problem in translators[lang].unready)
    for job in jobs:
        report.written.append(job.path)
        warnings, findings = finished[job.path]
        report.warnings.extend(f"{project.shown(job.path)}: {w}" for w in warnings)
        report.layout.extend(f"{project.shown(job.path)}: {f}" for f in findings)
    return report


def _staged(job: Job, staging: Staging) -> Job:
    """The job as made during the build: its file in the staging folder."""
    return replace(job, path=staging.path(job.path))


def _render_in_parallel(settings: Settings, renders: list[tuple[Job, Path]], count: int,
                        done: Callable[[Job, Rendered], None]) -> None:
    """Render in `count` fresh processes (spawned, so no half-initialised library state is inherited).

    The workers leave Ctrl-C to this process, and die with it: on any failure or interrupt here they are
    stopped at once, and a worker whose parent is gone (killed) ends itself.
    """
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_worker_init,
                               initargs=(os.getpid(),))
    try:
        # Workers start with Ctrl-C ignored (inherited), so an interrupt while they import is not theirs either.
        main = threading.current_thread() is threading.main_thread()  # only the main thread may set handlers
        before = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            pending = {pool.submit(_render, settings, job, staged): job for job, staged in renders}
        finally:
            if main:
                signal.signal(signal.SIGINT, before)
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done(pending.pop(future), _checked(future.result()))
    except BaseException:
        _stop(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now rather than after their current page: nothing of this build may be written later."""
    for process in list(pool._processes.values()):
        process.terminate()


def _worker_init(parent: int) -> None:
    """A render worker: Ctrl-C is the parent's to handle, and the worker ends itself when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)  # the parent was killed: nothing is waiting for this worker's pages

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _checked(result: tuple[list[str], list[str], list[Problem]]) -> Rendered:
    """The warnings and layout findings of a render, or its problems raised as bad input."""
    warnings, findings, problems = result
    if problems:
        raise InputError(problems)
    return warnings, findings


_worker_translators: dict[str, Translator] = {}
"""A worker's catalogs, compiled once per language; a worker lives for one build."""


def _render(settings: Settings, job: Job, staged: Path,
            translators: dict[str, Translator] | None = None) -> tuple[list[str], list[str], list[Problem]]:
    """Render one rulebook or sheet to its PDF at `staged`, written once, whole, then read it back for its layout.

    Returns (warnings, layout findings, problems) so a worker hands back plain data.
    """
    project = settings.project
    translators = _worker_translators if translators is None else translators
    try:
        if job.lang not in translators:
            translators[job.lang] = translator(project.locales, job.lang, project.root)
        tr = translators[job.lang]
        if job.kind == "rulebook":
            html = rulebook_html(project, job.game, tr, job.paper)
            data, warnings = render_pdf(html, [project.root, FONTS_DIR], project.templates,
                                        template_folders(project, job.game),
                                        template_file(project, job.game, "rulebook.html"), project.root,
                                        tighter=lambda: rulebook_html(project, job.game, tr, job.paper, tight=True))
        else:
            data, warnings = sheet_pdf(project, job.game, tr, job.kind, job.paper, settings.options)
        atomic_write_bytes(staged, data)
        # The layout read back from the PDF just made: what a reader would see wrong.
        rules = layout.RULEBOOK if job.kind == "rulebook" else layout.SHEET
        try:
            findings = [str(finding) for finding in layout.check(data, rules)]
        except ValueError as exc:  # PDFium cannot read it (a stand-in in a test): nothing to check
            findings = [f"layout not checked: {exc}"]
        return warnings, findings, []
    except InputError as exc:
        return [], [], exc.problems
    except OSError as exc:
        return [], [], write_error(job.path, exc, project.root).problems


def _kit(job: Job, tr: Translator, jobs: list[Job], settings: Settings) -> None:
    """Merge the game's rulebook and sheets, just made, into its kit, in print order, after its what-to-print
    page (which needs every part's page count, so it is drawn last)."""
    made = {j.kind: j.path for j in jobs
            if j.game.id == job.game.id and j.lang == job.lang and j.paper == job.paper and j.kind != "kit"}
    options = settings.options
    parts, order = [], []
    for kind in kit_order(job.game, options):
        if kind == "rulebook":
            name, duplex = tr.gettext("Rulebook"), False
        elif kind in made:
            part = sheet(job.game, kind)
            name, duplex = part.title(tr), part.duplex
        else:
            continue
        name = tr.typeset(name)
        parts.append((name, duplex, made[kind]))
        order.append((kind, name, duplex, page_count(made[kind])))
    beside = [(s.kind, tr.typeset(s.title(tr)), page_count(made[s.kind])) for s in sheets_for(job.game)
              if s.kind in made and not s.in_kit(options)]
    project = settings.project
    html = guide_html(project, job.game, tr, job.paper, options, kit_parts(job.game, order, beside))
    guide, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, template_folders(project, job.game),
                          template_file(project, job.game, "sheets/guide.html"), project.root)
    title = tr.typeset(tr.format(tr.gettext("{game}: print-and-play kit"), game=job.game.titles[job.lang]))
    write_kit(parts, job.path, title, tr.typeset(job.game.designer_in(job.lang)), job.lang,
              (tr.typeset(tr.gettext("What to print")), guide))
