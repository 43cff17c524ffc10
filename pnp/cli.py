"""The `pnp` command line: build, check and catalog commands; exit 0 ok, 1 a check failed, 2 bad input."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from pathlib import Path
from typing import IO, Sequence

from . import catalogs
from .build import KINDS, build
from .errors import InputError
from .i18n import translator
from .model import GAME_IDS, LANGS
from .output import atomic_write
from .render import PAPERS, Project
from .rules import load_games
from .sheets import DIE_SIZE, DIE_SIZES, die_size_argument


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
    b.add_argument("--die-size", type=die_size_argument, default=DIE_SIZE, metavar="MM",
                   help=f"edge of the blank dice the stickers and paper dice are made for, in mm ({DIE_SIZES[0]:g}–{DIE_SIZES[1]:g}; default: {DIE_SIZE:g})")
    b.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub", help="print only errors")

    c = sub.add_parser("check", help="validate the rules and the catalogs")
    c.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    cat = sub.add_parser("catalog", help="translation catalogs (wraps Babel)")
    cat.add_argument("action", choices=["extract", "update", "compile"],
                     help="extract: write locales/pnp.pot; update: merge it into es, ca, ru; compile: write .mo files")
    cat.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")

    r = sub.add_parser("resolve", help="resolve one Dicemants roll with the reference engine")
    r.add_argument("game", choices=["dicemants"])
    r.add_argument("faces", nargs="+", metavar="FACE", help="faces in rolling order (bug: any bug)")
    r.add_argument("--bag", type=_count, default=0, help="diamonds already in the bag")
    r.add_argument("--lost", type=_count, default=0, help="dice already in the lost zone")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument("--lang", choices=LANGS, default="en", help="language of the told outcome (default: en)")

    s = sub.add_parser("simulate", help="play whole Dicemants games with named strategies")
    s.add_argument("game", choices=["dicemants"])
    s.add_argument("--games", type=_count, default=1000)
    s.add_argument("--players", type=_count, default=2)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--strategy", action="append", help="strategy per seat, repeatable (default: every strategy in turn)")

    e = sub.add_parser("examples", help="show the worked examples; review their changes as a diff")
    e.add_argument("game", choices=["dicemants"])
    e.add_argument("--diff", action="store_true", help="show how the examples differ from the reviewed snapshot; exit 1 if they do")
    e.add_argument("--accept", action="store_true", help="record the current examples as the reviewed snapshot")
    e.add_argument("-q", "--quiet", action="store_true", dest="quiet_sub")
    return p


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


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

    report = build(project, args.games or None, args.lang, args.paper, args.out, progress,
                   die_size=args.die_size, kinds=KINDS)
    for warning in report.warnings:
        print(f"warning: {warning}", file=stderr)
    for game_id in changed_examples(project, args.games or list(GAME_IDS)):
        print(f"warning: the worked examples of {game_id} changed since they were last reviewed: "
              f"see `pnp examples {game_id} --diff` before printing", file=stderr)
    if not quiet:
        print(f"built {len(report.written)} files", file=stdout)
    return 0


def changed_examples(project: Project, game_ids: list[str]) -> list[str]:
    """Games whose derived examples differ from the reviewed snapshot beside their rules file."""
    from .play import examples_text

    changed = []
    for game in load_games(project.rules, project.root, game_ids):
        if game.pinned or game.precedence:
            snapshot = examples_snapshot(project, game.id)
            current = examples_text(game, translator(project.locales, "en", project.root))
            if not snapshot.exists() or snapshot.read_text(encoding="utf-8") != current:
                changed.append(game.id)
    return changed


def _check(args, project: Project, quiet: bool, stdout, stderr) -> int:
    from .play import impossible_pinned

    games = load_games(project.rules, project.root)
    for game in games:
        for index, faces in [] if quiet else impossible_pinned(game):
            print(f"warning: {game.file}:{game.pinned_lines[index]}: examples[{index}]: "
                  f"no set of the game's dice can show {' '.join(faces)}; the rulebook leaves it out", file=stderr)
    changed = changed_examples(project, [g.id for g in games])
    for game_id in changed:
        print(f"error: {project.shown(examples_snapshot(project, game_id))}: the worked examples changed; review them with "
              f"`pnp examples {game_id} --diff`, then keep them with `pnp examples {game_id} --accept`", file=stderr)
    failed = len(changed)
    findings = catalogs.check_catalogs(project.root, project.locales)
    for finding in findings:
        print(f"error: {finding}", file=stderr)
    if findings:
        print(f"check failed: {len(findings)} catalog entr{'y' if len(findings) == 1 else 'ies'} not ready", file=stderr)
        return 1
    if failed:
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


def _resolve(args, project: Project, quiet: bool, stdout, stderr) -> int:
    from .engine import dicemants as engine
    from .narrate import narrate
    from .play import dicemants_rules

    game = load_games(project.rules, project.root, ["dicemants"])[0]
    rules = dicemants_rules(game)
    known = set(rules.faces) | {engine.BUG}
    unknown = [f for f in args.faces if f not in known]
    if unknown:
        raise UsageError(f"pnp resolve: unknown face {', '.join(unknown)} (faces: {', '.join(sorted(known))})")
    if len(args.faces) + args.bag + args.lost > len(rules.dice):
        raise UsageError(f"pnp resolve: {len(args.faces)} rolled + {args.bag} in the bag + {args.lost} lost is more than the {len(rules.dice)} dice of the game")
    res = engine.resolve_roll(rules, args.faces, bag=args.bag, lost=args.lost)
    if args.json:
        print(json.dumps(resolution_json(res), ensure_ascii=False), file=stdout)
        return 0
    tr = translator(project.locales, args.lang, project.root)
    for sentence in narrate(res, game, tr):
        print(sentence, file=stdout)
    if not res.possible:
        print(tr.gettext("Note: the game's dice cannot show this roll."), file=stdout)
    return 0


def resolution_json(res) -> dict:
    """The outcome of one roll as plain data: zones after the roll, re-roll, banking and events."""
    def plain(value):
        if hasattr(value, "face") and hasattr(value, "id"):
            return {"die": value.id, "face": value.face}
        if isinstance(value, (tuple, list)):
            return [plain(v) for v in value]
        return value

    return {
        "tier": res.tier,
        "locked": res.locked,
        "bag": list(res.bag),
        "board": list(res.board),
        "lost": list(res.lost),
        "reroll": res.reroll,
        "turn_over": res.turn_over,
        "banked": res.banked,
        "possible": res.possible,
        "dice": list(res.assignment) if res.assignment else None,
        "events": [{k: plain(v) for k, v in e.as_dict().items()} for e in res.events],
    }


def _simulate(args, project: Project, quiet: bool, stdout, stderr) -> int:
    from .engine import dicemants as engine
    from .play import dicemants_rules

    game = load_games(project.rules, project.root, ["dicemants"])[0]
    rules = dicemants_rules(game)
    if not rules.players[0] <= args.players <= rules.players[1]:
        raise UsageError(f"pnp simulate: --players must be {rules.players[0]} to {rules.players[1]}")
    names = args.strategy or list(engine.STRATEGIES)
    unknown = [n for n in names if n not in engine.STRATEGIES]
    if unknown:
        raise UsageError(f"pnp simulate: unknown strategy {', '.join(unknown)} (choose from {', '.join(engine.STRATEGIES)})")
    seats = [engine.STRATEGIES[names[i % len(names)]] for i in range(args.players)]
    stats = engine.simulate(rules, args.games, args.players, args.seed, seats)
    print(f"{stats.games} games, {stats.players} players, seed {args.seed} (seats rotate between games)", file=stdout)
    for name, wins, seated in stats.wins_by_strategy:
        s = engine.STRATEGIES[name]
        print(f"  {name:<9} (roll {s.dice}, stop at {s.stop_at} in the bag): {wins} wins in {seated} seats ({wins / seated:.1%})", file=stdout)
    print("  wins by seat: " + ", ".join(f"{i + 1}: {w}" for i, w in enumerate(stats.wins_by_seat)), file=stdout)
    print(f"  turns per game: mean {stats.turns_mean:.1f}, min {stats.turns_min}, max {stats.turns_max}", file=stdout)
    return 0


def _examples(args, project: Project, quiet: bool, stdout, stderr) -> int:
    from .play import examples_text

    game = load_games(project.rules, project.root, ["dicemants"])[0]
    current = examples_text(game, translator(project.locales, "en", project.root))
    snapshot = examples_snapshot(project, game.id)
    if args.accept:
        atomic_write(snapshot, lambda fh: fh.write(current))
        if not quiet:
            print(f"recorded {project.shown(snapshot)}", file=stdout)
        return 0
    if args.diff:
        old = snapshot.read_text(encoding="utf-8") if snapshot.exists() else ""
        diff = list(difflib.unified_diff(old.splitlines(), current.splitlines(), project.shown(snapshot), "examples now", lineterm=""))
        for line in diff:
            print(line, file=stdout)
        return 1 if diff else 0
    print(current, file=stdout, end="")
    return 0


def examples_snapshot(project: Project, game_id: str) -> Path:
    """The reviewed text of a game's worked examples, kept beside its rules file."""
    return project.rules / f"{game_id}.examples.txt"


COMMANDS = {"build": _build, "check": _check, "catalog": _catalog, "resolve": _resolve, "simulate": _simulate, "examples": _examples}
