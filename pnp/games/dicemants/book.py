"""Dicemants' Book: from the rules file to its engine, and from engine results to worked examples, odds and the CLI."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ... import derived
from ...errors import InputError, Problem
from ...i18n import Translator
from ...model import Game
from ..chance import TooMuchWork
from ..views import (
    Balance,
    Chart,
    ExamplesView,
    ExampleView,
    OddsColumn,
    OddsTable,
    Resolved,
    Series,
    Zone,
    odds_chart,
)
from . import engine
from .narrate import face_name, narrate

if TYPE_CHECKING:
    from ..protocols import Policy


def dicemants_rules(game: Game) -> engine.DicemantsRules:
    """The engine's view of the Dicemants rules file: dice, tier order, goal and flags."""
    from .spec import params, precedence

    tiers = precedence(game)
    bug_tier = next((t for t in tiers if t.id == engine.TierId.BUG), None)
    p = params(game)
    try:
        rules = engine.DicemantsRules(
            dice=tuple((d.id, d.faces) for d in game.dice),
            tiers=tuple(t.id for t in tiers),
            locked_combines=frozenset(t.id for t in tiers if t.with_locked),
            goal=p.goal,
            max_dice=p.max_dice,
            void_streak_limit=p.void_streak_limit,
            bug_takes_from_bag=bool(game.flags.get("bug_takes_from_bag", True)),
            bugs=frozenset(bug_tier.faces if bug_tier else ()),
            players=game.players,
        )
        engine.check_work(rules)  # odds and examples refused before they start if they would run for minutes
        return rules
    except ValueError as exc:
        field = exc.field if isinstance(exc, TooMuchWork) else str(exc).split(":", 1)[0]
        section = {"tiers": "precedence", "locked_combines": "precedence", "bugs": "precedence",
                   "goal": "params", "max_dice": "params", "void_streak_limit": "params"}.get(field, field)
        line = game.lines.get(section)
        if isinstance(exc, TooMuchWork):  # named by its path in the rules file, as the loader names fields
            shown = field if section == field else f"{section}.{field}"
            raise InputError(Problem(game.file, line, shown, exc.reason)) from None
        raise InputError(Problem(game.file, line, field, f"the engine cannot play these rules: {exc}")) from None


@lru_cache(maxsize=8)
@derived.kept("dicemants-derived")
def _derived(rules: engine.DicemantsRules) -> tuple[engine.Example, ...]:
    return tuple(engine.derive_examples(rules))


def pinned_examples(game: Game, rules: engine.DicemantsRules) -> list[engine.Example]:
    """The source text's rolls, resolved at the start of a turn (empty bag and lost zone)."""
    from .spec import pinned

    return [
        engine.Example(f"pinned-{i}", (), faces, 0, (), 0, None, engine.resolve_roll(rules, faces))
        for i, faces in enumerate(pinned(game), 1)
    ]


def impossible_pinned(game: Game) -> list[int]:
    """The source's numbers of its example rolls that no set of the game's dice can show (left out of the book)."""
    from .spec import pinned

    rules = dicemants_rules(game)
    return [i for i, faces in enumerate(pinned(game), 1) if engine.assign_dice(rules, faces) is None]


def examples(game: Game) -> list[engine.Example]:
    """The rulebook's worked examples: the source's possible rolls, then the derived coverage set."""
    rules = dicemants_rules(game)
    return [e for e in pinned_examples(game, rules) if e.resolution.possible] + list(_derived(rules))


def example_title(example: engine.Example, game: Game, tr: Translator, number: int) -> str:
    """A short title naming what the example shows."""
    from .spec import params, precedence

    limit = params(game).void_streak_limit
    titles = {
        "locked-thief": tr.gettext("The thief with a locked way"),
        "locked-bug": tr.gettext("A bug with a locked way"),
        "locked-plain": tr.gettext("Diamonds with a locked way"),
        "bug-fallback": tr.gettext("A bug reaches into the bag"),
        "tnt-empty-lost": tr.gettext("TNT with an empty lost zone"),
        "tnt-return": tr.gettext("TNT brings a die back"),
        "pick-alone": tr.gettext("A broken pick on its own"),
        "void-streak": tr.format(tr.ngettext("{n:Word} all-void roll in a row", "{n:Word} all-void rolls in a row",
                                             limit), n=limit),
        "skull-big-bag": tr.gettext("A skull after a good run"),
    }
    if example.id.startswith("pinned-"):  # the source's own number: its impossible rolls are left out, not renumbered
        return tr.format(tr.gettext("Example {n}"), n=int(example.id[7:]))
    if example.id.startswith("tier-"):
        tier = next(t for t in precedence(game) if t.id == example.id[5:])
        return tr.join([face_name(game, tr, f) for f in tier.faces])
    return titles.get(example.id, tr.format(tr.gettext("Example {n}"), n=number))


def example_view(example: engine.Example, game: Game, tr: Translator, number: int) -> ExampleView:
    """One example in the reader's language."""
    res = example.resolution
    # The intro says that the bag and the lost zone are empty unless an example says otherwise: a thief, a skull
    # or a bug may take from the bag, and TNT brings back from the lost zone.
    before = []
    if example.bag:
        before.append(tr.format(tr.ngettext("Your bag holds {n:word} diamond.", "Your bag holds {n:word} diamonds.",
                                            example.bag), n=example.bag))
    if example.lost:
        n = len(example.lost)
        before.append(tr.format(tr.ngettext("The lost zone holds {n:word} die.", "The lost zone holds {n:word} dice.",
                                            n), n=n))
    if example.void_streak == 1:
        before.append(tr.gettext("Your previous roll showed nothing but voids."))
    elif example.void_streak:
        n = example.void_streak
        before.append(tr.format(tr.ngettext("Your last {n:word} roll showed nothing but voids.",
                                             "Your last {n:word} rolls showed nothing but voids.", n), n=n))
    after = (
        Zone(tr.gettext("Bag"), res.bag),
        Zone(tr.gettext("Board"), res.board),
        Zone(tr.gettext("Lost zone"), res.lost),
    )
    before_zones = tuple(zone for zone in (
        Zone(tr.gettext("Bag"), ("diamond",) * example.bag),
        Zone(tr.gettext("Lost zone"), tuple(example.lost)),
    ) if zone.faces)
    roll = Zone("", tuple(example.faces), tuple(res.assignment or ()))
    return ExampleView(example.id, example_title(example, game, tr, number), tuple(before), roll, before_zones, after,
                       tuple(narrate(res, game, tr)))


@lru_cache(maxsize=64)
@derived.kept("dicemants-odds")
def _odds(rules: engine.DicemantsRules, n: int) -> engine.Odds:
    return engine.odds(rules, n)


def _ends(tr: Translator) -> str:
    return tr.gettext("The roll ends your turn")


FIRST_ROLL = (
    OddsColumn("dice", lambda tr: tr.gettext("Dice rolled"), "count"),
    OddsColumn("turn_ends", _ends, "chance"),
    OddsColumn("bust", lambda tr: tr.gettext("and you bank nothing"), "chance", group=_ends),
    OddsColumn("ends_banking", lambda tr: tr.gettext("and you bank diamonds"), "chance", group=_ends),
    OddsColumn("skull", lambda tr: tr.gettext("The skull acts"), "chance"),
    OddsColumn("kept_mean", lambda tr: tr.gettext("Diamonds in your bag after the roll, on average"), "mean"),
)
"""The first-roll table: how each number of dice ends, busts or banks, and what it keeps."""
PRINTED = ("dice", "bust", "ends_banking", "kept_mean")
"""The columns the rulebook prints: the turn's end split into bust and banking, as readers take it for risk (the
skull's share of the bust is left to `pnp odds`: printed beside it, readers would add the two)."""


def _number(n: int) -> Callable[[Translator], str]:
    return lambda tr: tr.number(n)


def charts(game: Game) -> tuple[Chart, ...]:
    """The balance report's own charts, exact: the when-to-stop map of the best play for the most diamonds per
    turn (the solver), the same for the race's best play when behind at mid-game (the score pairs of the
    rulebook's "Playing well" table), and how the first roll of a turn ends, by the dice rolled."""
    from .playing import situations
    from .stop import StopMap, race_stop_map, stop_map

    rules = dicemants_rules(game)

    def heatmap(id: str, title: Callable[[Translator], str], stop: StopMap,
                note: Callable[[Translator], str]) -> Chart:
        return Chart(id, "heatmap", title, lambda tr: tr.gettext("Dice your next roll would roll"),
                     lambda tr: tr.gettext("Diamonds in your bag"), stop.dice,
                     tuple(Series(_number(b), tuple(v for v in row)) for b, row in zip(stop.bag, stop.roll,
                                                                                       strict=True)), note=note)

    def behind(s: Any) -> Callable[[Translator], str]:
        return lambda tr: tr.format(tr.ngettext("When to stop, behind by {n} ({mine}\u2013{other})",
                                                "When to stop, behind by {n} ({mine}\u2013{other})", s.other - s.mine),
                                    n=s.other - s.mine, mine=s.mine, other=s.other)

    first = DicemantsBook().odds(game)[0]
    return (
        heatmap("when-to-stop", lambda tr: tr.gettext("When to stop"), stop_map(rules), lambda tr: tr.gettext(
            "Playing for the most diamonds per turn: each cell is how often rolling again is the best play "
            "when your bag holds that many diamonds and the next roll would roll that many dice, every choice "
            "weighed by how often the best play meets it (exact). An empty cell never comes up.")),
        *(heatmap(f"when-to-stop-behind-{k}", behind(s), race_stop_map(rules, s.mine, s.other), lambda tr: tr.gettext(
            "Playing to win, two players, with the scores in the title (yours first): each cell is how often rolling "
            "again is the best play, every choice weighed by how often the best play meets it (exact). An empty cell "
            "never comes up."))
          for k, s in enumerate((s for s in situations(rules.goal) if s.lead < 0), 1)),
        odds_chart(first, "lines", lambda tr: tr.gettext("The first roll of a turn"),
                   lambda tr: tr.gettext("Chance"), ("turn_ends", "skull")),
    )


BALANCE = Balance("turns", lambda tr: tr.gettext("Turns in the game"), charts, lambda tr: {
    "cautious": tr.pgettext("strategy", "cautious"), "balanced": tr.pgettext("strategy", "balanced"),
    "greedy": tr.pgettext("strategy", "greedy")})
"""What the balance report adds for Dicemants: a game's length in turns, and its first-roll odds."""


class DicemantsBook:
    """Dicemants' examples, odds, narration and command-line needs (the Book protocol)."""

    def engine(self, game: Game) -> engine.DicemantsEngine:
        return engine.DicemantsEngine(dicemants_rules(game))

    def examples(self, game: Game, tr: Translator) -> ExamplesView:
        from .spec import pinned

        views = tuple(example_view(e, game, tr, i) for i, e in enumerate(examples(game), 1))
        intro = tr.gettext("Each example shows a roll, left to right in rolling order, with each die's letter under "
                           "it. The row beneath shows where every die ends up once the roll is resolved.")
        intro += " " + tr.gettext("Unless an example says otherwise, your bag and the lost zone are empty before the "
                                  "roll.")
        left_out = impossible_pinned(game)
        if pinned(game):  # the numbered examples are the source's: say so once, and which of them are left out
            intro += " " + tr.gettext("The numbered examples come from the original rules.")
        if left_out:
            intro += " " + tr.format(tr.ngettext(
                "Example {numbers} of those rules is left out because no roll of the real dice can produce it.",
                "Examples {numbers} of those rules are left out because no roll of the real dice can produce them.",
                len(left_out)), numbers=left_out)
        return ExamplesView(intro, views, tr.gettext("Before the roll"), tr.gettext("After the roll"))

    def odds(self, game: Game) -> Sequence[OddsTable]:
        rules = dicemants_rules(game)
        rows: list[tuple[tuple[str, int | Fraction], ...]] = []
        for n in range(1, rules.max_dice + 1):
            o = _odds(rules, n)
            values: dict[str, int | Fraction] = {"dice": n, "turn_ends": o.turn_ends, "bust": o.bust,
                                                 "ends_banking": o.ends_banking, "skull": o.skull,
                                                 "kept_mean": o.expected_bag}
            rows.append(tuple((c.key, values[c.key]) for c in FIRST_ROLL))

        def intro(tr: Translator) -> str:
            return tr.gettext("What the first roll of a turn does, by the number of dice you roll.")

        return (OddsTable("first-roll", FIRST_ROLL, tuple(rows), intro),)

    def printed_odds(self, game: Game) -> Sequence[OddsTable]:
        """The odds as the rulebook prints them: the first-roll table without the undivided end column."""
        return tuple(
            OddsTable(t.id, tuple(c for c in t.columns if c.key in PRINTED),
                      tuple(tuple(kv for kv in row if kv[0] in PRINTED) for row in t.rows), t.intro)
            for t in self.odds(game))

    def tell(self, game: Game, outcome: Any, tr: Translator) -> list[str]:
        """A resolved roll told in the reader's language, from its events."""
        assert isinstance(outcome, engine.Resolution)
        return narrate(outcome, game, tr)

    def snapshot(self, game: Game, tr: Translator) -> str:
        """The worked examples as plain text: the snapshot a designer reviews as a diff after a rule change."""
        lines = []
        chosen = examples(game)
        for number, example in enumerate(chosen, 1):
            view = example_view(example, game, tr, number)
            res = example.resolution
            lines.append(f"[{view.id}] {view.title}")
            context = f"bag {example.bag}, lost {' '.join(example.lost) or '-'}, all-void streak {example.void_streak}"
            lines.append(f"  roll: {' '.join(example.faces)}  (dice {' '.join(view.roll.tags)}; {context})")
            lines.append(f"  tier {res.tier}{' + locked' if res.locked else ''}; re-roll {res.reroll}; "
                         f"{'turn over, banked ' + str(res.banked) if res.turn_over else 'turn goes on'}")
            for zone in view.after:
                lines.append(f"  {zone.label}: {' '.join(zone.faces) or '-'}")
            for sentence in view.sentences:
                lines.append(f"  | {sentence}")
            lines.append("")
        return "\n".join(lines)

    def warnings(self, game: Game) -> list[str]:
        """The pinned rolls the game's own dice cannot show: printed rulebooks leave them out."""
        from .spec import pinned

        rules = dicemants_rules(game)
        line = game.lines.get("examples")
        return [f"{game.file}:{line}: examples[{i}]: no set of the game's dice can show {' '.join(faces)}; "
                "the rulebook leaves it out"
                for i, faces in enumerate(pinned(game)) if engine.assign_dice(rules, faces) is None]

    def strategies(self, game: Game) -> Mapping[str, Policy[Any, Any]]:
        return engine.STRATEGIES

    def measures(self, game: Game) -> Mapping[str, Callable[[Any], float]]:
        return {"turns": lambda state: int(state.turn)}

    def describe(self, policy: Policy[Any, Any]) -> str:
        if not isinstance(policy, engine.Strategy):
            return "the solved play, two players"
        return f"roll {policy.dice}, stop at {policy.stop_at} in the bag"

    def add_resolve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("faces", nargs="+", metavar="FACE", help="faces in rolling order (bug: any bug)")
        parser.add_argument("--bag", type=_count, default=0, help="diamonds already in the bag")
        parser.add_argument("--lost", type=_count, default=0, help="dice already in the lost zone")

    def resolve(self, game: Game, args: argparse.Namespace) -> Resolved:
        rules = dicemants_rules(game)
        known = set(rules.faces) | {engine.BUG}
        unknown = [f for f in args.faces if f not in known]
        if unknown:
            raise ValueError(f"unknown face {', '.join(unknown)} (faces: {', '.join(sorted(known))})")
        if len(args.faces) + args.bag + args.lost > len(rules.dice):
            raise ValueError(f"{len(args.faces)} rolled + {args.bag} in the bag + {args.lost} lost is more than "
                             f"the {len(rules.dice)} dice of the game")
        res = engine.resolve_roll(rules, args.faces, bag=args.bag, lost=args.lost)
        return Resolved(resolution_json(res), res.possible, res)


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def resolution_json(res: engine.Resolution) -> dict[str, Any]:
    """The outcome of one roll as plain data: zones after the roll, re-roll, banking and events."""
    def plain(value: Any) -> Any:
        if isinstance(value, engine.DieInPlay):
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
