"""What a Book hands the rulebook and the CLI: worked examples and exact odds tables, shaped for any game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..i18n import Translator


@dataclass(frozen=True)
class Zone:
    """A labelled row of dice faces (face ids), for the example pictures."""

    label: str
    faces: tuple[str, ...]
    tags: tuple[str, ...] = ()
    """A short word under each face (the die's letter, its owner), or nothing."""
    tints: tuple[str, ...] = ()
    """A CSS colour framing each face (its owner's colour), or nothing."""


@dataclass(frozen=True)
class ExampleView:
    """A worked example ready for the page: title, context, the roll, the zones after, the sentences."""

    id: str
    title: str
    before: tuple[str, ...]
    """Sentences that set the scene before the roll."""
    roll: Zone
    """The faces rolled, in rolling order, each tagged with the die it is on."""
    before_zones: tuple[Zone, ...]
    """Zones that hold dice before the roll."""
    after: tuple[Zone, ...]
    """Every zone once the roll is resolved."""
    sentences: tuple[str, ...]
    """What happened, told from the engine's events."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Anything more a game's own example template shows (a card, the scores)."""


@dataclass(frozen=True)
class ExamplesView:
    """The rulebook's examples section: how to read the pictures, then each example."""

    intro: str
    examples: tuple[ExampleView, ...]
    before_label: str = ""
    """The heading of the zones before the move (`Before the roll`)."""
    after_label: str = ""
    """The heading of the zones after it."""


@dataclass(frozen=True)
class Resolved:
    """What `pnp resolve` shows: the outcome as plain data, whether the game's dice can show it, the engine's result."""

    data: dict[str, Any]
    possible: bool
    outcome: Any
    """The engine's own result, for Book.tell."""


@dataclass(frozen=True)
class OddsColumn:
    """A column of an odds table: its key in the data, its header, and how its values read."""

    key: str
    header: Callable[[Translator], str]
    kind: str = "chance"
    """`count` (a whole number), `chance` (a probability, shown as a percentage) or `mean` (an average)."""
    group: Callable[[Translator], str] | None = None
    """A heading over this column and its neighbours of the same group (they split one outcome)."""


@dataclass(frozen=True)
class OddsTable:
    """Exact odds: rows of whole numbers and Fractions, with the columns that say what each value is."""

    id: str
    columns: tuple[OddsColumn, ...]
    rows: tuple[tuple[tuple[str, int | Fraction], ...], ...]
    """Each row as (key, value) pairs in column order."""
    intro: Callable[[Translator], str]

    def as_json(self) -> dict[str, Any]:
        """The table as plain data; every probability or mean an exact fraction in lowest terms (`"7/12"`)."""
        return {"id": self.id, "rows": [
            {key: value if isinstance(value, int) and not isinstance(value, Fraction) else str(Fraction(value))
             for key, value in row} for row in self.rows]}


@dataclass(frozen=True)
class HeadCell:
    """A header cell: its words and how many columns and header rows it spans."""

    label: str
    colspan: int = 1
    rowspan: int = 1


@dataclass(frozen=True)
class OddsView:
    """An odds table in the reader's language: the intro, the headers and every cell formatted the local way."""

    id: str
    intro: str
    headers: tuple[str, ...]
    """Each column's own header."""
    head: tuple[tuple[HeadCell, ...], ...]
    """The header rows as printed: grouped columns under their group's heading."""
    rows: tuple[tuple[str, ...], ...]


def _head(columns: tuple[OddsColumn, ...], tr: Translator) -> tuple[tuple[HeadCell, ...], ...]:
    """One header row, or two where columns share a group heading (ungrouped ones span both rows)."""
    if not any(c.group for c in columns):
        return (tuple(HeadCell(c.header(tr)) for c in columns),)
    top: list[HeadCell] = []
    under: list[HeadCell] = []
    previous: Callable[[Translator], str] | None = None
    for column in columns:
        if column.group is None:
            top.append(HeadCell(column.header(tr), rowspan=2))
        elif column.group is previous:
            top[-1] = HeadCell(top[-1].label, top[-1].colspan + 1)
            under.append(HeadCell(column.header(tr)))
        else:
            top.append(HeadCell(column.group(tr)))
            under.append(HeadCell(column.header(tr)))
        previous = column.group
    return tuple(top), tuple(under)


TINY = Fraction(1, 2000)
"""Chances below this round to 0.0 % (above 1 − TINY, to 100.0 %): they print as `<0.1%` and `>99.9%`, each
language's own way (`менее 0,1 %`), as only an impossible result prints as a dash, and only a certainty as 100 %."""


def odds_view(table: OddsTable, tr: Translator) -> OddsView:
    """Percentages with one decimal, means with two, counts as numbers, each in the locale's own pattern."""
    kinds = {c.key: c.kind for c in table.columns}

    def cell(key: str, value: int | Fraction) -> str:
        if kinds[key] == "count":
            return tr.number(int(value))
        if kinds[key] == "mean":
            return tr.decimal(float(value), 2)
        if value == 0:  # impossible: a dash, not a figure
            return "\u2014"
        if value == 1:  # certain: no decimals to read
            return tr.percent(1.0, decimals=0)
        if 0 < value < TINY:  # possible, but too rare to show: never print it as 0.0 %
            # TRANSLATORS: an odds cell for a chance too small to print as a number, {percent} being 0.1 %:
            # "under 0.1 %" as a table cell says it («< 0,1 %», «менее 0,1 %»).
            return tr.format(tr.gettext("<{percent}"), percent=tr.percent(float(TINY) * 2))
        if 1 - TINY < value < 1:  # all but certain: never print it as 100.0 %
            # TRANSLATORS: an odds cell for a chance all but certain, {percent} being 99.9 %: "over 99.9 %" as a
            # table cell says it («> 99,9 %», «более 99,9 %»).
            return tr.format(tr.gettext(">{percent}"), percent=tr.percent(1 - float(TINY) * 2))
        return tr.percent(float(value))

    return OddsView(table.id, table.intro(tr), tuple(c.header(tr) for c in table.columns), _head(table.columns, tr),
                    tuple(tuple(cell(k, v) for k, v in row) for row in table.rows))


@dataclass(frozen=True)
class Series:
    """One line, set of bars or heatmap row of a chart: its label and a value for each x."""

    label: Callable[[Translator], str]
    values: tuple[Fraction | float | None, ...]
    """None: no value there (a heatmap's empty cell)."""


@dataclass(frozen=True)
class Chart:
    """A chart of one game's own for its balance report, as data: the shared report draws it (matplotlib), both
    versions side by side when two rules files are compared. Exact values where the Book has them (its odds)."""

    id: str
    """Matches the same chart of another version of the rules."""
    kind: str
    """`heatmap` (a row per series, a column per x), `bars` (grouped by x) or `lines`."""
    title: Callable[[Translator], str]
    x_label: Callable[[Translator], str]
    y_label: Callable[[Translator], str]
    x: tuple[int, ...]
    """The x values (a heatmap's columns), whole numbers: dice, a top number."""
    series: tuple[Series, ...]
    value: str = "chance"
    """How the values read: `chance` (a probability, as a percentage) or `mean` (an average)."""
    note: Callable[[Translator], str] | None = None
    """A sentence under the chart saying how to read it."""


@dataclass(frozen=True)
class Balance:
    """What a game adds to its balance report (`pnp report`): which measure is its length, and its own charts."""

    length: str
    """The Book's measure (Book.measures) that counts how long a game lasts: `turns`, `rounds`, `throws`."""
    length_label: Callable[[Translator], str]
    """That measure as an axis says it (`Turns in the game`)."""
    charts: Callable[[Any], tuple[Chart, ...]] = lambda game: ()
    """The game's own charts for a loaded Game (its odds as a heatmap, bars or lines)."""
    strategies: Callable[[Translator], Mapping[str, str]] = lambda tr: {}
    """The Book's strategies by name (`cautious`), as the report's matrix labels them in the reader's language;
    a strategy left out is shown by its name."""


def odds_chart(table: OddsTable, kind: str, title: Callable[[Translator], str], y_label: Callable[[Translator], str],
               keys: tuple[str, ...] | None = None) -> Chart:
    """An exact odds table as a chart: its first column across, its chance columns (or those of `keys`) as the
    series, its intro under it."""
    across = table.columns[0]
    shown = [c for c in table.columns[1:] if (c.key in keys if keys is not None else c.kind == "chance")]
    rows = [dict(row) for row in table.rows]
    return Chart(table.id, kind, title, across.header, y_label, tuple(int(row[across.key]) for row in rows),
                 tuple(Series(c.header, tuple(row[c.key] for row in rows)) for c in shown),
                 note=table.intro)
