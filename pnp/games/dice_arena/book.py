"""Dice Arena's Book: from the rules file to its engine, and from engine results to examples, odds and the CLI."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ... import derived
from ...errors import InputError, Problem
from ...i18n import Translator
from ...model import Die, Game
from ..chance import TooMuchWork
from ..views import Balance, Chart, ExamplesView, ExampleView, OddsColumn, OddsTable, Resolved, Zone, odds_chart
from . import engine
from .narrate import narrate

if TYPE_CHECKING:
    from ..protocols import Policy

OUTSIDE_FACE = "outside"
"""In an example's zones, a die that left the arena: its template draws an empty, dashed die."""
_SECTION = {"faces": "dice", "removed": "params", "dice_per_player": "dice", "neutral_dice": "params",
            "leave_arena": "params"}


def players_die(game: Game) -> Die:
    """The die each player holds (the one dealt by player count); the neutral dice are alike."""
    die = next((d for d in game.dice if d.per_player_by_count), None)
    if die is None:
        raise InputError(Problem(game.file, game.lines.get("dice"), "dice",
                                 "the engine needs a die dealt by player count (per_player_by_count)"))
    return die


def arena_rules(game: Game) -> engine.ArenaRules:
    """The engine's view of the rules file: the dice's numbers, the X, dice per player, neutral dice, failed throws."""
    from .spec import params

    p = params(game)
    die = players_die(game)
    values = [game.face(f).value for f in die.faces]
    if any(v is None for v in values):
        raise InputError(Problem(game.file, game.lines.get("faces"), "faces",
                                 "the engine needs a number (value) on every face of the players' die"))
    try:
        rules = engine.ArenaRules(
            faces=tuple(v for v in values if v is not None),
            removed=p.removed_value,
            dice_per_player=die.per_player_by_count,
            neutral_dice=p.neutral_dice,
            leave_arena=Fraction(p.leave_arena_chance, 100),
        )
        engine.check_work(rules)  # the odds refused before they start if they would run for minutes
        return rules
    except ValueError as exc:
        field = exc.field if isinstance(exc, TooMuchWork) else str(exc).split(":", 1)[0]
        section = _SECTION.get(field, field)
        message = exc.reason if isinstance(exc, TooMuchWork) else f"the engine cannot play these rules: {exc}"
        raise InputError(Problem(game.file, game.lines.get(section), section, message)) from None


@lru_cache(maxsize=8)
@derived.kept("dice-arena-examples")
def _examples(rules: engine.ArenaRules) -> tuple[engine.Example, ...]:
    return engine.derive_examples(rules)


def examples(game: Game) -> tuple[engine.Example, ...]:
    """The rulebook's worked examples, resolved by the engine."""
    return _examples(arena_rules(game))


def face_id(game: Game, number: int) -> str:
    """The face showing a number on the players' die (OUTSIDE: the empty die drawn for a failed throw)."""
    if number == engine.OUTSIDE:
        return OUTSIDE_FACE
    return next(f for f in players_die(game).faces if game.face(f).value == number)


def example_title(example: engine.Example, tr: Translator) -> str:
    """A short title naming what the example shows."""
    titles = {
        engine.Goal.NEUTRAL: tr.gettext("The neutral die is captured"),
        engine.Goal.X_REMOVED: tr.gettext("An X is removed"),
        engine.Goal.PAIR: tr.gettext("A pair is captured"),
        engine.Goal.SECOND_THROW: tr.gettext("No match, then a second throw"),
        engine.Goal.STOP: tr.gettext("No match, and you stop"),
        engine.Goal.FAILED: tr.gettext("A failed throw"),
        engine.Goal.ELIMINATED: tr.gettext("Eliminated by your last throw"),
        engine.Goal.STRIKE: tr.gettext("A strike"),
        engine.Goal.TWO_X: tr.gettext("Two Xs are removed, not captured"),
        engine.Goal.TWO_PAIRS: tr.gettext("Two pairs captured at once"),
    }
    return titles[example.goal]


def _scene(example: engine.Example, tr: Translator) -> list[str]:
    """The sentences that set the scene: the arena and the hand before the first throw."""
    out = []
    k = len(example.arena)
    if example.neutral:
        out.append(tr.format(tr.gettext("It is the first turn of the game. The neutral die shows {number} in the "
                                        "arena."), number=example.arena[0]))
    elif k:
        out.append(tr.format(tr.ngettext("The arena holds {n:word} die, showing {numbers}.",
                                         "The arena holds {n:word} dice, showing {numbers}.", k),
                             n=k, numbers=list(example.arena)))
    else:
        out.append(tr.gettext("The arena is empty, so you must strike."))
    h = example.hand
    out.append(tr.format(tr.ngettext("You have {n:word} die in your hand.", "You have {n:word} dice in your hand.", h),
                         n=h))
    return out


def _tags(numbers: Sequence[int], neutral: Sequence[int], tr: Translator) -> tuple[str, ...]:
    """A word under each die: `neutral` under a neutral die, `outside` under a die that left the arena."""
    neutral = list(neutral)
    words = []
    for n in numbers:
        if n in neutral:
            neutral.remove(n)  # one word per neutral die, even in a captured group of equal numbers
            words.append(tr.pgettext("dice-arena", "neutral"))
        else:
            words.append(tr.pgettext("dice-arena", "outside") if n == engine.OUTSIDE else "")
    return tuple(words) if any(words) else ()


def _step(game: Game, step: engine.Resolution, label: str, tr: Translator) -> dict[str, Any]:
    """One throw of an example: the arena before, the dice thrown, the arena after, captured and removed dice."""
    check = step.check
    captured = [n for n, count, _ in check.groups for _ in range(count)]
    removed = [f for f in step.thrown if f in (arena_rules(game).removed, engine.OUTSIDE)]

    def zone(label: str, numbers: Sequence[int], neutral: Sequence[int] = ()) -> Zone:
        return Zone(label, tuple(face_id(game, n) for n in numbers), _tags(numbers, neutral, tr))

    return {
        "arena_before": zone(tr.gettext("Arena"), step.arena_before, step.neutral_before),
        "throw": zone(label, step.thrown),
        "arena": zone(tr.gettext("Arena after"), check.arena, check.neutral),
        "captured": zone(tr.pgettext("dice-arena", "Captured"), captured, [n for n, _, owned in check.groups if owned]),
        "removed": zone(tr.pgettext("dice-arena", "Removed"), removed),
        "sentences": tuple(narrate(step.events, tr)),
    }


ZONES = ("arena_before", "throw", "arena", "captured", "removed")
"""An example row's zones of dice, left to right."""


def zone_widths(examples: Sequence[engine.Example], game: Game, tr: Translator) -> dict[str, int]:
    """The most dice each zone shows in any example's row: every example sizes its columns for these, so that
    the columns line up from one example to the next."""
    rows = [_step(game, step, "", tr) for example in examples for step in example.steps]
    return {zone: max([len(row[zone].faces) for row in rows] + [1]) for zone in ZONES}


def example_view(example: engine.Example, game: Game, tr: Translator,
                 widths: Mapping[str, int] | None = None) -> ExampleView:
    """One example in the reader's language; `extra["steps"]` holds each throw for the game's example template,
    `extra["widths"]` the dice each zone's column makes room for (see zone_widths)."""
    many = len(example.steps) > 1
    steps = [_step(game, step, tr.format(tr.gettext("Throw {n}"), n=i) if many else tr.gettext("The throw"), tr)
             for i, step in enumerate(example.steps, 1)]
    closing = tuple(narrate(example.closing, tr))
    first, last = steps[0], steps[-1]
    return ExampleView(example.goal.value, example_title(example, tr), tuple(_scene(example, tr)), first["throw"],
                       (first["arena_before"],), (last["arena"], last["captured"], last["removed"]),
                       tuple(s for step in steps for s in step["sentences"]) + closing,
                       {"steps": steps, "closing": closing, "widths": dict(widths or {})})


# ------------------------------------------------------------------ odds

SINGLE_THROW = (
    OddsColumn("arena", lambda tr: tr.gettext("Dice in the arena"), "count"),
    OddsColumn("capture", lambda tr: tr.gettext("Your die captures"), "chance"),
    OddsColumn("removed", lambda tr: tr.gettext("Your die is removed"), "chance"),
    OddsColumn("nothing", lambda tr: tr.gettext("Your die stays in the arena"), "chance"),
)
"""One die thrown into an arena of different numbers: it captures, is removed, or stays."""
STRIKE = (
    OddsColumn("dice", lambda tr: tr.gettext("Dice thrown"), "count"),
    OddsColumn("capture", lambda tr: tr.gettext("At least one capture"), "chance"),
    OddsColumn("captured_mean", lambda tr: tr.gettext("Dice captured, on average"), "mean"),
    OddsColumn("all_removed", lambda tr: tr.gettext("Every die is removed"), "chance"),
)
"""A strike of each size: a capture at all, the dice captured on average, every die removed."""


@lru_cache(maxsize=8)
@derived.kept("dice-arena-odds")
def _odds(rules: engine.ArenaRules) -> tuple[tuple[engine.ThrowOdds, ...], tuple[engine.StrikeOdds, ...]]:
    return (tuple(engine.single_throw_odds(rules, k) for k in range(len(rules.numbers) + 1)),
            tuple(engine.strike_odds(rules, n) for n in range(1, rules.most_per_player + 1)))




# ------------------------------------------------------------------ the Book

def charts(game: Game) -> tuple[Chart, ...]:
    """The balance report's own charts: a single throw by the dice in the arena, and the strike (exact)."""
    single, strike = ArenaBook().odds(game)
    return (odds_chart(single, "bars", lambda tr: tr.gettext("A single throw"), lambda tr: tr.gettext("Chance")),
            odds_chart(strike, "lines", lambda tr: tr.gettext("The strike"), lambda tr: tr.gettext("Chance")))


BALANCE = Balance("throws", lambda tr: tr.gettext("Throws in the game"), charts, lambda tr: {
    "single": tr.pgettext("strategy", "single"), "fill-3": tr.pgettext("strategy", "fill-3"),
    "odds-50": tr.pgettext("strategy", "odds-50")})
"""What the balance report adds for Dice Arena: a game's length in throws, and its throw and strike odds."""


class ArenaBook:
    """Dice Arena's examples, odds, narration and command-line needs (the Book protocol)."""

    def engine(self, game: Game) -> engine.ArenaEngine:
        return engine.ArenaEngine(arena_rules(game))

    def examples(self, game: Game, tr: Translator) -> ExamplesView:
        shown = examples(game)
        widths = zone_widths(shown, game, tr)
        views = tuple(example_view(e, game, tr, widths) for e in shown)
        intro = tr.gettext("Each example shows the arena before a throw and the dice thrown, then the arena after "
                           "the throw, the dice captured, and the dice removed from the game.")
        return ExamplesView(intro, views)  # the game's example template labels each zone itself

    def odds(self, game: Game) -> Sequence[OddsTable]:
        rules = arena_rules(game)
        singles, strikes = _odds(rules)

        def single_intro(tr: Translator) -> str:
            if not rules.leave_arena:
                return tr.gettext("What a single die does when thrown into an arena whose dice all show different "
                                  "numbers, assuming it lands inside the arena.")
            return tr.format(tr.gettext("What a single die does when thrown into an arena whose dice all show "
                                        "different numbers, if each die lands outside the arena {chance} of the "
                                        "time."), chance=tr.percent(float(rules.leave_arena)))

        def strike_intro(tr: Translator) -> str:
            if not rules.leave_arena:
                return tr.gettext("What a strike does, by the number of dice in your hand, assuming no die leaves "
                                  "the arena.")
            return tr.format(tr.gettext("What a strike does, by the number of dice in your hand, if each die lands "
                                        "outside the arena {chance} of the time."),
                             chance=tr.percent(float(rules.leave_arena)))

        single_rows = tuple((("arena", o.arena), ("capture", o.capture), ("removed", o.removed),
                             ("nothing", o.nothing)) for o in singles)
        strike_rows = tuple((("dice", o.dice), ("capture", o.capture), ("captured_mean", o.captured_mean),
                             ("all_removed", o.all_removed)) for o in strikes)
        return (OddsTable("single-throw", SINGLE_THROW, single_rows, single_intro),
                OddsTable("strike", STRIKE, strike_rows, strike_intro))

    def printed_odds(self, game: Game) -> Sequence[OddsTable]:
        """The rulebook prints both tables, the single throw from one die in the arena up: a turn never opens with
        one die thrown into an empty arena (that is a strike), so the row of none would mislead."""
        single, strike = self.odds(game)
        return (replace(single, rows=tuple(row for row in single.rows if dict(row)["arena"])), strike)

    def tell(self, game: Game, outcome: Any, tr: Translator) -> list[str]:
        """A resolved throw told in the reader's language, from its events."""
        assert isinstance(outcome, engine.Resolution)
        return narrate(outcome.events, tr)

    def snapshot(self, game: Game, tr: Translator) -> str:
        """The worked examples as plain text: the snapshot a designer reviews as a diff after a rule change."""
        def numbers(values: Sequence[int]) -> str:
            return " ".join("out" if v == engine.OUTSIDE else str(v) for v in values) or "-"

        lines = []
        for example in examples(game):
            view = example_view(example, game, tr)
            lines.append(f"[{view.id}] {view.title}")
            lines.append(f"  arena {numbers(example.arena)} (neutral {numbers(example.neutral)}); "
                         f"hand {example.hand}; covers {' '.join(example.covers)}")
            for step, shown in zip(example.steps, view.extra["steps"], strict=True):
                lines.append(f"  throw {numbers(step.thrown)}{' (strike)' if step.strike else ''}: "
                             f"removed {step.removed}, captured {step.captured}; arena {numbers(step.arena)}; "
                             f"hand {step.hand}; {'turn over' if step.turn_over else 'turn goes on'}")
                lines.extend(f"  | {sentence}" for sentence in shown["sentences"])
            lines.extend(f"  | {sentence}" for sentence in view.extra["closing"])
            lines.append("")
        return "\n".join(lines)

    def warnings(self, game: Game) -> list[str]:
        """Rules data the engine reads one way and the pictures or the text another, and examples left out."""
        rules = arena_rules(game)
        out = []
        drawn = [f for f in players_die(game).faces if game.face(f).art == "x"]
        for face in drawn:
            if game.face(face).value != rules.removed:
                out.append(f"{game.file}:{game.lines.get('faces')}: faces.{face}: drawn as an X but its value is "
                           f"{game.face(face).value}, while params.removed_value is {rules.removed}")
        neutral = sum(d.count or 0 for d in game.dice if not d.per_player_by_count)
        if neutral != rules.neutral_dice:
            out.append(f"{game.file}:{game.lines.get('params')}: params.neutral_dice is {rules.neutral_dice}, "
                       f"but the dice list {neutral} neutral dice")
        shown = {e.goal for e in examples(game)}
        for goal in engine.Goal:
            if goal not in shown:
                out.append(f"{game.file}: the worked example '{goal.value}' is left out: these rules cannot show it")
        return out

    def strategies(self, game: Game) -> Mapping[str, Policy[Any, Any]]:
        return engine.STRATEGIES

    def measures(self, game: Game) -> Mapping[str, Callable[[Any], float]]:
        return {"throws": lambda state: int(state.throws), "turns": lambda state: int(state.turns),
                "removed": lambda state: int(state.removed)}

    def describe(self, policy: Policy[Any, Any]) -> str:
        assert isinstance(policy, engine.Strategy)
        if policy.plan == engine.Plan.FILL:
            return f"throw until the arena holds {policy.k} dice"
        if policy.plan == engine.Plan.ODDS:
            return f"throw while the capture chance is at least {policy.k}%"
        return "stop after one throw"

    def add_resolve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--arena", nargs="+", required=True, metavar="N",
                            help="the numbers showing in the arena before the throw (2-6, all different), "
                                 "or - for an empty arena")
        parser.add_argument("--throw", nargs="+", required=True, metavar="N",
                            help="the die thrown (1-6), or `out` for a die that lands outside the arena; "
                                 "several dice only into an empty arena (a strike)")
        parser.add_argument("--hand", type=_positive, help="the dice in the thrower's hand before the throw")

    def resolve(self, game: Game, args: argparse.Namespace) -> Resolved:
        rules = arena_rules(game)
        arena = [] if args.arena == ["-"] else [_number(text, "--arena", rules) for text in args.arena]
        thrown = [engine.OUTSIDE if text == "out" else _number(text, "--throw", rules) for text in args.throw]
        res = engine.resolve_throw(rules, arena, thrown, args.hand)
        data = {"removed": res.removed, "captured": res.captured, "arena": list(res.arena),
                "turn_over": res.turn_over,
                "hand": res.hand if args.hand is not None else None,
                "eliminated": res.eliminated if args.hand is not None else None}
        return Resolved(data, True, res)


def _number(text: str, option: str, rules: engine.ArenaRules) -> int:
    low, high = min(rules.faces), max(rules.faces)
    try:
        value = int(text)
    except ValueError:
        empty = " (or - alone for an empty arena)" if option == "--arena" else " (or out)"
        raise ValueError(f"{option}: '{text}' is not a number from {low} to {high}{empty}") from None
    if value not in rules.faces:
        raise ValueError(f"{option}: {value} is not a number on the dice ({low} to {high})")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"a player who throws holds 1 die or more, not {value}")
    return value
