"""From rules data to the engine, and from engine results to worked examples and odds for the rulebook."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel.numbers import format_decimal

from .engine import dicemants as engine
from .errors import InputError, Problem
from .i18n import Translator
from .model import Game
from .narrate import face_name, narrate


def dicemants_rules(game: Game) -> engine.DicemantsRules:
    """The engine's view of the Dicemants rules file: dice, tier order, goal and flags."""
    bug_tier = next((t for t in game.precedence if t.id == "bug"), None)
    try:
        return engine.DicemantsRules(
            dice=tuple((d.id, d.faces) for d in game.dice),
            tiers=tuple(t.id for t in game.precedence),
            locked_combines=frozenset(t.id for t in game.precedence if t.with_locked),
            goal=game.params["goal"],
            max_dice=game.params["max_dice"],
            void_streak_limit=game.params["void_streak_limit"],
            bug_takes_from_bag=game.flags.get("bug_takes_from_bag", True),
            bugs=frozenset(bug_tier.faces if bug_tier else ()),
            players=game.players,
        )
    except (ValueError, KeyError) as exc:
        raise InputError(Problem(game.file, None, "precedence", f"the engine cannot play these rules: {exc}")) from None


@lru_cache(maxsize=8)
def _derived(rules: engine.DicemantsRules) -> tuple[engine.Example, ...]:
    return tuple(engine.derive_examples(rules))


def pinned_examples(game: Game, rules: engine.DicemantsRules) -> list[engine.Example]:
    """The source text's rolls, resolved at the start of a turn (empty bag and lost zone)."""
    return [
        engine.Example(f"pinned-{i}", (), faces, 0, (), 0, None, engine.resolve_roll(rules, faces))
        for i, faces in enumerate(game.pinned, 1)
    ]


def examples(game: Game) -> list[engine.Example]:
    """The rulebook's worked examples: the source's possible rolls, then the derived coverage set."""
    rules = dicemants_rules(game)
    return [e for e in pinned_examples(game, rules) if e.resolution.possible] + list(_derived(rules))


@dataclass(frozen=True)
class Zone:
    """A row of dice in a zone, for the example pictures."""

    label: str
    faces: tuple[str, ...]


@dataclass(frozen=True)
class ExampleView:
    """A worked example ready for the page: title, context, the roll, the zones after, the sentences."""

    id: str
    title: str
    before: tuple[str, ...]
    roll: tuple[str, ...]
    dice: tuple[str, ...]
    before_zones: tuple[Zone, ...]
    """The bag and the lost zone before the roll, where they hold dice."""
    after: tuple[Zone, ...]
    sentences: tuple[str, ...]


def example_title(example: engine.Example, game: Game, tr: Translator, number: int) -> str:
    """A short title naming what the example shows."""
    limit = game.params["void_streak_limit"]
    titles = {
        "locked-thief": tr.gettext("The thief with a locked way"),
        "locked-bug": tr.gettext("A bug with a locked way"),
        "locked-plain": tr.gettext("Diamonds with a locked way"),
        "bug-fallback": tr.gettext("A bug reaches into the bag"),
        "tnt-empty-lost": tr.gettext("TNT with an empty lost zone"),
        "tnt-return": tr.gettext("TNT brings a die back"),
        "pick-alone": tr.gettext("A broken pick on its own"),
        "void-streak": tr.format(tr.ngettext("{n} all-void roll in a row", "{n} all-void rolls in a row", limit), n=limit),
        "skull-big-bag": tr.gettext("A skull after a good run"),
    }
    if example.id.startswith("pinned-"):  # numbered as printed: the source's impossible rolls are left out
        return tr.format(tr.gettext("From the original rules, example {n}"), n=number)
    if example.id.startswith("tier-"):
        tier = next(t for t in game.precedence if t.id == example.id[5:])
        return tr.join([face_name(game, tr, f) for f in tier.faces])
    return titles.get(example.id, tr.format(tr.gettext("Example {n}"), n=number))


def example_view(example: engine.Example, game: Game, tr: Translator, number: int) -> ExampleView:
    """One example in the reader's language."""
    before = []
    if example.bag:
        before.append(tr.format(tr.ngettext("Your bag holds {n} diamond.", "Your bag holds {n} diamonds.", example.bag), n=example.bag))
    if example.lost:
        n = len(example.lost)
        before.append(tr.format(tr.ngettext("The lost zone holds {n} die.", "The lost zone holds {n} dice.", n), n=n))
    if example.void_streak:
        n = example.void_streak
        before.append(tr.format(tr.ngettext("You have just made {n} all-void roll in a row.",
                                             "You have just made {n} all-void rolls in a row.", n), n=n))
    res = example.resolution
    after = (
        Zone(tr.gettext("Bag"), res.bag),
        Zone(tr.gettext("Board"), res.board),
        Zone(tr.gettext("Lost zone"), res.lost),
    )
    before_zones = tuple(zone for zone in (
        Zone(tr.gettext("Bag"), ("diamond",) * example.bag),
        Zone(tr.gettext("Lost zone"), tuple(example.lost)),
    ) if zone.faces)
    return ExampleView(example.id, example_title(example, game, tr, number), tuple(before), tuple(example.faces),
                       tuple(res.assignment or ()), before_zones, after, tuple(narrate(res, game, tr)))


def example_views(game: Game, tr: Translator) -> list[ExampleView]:
    """Every worked example of a game that has an engine, in the reader's language."""
    if game.id != "dicemants":
        return []
    return [example_view(e, game, tr, i) for i, e in enumerate(examples(game), 1)]


@dataclass(frozen=True)
class OddsRow:
    """One line of the odds table: a number of dice at the start of a turn."""

    dice: str
    turn_ends: str
    skull: str
    kept: str


def odds_rows(game: Game, tr: Translator) -> list[OddsRow]:
    """Exact odds from enumerating the dice, formatted for the locale."""
    if game.id != "dicemants":
        return []
    rules = dicemants_rules(game)
    rows = []
    for n in range(1, rules.max_dice + 1):
        odds = _odds(rules, n)
        rows.append(OddsRow(
            tr.number(n),
            tr.percent(float(odds.turn_ends)),
            tr.percent(float(odds.skull)),
            format_decimal(float(odds.expected_bag), "#,##0.00", locale=tr.lang),
        ))
    return rows


@lru_cache(maxsize=64)
def _odds(rules: engine.DicemantsRules, n: int) -> engine.Odds:
    return engine.odds(rules, n)


def examples_text(game: Game, tr: Translator) -> str:
    """The worked examples as plain text: the snapshot a designer reviews as a diff after a rule change."""
    lines = []
    for view, example in zip(example_views(game, tr), examples(game)):
        res = example.resolution
        lines.append(f"[{view.id}] {view.title}")
        context = f"bag {example.bag}, lost {' '.join(example.lost) or '-'}, all-void streak {example.void_streak}"
        lines.append(f"  roll: {' '.join(example.faces)}  (dice {' '.join(view.dice)}; {context})")
        lines.append(f"  tier {res.tier}{' + locked' if res.locked else ''}; re-roll {res.reroll}; "
                     f"{'turn over, banked ' + str(res.banked) if res.turn_over else 'turn goes on'}")
        for zone in view.after:
            lines.append(f"  {zone.label}: {' '.join(zone.faces) or '-'}")
        for sentence in view.sentences:
            lines.append(f"  | {sentence}")
        lines.append("")
    return "\n".join(lines)


def impossible_pinned(game: Game) -> list[tuple[int, tuple[str, ...]]]:
    """Pinned rolls the game's own dice cannot show (index from 0, faces)."""
    if game.id != "dicemants":
        return []
    rules = dicemants_rules(game)
    return [(i, faces) for i, faces in enumerate(game.pinned) if engine.assign_dice(rules, faces) is None]
