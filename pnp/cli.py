"""The `pnp` command line: build, check and catalog commands; exit 0 ok, 1 a check failed, 2 bad input, 130 Ctrl-C."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from .games.protocols import Book
    from .model import Game

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells report a process ended by SIGINT; one line says so, never a traceback."""

try:  # Ctrl-C while the package loads (a quarter of a second) ends the same way as Ctrl-C in a command
    # Only what reading the command line and a build with nothing to do need: each command imports the rules,
    # catalogs, engines and renderers it uses, so an up-to-date `pnp build` answers at once.
    from . import derived
    from .build import ALL_PAPERS, EVERY, build
    from .errors import InputError, Problem
    from .games import find_spec, game_ids
    from .games.chance import MAX_GAMES, EndlessGame, TooMuchWork, simulate
    from .games.views import odds_view
    from .project import PAPERS, SOURCE, Project
    from .sheets.options import INKS, PAPER_DIE_SIZE, PAPER_DIE_SIZES, STICKER_SIZE, STICKER_SIZES, Options
except KeyboardInterrupt:
    print("pnp: interrupted", file=sys.stderr)
    raise SystemExit(INTERRUPTED) from None


class UsageError(Exception):
    """The command line's words are off."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would exit; report as usage instead
        raise UsageError(f"{self.prog}: {message}")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """Every typed argument explains a value it cannot read in the user's words, never a function's name."""
        if callable(kwargs.get("type")):
            kwargs["type"] = _explained(kwargs["type"])
        return super().add_argument(*args, **kwargs)


def _explained(convert: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argument type whose ValueError reads as what was expected and what was found."""
    @functools.wraps(convert)
    def read(text: str) -> Any:
        try:
            return convert(text)
        except ValueError as exc:
            expected = ("a whole number" if "int()" in str(exc) else "a number" if "float" in str(exc)
                        else str(exc))
            raise argparse.ArgumentTypeError(f"expected {expected}, found {text!r}") from None
    return read


def default_root() -> Path:
    """The project folder: $PNP_ROOT, else the current folder if it holds rules/, else the checkout pnp runs from."""
    if os.environ.get("PNP_ROOT"):
        return Path(os.environ["PNP_ROOT"])
    cwd = Path.cwd()
    if (cwd / "rules").is_dir() and (cwd / "templates").is_dir():
        return cwd
    return Path(__file__).resolve().parent.parent


def engine_games() -> list[str]:
    """The registered games whose package has an engine (a Book)."""
    return [game_id for game_id in game_ids() if find_spec(game_id).book is not None]


def languages(argv: Sequence[str] | None) -> tuple[str, ...]:
    """The languages `--lang` accepts: English and every language with a catalog in the project that `--root` (or
    the default) names; only English where there is no such project (the command then says why)."""
    pre = _Parser(add_help=False)
    pre.add_argument("--root", type=Path)
    try:
        known, _ = pre.parse_known_args(argv)
    except UsageError:
        return (SOURCE,)
    root = (known.root or default_root()).resolve()
    return Project(root).languages if (root / "locales").is_dir() else (SOURCE,)


SLIM = ("build", "watch", "check", "catalog")
"""The commands that use no game's engine and no export: their command line is read without importing either."""


def command(argv: Sequence[str] | None) -> str | None:
    """The command named on the command line, when it is one; None when there is none to be found (`pnp --help`)."""
    pre = _Parser(add_help=False)
    pre.add_argument("--root")
    pre.add_argument("-q", "--quiet", action="store_true")
    pre.add_argument("command", nargs="?")
    try:
        known, _ = pre.parse_known_args(argv)
    except UsageError:
        return None
    return known.command if known.command in COMMANDS else None


def parser(langs: Sequence[str] = (SOURCE,), asked: str | None = None) -> argparse.ArgumentParser:
    """The command line; `--lang` accepts `langs` (see languages()). With `asked`, one of SLIM, the other commands'
    choices that only the engines or the export know are left out (only `asked`'s own arguments are read)."""
    p = _Parser(prog="pnp", description="Print-and-play kits and rulebooks from one rules source of truth.")
    p.add_argument("--root", type=Path, help="project folder (rules/, templates/, locales/); default: this checkout")
    p.add_argument("-q", "--quiet", action="store_true", help="print only errors")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    slim = asked in SLIM
    games, engines = game_ids(), [] if slim else engine_games()

    b = sub.add_parser("build", help="build rulebooks and kits into output/")
    b.add_argument("games", nargs="*", metavar="GAME", help=f"games to build (default: all of {', '.join(games)})")
    b.add_argument("--lang", action="append", choices=langs, help="language (repeatable; default: all)")
    b.add_argument("--paper", choices=[*sorted(PAPERS), ALL_PAPERS], default="a4",
                   help="paper size; all: every size in one build, Letter files in <game>/<lang>/letter/ "
                        "(default: a4)")
    b.add_argument("--out", type=_folder, help="output folder (default: output/)")
    b.add_argument("--sticker-size", type=_millimetres("--sticker-size", STICKER_SIZES), default=STICKER_SIZE,
                   metavar="MM", help="edge of the die-face stickers, in mm "
                                      f"({STICKER_SIZES[0]:g}–{STICKER_SIZES[1]:g}; default: {STICKER_SIZE:g})")
    b.add_argument("--paper-die-size", type=_millimetres("--paper-die-size", PAPER_DIE_SIZES),
                   default=PAPER_DIE_SIZE, metavar="MM",
                   help="edge of the folded paper dice, in mm "
                        f"({PAPER_DIE_SIZES[0]:g}–{PAPER_DIE_SIZES[1]:g}; default: {PAPER_DIE_SIZE:g})")
    b.add_argument("--ink", choices=INKS, default="full",
                   help="the cards in the kit: full colour, or low ink (white cards, outline backs); "
                        "both are built (default: full)")
    b.add_argument("--allow-incomplete", action="store_true", dest="allow_incomplete",
                   help="build a language whose catalog does not translate every string the games print yet: the "
                        "missing strings print in English, highlighted (default: refuse, listing the games)")
    b.add_argument("--force", action="store_true",
                   help="make every file again, even those up to date (made from the same rules, templates, "
                        "catalogs, fonts, options and pnp)")
    b.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub", help="print only errors")

    w = sub.add_parser("watch", help="build, then remake what each save changes; --serve: a live preview page")
    w.add_argument("games", nargs="*", metavar="GAME", help="games to watch (default: all)")
    w.add_argument("--lang", action="append", choices=langs, help="language (repeatable; default: all)")
    w.add_argument("--paper", choices=[*sorted(PAPERS), ALL_PAPERS], default="a4", help="paper size (default: a4)")
    w.add_argument("--out", type=_folder, help="output folder (default: output/)")
    w.add_argument("--serve", action="store_true",
                   help="serve a preview page on 127.0.0.1: every game and language, each rulebook and sheet as "
                        "HTML that reloads itself on a save, with links to the PDFs")
    w.add_argument("--port", type=_port, default=8000, help="the preview's port (default: 8000; 0: any free one)")
    w.add_argument("--no-pdf", action="store_true", dest="no_pdf",
                   help="with --serve: only the HTML views, no PDFs made")
    w.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    x = sub.add_parser("export", help="art for other tools: every die face, sticker and card as SVG and PNG, a "
                                      "manifest, Tabletop Simulator images, print-on-demand card PDFs")
    x.add_argument("game", metavar="GAME", help=f"the game to export (one of {', '.join(games)})")
    if not slim:  # its formats and resolutions are the export's
        from . import export

        x.add_argument("--format", action="append", choices=export.FORMATS,
                       help="picture format of the single items (repeatable; default: svg and png)")
        x.add_argument("--dpi", type=_dpi, default=export.DPI,
                       help=f"resolution of the PNGs ({export.DPI_RANGE[0]}–{export.DPI_RANGE[1]}; "
                            f"default: {export.DPI})")
    x.add_argument("--out", type=_folder, help="export folder (default: output/GAME/export/), a folder per language")
    x.add_argument("--lang", action="append", choices=langs,
                   help="language of the art with words in it (repeatable; default: en)")

    c = sub.add_parser("check", help="validate the rules, the reviewed examples and the catalogs")
    c.add_argument("--layout", action="store_true",
                   help="instead, check the layout of the PDFs already built (stranded headings, near-empty "
                        "pages, footnotes apart from their markers, text outside the margins or over text, "
                        "one-character lines); exit 1 on any finding")
    c.add_argument("--out", type=_folder, help="with --layout: the folder of built PDFs (default: output/)")
    c.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    cat = sub.add_parser("catalog", help="translation catalogs (wraps Babel)")
    cat.add_argument("action", choices=["extract", "update", "compile", "init", "stats"],
                     help="extract: write locales/pnp.pot; update: merge it into every language's catalog; "
                          "compile: write .mo files; init LANG: start a new language's catalog; stats: each "
                          "language's progress and the games whose rulebooks it completes")
    cat.add_argument("lang", nargs="?", metavar="LANG", help="init: the new language's code (fr, de, pt_BR, el…)")
    cat.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    r = sub.add_parser("resolve", help="resolve one position with a game's reference engine")
    per_game = r.add_subparsers(dest="game", required=True, metavar="GAME", parser_class=_Parser)
    for game_id in engines:
        g = per_game.add_parser(game_id, help=f"resolve a position of {game_id}")
        book = find_spec(game_id).book
        assert book is not None
        book.add_resolve_arguments(g)
        g.add_argument("--json", action="store_true", help="print one JSON object")
        g.add_argument("--lang", choices=langs, default="en", help="language of the told outcome (default: en)")

    s = sub.add_parser("simulate", help="play whole games with named strategies")
    s.add_argument("game", choices=engines)
    s.add_argument("--games", type=_games, default=1000, metavar="N",
                   help=f"games to play, 1 to {MAX_GAMES:,} (default: 1000); progress on stderr for long runs")
    s.add_argument("--players", type=_count, default=2)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--strategy", action="append",
                   help="strategies to seat, repeatable; they rotate over the seats game by game (default: all)")

    e = sub.add_parser("examples", help="show the worked examples; review their changes as a diff")
    e.add_argument("game", choices=engines)
    e.add_argument("--diff", action="store_true",
                   help="show how the examples differ from the reviewed snapshot; exit 1 if they do")
    e.add_argument("--accept", action="store_true", help="record the current examples as the reviewed snapshot")
    e.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    v = sub.add_parser("solve", help="optimal play for two players, solved exactly: the headline numbers")
    v.add_argument("game", choices=engines)
    v.add_argument("--json", action="store_true", help="print one JSON object, with the whole policy")

    rp = sub.add_parser("report", help="a balance report for designers: simulations and exact odds, plotted, as a PDF")
    rp.add_argument("game", choices=engines)
    rp.add_argument("--lang", choices=langs, default="en", help="language of the report (default: en)")
    rp.add_argument("--compare", type=Path, metavar="OTHER_RULES",
                    help="a second rules file of the same game, side by side with the first in every chart and table")
    rp.add_argument("--games", type=_games, default=1000, metavar="N",
                    help="games per simulation: each number of players and each pair of strategies (default: 1000)")
    rp.add_argument("--seed", type=int, default=1, help="the simulations' seed (default: 1)")
    rp.add_argument("--out", type=_folder, help="output folder (default: output/)")
    rp.add_argument("--progress", action="store_true",
                    help="show the progress bar on stderr even when it is not a terminal")
    rp.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub", help="print only errors")

    o = sub.add_parser("odds", help="exact odds computed by a game's engine")
    o.add_argument("game", choices=engines)
    o.add_argument("--json", action="store_true", help="print one JSON object, every probability an exact fraction")
    o.add_argument("--lang", choices=langs, default="en", help="language of the table (default: en)")
    return p


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0 to 65535, found {value}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _games(text: str) -> int:
    """`--games`: from 1 to MAX_GAMES, the stated bound of one simulation."""
    value = int(text)
    if not 1 <= value <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"must be 1 to {MAX_GAMES:,}, found {value}")
    return value


def _dpi(text: str) -> int:
    """`--dpi`: a whole number of dots per inch within export.DPI_RANGE."""
    from .export import DPI_RANGE

    value = int(text)
    low, high = DPI_RANGE
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be {low} to {high}, found {value}")
    return value


def _folder(text: str) -> Path:
    """`--out`: a folder's path; an empty one would quietly mean the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder, found an empty path")
    return Path(text)


def _millimetres(option: str, bounds: tuple[float, float]) -> Callable[[str], float]:
    """A size on the command line: a number of millimetres within `bounds`."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of millimetres, found {text!r}") from None
        low, high = bounds
        if not low <= value <= high:
            from .sheets.kinds import mm

            raise argparse.ArgumentTypeError(f"must be {mm(low)} to {mm(high)} mm, found {text}")
        return value
    read.__name__ = option
    return read


def main(argv: Sequence[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    """Run one command; returns the exit status instead of exiting, so tests can call it in-process.

    Exit 0 done, 1 a check failed, 2 bad input (one located line per problem), INTERRUPTED after Ctrl-C.
    """
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        return _run(argv, stdout, stderr)
    except KeyboardInterrupt:
        print("pnp: interrupted", file=stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (`pnp examples dicemants | head`): nothing more to say
        if stdout is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so Python's own flush at exit finds no pipe to break
        return 0


def _run(argv: Sequence[str] | None, stdout: IO[str], stderr: IO[str]) -> int:
    try:
        with contextlib.redirect_stdout(stdout):  # --help prints to the caller's stdout
            args = parser(languages(argv), command(argv)).parse_args(argv)
    except UsageError as exc:
        print(exc, file=stderr)
        return 2
    except SystemExit as exc:  # --help has been printed
        return int(exc.code or 0)
    quiet = args.quiet or getattr(args, "quiet_sub", False)
    try:
        project = _project(args.root)
        return COMMANDS[args.command](args, project, quiet, stdout, stderr)
    except InputError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=stderr)
        return 2
    except UsageError as exc:
        print(exc, file=stderr)
        return 2


def _project(root: Path | None) -> Project:
    """The project folder asked for, or found; one that does not exist or holds no rules/ is named as it was given."""
    project = Project((root or default_root()).resolve())
    if root is not None and not root.is_dir():
        raise UsageError(f"pnp: --root {root}: {'not a folder' if root.exists() else 'no such folder'}")
    if not project.rules.is_dir():
        where = f"--root {root}" if root is not None else str(project.root)
        raise UsageError(f"pnp: {where}: not a pnp project (no rules/ folder in it)")
    return project


def _load(project: Project, game_id: str) -> tuple[Game, Book]:
    """One game's rules and its Book (the command's choices already hold only games with an engine)."""
    from .rules import load_games

    game = load_games(project.rules, project.root, [game_id])[0]
    book = find_spec(game_id).book
    assert book is not None
    return game, book


def _build(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    known = game_ids()
    unknown = [g for g in args.games if g not in known]
    if unknown:
        raise UsageError(f"pnp build: unknown game {', '.join(unknown)} (choose from {', '.join(known)})")

    def progress(done: int, total: int, path: Path) -> None:
        if not quiet:
            print(f"[{done:>2}/{total}] {project.shown(path)}", file=stderr, flush=True)

    with _logged(stderr, quiet):  # a wait for another build into the same folder is told
        options = Options(args.sticker_size, args.paper_die_size, args.ink)
        report = build(project, args.games or None, args.lang, args.paper, args.out, progress,
                       options=options, kinds=EVERY, force=args.force,
                       missing="mark" if args.allow_incomplete else "refuse")
    for warning in [*report.warnings, *report.layout]:
        print(f"warning: {warning}", file=stderr)
    # The reviewed examples compared for the games made again (a rule change is what changes them), from the
    # derivations the build kept.
    changed: list[str] = []
    if report.games:
        from . import review
        from .rules import load_games

        with derived.using(project.root / derived.FOLDER):
            changed = review.changed(project, load_games(project.rules, project.root, report.games))
    for game_id in changed:
        print(f"warning: the worked examples of {game_id} changed since they were last reviewed: "
              f"see `pnp examples {game_id} --diff` before printing", file=stderr)
    if not quiet:
        print(report.summary, file=stdout)
    return 0


def _watch(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    """`pnp watch`: build, then remake what each save changes until Ctrl-C; errors are told and it keeps watching."""
    from .rules import load_games
    from .watch import Watcher

    known = game_ids()
    unknown = [g for g in args.games if g not in known]
    if unknown:
        raise UsageError(f"pnp watch: unknown game {', '.join(unknown)} (choose from {', '.join(known)})")
    if args.no_pdf and not args.serve:
        raise UsageError("pnp watch: --no-pdf goes with --serve")
    load_games(project.rules, project.root, args.games or None)  # a project that does not load is refused first
    watcher = Watcher(project, args.games or None, args.lang, args.paper, args.out or project.root / "output",
                      Options(), stdout, stderr, pdf=not args.no_pdf)
    if args.serve:
        try:
            url = watcher.serve(args.port)
        except OSError as exc:
            raise UsageError(f"pnp watch: cannot listen on 127.0.0.1:{args.port}: {exc.strerror}") from None
        print(f"preview: {url}", file=stdout, flush=True)
    with _logged(stderr, quiet):
        watcher.run()
    return 0


@contextlib.contextmanager
def _logged(stderr: IO[str], quiet: bool) -> Iterator[None]:
    """pnp's own log lines (not WeasyPrint's) on stderr while a command runs, unless quiet."""
    handler = logging.StreamHandler(stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.getLogger("pnp")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.WARNING if quiet else logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def _export(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    """`pnp export GAME`: the game's art for other tools, one folder per language, each put in place whole."""
    from . import export
    from .i18n import translator
    from .output import check_output
    from .rules import load_games

    known = game_ids()
    if args.game not in known:
        raise UsageError(f"pnp export: unknown game {args.game} (choose from {', '.join(known)})")
    game = load_games(project.rules, project.root, [args.game])[0]
    out = export.export_folder(project, game, args.out)
    langs = list(dict.fromkeys(args.lang or ["en"]))
    check_output(out, [out / lang / "components.csv" for lang in langs], project.root)
    formats = tuple(dict.fromkeys(args.format or export.FORMATS))
    for lang in langs:
        folder = export.export(project, game, translator(project.locales, lang, project.root), out, formats,
                               args.dpi)
        if not quiet:
            files = sum(1 for path in folder.rglob("*") if path.is_file())
            print(f"exported {project.shown(folder)}: {files} files", file=stdout)
    return 0


def _check(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    from . import catalogs, review
    from .rules import load_games

    if args.layout or args.out is not None:
        return _check_layout(args, project, quiet, stdout, stderr)
    games = load_games(project.rules, project.root)
    for game in games:
        book = find_spec(game.id).book
        for warning in [] if quiet or book is None else book.warnings(game):
            print(f"warning: {warning}", file=stderr)
    changed = review.changed(project, games)
    for game_id in changed:
        print(f"error: {project.shown(review.snapshot_path(project, game_id))}: the worked examples changed; "
              f"review them with `pnp examples {game_id} --diff`, "
              f"then keep them with `pnp examples {game_id} --accept`", file=stderr)
    findings = catalogs.check_catalogs(project.root, project.locales)
    for item in [] if quiet else catalogs.todo(project.root, project.locales):
        print(f"to do: {item}", file=stderr)
    for finding in findings:
        print(f"error: {finding}", file=stderr)
    if findings:
        entries = f"{len(findings)} catalog entr{'y' if len(findings) == 1 else 'ies'}"
        print(f"check failed: {entries} not ready", file=stderr)
        return 1
    if changed:
        return 1
    if not quiet:
        print(f"ok: {len(games)} rules files valid; catalogs {', '.join(project.languages[1:])} complete", file=stdout)
    return 0


def _check_layout(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    """`pnp check --layout`: read back the PDFs a build left in the output folder; it never builds them."""
    from . import layout

    if not args.layout:
        raise UsageError("pnp check: --out goes with --layout")
    out = args.out or project.root / "output"
    if not out.is_dir():
        raise UsageError(f"pnp check: {project.shown(out)}: {'not a folder' if out.exists() else 'no such folder'}"
                         f" (build the PDFs first: pnp build --out {project.shown(out)})")
    try:
        checked, found = layout.check_folder(out)
    except ValueError as exc:
        raise UsageError(f"pnp check: {exc}") from None
    if not checked:
        raise UsageError(f"pnp check: no rulebook or sheet PDF in {project.shown(out)} "
                         f"(build them first: pnp build --out {project.shown(out)})")
    for path, finding in found:
        print(f"error: {project.shown(path)}: {finding}", file=stderr)
    if found:
        files = len({path for path, _ in found})
        print(f"check failed: {layout.describe([f for _, f in found])} in {files} of {len(checked)} PDFs",
              file=stderr)
        return 1
    if not quiet:
        print(f"ok: {len(checked)} PDFs in {project.shown(out)}, no layout findings", file=stdout)
    return 0


def _catalog(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    from . import catalogs

    if args.action == "init" and args.lang is None:
        raise UsageError("pnp catalog init: name the new language's code (pnp catalog init fr)")
    if args.action != "init" and args.lang is not None:
        raise UsageError(f"pnp catalog {args.action}: takes no language, found {args.lang!r}")
    if args.action == "stats":
        return _stats(project, stdout)
    if args.action == "init":
        written = catalogs.init_language(project.root, project.locales, args.lang)
        message = f"{args.lang}: wrote " + ", ".join(project.shown(p) for p in written)
    elif args.action == "extract":
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


def _stats(project: Project, stdout: IO[str]) -> int:
    """`pnp catalog stats`: per language, its entries by state and the games whose rulebooks it completes."""
    from . import catalogs

    games = tuple(game_ids())
    for done in catalogs.stats(project.root, project.locales):
        complete = done.complete(games)
        print(f"{done.lang}: {done.translated} translated, {done.fuzzy} fuzzy, {done.untranslated} untranslated; "
              f"complete: {', '.join(complete) or 'none'}", file=stdout)
        for game in games:
            if game not in complete:
                print(f"  {game}: {len(done.missing[game])} strings missing", file=stdout)
    return 0


def _resolve(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    from .i18n import translator

    game, book = _load(project, args.game)
    try:
        resolved = book.resolve(game, args)
    except ValueError as exc:
        raise UsageError(f"pnp resolve {game.id}: {exc}") from None
    if args.json:
        print(json.dumps(resolved.data, ensure_ascii=False), file=stdout)
        return 0
    tr = translator(project.locales, args.lang, project.root)
    for sentence in book.tell(game, resolved.outcome, tr):
        print(sentence, file=stdout)
    if not resolved.possible:
        print(tr.gettext("Note: the game's dice cannot show this roll."), file=stdout)
    return 0


def _simulate(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    game, book = _load(project, args.game)
    low, high = game.players
    if not low <= args.players <= high:
        raise UsageError(f"pnp simulate: --players must be {low} to {high}")
    strategies = dict(book.strategies(game))
    optimal = find_spec(game.id).optimal
    if optimal is not None:  # the solved play, only when asked for by name (solving it takes a while)
        strategies["optimal"] = optimal(game)
    names = args.strategy or [name for name in strategies if name != "optimal"]
    unknown = [n for n in names if n not in strategies]
    if unknown:
        raise UsageError(f"pnp simulate: unknown strategy {', '.join(unknown)} (choose from {', '.join(strategies)})")
    # Every named strategy takes its turn in every seat: simulate rotates them over the games.
    seats = [strategies[name] for name in names]
    try:
        with derived.using(project.root / derived.FOLDER):  # a solved strategy keeps its solution there
            stats = simulate(book.engine(game), args.games, args.players, args.seed, seats, book.measures(game),
                             progress=Progress(args.games, stderr, quiet))
    except EndlessGame as exc:
        raise InputError(Problem(game.file, None, "", str(exc))) from None
    except (TooMuchWork, ValueError) as exc:  # ValueError: a strategy that cannot play this table
        raise UsageError(f"pnp simulate {game.id}: {exc}") from None
    print(f"{stats.games} games, {stats.players} players, seed {args.seed} (seats rotate between games)", file=stdout)
    for name, wins, seated in stats.wins_by_policy:
        share = f"{float(wins) / seated:.1%}" if seated else "-"
        print(f"  {name:<9} ({book.describe(strategies[name])}): {_wins(wins)} wins in {seated} seats ({share})",
              file=stdout)
    print("  wins by seat: " + ", ".join(f"{i + 1}: {_wins(w)}" for i, w in enumerate(stats.wins_by_seat)), file=stdout)
    for m in stats.measures:
        print(f"  {m.name} per game: mean {m.mean:.1f}, min {m.least:g}, max {m.most:g}", file=stdout)
    return 0


class Progress:
    """How far a long run is, on stderr: one whole line every EVERY seconds, none for a run shorter than that."""

    EVERY = 2.0

    def __init__(self, total: int, stream: IO[str], quiet: bool = False, clock: Callable[[], float] = time.monotonic):
        self.total = total
        self.stream = stream
        self.quiet = quiet
        self.clock = clock
        self.next = clock() + self.EVERY

    def __call__(self, done: int) -> None:
        if self.quiet or done == self.total or self.clock() < self.next:
            return
        self.next = self.clock() + self.EVERY
        print(f"[{done:,}/{self.total:,} games]", file=self.stream, flush=True)


def _report(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    """`pnp report`: simulate, plot and write `report.pdf` and `report.html` in output/<game>/<lang>/."""
    from . import report
    from .build import folder
    from .i18n import translator
    from .output import check_output

    game, book = _load(project, args.game)
    versions = [game]
    if args.compare is not None:
        versions.append(report.load_compared(args.compare, game, project.shown(args.compare.absolute())))
    labels = report.differences(*versions) if len(versions) > 1 else ("",)
    out = args.out or project.root / "output"
    where = folder(out, game, args.lang, "a4")
    check_output(out, report.targets(where), project.root)  # a folder that cannot be written is told before the games
    tr = translator(project.locales, args.lang, project.root)  # a bad catalog is refused before the games are played
    shown = (args.progress or stderr.isatty()) and not quiet
    bar = Bar(sum(report.work(v, book, args.games) for v in versions), stderr) if shown else None
    try:
        with derived.using(project.root / derived.FOLDER):  # exact charts from solutions kept there (pnp.derived)
            results = [report.measure(report.Version(v, label), args.games, args.seed, bar or (lambda: None))
                       for v, label in zip(versions, labels, strict=True)]
    except TooMuchWork as exc:
        raise UsageError(f"pnp report {game.id}: {exc}") from None
    except EndlessGame as exc:
        raise InputError(Problem(game.file, None, "", str(exc))) from None
    finally:
        if bar is not None:
            bar.close()
    html, pdf, warnings = report.write_report(project, results, tr, where, args.games, args.seed)
    for warning in warnings:
        print(f"warning: {project.shown(pdf)}: {warning}", file=stderr)
    if not quiet:
        print(f"wrote {project.shown(pdf)} and {project.shown(html)}", file=stdout)
    return 0


class Bar:
    """A progress bar on stderr, one line redrawn in place (`[#####.....] 1,200/8,000 games`), at most ten
    times a second; a whole line at the end."""

    WIDTH = 30

    def __init__(self, total: int, stream: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.stream, self.clock = total, stream, clock
        self.done = 0
        self.shown = -1.0

    def __call__(self) -> None:
        self.done += 1
        if self.clock() - self.shown >= 0.1 or self.done == self.total:
            self.shown = self.clock()
            filled = self.WIDTH * self.done // max(1, self.total)
            print(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done:,}/{self.total:,} games", end="",
                  file=self.stream, flush=True)

    def close(self) -> None:
        if self.shown >= 0:
            print(file=self.stream, flush=True)


def _wins(wins: Fraction) -> str:
    """A number of wins: whole, or with one decimal where shared wins were split."""
    return str(wins.numerator) if wins.denominator == 1 else f"{float(wins):.1f}"


def _examples(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    from . import review

    game, _ = _load(project, args.game)
    if args.accept:
        path = review.accept(project, game)
        if not quiet:
            print(f"recorded {project.shown(path)}", file=stdout)
        return 0
    if args.diff:
        lines = review.diff(project, game)
        for line in lines:
            print(line, file=stdout)
        return 1 if lines else 0
    print(review.current(project, game), file=stdout, end="")
    return 0


def _odds(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    from .i18n import translator

    game, book = _load(project, args.game)
    tables = book.odds(game)
    if args.json:
        print(json.dumps({"game": game.id, "tables": [t.as_json() for t in tables]}, ensure_ascii=False), file=stdout)
        return 0
    tr = translator(project.locales, args.lang, project.root)
    for index, table in enumerate(tables):
        view = odds_view(table, tr)
        if index:
            print(file=stdout)
        print(view.intro, file=stdout)
        widths = [max(len(cell) for cell in column) for column in zip(view.headers, *view.rows, strict=False)]
        for row in (view.headers, *view.rows):
            print("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=False)).rstrip(), file=stdout)
    return 0


def _solve(args: argparse.Namespace, project: Project, quiet: bool, stdout: IO[str], stderr: IO[str]) -> int:
    game, _ = _load(project, args.game)
    solver = find_spec(game.id).solve
    if solver is None:
        raise UsageError(f"pnp solve: {game.id} has no solver")
    with derived.using(project.root / derived.FOLDER):
        s = solver(game)
    if args.json:
        print(json.dumps({"game": game.id, **dataclasses.asdict(s)}, ensure_ascii=False), file=stdout)
        return 0
    print(f"{game.id}, two players to {s.goal}, solved exactly", file=stdout)
    print(f"  optimal play: the first player wins {s.first_player:.2%}", file=stdout)
    print(f"  most points per turn: {s.per_turn:.4f} (start with {s.per_turn_option})", file=stdout)
    print(f"  best rule of thumb: start with {s.thumb_option}, stop at {s.thumb} (or when banking wins): "
          f"{s.thumb_per_turn:.4f} points per turn", file=stdout)
    print(f"  against optimal play it wins {s.thumb_first:.2%} moving first, {s.thumb_second:.2%} moving second",
          file=stdout)
    return 0


COMMANDS = {"build": _build, "watch": _watch, "check": _check, "catalog": _catalog, "resolve": _resolve,
            "simulate": _simulate, "examples": _examples, "odds": _odds, "export": _export, "report": _report,
            "solve": _solve}
