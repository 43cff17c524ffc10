"""The balance report for designers (`pnp report`): simulated and exact results, plotted as vector art, in a PDF."""

from __future__ import annotations

import hashlib
import io
import random
import re
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError, Problem
from .games import find_spec
from .games.chance import simulate
from .games.views import Chart
from .i18n import Translator
from .model import Game
from .output import atomic_write_bytes, write_error
from .pdf import render_pdf
from .project import FONTS_DIR, Project
from .rules import load_game
from .templating import game_context, render_template, template_file, template_folders

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .games.protocols import Book

WIDTH_MM = 170.0
"""A chart spans the text width of an A4 or Letter page (its margins 18 mm, less a little)."""
COLOURS = ("#0b3954", "#e69f00", "#56b4e9", "#009e73", "#d55e00", "#cc79a7", "#f0e442", "#999999")
"""Seats, player counts and series in colours told apart by readers with a colour vision deficiency (Okabe–Ito)."""


@dataclass(frozen=True)
class Version:
    """One rules file of the game being reported on, and the label that tells it from the other."""

    game: Game
    label: str
    """What sets it apart when two versions are compared (`goal: 25`); '' for a report on one."""


@dataclass(frozen=True)
class Table:
    """Simulated games at one player count: the wins of each seat and the length of each game."""

    players: int
    games: int
    by_seat: tuple[float, ...]
    """Each seat's share of the wins (a shared win split between its winners)."""
    lengths: tuple[float, ...]
    """The length of each game, in the game's length measure."""


@dataclass(frozen=True)
class Results:
    """Everything one version's report shows, computed: simulations by player count, the strategy matrix, charts."""

    version: Version
    tables: tuple[Table, ...]
    strategies: tuple[str, ...]
    matrix: tuple[tuple[float | None, ...], ...]
    """matrix[i][j]: strategy i's share of the wins against strategy j, two players, seats swapped game by game."""
    charts: tuple[Chart, ...]


def differences(a: Game, b: Game) -> tuple[str, str]:
    """Labels for two versions of a game's rules: the params and flags that differ (`goal: 21`, `goal: 25`), else
    the parts of the rules file that differ, else the files' names."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, Mapping):  # a parameter by round or by count
            return "{" + ", ".join(f"{k}: {value(x)}" for k, x in v.items()) + "}"
        return str(v)

    left, right = [], []
    for f in fields(a.params):
        va, vb = getattr(a.params, f.name), getattr(b.params, f.name)
        if va != vb:
            left.append(f"{f.name}: {value(va)}")
            right.append(f"{f.name}: {value(vb)}")
    for flag in sorted(set(a.flags) | set(b.flags)):
        if a.flags.get(flag) != b.flags.get(flag):
            left.append(f"{flag}: {value(a.flags.get(flag, '-'))}")
            right.append(f"{flag}: {value(b.flags.get(flag, '-'))}")
    if not left:
        parts = [name for name in ("faces", "dice", "players", "extras") if getattr(a, name) != getattr(b, name)]
        first, second = (Path(a.file).name, Path(b.file).name) if Path(a.file).name != Path(b.file).name else (
            a.file, b.file)
        if parts:
            return f"{first} ({', '.join(parts)})", f"{second} ({', '.join(parts)})"
        return first, second
    return "; ".join(left), "; ".join(right)


def load_compared(path: Path, game: Game, shown: str) -> Game:
    """The second rules file of `--compare`: a rules file of the same game, read as strictly as the first."""
    if not path.is_file():
        raise InputError(Problem(shown, None, "", "rules file not found" if not path.exists() else "not a file"))
    other = load_game(path, shown)
    if other.id != game.id:
        raise InputError(Problem(shown, other.lines.get("id"), "id",
                                 f"a rules file of {other.id}, where {game.id} is being reported on"))
    return other


def _seed(seed: int, *what: Any) -> int:
    """A seed of its own for each simulation, from the report's seed and what it plays: reproducible, and the
    same for both versions compared, so their differences are the rules', not chance's."""
    return random.Random(":".join(map(str, (seed, *what)))).getrandbits(64)


def _kept(measure: Callable[[Any], float], into: list[float]) -> Callable[[Any], float]:
    """A measure that also keeps each game's value (simulate keeps only the mean, least and greatest)."""
    def kept(state: Any) -> float:
        value = measure(state)
        into.append(value)
        return value
    return kept


def work(game: Game, book: Book, games: int) -> int:
    """How many games a report on one version plays: every player count, then every pair of strategies."""
    low, high = game.players
    k = len(book.strategies(game))
    return games * ((high - low + 1) + k * (k - 1) // 2)


def measure(version: Version, games: int, seed: int, tick: Callable[[], None] = lambda: None) -> Results:
    """Play the simulations of one version's report (`tick` after every game) and gather its exact charts."""
    game = version.game
    spec = find_spec(game.id)
    book = spec.book
    if book is None:
        raise InputError(Problem(game.file, None, "", "this game has no engine to report on"))
    engine = book.engine(game)
    strategies = book.strategies(game)
    measures = book.measures(game)
    length = spec.balance.length if spec.balance else next(iter(measures))
    tables = []
    for players in range(game.players[0], game.players[1] + 1):
        seen: list[float] = []
        stats = simulate(engine, games, players, _seed(seed, "seats", players), list(strategies.values()),
                         {length: _kept(measures[length], seen)}, progress=lambda done: tick())
        tables.append(Table(players, games, tuple(float(w) / games for w in stats.wins_by_seat), tuple(seen)))
    names = tuple(strategies)
    pair = max(2, game.players[0])  # head to head where the rules seat two (every game we ship does)
    matrix: list[list[float | None]] = [[None] * len(names) for _ in names]
    for i, a in enumerate(names):
        for j in range(i + 1, len(names)):
            b = names[j]
            stats = simulate(engine, games, pair, _seed(seed, "pair", a, b), [strategies[a], strategies[b]], {},
                             progress=lambda done: tick())
            wins = {name: float(w) / games for name, w, _ in stats.wins_by_policy}
            matrix[i][j], matrix[j][i] = wins[a], wins[b]
    charts = spec.balance.charts(game) if spec.balance else ()
    return Results(version, tuple(tables), names, tuple(tuple(row) for row in matrix), tuple(charts))


# ------------------------------------------------------------------ drawing


def _pyplot() -> Any:
    """matplotlib, set once for print: the project's PT Sans (text kept as text in the SVG), no date, fixed ids."""
    import matplotlib

    matplotlib.use("svg")
    from matplotlib import font_manager
    from matplotlib import pyplot as plt

    known = {f.fname for f in font_manager.fontManager.ttflist}
    for name in ("PTSans-Regular.ttf", "PTSans-Bold.ttf"):
        if str(FONTS_DIR / name) not in known:
            font_manager.fontManager.addfont(str(FONTS_DIR / name))
    matplotlib.rcParams.update({
        "font.family": "PT Sans", "font.size": 8.0, "axes.titlesize": 9.0, "axes.labelsize": 8.0,
        "legend.fontsize": 7.5, "xtick.labelsize": 7.5, "ytick.labelsize": 7.5,
        "svg.fonttype": "none",  # text stays text: searchable in the PDF, set in the page's font
        "svg.hashsalt": "pnp-report",  # the same ids in every run: the same input gives the same SVG
        "axes.spines.top": False, "axes.spines.right": False, "axes.edgecolor": "#555555",
        "axes.unicode_minus": True,
    })
    return plt


STYLE = re.compile(r' style="([^"]*)"')
"""matplotlib's inline styles (`style="fill: #fff; stroke-width: 0.8"`), which WeasyPrint's CSS reads as the page's
and warns about; as SVG presentation attributes they draw the same."""


def _attributes(match: re.Match[str]) -> str:
    pairs = [part.split(":", 1) for part in match.group(1).split(";") if ":" in part]
    return "".join(f' {name.strip()}="{value.strip()}"' for name, value in pairs)


def _own_ids(svg: str, name: str = "") -> str:
    """An SVG whose ids cannot clash with another chart's on the page (they are the page's anchors too): the ids
    nothing refers to are dropped (`figure_1`, `axes_1`), the others take a prefix from the SVG's own hash and its
    chart's `name` (two charts may draw alike)."""
    used = set(re.findall(r'#([\w.-]+)', svg)) & set(re.findall(r' id="([^"]*)"', svg))  # not colours
    prefix = "c" + hashlib.sha1((name + svg).encode()).hexdigest()[:8] + "-"

    def rename(match: re.Match[str]) -> str:
        return f' id="{prefix}{match.group(1)}"' if match.group(1) in used else ""

    svg = re.sub(r' id="([^"]*)"', rename, svg)
    return re.sub(r'#([\w.-]+)', lambda m: f"#{prefix}{m.group(1)}" if m.group(1) in used else m.group(), svg)


def _svg(fig: Figure, name: str = "") -> str:
    """A figure as inline SVG markup (no XML prologue), its size in millimetres; `name` tells it from another
    chart that draws alike."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches=None)
    import matplotlib.pyplot as plt

    plt.close(fig)
    svg = buffer.getvalue()
    svg = _own_ids(STYLE.sub(_attributes, svg[svg.index("<svg"):]), name)
    return re.sub(r'(<svg[^>]*?) width="([\d.]+)pt" height="([\d.]+)pt"',
                  lambda m: f'{m.group(1)} width="{float(m.group(2)) * 25.4 / 72:.1f}mm" '
                            f'height="{float(m.group(3)) * 25.4 / 72:.1f}mm"', svg, count=1)


def _panels(plt: Any, count: int, height_mm: float, width_mm: float = WIDTH_MM,
            sharex: bool = False) -> tuple[Figure, list[Axes]]:
    """One panel per version, side by side, their value axes shared (and their x axes, where `sharex`)."""
    fig, axes = plt.subplots(1, count, figsize=(width_mm / 25.4, height_mm / 25.4), sharey=True, sharex=sharex,
                             squeeze=False,
                             layout="constrained")
    return fig, list(axes[0])


def _percent_axis(axis: Any, tr: Translator) -> None:
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(FuncFormatter(lambda v, _: tr.percent(v, 0)))


def _number_axis(axis: Any, tr: Translator, whole: bool = True) -> None:
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    if whole:
        axis.set_major_locator(MaxNLocator(integer=True))
    axis.set_major_formatter(FuncFormatter(lambda v, _: tr.number(int(v) if whole else round(v, 2))))


def _title(ax: Axes, results: Sequence[Results], index: int) -> None:
    if len(results) > 1:
        ax.set_title(results[index].version.label, loc="left", fontweight="bold")


def seats_chart(results: Sequence[Results], tr: Translator) -> str:
    """Each seat's share of the wins, by player count, a mark at the fair share."""
    plt = _pyplot()
    fig, axes = _panels(plt, len(results), 62)
    for index, (ax, res) in enumerate(zip(axes, results, strict=True)):
        most = max(t.players for t in res.tables)
        width = 0.8 / most
        for seat in range(most):
            xs = [t.players + (seat - (t.players - 1) / 2) * width for t in res.tables if seat < t.players]
            ys = [t.by_seat[seat] for t in res.tables if seat < t.players]
            ax.bar(xs, ys, width * 0.92, color=COLOURS[seat % len(COLOURS)],
                   label=tr.format(tr.gettext("Seat {n}"), n=seat + 1))
        for t in res.tables:
            half = t.players * width / 2
            ax.plot([t.players - half, t.players + half], [1 / t.players] * 2, color="#222222", linewidth=0.8,
                    linestyle=(0, (2, 1.5)), label=tr.gettext("Fair share") if t is res.tables[0] else None)
        ax.set_xticks([t.players for t in res.tables])
        _number_axis(ax.xaxis, tr)
        _percent_axis(ax.yaxis, tr)
        ax.set_xlabel(tr.gettext("Players"))
        if index == 0:
            ax.set_ylabel(tr.gettext("Share of the wins"))
        _title(ax, results, index)
    _legend(fig, axes[0])
    return _svg(fig)


LENGTH_BARS = 15
"""Games that last at most this many different lengths show them as bars, a bar per player count at each length;
longer spans as lines over at most LENGTH_BINS runs of equal width (the share of the games in each run)."""
LENGTH_BINS = 40


def length_chart(results: Sequence[Results], tr: Translator, label: str) -> str:
    """How long games last: the share of games of each length (or each run of lengths), by player count."""
    plt = _pyplot()
    seen = [round(v) for r in results for t in r.tables for v in t.lengths]
    low, high = min(seen), max(seen)
    width = 1 if high - low < LENGTH_BARS else -(-(high - low + 1) // LENGTH_BINS)
    fig, axes = _panels(plt, len(results), 62, sharex=True)
    for index, (ax, res) in enumerate(zip(axes, results, strict=True)):
        counts_by = {t.players: Counter(low + (round(v) - low) // width * width for v in t.lengths)
                     for t in res.tables}
        xs = list(range(low, high + 1, width))
        for n, t in enumerate(res.tables):
            counts = counts_by[t.players]
            name = tr.format(tr.ngettext("{n} player", "{n} players", t.players), n=t.players)
            shares = [counts[x] / t.games for x in xs]
            if high - low < LENGTH_BARS:
                bar = 0.8 / len(res.tables)
                ax.bar([x + (n - (len(res.tables) - 1) / 2) * bar for x in xs], shares, bar * 0.92,
                       color=COLOURS[n % len(COLOURS)], label=name)
            else:
                ax.plot([x + (width - 1) / 2 for x in xs], shares, color=COLOURS[n % len(COLOURS)], linewidth=1.1,
                        drawstyle="steps-mid", label=name)
        _number_axis(ax.xaxis, tr)
        _percent_axis(ax.yaxis, tr)
        ax.set_xlabel(label)
        if index == 0:
            ax.set_ylabel(tr.gettext("Share of the games"))
        ax.set_ylim(bottom=0)
        _title(ax, results, index)
    _legend(fig, axes[0])
    return _svg(fig)


def _legend(fig: Figure, ax: Axes) -> None:
    """The legend under the panels, in a row, clear of every bar and line."""
    handles, labels = ax.get_legend_handles_labels()
    if len(handles) > 1:
        fig.legend(handles, labels, loc="outside lower center", ncols=min(len(handles), 7), frameon=False)


def _heatmap(ax: Axes, values: Sequence[Sequence[float | None]], tr: Translator, chance: bool = True,
             low: float = 0.0, high: float = 1.0) -> Any:
    """A grid of values, each cell written in it (a percentage, or a number with two decimals)."""
    import numpy as np

    grid = np.array([[np.nan if v is None else v for v in row] for row in values], dtype=float)
    rows, cols = grid.shape  # cells as vector rectangles (pcolormesh), never a bitmap (imshow)
    image = ax.pcolormesh(np.arange(cols + 1) - 0.5, np.arange(rows + 1) - 0.5, np.ma.masked_invalid(grid),
                          cmap="cividis", vmin=low, vmax=high, edgecolors="white", linewidth=0.6)
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)
    cells = grid.size
    size = 6.5 if cells <= 40 else 5.5 if cells <= 100 else 4.8
    for (r, c), v in np.ndenumerate(grid):
        if np.isnan(v):
            continue
        text = tr.percent(float(v), 0) if chance else tr.decimal(float(v), 2)
        dark = (v - low) / (high - low or 1) < 0.55
        ax.text(c, r, text, ha="center", va="center", fontsize=size, color="white" if dark else "black")
    ax.spines[:].set_visible(False)
    ax.tick_params(length=0)
    return image


def strategy_names(game: Game, names: Sequence[str], tr: Translator) -> list[str]:
    """The strategies as the reader's language names them (the game's package says), else by their own names."""
    spec = find_spec(game.id)
    named = spec.balance.strategies(tr) if spec.balance else {}
    return [named.get(name, name) for name in names]


def strategy_chart(results: Sequence[Results], tr: Translator) -> str:
    """The strategies against each other: the row's share of the wins against the column, two players."""
    plt = _pyplot()
    k = len(results[0].strategies)
    names = strategy_names(results[0].version.game, results[0].strategies, tr)
    fig, axes = _panels(plt, len(results), 24 + 9 * k, min(WIDTH_MM, len(results) * (30 + 20 * k)))
    for index, (ax, res) in enumerate(zip(axes, results, strict=True)):
        _heatmap(ax, res.matrix, tr)
        ax.set_xticks(range(k), names, rotation=30, ha="right", rotation_mode="anchor")
        ax.set_yticks(range(k), names)
        ax.set_xlabel(tr.gettext("Against"))
        if index == 0:
            ax.set_ylabel(tr.gettext("Strategy"))
        _title(ax, results, index)
    return _svg(fig)


def game_chart(charts: Sequence[Chart], labels: Sequence[str], tr: Translator) -> str:
    """One of a game's own charts (one per version, side by side), drawn from its data."""
    plt = _pyplot()
    first = charts[0]
    rows = len(first.series)
    height = (22 + 5 * rows) if first.kind == "heatmap" else 62
    fig, axes = _panels(plt, len(charts), height, sharex=first.kind != "heatmap")
    chance = first.value == "chance"
    top = max(float(v) for c in charts for s in c.series for v in s.values if v is not None) if not chance else 1.0
    for index, (ax, chart) in enumerate(zip(axes, charts, strict=True)):
        if chart.kind == "heatmap":
            _heatmap(ax, [[None if v is None else float(v) for v in s.values] for s in chart.series], tr, chance,
                     high=top)
            ax.set_xticks(range(len(chart.x)), [tr.number(x) for x in chart.x])
            ax.set_yticks(range(len(chart.series)), [s.label(tr) for s in chart.series])
        else:
            for n, s in enumerate(chart.series):
                colour = COLOURS[n % len(COLOURS)]
                if chart.kind == "bars":
                    width = 0.8 / len(chart.series)
                    ax.bar([x + (n - (len(chart.series) - 1) / 2) * width for x in chart.x],
                           [float(v or 0) for v in s.values], width * 0.92, color=colour, label=s.label(tr))
                else:
                    ax.plot(chart.x, [float("nan") if v is None else float(v) for v in s.values], color=colour,
                            marker="o", markersize=2.5, linewidth=1.1, label=s.label(tr))
            ax.set_xticks(chart.x)
            _number_axis(ax.xaxis, tr)
            if chance:
                _percent_axis(ax.yaxis, tr)
                ax.set_ylim(0, 1)
            else:
                _number_axis(ax.yaxis, tr, whole=False)
        ax.set_xlabel(chart.x_label(tr))
        if index == 0:
            ax.set_ylabel(chart.y_label(tr))
        if len(charts) > 1:
            ax.set_title(labels[index], loc="left", fontweight="bold")
    if first.kind != "heatmap":
        _legend(fig, axes[0])
    return _svg(fig, first.id)


# ------------------------------------------------------------------ the page


@dataclass(frozen=True)
class Plot:
    """A chart on the page: its heading, the SVG and the sentence under it."""

    title: str
    svg: str
    note: str = ""
    notes: tuple[tuple[str, str], ...] = ()
    """Each version's own note (its label, the note), where the versions' notes differ."""


def _seat_rows(results: Sequence[Results], tr: Translator) -> list[list[str]]:
    """The wins-by-seat table: a row per player count, and under it the same count in the other version (its
    label in a column of its own)."""
    most = max(t.players for r in results for t in r.tables)
    rows = []
    for players in sorted({t.players for r in results for t in r.tables}):  # versions may seat different counts
        for res, t in ((r, t) for r in results for t in r.tables if t.players == players):
            label = [res.version.label] if len(results) > 1 else []
            rows.append([tr.number(t.players)] + label
                        + [tr.percent(t.by_seat[s]) if s < t.players else "" for s in range(most)]
                        + [tr.decimal(statistics.fmean(t.lengths), 1),
                           tr.number(round(statistics.median(t.lengths)))])
    return rows


def report_html(project: Project, results: Sequence[Results], tr: Translator, games: int, seed: int,
                paper: str = "a4") -> str:
    """The report of one version, or two side by side, as HTML ready for WeasyPrint (charts inline SVG)."""
    from .project import PAPERS

    game = results[0].version.game
    spec = find_spec(game.id)
    label = spec.balance.length_label(tr) if spec.balance else tr.gettext("Length of the game")
    figures = [
        Plot(tr.gettext("Wins by seat"), seats_chart(results, tr),
                tr.gettext("Every strategy takes every seat in turn, game by game, so a seat's share of the wins "
                           "is the seat's own edge. The dashed mark is a fair share: one game in as many as there "
                           "are players.")),
        Plot(tr.gettext("Length of the game"), length_chart(results, tr, label)),
        Plot(tr.gettext("Strategies against each other"), strategy_chart(results, tr),
                tr.gettext("Two players, seats swapped game by game: each cell is the row strategy's share of the "
                           "wins against the column strategy.")),
    ]
    own: list[Plot] = []
    for chart in results[0].charts:
        versions = [next((c for c in r.charts if c.id == chart.id), None) for r in results]
        drawn = [c for c in versions if c is not None]
        labels = [r.version.label for r, c in zip(results, versions, strict=True) if c is not None]
        notes = [c.note(tr) if c.note else "" for c in drawn]
        own.append(Plot(chart.title(tr), game_chart(drawn, labels, tr), notes[0] if len(set(notes)) == 1 else "",
                        tuple(zip(labels, notes, strict=True)) if len(set(notes)) > 1 else ()))
    most = max(t.players for r in results for t in r.tables)
    context = game_context(game, tr)
    context.update(
        paper=PAPERS[paper][0],
        versions=[(r.version.label, r.version.game.file) for r in results],
        seat_rows=_seat_rows(results, tr),
        seat_headers=[tr.format(tr.gettext("Seat {n}"), n=s + 1) for s in range(most)],
        figures=figures,
        own=own,
        games=games,
        seed=str(seed),  # a name for the run, not a quantity: never grouped (1.000)
        strategies=strategy_names(game, results[0].strategies, tr),
    )
    return render_template(project, tr, "report.html", context, game)


def targets(folder: Path) -> tuple[Path, Path]:
    """The files a report writes in its folder: its HTML and its PDF."""
    return folder / "report.html", folder / "report.pdf"


def write_report(project: Project, results: Sequence[Results], tr: Translator, folder: Path, games: int,
                 seed: int) -> tuple[Path, Path, list[str]]:
    """`report.html` and `report.pdf` in `folder`, each written once and whole; with WeasyPrint's warnings."""
    game = results[0].version.game
    html = report_html(project, results, tr, games, seed)
    data, warnings = render_pdf(html, [project.root, FONTS_DIR], project.templates, template_folders(project, game),
                                template_file(project, game, "report.html"), project.root)
    html_path, pdf_path = targets(folder)
    for path, content in ((html_path, html.encode("utf-8")), (pdf_path, data)):
        try:
            atomic_write_bytes(path, content)
        except OSError as exc:
            raise write_error(path, exc, project.root) from None
    return html_path, pdf_path, warnings

