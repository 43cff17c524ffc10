"""The build: every game, every language, every paper size asked for, as named stages."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .i18n import translator
from .model import GAME_IDS, LANGS, Game
from .pdf import write_pdf
from .render import FONTS_DIR, Project, rulebook_html
from .rules import load_games

log = logging.getLogger("pnp")


@dataclass(frozen=True)
class Job:
    """One output file to make."""

    game: Game
    lang: str
    kind: str
    path: Path


@dataclass
class Report:
    """What a build made, and anything that deserves a look."""

    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def plan(project: Project, games: list[Game], langs: list[str], out: Path) -> list[Job]:
    """Step 1 – the files to make, in build order."""
    return [Job(g, lang, "rulebook", out / g.id / lang / "rulebook.pdf") for g in games for lang in langs]


def build(
    project: Project,
    games: list[str] | None = None,
    langs: list[str] | None = None,
    paper: str = "a4",
    out: Path | None = None,
    progress: Callable[[int, int, Path], None] | None = None,
) -> Report:
    """Load and validate the rules, then render each rulebook to PDF."""
    out = out or project.root / "output"
    langs = list(langs or LANGS)
    loaded = load_games(project.rules, project.root, games or list(GAME_IDS))
    translators = {lang: translator(project.locales, lang, project.root) for lang in langs}
    jobs = plan(project, loaded, langs, out)
    report = Report()
    allowed = [project.root, FONTS_DIR]
    for index, job in enumerate(jobs, 1):
        html = rulebook_html(project, job.game, translators[job.lang], paper)
        for warning in write_pdf(html, job.path, allowed, project.templates):
            report.warnings.append(f"{project.shown(job.path)}: {warning}")
        report.written.append(job.path)
        if progress:
            progress(index, len(jobs), job.path)
    return report
