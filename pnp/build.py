"""The build: every game, every language, every paper size asked for, as named stages."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError, Problem
from .games import find_spec, game_ids
from .i18n import Translator, translator
from .model import LANGS, Game
from .pdf import write_pdf
from .project import FONTS_DIR, Project
from .rulebook import rulebook_html
from .rules import load_games
from .sheets import DIE_SIZE, SHARED, check_die_size, kit_order, sheet, sheets_for, write_kit, write_sheet

RULEBOOKS = ("rulebook",)
"""What `build` makes unless asked for more; `pnp build` asks for every kind (EVERY)."""
EVERY = ("all",)
"""Ask `build` for every kind each game makes."""


def kinds() -> tuple[str, ...]:
    """Every kind of file a build can make, over every registered game: the kit comes last, from the others."""
    own = dict.fromkeys(s.kind for game_id in game_ids() for s in find_spec(game_id).sheets)
    return ("rulebook", *(s.kind for s in SHARED[:2]), *own, SHARED[2].kind, "kit")


PER_WORKER = 3
"""A worker process costs an import of WeasyPrint: only start one for at least this many files."""


@dataclass(frozen=True)
class Job:
    """One output file to make."""

    game: Game
    lang: str
    kind: str
    path: Path


@dataclass(frozen=True)
class Settings:
    """What every render of one build shares."""

    project: Project
    paper: str
    die_size: float


@dataclass
class Report:
    """What a build made, and anything that deserves a look."""

    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def plan(project: Project, games: list[Game], langs: list[str], out: Path,
         asked: list[str] | tuple[str, ...] = RULEBOOKS) -> list[Job]:
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
        for lang in langs:
            jobs += [Job(game, lang, kind, out / game.id / lang / f"{kind}.pdf") for kind in made if kind in wanted]
    return jobs


def build(
    project: Project,
    games: list[str] | None = None,
    langs: list[str] | None = None,
    paper: str = "a4",
    out: Path | None = None,
    progress: Callable[[int, int, Path], None] | None = None,
    die_size: float = DIE_SIZE,
    kinds: list[str] | tuple[str, ...] = RULEBOOKS,
    workers: int | None = None,
) -> Report:
    """Load and validate the rules, render the rulebooks and any sheets asked for (in parallel), then merge the kits.

    `kinds` names what to make for each game and language (see kinds(), or EVERY); `workers` caps the processes
    (default: one per CPU). Report.written lists the files in build order, whichever finished first.
    """
    out = out or project.root / "output"
    langs = list(langs or LANGS)
    settings = Settings(project, paper, check_die_size(die_size))
    loaded = load_games(project.rules, project.root, games or None)
    # Every catalog read and checked before the first page is drawn.
    translators = {lang: translator(project.locales, lang, project.root) for lang in langs}
    jobs = plan(project, loaded, langs, out, kinds)
    finished: dict[Path, list[str]] = {}
    shown = 0

    def done(job: Job, warnings: list[str]) -> None:
        # Progress in build order, whichever worker finished first, so the log reads the same every time.
        nonlocal shown
        finished[job.path] = warnings
        while shown < len(jobs) and jobs[shown].path in finished:
            shown += 1
            if progress:
                progress(shown, len(jobs), jobs[shown - 1].path)

    # Step 2 – rulebooks and sheets, each file on its own.
    renders = [job for job in jobs if job.kind != "kit"]
    count = min(workers or os.cpu_count() or 1, len(renders) // PER_WORKER)
    if count > 1:
        _render_in_parallel(settings, renders, count, done)
    else:
        for job in renders:
            done(job, _checked(_render(settings, job, translators)))
    # Step 3 – each kit, from the files of its game and language.
    for job in jobs:
        if job.kind == "kit":
            _kit(job, translators[job.lang], jobs)
            done(job, [])
    report = Report()
    for job in jobs:
        report.written.append(job.path)
        report.warnings.extend(f"{project.shown(job.path)}: {w}" for w in finished[job.path])
    return report


def _render_in_parallel(settings: Settings, jobs: list[Job], count: int,
                        done: Callable[[Job, list[str]], None]) -> None:
    """Render in `count` fresh processes (spawned, so no half-initialised library state is inherited)."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=count, mp_context=context) as pool:
        pending = {pool.submit(_render, settings, job): job for job in jobs}
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_EXCEPTION)
                for future in finished:
                    done(pending.pop(future), _checked(future.result()))
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _checked(result: tuple[list[str], list[Problem]]) -> list[str]:
    """The warnings of a render, or its problems raised as bad input."""
    warnings, problems = result
    if problems:
        raise InputError(problems)
    return warnings


_worker_translators: dict[str, Translator] = {}
"""A worker's catalogs, compiled once per language; a worker lives for one build."""


def _render(settings: Settings, job: Job,
            translators: dict[str, Translator] | None = None) -> tuple[list[str], list[Problem]]:
    """Render one rulebook or sheet to its PDF; returns (warnings, problems) so a worker hands back plain data."""
    project = settings.project
    translators = _worker_translators if translators is None else translators
    try:
        if job.lang not in translators:
            translators[job.lang] = translator(project.locales, job.lang, project.root)
        tr = translators[job.lang]
        if job.kind == "rulebook":
            html = rulebook_html(project, job.game, tr, settings.paper)
            return write_pdf(html, job.path, [project.root, FONTS_DIR], project.templates), []
        return write_sheet(project, job.game, tr, job.kind, job.path, settings.paper, settings.die_size), []
    except InputError as exc:
        return [], exc.problems


def _kit(job: Job, tr: Translator, jobs: list[Job]) -> None:
    """Merge the game's rulebook and sheets, just written, into its kit, in print order."""
    made = {j.kind: j.path for j in jobs if j.game.id == job.game.id and j.lang == job.lang and j.kind != "kit"}
    parts = []
    for kind in kit_order(job.game):
        if kind == "rulebook":
            parts.append((tr.gettext("Rulebook"), False, made[kind]))
        elif kind in made:
            part = sheet(job.game, kind)
            parts.append((part.title(tr), part.duplex, made[kind]))
    title = tr.format(tr.gettext("{game}: print-and-play kit"), game=job.game.titles[job.lang])
    write_kit(parts, job.path, title, job.game.designer, job.lang)
