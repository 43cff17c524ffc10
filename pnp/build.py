"""The build: every game, every language, every paper size asked for, as named stages."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import derived, stamps
from .errors import InputError, Problem
from .games import find_spec, game_ids
from .model import Game
from .output import Staging, atomic_write_bytes, check_output, write_error
from .project import FONTS_DIR, PAPERS, Project
from .sheets import Options
from .stamps import Digests, Manifest

if TYPE_CHECKING:
    from .i18n import Translator

# The rules, catalogs, templates, WeasyPrint and pypdf are imported where a build first needs them, after the
# manifest has said whether anything needs making: a build with nothing to do imports none of them.

RULEBOOKS = ("rulebook",)
"""What `build` makes unless asked for more; `pnp build` asks for every kind (EVERY)."""
EVERY = ("all",)
"""Ask `build` for every kind each game makes."""


def kinds() -> tuple[str, ...]:
    """Every kind of file a build can make, over every registered game: the kit comes last, from the others."""
    from .sheets.kinds import SHARED

    own = dict.fromkeys(s.kind for game_id in game_ids() for s in find_spec(game_id).sheets)
    return ("rulebook", "web", *(s.kind for s in SHARED[:-1]), *own, SHARED[-1].kind, "kit")


WEB_FONTS = "web-fonts"
"""The fonts of a game's web pages (pnp.web.FONTS): made with them, never asked for alone."""

LIGHT = ("web", WEB_FONTS)
"""The kinds made without WeasyPrint, in the build process."""

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
    derived: Path | None = None
    """Where engine derivations (examples, odds) are kept on disk by the hash of the rules (pnp.derived)."""
    background: bool = False
    """Workers at a lower priority than the build process (and its preview server)."""
    marked: frozenset[str] = frozenset()
    """Languages whose missing translations are printed in English, highlighted (`--allow-incomplete`)."""


@dataclass
class Report:
    """What a build made, what was already up to date, and anything that deserves a look."""

    written: list[Path] = field(default_factory=list)
    """The files made by this build, in build order."""
    fresh: list[Path] = field(default_factory=list)
    """The files asked for that were up to date (made from the same inputs by an earlier build), left as they were."""
    games: list[str] = field(default_factory=list)
    """The games with a file made by this build."""
    warnings: list[str] = field(default_factory=list)
    layout: list[str] = field(default_factory=list)
    """What the layout check found on the rulebooks and sheets (pnp.layout), each naming its file and page; for a
    file up to date, what was found when it was made."""

    @property
    def summary(self) -> str:
        """`92 up to date, 0 built`."""
        return f"{len(self.fresh)} up to date, {len(self.written)} built"


@dataclass(frozen=True)
class Rendered:
    """What a render has to say: its warnings, its layout check's findings, the files it read and its time."""

    warnings: list[str]
    layout: list[str]
    reads: tuple[str, ...] = ()
    seconds: float = 0.0


def plan(project: Project, games: list[Game], langs: list[str], out: Path,
         asked: list[str] | tuple[str, ...] = RULEBOOKS, paper: str = "a4") -> list[Job]:
    """Step 1 – the files to make, in build order; a kit brings in every part it is merged from."""
    from . import web
    from .sheets.kinds import sheets_for

    known = kinds()
    wanted = set(known) if tuple(asked) == EVERY else set(asked)
    unknown = sorted(wanted - set(known))
    if unknown:
        raise InputError(f"unknown output kind {', '.join(unknown)} (choose from {', '.join(known)})")
    jobs = []
    for game in games:
        made = ["rulebook", "web", *(s.kind for s in sheets_for(game)), "kit"]
        if "kit" in wanted:
            wanted |= set(made) - {"web"}
        for index, size in enumerate(papers(paper)):
            for lang in langs:
                place = folder(out, game, lang, size)
                for kind in made:
                    if kind == "web" and kind in wanted and index == 0:  # one web page whatever the paper
                        jobs.append(Job(game, lang, kind, folder(out, game, lang, "a4") / web.FILE))
                        if lang == langs[0]:  # the fonts every page of the game links, beside the languages' folders
                            jobs.append(Job(game, lang, WEB_FONTS, out / game.id / web.FONTS))
                    elif kind in wanted and kind != "web":
                        jobs.append(Job(game, lang, kind, place / f"{kind}.pdf", size))
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
    force: bool = False,
    background: bool = False,
    missing: str = "warn",
) -> Report:
    """Load and validate the rules, render the rulebooks and any sheets asked for (in parallel), then merge the kits;
    only what is not up to date.

    `paper` is a size or `all`; `options` are the maker's sticker and paper-die sizes and ink.
    `kinds` names what to make for each game and language (see kinds(), or EVERY); `workers` caps the processes
    (default: one per CPU). A file is up to date when the output folder's manifest (pnp.stamps) says it was made
    with the same code, options and paper from files (rules, templates, stylesheets, catalog, fonts) whose content
    has not changed since, and it is still as that build left it; `force` makes every file again. `background`
    lowers the workers' priority (`pnp watch`: the preview pages a browser asks for come first). Every file is
    made in a staging folder inside `out` and moved into place only when all are made, under a lock on `out` (a
    second build into it waits, and logs that it does): a failed or interrupted build writes nothing.
    `missing` says what a language whose catalog leaves some of the games' strings untranslated gets: `warn` (they
    print in English, each told), `refuse` (bad input, naming the games; `pnp build`) or `mark` (printed in
    English, highlighted: `pnp build --allow-incomplete`).
    Report.written lists the files made in build order, whichever finished first; Report.fresh those left as they
    were; `progress(n, total, path)` is told of each file made.
    """
    out = out or project.root / "output"
    langs = list(langs or project.languages)
    settings = Settings(project, (options or Options()).checked(), project.root / derived.FOLDER, background)
    digests = Digests()
    manifest = Manifest.load(out)
    asked = stamps.key("plan", sorted(games or []), langs, paper, sorted(kinds), repr(settings.options),
                       *([missing] if missing != "warn" else []))
    if not force:
        nothing = _nothing_to_do(project, manifest, asked, digests)
        if nothing is not None:
            return nothing
    from . import catalogs
    from .rules import load_games
    from .templating import template_folders

    # The inputs' contents taken before anything renders: a file saved during the build is found by the next one.
    digests.take([project.rules, project.templates, project.locales, FONTS_DIR,
                  *(folder for game_id in game_ids() for folder in template_folders(project, _named(game_id))[1:])])
    rules_files = {str(path.absolute()): digests(path.absolute()) for path in sorted(project.rules.glob("*.yaml"))}
    loaded = load_games(project.rules, project.root, games or None)
    # Every catalog read and checked before the first page is drawn.
    translators = {lang: _translator(project, lang, digests) for lang in langs}
    if missing != "warn":  # every string the games print translated, or the build says which are not
        short = catalogs.incomplete(project.root, project.locales, langs, [game.id for game in loaded])
        if short and missing == "refuse":
            raise InputError(list(short.values()))
        settings = replace(settings, marked=frozenset(short))
        translators = {lang: replace(tr, mark=lang in short) for lang, tr in translators.items()}
    jobs = plan(project, loaded, langs, out, kinds, paper)
    wanted = {job.path: _key(job, settings.options, job.lang in settings.marked, project.languages) for job in jobs}
    stale = [job for job in jobs if force or not manifest.is_fresh(job.path, wanted[job.path], digests)]
    remade = {(job.game.id, job.lang, job.paper) for job in stale}
    # A kit is merged from its parts: made again whenever one of them is.
    stale += [job for job in jobs
              if job.kind == "kit" and job not in stale and (job.game.id, job.lang, job.paper) in remade]
    stale.sort(key=jobs.index)
    finished: dict[Path, Rendered] = {}
    if stale:
        # The output folder checked before the first page is drawn too: writable, room for every file.
        check_output(out, [job.path for job in stale], project.root)
        finished = _make(settings, stale, jobs, translators, manifest, progress, workers)
    report = Report(games=list(dict.fromkeys(job.game.id for job in stale)))
    for lang in langs:  # fuzzy or untranslated entries print in English: say so, with where (or once, highlighted)
        unready = translators[lang].unready
        if lang in settings.marked:
            unready = (Problem(unready[0].file, None, "", f"{len(unready)} entries fuzzy or untranslated, printed in "
                                                          "English, highlighted"),)
        report.warnings.extend(str(problem) for problem in unready)
        report.warnings.extend(str(problem) for problem in translators[lang].font_gaps)
    for job in jobs:
        made = finished.get(job.path)
        if made is not None:
            report.written.append(job.path)
            manifest.record(job.path, wanted[job.path], made.reads, digests, made.seconds,
                            made.warnings, made.layout)
        else:
            report.fresh.append(job.path)
        entry = manifest.files[manifest.name(job.path)]
        report.warnings.extend(f"{project.shown(job.path)}: {w}" for w in entry.warnings)
        report.layout.extend(f"{project.shown(job.path)}: {f}" for f in entry.layout)
    manifest.plans[asked] = {"code": stamps.code_version(), "rules": rules_files,
                             "files": [[manifest.name(job.path), wanted[job.path]] for job in jobs],
                             "unready": [str(p) for lang in langs for p in translators[lang].unready]}
    try:
        manifest.save()
    except OSError as exc:
        raise write_error(out / stamps.MANIFEST, exc, project.root) from None
    return report


_catalogs: dict[tuple[str, str, tuple[str | None, ...]], Translator] = {}
"""Catalogs read and checked by earlier builds of this process (`pnp watch`), by the content of their files."""


def _translator(project: Project, lang: str, digests: Digests) -> Translator:
    """The language's Translator: read and checked again only when its catalog or the typography changed."""
    from .i18n import translator

    files = _inputs_of_language(project, lang)
    key = (str(project.root), lang, tuple(digests(path) for path in files))
    if key not in _catalogs:
        if len(_catalogs) >= 32:
            _catalogs.clear()
        _catalogs[key] = translator(project.locales, lang, project.root)
    return _catalogs[key]


def _inputs_of_language(project: Project, lang: str) -> list[str]:
    """The files a language's pages read besides templates: the typography, and its catalog (English has none)."""
    from .i18n import po_path
    from .typography import TYPOGRAPHY

    files = [project.locales / TYPOGRAPHY] + ([po_path(project.locales, lang)] if lang != "en" else [])
    return [str(path.absolute()) for path in files]


def _named(game_id: str) -> Game:
    """A stand-in Game carrying only its id: enough to find the game's template folder."""
    return _GameId(game_id)  # type: ignore[return-value]


@dataclass(frozen=True)
class _GameId:
    id: str


def _key(job: Job, options: Options, marked: bool = False, languages: tuple[str, ...] = ()) -> str:
    """What decides a file besides the files it reads: the code, its kind, language, paper, (for a sheet or a
    kit) the maker's options, whether missing translations are highlighted, and (for a web page, whose switcher
    links them) the project's languages."""
    per_maker = job.kind not in ("rulebook", "web", WEB_FONTS)
    return stamps.key(job.game.id, job.kind, job.lang, job.paper, repr(options) if per_maker else None,
                      *(["marked"] if marked else []), *(languages if job.kind == "web" else ()))


def _nothing_to_do(project: Project, manifest: Manifest, asked: str, digests: Digests) -> Report | None:
    """The report of a build with nothing to make, read from the manifest without loading the rules or catalogs;
    None when something may need making (the rules files, the code or any file's inputs changed)."""
    recorded = manifest.plans.get(asked)
    if not recorded or recorded.get("code") != stamps.code_version():
        return None
    rules = {str(path.absolute()) for path in project.rules.glob("*.yaml")}
    if rules != set(recorded["rules"]) or any(digests(path) != digest for path, digest in recorded["rules"].items()):
        return None
    targets = [(manifest.out / name, key) for name, key in recorded["files"]]
    if not all(manifest.is_fresh(target, key, digests) for target, key in targets):
        return None
    report = Report(fresh=[target for target, _ in targets], warnings=list(recorded["unready"]))
    for target, _ in targets:
        entry = manifest.files[manifest.name(target)]
        report.warnings.extend(f"{project.shown(target)}: {w}" for w in entry.warnings)
        report.layout.extend(f"{project.shown(target)}: {f}" for f in entry.layout)
    return report


def _make(settings: Settings, stale: list[Job], jobs: list[Job], translators: dict[str, Translator],
          manifest: Manifest, progress: Callable[[int, int, Path], None] | None,
          workers: int | None) -> dict[Path, Rendered]:
    """Make the stale files in a staging folder, then move them into place together; what each render said."""
    project = settings.project
    out = manifest.out
    finished: dict[Path, Rendered] = {}
    shown = 0
    lock = threading.Lock()  # told by the workers' results and by the web pages made here meanwhile

    def done(job: Job, rendered: Rendered) -> None:
        # Progress in build order, whichever worker finished first, so the log reads the same every time.
        nonlocal shown
        with lock:
            finished[job.path] = rendered
            while shown < len(stale) and stale[shown].path in finished:
                shown += 1
                if progress:
                    progress(shown, len(stale), stale[shown - 1].path)

    with Staging(out, project.root) as staging:
        # Step 2 – rulebooks and sheets, each file on its own, made in the staging folder, the longest first (as
        # long as they took last time) so that no worker is left with a long one at the end.
        renders = [(job, staging.path(job.path)) for job in stale if job.kind != "kit"]
        renders.sort(key=lambda render: -_expected(manifest, render[0]))
        # Step 3 – each kit, from the files of its game and language (those not made again as they are), as soon
        # as its parts are made.
        made = [_staged(j, staging) if j in stale else j for j in jobs]
        kits = [Kit(job, staging.path(job.path), [m for j, m in zip(jobs, made, strict=True) if _part_of(j, job)],
                    frozenset(j.path for j in stale if _part_of(j, job))) for job in stale if job.kind == "kit"]
        _render_all(settings, renders, kits, translators, done, workers, out)
        # Step 4 – every file moved into place at once, under the output folder's lock.
        staging.commit([job.path for job in stale])
    return finished


@dataclass(frozen=True)
class Kit:
    """A kit to merge: where it is made, its parts (as made by this build, or as they are), and which of them this
    build makes (it waits for those)."""

    job: Job
    staged: Path
    parts: list[Job]
    needs: frozenset[Path]


def _part_of(part: Job, kit: Job) -> bool:
    return (part.kind not in ("kit", "web", WEB_FONTS) and part.game.id == kit.game.id and part.lang == kit.lang
            and part.paper == kit.paper)


def _expected(manifest: Manifest, job: Job) -> float:
    """How long a render is expected to take: as long as last time, else a rulebook longer than a sheet."""
    entry = manifest.files.get(manifest.name(job.path))
    if entry is not None and entry.seconds:
        return entry.seconds
    return 3.0 if job.kind == "rulebook" else 1.0


def _inputs(project: Project, job: Job) -> list[str]:
    """The files every render of a job reads besides its templates: its rules file, its catalog, the typography."""
    rules = Path(job.game.file)
    return [str((rules if rules.is_absolute() else project.root / rules).absolute()),
            *_inputs_of_language(project, job.lang)]


def _staged(job: Job, staging: Staging) -> Job:
    """The job as made during the build: its file in the staging folder."""
    return replace(job, path=staging.path(job.path))


def _render_all(settings: Settings, renders: list[tuple[Job, Path]], kits: list[Kit],
                translators: dict[str, Translator], done: Callable[[Job, Rendered], None], workers: int | None,
                out: Path) -> None:
    """Render, and merge the kits, in worker processes when there are enough files to pay for them, else here.

    The engines' derivations (worked examples, odds) are made once, here, while the workers start, and kept on disk
    for the workers (pnp.derived); a worker only reads them.
    """
    with derived.using(settings.derived):
        _render_here_or_there(settings, renders, kits, translators, done, workers, out)


def _render_here_or_there(settings: Settings, renders: list[tuple[Job, Path]], kits: list[Kit],
                          translators: dict[str, Translator], done: Callable[[Job, Rendered], None],
                          workers: int | None, out: Path) -> None:
    project = settings.project
    # The web pages need no WeasyPrint and take a few hundredths of a second: made here, and not counted towards
    # the workers, whose start costs an import of WeasyPrint each.
    here = [(job, staged) for job, staged in renders if job.kind in LIGHT]
    renders = [render for render in renders if render[0].kind not in LIGHT]
    count = min(workers or os.cpu_count() or 1, len(renders) // PER_WORKER)
    books = {job.game.id: job.game for job, _ in renders if job.kind == "rulebook"}

    def render_here(stopping: threading.Event | None = None) -> None:
        for job, staged in here:
            if stopping is not None and stopping.is_set():
                return
            done(job, _checked(_render(settings, job, staged, translators)))

    if count > 1:
        def before(stopping: threading.Event) -> None:  # while the workers start, and render the sheets
            _derive(list(books.values()), translators, stopping)
            render_here(stopping)

        try:
            _render_in_parallel(settings, renders, kits, count, done, before=before, translators=translators)
        except BrokenProcessPool:
            raise InputError(Problem(project.shown(out), None, "", "a render worker died (out of memory, or "
                                                                    "killed): nothing was written")) from None
    else:
        render_here()
        for job, staged in renders:
            done(job, _checked(_render(settings, job, staged, translators)))
        for kit in kits:
            done(kit.job, _checked(_merge_kit(settings, kit, translators)))


def _derive(games: list[Game], translators: dict[str, Translator], stopping: threading.Event | None = None) -> None:
    """Derive each game's worked examples, odds and playing-well solution once (kept on disk), before the workers
    render the rulebooks."""
    tr = next(iter(translators.values()))  # what is derived does not depend on the language
    for game in games:
        spec = find_spec(game.id)
        if stopping is not None and stopping.is_set():
            return
        if spec.book is not None:
            spec.book.examples(game, tr)
            spec.book.printed_odds(game)
        if spec.playing is not None:
            spec.playing(game, tr)


def _render_in_parallel(settings: Settings, renders: list[tuple[Job, Path]], kits: list[Kit], count: int,
                        done: Callable[[Job, Rendered], None],
                        before: Callable[[threading.Event], None] = lambda stopping: None,
                        translators: dict[str, Translator] | None = None) -> None:
    """Render in `count` fresh processes (spawned, so no half-initialised library state is inherited).

    A worker is handed one file at a time: a kit whose parts are all made first, else the next render (the
    longest first), so the kits are merged while the last renders run rather than after them.

    `before` (the engines' derivations that the rulebooks read, and the web pages) runs in a thread of this process
    as the workers start: they render the sheets meanwhile, and get the rulebooks once it is done. It is told to
    stop (between games and pages) on any failure, and waited for, so that nothing is written after the build.

    `translators`, the catalogs this process has read, checked and compiled, are handed to each worker as it starts.

    The workers leave Ctrl-C to this process, and die with it: on any failure or interrupt here they are
    stopped at once, and a worker whose parent is gone (killed) ends itself.
    """
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_worker_init,
                               initargs=(os.getpid(), settings.background, translators or {}))
    helper, stopping = ThreadPoolExecutor(1, thread_name_prefix="pnp-before"), threading.Event()
    try:
        # Workers start with Ctrl-C ignored (inherited), so an interrupt while they import is not theirs either.
        main = threading.current_thread() is threading.main_thread()  # only the main thread may set handlers
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            for _ in range(count):
                pool.submit(_warm)  # the workers start, and import WeasyPrint …
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
        prepared: Future[None] = helper.submit(before, stopping)  # … while this process derives
        queue, waiting = list(reversed(renders)), list(kits)
        made: set[Path] = set()
        pending: dict[Any, Job] = {}
        while queue or waiting or pending or not prepared.done():
            if prepared.done():
                prepared.result()  # its failure is the build's
            ready = [kit for kit in waiting if kit.needs <= made]
            while len(pending) < count and (ready or queue):
                if ready:
                    kit = ready.pop(0)
                    waiting.remove(kit)
                    pending[pool.submit(_merge_kit, settings, kit)] = kit.job
                    continue
                # The next render, the longest first; a rulebook only once the derivations it reads are made.
                at = next((i for i in reversed(range(len(queue)))
                           if prepared.done() or queue[i][0].kind != "rulebook"), None)
                if at is None:
                    break
                job, staged = queue.pop(at)
                pending[pool.submit(_render, settings, job, staged)] = job
            finished, _ = wait([*pending, *([] if prepared.done() else [prepared])], return_when=FIRST_COMPLETED)
            for future in finished:
                if future is not prepared:
                    job = pending.pop(future)
                    done(job, _checked(future.result()))
                    made.add(job.path)
    except BaseException:
        stopping.set()
        _stop(pool)
        raise
    finally:
        helper.shutdown(wait=True)
        pool.shutdown(wait=True, cancel_futures=True)


def _warm() -> None:
    """A worker's first task: import what every render needs, while the build process derives."""
    import weasyprint  # noqa: F401


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now rather than after their current page: nothing of this build may be written later."""
    for process in list(pool._processes.values()):
        process.terminate()


def _worker_init(parent: int, background: bool = False, translators: dict[str, Translator] | None = None) -> None:
    """A render worker: Ctrl-C is the parent's to handle, and the worker ends itself when the parent dies; it renders
    with the parent's catalogs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_translators.update(translators or {})
    if background:
        os.nice(10)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)  # the parent was killed: nothing is waiting for this worker's pages

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _checked(result: tuple[Rendered | None, list[Problem]]) -> Rendered:
    """What a render said, or its problems raised as bad input."""
    rendered, problems = result
    if problems or rendered is None:
        raise InputError(problems)
    return rendered


_worker_translators: dict[str, Translator] = {}
"""A worker's catalogs, compiled once per language; a worker lives for one build."""


def _render(settings: Settings, job: Job, staged: Path,
            translators: dict[str, Translator] | None = None) -> tuple[Rendered | None, list[Problem]]:
    """Render one rulebook or sheet to its PDF at `staged`, written once, whole, then read it back for its layout.

    Returns what the render said (with the files it read), or its problems, so a worker hands back plain data.
    """
    project = settings.project
    translators = _worker_translators if translators is None else translators
    start = time.perf_counter()
    with stamps.recording() as reads, derived.using(settings.derived):
        rendered, problems = _render_recorded(settings, job, staged, translators)
    if rendered is None:
        return None, problems
    if job.kind != WEB_FONTS:  # the fonts read no rules or catalog
        reads.update(_inputs(project, job))
    return Rendered(rendered.warnings, rendered.layout, tuple(sorted(reads)), time.perf_counter() - start), []


def _render_recorded(settings: Settings, job: Job, staged: Path,
                     translators: dict[str, Translator]) -> tuple[Rendered | None, list[Problem]]:
    from . import layout, web
    from .i18n import translator
    from .pdf import render_pdf
    from .rulebook import rulebook_html
    from .rulebook import terms as rulebook_terms
    from .sheets.files import sheet_pdf
    from .templating import template_file, template_folders

    project = settings.project
    try:
        if job.lang not in translators:
            translators[job.lang] = replace(translator(project.locales, job.lang, project.root),
                                            mark=job.lang in settings.marked)
        tr = translators[job.lang]
        if job.kind == WEB_FONTS:
            atomic_write_bytes(staged, web.fonts_css().encode())
            return Rendered([], []), []
        if job.kind == "web":
            atomic_write_bytes(staged, web.web_rulebook(project, job.game, tr, list(project.languages)).encode())
            return Rendered([], []), []
        if job.kind == "rulebook":
            html = rulebook_html(project, job.game, tr, job.paper)
            data, warnings = render_pdf(html, [project.root, FONTS_DIR], project.templates,
                                        template_folders(project, job.game),
                                        template_file(project, job.game, "rulebook.html"), project.root,
                                        tighter=lambda: rulebook_html(project, job.game, tr, job.paper, tight=True),
                                        terms=rulebook_terms(job.game, tr))
        else:
            data, warnings = sheet_pdf(project, job.game, tr, job.kind, job.paper, settings.options)
        atomic_write_bytes(staged, data)
        # The layout read back from the PDF just made: what a reader would see wrong.
        rules = layout.RULEBOOK if job.kind == "rulebook" else layout.SHEET
        try:
            findings = [str(finding) for finding in layout.check(data, rules)]
        except ValueError as exc:  # PDFium cannot read it (a stand-in in a test): nothing to check
            findings = [f"layout not checked: {exc}"]
        return Rendered(warnings, findings), []
    except InputError as exc:
        return None, exc.problems
    except OSError as exc:
        return None, write_error(job.path, exc, project.root).problems


def _merge_kit(settings: Settings, kit: Kit,
               translators: dict[str, Translator] | None = None) -> tuple[Rendered | None, list[Problem]]:
    """Merge one kit at its staging place (in a worker, or here), recording the files it reads."""
    from .i18n import translator

    project, job = settings.project, kit.job
    translators = _worker_translators if translators is None else translators
    start = time.perf_counter()
    with stamps.recording() as reads, derived.using(settings.derived):
        try:
            if job.lang not in translators:
                translators[job.lang] = replace(translator(project.locales, job.lang, project.root),
                                            mark=job.lang in settings.marked)
            _kit(replace(job, path=kit.staged), translators[job.lang], kit.parts, settings)
        except InputError as exc:
            return None, exc.problems
        except OSError as exc:
            return None, write_error(job.path, exc, project.root).problems
    reads.update(_inputs(project, job))
    return Rendered([], [], tuple(sorted(reads)), time.perf_counter() - start), []


def _kit(job: Job, tr: Translator, jobs: list[Job], settings: Settings) -> None:
    """Merge the game's rulebook and sheets, just made, into its kit, in print order, after its what-to-print
    page (which needs every part's page count, so it is drawn last)."""
    from .pdf import render_pdf
    from .sheets.files import page_count, write_kit
    from .sheets.guide import guide_html, kit_parts
    from .sheets.kinds import kit_order, sheet, sheets_for
    from .templating import template_file, template_folders

    made = {j.kind: j.path for j in jobs
            if j.game.id == job.game.id and j.lang == job.lang and j.paper == job.paper and j.kind != "kit"}
    options = settings.options
    parts, order = [], []
    for kind in kit_order(job.game, options):
        if kind == "rulebook":
            name, duplex = tr.gettext("Rulebook"), False
        elif kind in made:
            part = sheet(job.game, kind)
            name, duplex = part.title(tr, job.game), part.duplex
        else:
            continue
        name = tr.typeset(name)
        parts.append((name, duplex, made[kind]))
        order.append((kind, name, duplex, page_count(made[kind])))
    beside = [(s.kind, tr.typeset(s.title(tr, job.game)), page_count(made[s.kind])) for s in sheets_for(job.game)
              if s.kind in made and not s.in_kit(options)]
    project = settings.project
    html = guide_html(project, job.game, tr, job.paper, options, kit_parts(job.game, order, beside))
    guide, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, template_folders(project, job.game),
                          template_file(project, job.game, "sheets/guide.html"), project.root)
    title = tr.typeset(tr.format(tr.gettext("{game}: print-and-play kit"), game=job.game.title_in(job.lang)))
    write_kit(parts, job.path, title, tr.typeset(job.game.designer_in(job.lang)), job.lang,
              (tr.typeset(tr.gettext("What to print")), guide))
