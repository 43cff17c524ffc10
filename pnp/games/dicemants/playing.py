"""Dicemants' "Playing well" section, from the exact solution: when the winning play stops, its edge, a simple rule."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ... import derived
from ...i18n import Translator
from ...solver import RaceSolution
from . import engine as E
from .solve import DicemantsTurn, solve


@dataclass(frozen=True)
class Situation:
    """A score pair the when-to-stop table has a row for: the mover's score and the other player's."""

    mine: int
    other: int

    @property
    def lead(self) -> int:
        """How far the mover is ahead (negative: behind)."""
        return self.mine - self.other


@dataclass(frozen=True)
class Cell:
    """Where the best play stops with some dice left on the board, at one score pair, by diamonds in the bag."""

    stop: tuple[int, ...]
    """Diamonds in the bag at which every position with these dice on the board stops."""
    mixed: tuple[int, ...]
    """Diamonds in the bag at which some of those positions stop and others roll on (the lost zone, an all-void roll
    before, the order of the dice decide)."""
    threshold: int | None
    """The fewest diamonds from which the play always stops, when it is a clean threshold (it stops at every count
    from there up to the most the bag can hold with these dice out, and nowhere else); else None."""


@dataclass(frozen=True)
class StopRow:
    """One row of the table: the dice left on the board (in the rules' order), a cell per situation."""

    board: tuple[str, ...]
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Playing:
    """What the rulebook's "Playing well" prints, exactly (the race to the goal solved for two players)."""

    goal: int
    situations: tuple[Situation, ...]
    rows: tuple[StopRow, ...]
    """The dice on the board with which the best play stops at some situation, fewest dice first; with any other
    dice it always rolls on (short of banking a win)."""
    first: float
    """The first player's chance of winning, both playing their best."""
    per_turn: float
    """The most diamonds a turn banks on average (the play for the most diamonds per turn)."""
    thumb: int
    """The best rule of thumb: stop once the bag holds this many diamonds (or when banking wins)."""
    thumb_never: bool
    """The bag can never hold that many while dice are left to roll: the rule never stops by choice."""
    thumb_dice: int
    """The dice the rule of thumb draws at the start of each turn."""
    thumb_per_turn: float
    thumb_first: float
    """Its chance of winning against the best play, moving first."""
    thumb_second: float
    """Its chance of winning against the best play, moving second."""


def situations(goal: int) -> tuple[Situation, ...]:
    """The score situations (the printed table's rows), from the goal: level at mid-game (the leader holding half
    the goal), behind by a quarter and by half of the goal, and ahead by a quarter."""
    half = goal // 2
    gaps = sorted({max(1, half // 2), half} - {0})
    return (Situation(half, half), *(Situation(half - d, half) for d in gaps), *(Situation(half, half - d)
                                                                                  for d in gaps[:1]))


def stop_rows(rules: E.DicemantsRules, turn: DicemantsTurn, race: RaceSolution,
              scores: tuple[Situation, ...]) -> tuple[StopRow, ...]:
    """Where the race's best play stops, at each score pair of `scores`, by the dice on the board and the bag.

    Only positions where the player has the choice count (after a roll that lets them stop), and only bags that do
    not already win by banking (every play stops there)."""
    m = turn.model
    offered = np.zeros(m.states, dtype=bool)
    offered[m.optional.col] = True
    order = {d: k for k, (d, _) in enumerate(rules.dice)}
    groups: dict[tuple[str, ...], dict[int, list[int]]] = {}
    for r in np.flatnonzero(offered).tolist():
        held, board, _, _ = turn.positions[r]
        groups.setdefault(tuple(sorted(board, key=order.__getitem__)), {}).setdefault(len(held), []).append(r)
    rows = []
    for board, by_bag in groups.items():
        cells = []
        for s in scores:
            go = race.go_on[:, s.mine, s.other]
            stop: list[int] = []
            mixed: list[int] = []
            chosen: list[int] = []
            for bag in sorted(by_bag):
                if s.mine + bag >= rules.goal:
                    continue  # banking wins: every play stops
                chosen.append(bag)
                rolls = go[by_bag[bag]]
                if not rolls.any():
                    stop.append(bag)
                elif not rolls.all():
                    mixed.append(bag)
            clean = bool(stop) and not mixed and stop == chosen[chosen.index(stop[0]):]
            cells.append(Cell(tuple(stop), tuple(mixed), stop[0] if clean else None))
        if any(c.stop or c.mixed for c in cells):
            rows.append(StopRow(board, tuple(cells)))
    return tuple(sorted(rows, key=lambda row: (len(row.board), [order[d] for d in row.board])))


@derived.kept("dicemants-playing")
def playing(rules: E.DicemantsRules) -> Playing:
    """The section's numbers (the whole solution is kept too, for `pnp solve`)."""
    solved = solve(rules)
    scores = situations(rules.goal)
    first, second = solved.thumb_wins
    drawn = int(solved.turn.model.options[solved.thumb_points.option])
    # The bag holds at most the dice drawn: a rule that stops at that many never stops while dice are left to roll.
    return Playing(rules.goal, scores, stop_rows(rules, solved.turn, solved.race, scores), solved.race.first_player,
                   solved.per_turn.value, solved.thumb, solved.thumb >= drawn, drawn, solved.thumb_points.value,
                   first, second)


@dataclass(frozen=True)
class PlayingView:
    """The section in the reader's language: a lead, the when-to-stop table, and what follows it."""

    lead: str
    heads: tuple[str, str]
    """The rows' head (the scores) and the columns' group head (the dice left on the board)."""
    dice: tuple[str, ...]
    """Each column's dice."""
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    """Per row: a score situation, then a cell per column. Four rows of situations, not a row per set of dice: the
    table is half as tall, so the section and the quick reference share a page."""
    after: tuple[str, ...]


def _cell(cell: Cell, tr: Translator) -> str:
    if cell.threshold is not None:
        return tr.number(cell.threshold)
    if not cell.stop and not cell.mixed:
        # TRANSLATORS: a cell of the when-to-stop table where the best play never stops, whatever the bag holds.
        # The lead above the table names it ("a dash means roll on"); a word ("sigue") may take its place if the
        # lead says so.
        return tr.pgettext("when to stop: never", "\u2014")
    # Not a clean threshold: every count at which it stops, those where only some positions stop in brackets.
    shown = sorted([(b, tr.number(b)) for b in cell.stop] + [(b, f"({tr.number(b)})") for b in cell.mixed])
    return tr.join([text for _, text in shown])


def _heading(s: Situation, tr: Translator) -> str:
    # TRANSLATORS: a score pair in the when-to-stop table's row heads: your diamonds, then the other player's.
    scores = tr.format(tr.gettext("{mine}\u2013{other}"), mine=s.mine, other=s.other)
    if s.lead == 0:
        # TRANSLATORS: the when-to-stop table's row heads: the scores level, you behind or ahead by {n} diamonds.
        return tr.format(tr.gettext("Level ({scores})"), scores=scores)
    if s.lead < 0:
        return tr.format(tr.ngettext("{n} behind ({scores})", "{n} behind ({scores})", -s.lead), n=-s.lead,
                         scores=scores)
    return tr.format(tr.ngettext("{n} ahead ({scores})", "{n} ahead ({scores})", s.lead), n=s.lead, scores=scores)


def playing_view(rules: E.DicemantsRules, tr: Translator) -> PlayingView:
    """The section, exactly as solved, in the reader's language."""
    p = playing(rules)
    lead = tr.format(tr.ngettext(
        "The table below, solved exactly for a two-player race to {goal} diamond, shows when the strategy that wins "
        "most often stops rolling. Each row is a sample score before your turn, yours first; each column, the dice "
        "left on the board. Stop once your bag holds at least the number in the cell; a dash means roll on, whatever "
        "your bag holds.",
        "The table below, solved exactly for a two-player race to {goal} diamonds, shows when the strategy that wins "
        "most often stops rolling. Each row is a sample score before your turn, yours first; each column, the dice "
        "left on the board. Stop once your bag holds at least the number in the cell; a dash means roll on, whatever "
        "your bag holds.", p.goal), goal=p.goal)
    after = [tr.gettext("With any other dice on the board, roll on. Whatever the table says, stop when banking would "
                        "win.")]
    if any(c.threshold is None and (c.stop or c.mixed) for row in p.rows for c in row.cells):
        after.append(tr.gettext("Where a cell lists numbers, stop only with those; a number in brackets: stop there "
                                "in some positions only."))
    after.append(tr.format(tr.gettext("When both players play their best, the player who goes first wins {first} of "
                                      "games and the other player {second}."),
                           first=tr.percent(p.first), second=tr.percent(1 - p.first)))
    if p.thumb_never:
        rule = tr.format(tr.ngettext(
            "The best simple rule: draw {n:word} die every turn and keep re-rolling until your turn ends by itself, "
            "stopping only when banking would win.",
            "The best simple rule: draw {n:word} dice every turn and keep re-rolling until your turn ends by itself, "
            "stopping only when banking would win.", p.thumb_dice), n=p.thumb_dice)
    else:
        rule = tr.format(tr.ngettext(
            "The best simple rule: stop once your bag holds {n:word} diamond, or when banking would win.",
            "The best simple rule: stop once your bag holds {n:word} diamonds, or when banking would win.",
            p.thumb), n=p.thumb) + " " + tr.format(tr.ngettext(
                "It draws {n:word} die every turn.", "It draws {n:word} dice every turn.", p.thumb_dice),
                n=p.thumb_dice)
    after.append(rule + " " + tr.format(tr.gettext(
        "This rule banks {thumb} diamonds a turn on average; the most any way of playing can bank is {best}."),
        thumb=tr.decimal(p.thumb_per_turn, 2), best=tr.decimal(p.per_turn, 2)) + " " + tr.format(tr.gettext(
            "Against a player who plays their best, it wins {first} of games when it goes first and {second} when it "
            "goes second."), first=tr.percent(p.thumb_first), second=tr.percent(p.thumb_second)))
    rows = tuple((_heading(s, tr), tuple(_cell(row.cells[i], tr) for row in p.rows))
                 for i, s in enumerate(p.situations))
    # TRANSLATORS: the when-to-stop table's heads: the rows' (the scores) and the columns' (sets of dice).
    heads = (tr.gettext("Score (yours first)"), tr.gettext("Dice left on the board"))
    return PlayingView(lead, heads, tuple(tr.join(list(row.board)) for row in p.rows), rows, tuple(after))
