"""The `pnp` command line: build, check and catalog commands; exit 0 ok, 1 a check failed, 2 bad input."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import IO, Sequence

from . import catalogs
from .build import build
from .errors import InputError
from .model import GAME_IDS, LANGS
from .render import PAPERS, Project
from .rules import load_games


class UsageError(Exception):
    """The command line's words are off."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit; report as usage instead
        raise UsageError(f"{self.prog}: {message}")


def default_root() -> Path:
    """The project folder: $PNP_ROOT, else the current folder if it holds rules/, else the checkout pnp runs from."""
    if os.environ.get("PNP_ROOT"):
        return Path(os.environ["PNP_ROOT"])
    cwd = Path.cwd()
    if (cwd / "rules").is_dir() and (cwd / "templates").is_dir():
        return cwd
    return Path(__file__).resolve().parent.parent


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="pnp", description="Print-and-play kits and rulebooks from one rules source of truth.")
    p.add_argument("--root", type=Path, help="project folder (rules/, templates/, locales/); default: this checkout")
    p.add_argument("-q", "--quiet", action="store_true", help="print only errors")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    b = sub.add_parser("build", help="build rulebooks and kits into output/")
    b.add_argument("games", nargs="*", metavar="GAME", help=f"games to build (default: all of {', '.join(GAME_IDS)})")
    b.add_argument("--lang", action="append", choices=LANGS, help="language (repeatable; default: all)")
    b.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size (default: a4)")
    b.add_argument("--out", type=Path, help="output folder (default: output/)")
    b.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub", help="print only errors")

    c = sub.add_parser("check", help="validate the rules and the catalogs")
    c.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    cat = sub.add_parser("catalog", help="translation catalogs (wraps Babel)")
    cat.add_argument("action", choices=["extract", "update", "compile"],
                     help="extract: write locales/pnp.pot; update: merge it into es, ca, ru; compile: write .mo files")
    cat.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")
    return p


def main(argv: Sequence[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    """Run one command; returns the exit status instead of exiting, so tests can call it in-process."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        args = parser().parse_args(argv)
    except UsageError as exc:
        print(exc, file=stderr)
        return 2
    quiet = args.quiet or getattr(args, "quiet_sub", False)
    project = Project((args.root or default_root()).resolve())
    try:
        return COMMANDS[args.command](args, project, quiet, stdout, stderr)
    except InputError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=stderr)
        return 2
    except UsageError as exc:
        print(exc, file=stderr)
        return 2


def _build(args, project: Project, quiet: bool, stdout, stderr) -> int:
    unknown = [g for g in args.games if g not in GAME_IDS]
    if unknown:
        raise UsageError(f"pnp build: unknown game {', '.join(unknown)} (choose from {', '.join(GAME_IDS)})")

    def progress(done: int, total: int, path: Path) -> None:
        if not quiet:
            print(f"[{done:>2}/{total}] {project.shown(path)}", file=stderr, flush=True)

    report = build(project, args.games or None, args.lang, args.paper, args.out, progress)
    for warning in report.warnings:
        print(f"warning: {warning}", file=stderr)
    if not quiet:
        print(f"built {len(report.written)} files", file=stdout)
    return 0


def _check(args, project: Project, quiet: bool, stdout, stderr) -> int:
    games = load_games(project.rules, project.root)
    findings = catalogs.check_catalogs(project.root, project.locales)
    for finding in findings:
        print(f"error: {finding}", file=stderr)
    if findings:
        print(f"check failed: {len(findings)} catalog entr{'y' if len(findings) == 1 else 'ies'} not ready", file=stderr)
        return 1
    if not quiet:
        print(f"ok: {len(games)} rules files valid; catalogs {', '.join(catalogs.TRANSLATED)} complete", file=stdout)
    return 0


def _catalog(args, project: Project, quiet: bool, stdout, stderr) -> int:
    if args.action == "extract":
        catalog = catalogs.write_template(project.root, project.locales)
        message = f"wrote {project.shown(catalogs.template_path(project.locales))}: {len(catalog)} messages"
    elif args.action == "update":
        updated = catalogs.update(project.root, project.locales)
        message = "updated " + ", ".join(f"{lang} ({len(c)} messages)" for lang, c in updated.items())
    else:
        written = catalogs.compile_all(project.root, project.locales)
        message = "compiled " + ", ".join(project.shown(p) for p in written)
    if not quiet:
        print(message, file=stdout)
    return 0


COMMANDS = {"build": _build, "check": _check, "catalog": _catalog}
