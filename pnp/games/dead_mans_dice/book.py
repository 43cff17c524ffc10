"""Dead Man's Dice's Book: from the rules file to its engine, and from engine results to examples, odds and the CLI."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ... import derived
from ...errors import InputError, Problem
from ...i18n import Translator
from ...model import Game
from ..gamespec import Owner
from ..views import Balance, Chart, ExamplesView, ExampleView, OddsColumn, OddsTable, Resolved, Zone, odds_chart
from . import engine
from .engine import SKULL, YOU, DieKind, Kind
from .narrate import Teller, notation

if TYPE_CHECKING:
    from ..protocols import Policy

NUMBER_AFTER_SPACE = re.compile(r" (?=[\d\u2212])")
"""A space before a number (or a minus sign), where an example's story must not break."""
KIND_NAMES = {DieKind.JOLLY_ROGER: "Jolly Roger", DieKind.REGULAR: "regular"}
"""The kinds of die as command-line messages name them."""


def dead_mans_rules(game: Game) -> engine.DeadMansRules:
    """The engine's view of the rules file: faces and their numbers, the dice, and every number of the game."""
    from .spec import params

    p = params(game)
    try:
        unknown = [d.id for d in game.dice if d.id not in set(DieKind)]
        if unknown:
            raise ValueError(f"dice: the engine knows the dice {', '.join(DieKind)}, not {', '.join(unknown)}")
        return engine.DeadMansRules(
            numbers=tuple((f.id, f.value) for f in game.faces if f.value is not None),
            dice=tuple((DieKind(d.id), d.faces, d.per_player if d.per_player is not None else -1)
                       for d in game.dice),
            goal=p.goal,
            skull_value=p.skull_value,
            keelhaul_penalty=p.keelhaul_penalty,
            broadside_penalty=p.broadside_penalty,
            pile_total=p.pile_total,
            knock_over_chance=p.knock_over_chance,
            players=game.players,
        )
    except ValueError as exc:
        field = str(exc).split(":", 1)[0]
        section = field if field in ("faces", "dice", "players") else "params"
        raise InputError(Problem(game.file, game.lines.get(section), field,
                                 f"the engine cannot play these rules: {exc}")) from None


@lru_cache(maxsize=8)
@derived.kept("dead-mans-dice-derived")
def _derived(rules: engine.DeadMansRules) -> tuple[engine.Example, ...]:
    return engine.derive_examples(rules)


def examples(game: Game) -> tuple[engine.Example, ...]:
    """The rulebook's worked examples, derived by the engine from the rules (cached by the rules)."""
    return _derived(dead_mans_rules(game))


# ------------------------------------------------------------------ the pirates of the examples

def rival_names(tr: Translator) -> tuple[str, ...]:
    """The pirates of the worked examples by seat: you (never named), then your rivals.

    The rivals are women (the narration says she and her): a language's names for Ann and Meg should be too.
    """
    return ("", tr.pgettext("pirate", "Ann"), tr.pgettext("pirate", "Meg"), tr.pgettext("pirate", "Kit"),
            tr.pgettext("pirate", "Bo"), tr.pgettext("pirate", "Jem"))


def labels(tr: Translator) -> tuple[str, ...]:
    """Each pirate's name under their pile: `You`, then the rivals' names."""
    return (tr.pgettext("pirate", "You"),) + rival_names(tr)[1:]


def initial(label: str) -> str:
    """The letter naming a die's owner in the examples' text snapshot."""
    return label[:1].upper()


def seats(game: Game) -> tuple[Owner, ...]:
    """The pirates of the examples by seat (you first), each with the colour and symbol of a player of the game."""
    from .spec import pirates

    return pirates(game)


def _pile_zone(pile: Sequence[engine.Placed], label: str, owners: Sequence[Owner]) -> Zone:
    """A pile for the pictures: each die tagged with its owner's symbol and framed in their colour."""
    return Zone(label, tuple(p.face for p in pile), tuple(owners[p.die.owner].symbol for p in pile),
                tuple(owners[p.die.owner].colour for p in pile))


def _hand(hand: Sequence[engine.Die], owners: Sequence[Owner]) -> tuple[tuple[str, bool], ...]:
    """The dice in a hand for the pictures: each its owner's colour, and whether it is a Jolly Roger die."""
    return tuple((owners[d.owner].colour, d.is_jolly_roger) for d in hand)


def _end_piles(example: engine.Example) -> tuple[tuple[tuple[engine.Placed, ...], ...],
                                                  tuple[tuple[engine.Die, ...], ...]]:
    """The piles and hands when the example ends: as scored if the round ended, else as the turn left them."""
    scores = [e for e in example.events if e.kind == Kind.SCORE]
    if scores:
        return tuple(e["pile"] for e in scores), tuple(e["hand"] for e in scores)
    return example.after.piles, example.after.hands


def example_title(example: engine.Example, rules: engine.DeadMansRules, tr: Translator) -> str:
    """A short title naming what the example shows."""
    titles = {
        "first-player": tr.gettext("Who goes first"),
        "match": tr.gettext("A match"),
        "next": tr.gettext("The next number up, then a plunder chain"),
        "total": tr.format(tr.gettext("A total of {total}, and a Jolly Roger die you cannot plunder"),
                           total=rules.pile_total),
        "skull": tr.gettext("A skull and crossbones goes on any top die"),
        "isolated": tr.gettext("Isolated"),
        "new-pile": tr.gettext("A new pile, and your own die plundered back"),
        "last-die": tr.gettext("The last die, one more plunder, and the end of the round"),
    }
    return titles[example.id]


def together(text: str) -> str:
    """A number never starts a line of an example's story (a line opening `2.` reads as a list item): it stays on
    the line of the word before it."""
    return NUMBER_AFTER_SPACE.sub("\u00a0", text)


def example_view(example: engine.Example, game: Game, rules: engine.DeadMansRules, tr: Translator) -> ExampleView:
    """One example in the reader's language: the piles before and after, the die rolled, what happened."""
    teller = Teller(game, rules, tr, rival_names(tr))
    names = labels(tr)
    owners = seats(game)
    events = example.events
    roll = next((e for e in events if e.kind == Kind.ROLL), None)
    before: list[str] = []
    if roll is None:  # the round's start: the base dice, rolled again after a tie
        tie = next(i for i, e in enumerate(events) if e.kind == Kind.BASE_TIE)
        first = {e["player"]: engine.Placed(e["die"], e["face"]) for e in events[:tie] if e.kind == Kind.BASE}
        before_piles: tuple[tuple[engine.Placed, ...], ...] = tuple((first[p],) for p in sorted(first))
        before.append(tr.gettext("Everyone rolls a base die at the same time."))
        hands_before = example.after.hands
        roll_zone = Zone("", ())
        roll_jolly: tuple[bool, ...] = ()
        captions = (tr.gettext("Base dice"), "", tr.gettext("Rolled again"))
    else:
        before_piles = example.before.piles
        hand = tuple(sorted(example.before.hands[YOU] + (roll["die"],)))
        hands_before = (hand,) + example.before.hands[1:]
        if not before_piles[YOU]:
            before.append(tr.gettext("Your rivals have plundered your whole pile."))
        before.append(teller.hand(sum(d.is_jolly_roger for d in hand), sum(not d.is_jolly_roger for d in hand)))
        if len(hand) == 1:
            before.append(tr.gettext("It is your last die."))
        roll_zone = Zone(names[YOU], (roll["face"],), (owners[YOU].symbol,), (owners[YOU].colour,))
        roll_jolly = (roll["die"].is_jolly_roger,)
        captions = (tr.gettext("Before"), tr.gettext("You roll"), tr.gettext("After"))
    after_piles, hands_after = _end_piles(example)
    story: list[tuple[str, tuple[str, ...]]] = []  # paragraphs, and the round's scores as a list, pirate by pirate
    for event, sentences in teller.told(events):
        kind = "scores" if event.kind == Kind.SCORE else "text"
        if not sentences or event.kind == Kind.DICE_HOME:  # the rules' scoring step says it; the scores end the example
            continue
        if story and story[-1][0] == kind:
            story[-1] = (kind, story[-1][1] + (" ".join(sentences),))
        else:
            story.append((kind, (" ".join(sentences),)))
    told = [(kind, together(" ".join(parts)) if kind == "text" else tuple(together(line) for line in parts))
            for kind, parts in story]
    scores = next((i for i, (kind, _) in enumerate(told) if kind == "scores"), len(told))
    extra = {
        "story": tuple(part for _, part in told[:scores]),  # the column beside the pictures
        "after": tuple(told[scores:]),  # the round's scores, and what follows them, at full width under both
        "scores_lead": tr.gettext("Scoring the round:"),  # the lead-in that ties the scores to the example
        "captions": captions,
        "roll_jolly": roll_jolly,
        "before_jolly": tuple(tuple(p.die.is_jolly_roger for p in pile) for pile in before_piles),
        "after_jolly": tuple(tuple(p.die.is_jolly_roger for p in pile) for pile in after_piles),
        "before_hands": tuple(_hand(h, owners) for h in hands_before),
        "after_hands": tuple(_hand(h, owners) for h in hands_after),
        "seats": tuple((o.symbol, o.colour) for o in owners[:len(after_piles)]),  # each label's badge, by seat
        # Each die's owner by their symbol, for the die's alternative text: the badge beside it only adorns it.
        "owners": {o.symbol: name for o, name in zip(owners, names, strict=False)},
    }
    return ExampleView(
        example.id, example_title(example, rules, tr), tuple(before), roll_zone,
        tuple(_pile_zone(pile, names[p], owners) for p, pile in enumerate(before_piles)),
        tuple(_pile_zone(pile, names[p], owners) for p, pile in enumerate(after_piles)),
        tuple(teller.tell(events)), extra)


def examples_intro(tr: Translator, pirates: int) -> str:
    names = labels(tr)
    return " ".join([
        tr.format(tr.gettext("In the examples, you play against {rivals}."), rivals=tr.join(list(names[1:pirates]))),
        tr.gettext("Piles are drawn from the bottom up. Each die has its owner's colour and symbol, as on the "
                   "stickers and the score pad. A double frame marks a Jolly Roger die. The small squares under a pile "
                   "are the dice still in that pirate's hand."),
    ])


# ------------------------------------------------------------------ odds

def _rolled(tr: Translator) -> str:
    return tr.gettext("The die you roll")


def _held(tr: Translator) -> str:
    return tr.gettext("The dice in your hand")


def _regulars(tr: Translator, n: int) -> str:
    # A column head, apart from the sentence's "{n} regular die" so each language can write prose its own way.
    return tr.format(tr.npgettext("odds column", "{n:Word} regular die", "{n:Word} regular dice", n), n=n)


def _jolly_roger_and_regulars(tr: Translator, n: int) -> str:
    # A joined head of its own, never glued from the other heads, so each language can word it whole.
    return tr.format(tr.npgettext("odds column", "Jolly Roger die and {n:word} regular die",
                                  "Jolly Roger die and {n:word} regular dice", n), n=n)


PLACEMENT = (
    OddsColumn("top", lambda tr: tr.gettext("Top die"), "count"),
    OddsColumn("regular", lambda tr: tr.gettext("Regular die"), "chance", group=_rolled),
    OddsColumn("jolly_roger", lambda tr: tr.gettext("Jolly Roger die"), "chance", group=_rolled),
)
"""The placement table: by the number on top, the chance that each kind of die can go on the pile."""
HANDS: tuple[tuple[str, tuple[DieKind, ...], Callable[[Translator], str]], ...] = (
    ("regular", (DieKind.REGULAR,), lambda tr: _regulars(tr, 1)),
    ("jolly_roger", (DieKind.JOLLY_ROGER,), lambda tr: tr.gettext("Jolly Roger die")),
    ("two_regular", (DieKind.REGULAR, DieKind.REGULAR), lambda tr: _regulars(tr, 2)),
    ("jolly_roger_and_regular", (DieKind.JOLLY_ROGER, DieKind.REGULAR), lambda tr: _jolly_roger_and_regulars(tr, 1)),
)
"""The hands a pirate can hold once the base die is down, with the isolation table's key and header for each."""
ISOLATION = (OddsColumn("top", lambda tr: tr.gettext("Top die"), "count"),) + tuple(
    OddsColumn(key, header, "chance", group=_held) for key, _, header in HANDS)
"""The isolation table: by the number on top and the dice in hand, the chance of being isolated before it is empty."""


@lru_cache(maxsize=8)
@derived.kept("dead-mans-dice-odds")
def _odds(rules: engine.DeadMansRules) -> tuple[OddsTable, ...]:
    tops = engine.top_faces(rules)
    placement = tuple(
        (("top", rules.number(top)),
         ("regular", engine.placing_chance(rules, DieKind.REGULAR, top)),
         ("jolly_roger", engine.placing_chance(rules, DieKind.JOLLY_ROGER, top)))
        for top in tops)
    hands = [(key, hand) for key, hand, _ in HANDS if all(rules.per_player(k) >= hand.count(k) for k in hand)]
    isolation = tuple(
        (("top", rules.number(top)),) + tuple((key, 1 - engine.clean_run_chance(rules, top, hand))
                                              for key, hand in hands)
        for top in tops)
    skull = rules.number(SKULL)

    def placement_intro(tr: Translator) -> str:
        return tr.format(tr.gettext("The chance that the die you roll can go on your pile, by the number of your "
                                    "top die. A skull and crossbones on top counts as {number}."), number=skull)

    def isolation_intro(tr: Translator) -> str:
        return tr.gettext("The chance of being isolated at least once before your hand is empty, by your top die "
                          "and the dice in your hand, assuming you roll them in the best order and nobody plunders "
                          "your pile.")

    kept = {key for key, _ in hands}
    return (OddsTable("placement", PLACEMENT, placement, placement_intro),
            OddsTable("isolation", tuple(c for c in ISOLATION if c.key == "top" or c.key in kept), isolation,
                      isolation_intro))


# ------------------------------------------------------------------ pnp resolve

@dataclass(frozen=True)
class RollOutcome:
    """What `pnp resolve` found for a roll: the engine's events, who may be plundered now, and the most this turn."""

    events: tuple[engine.Event, ...]
    plunder_now: tuple[int, ...]
    """The seats (1 = the first rival) whose top die may be plundered right away."""
    max_plunder: int


@dataclass(frozen=True)
class ScoreOutcome:
    """What `pnp resolve --end-of-round` found: the pile's score."""

    score: engine.PileScore
    empty: bool = False
    """Whether the pile has no dice (it scores nothing)."""


def parse_die(rules: engine.DeadMansRules, text: str, where: str) -> tuple[DieKind, str]:
    """One die in the notation: `1`…`6` a regular die, `J2`…`J6` a Jolly Roger die showing that number, `skull`."""
    token = text.strip()
    if token.lower() in ("skull", "jskull"):
        return DieKind.JOLLY_ROGER, SKULL
    kind = DieKind.JOLLY_ROGER if token[:1] in ("J", "j") else DieKind.REGULAR
    digits = token[1:] if kind == DieKind.JOLLY_ROGER else token
    numbers = {rules.number(f): f for f in rules.faces(kind) if f != SKULL}
    if not digits.isdigit():
        regular = sorted({rules.number(f) for f in rules.faces(DieKind.REGULAR)})
        jolly = sorted(numbers) if kind == DieKind.JOLLY_ROGER else \
            sorted(rules.number(f) for f in rules.faces(DieKind.JOLLY_ROGER) if f != SKULL)
        raise ValueError(f"{where}: {text!r} is not a die: write {regular[0]} to {regular[-1]} for a regular die, "
                         f"J{jolly[0]} to J{jolly[-1]} for a Jolly Roger die showing that number, or skull")
    number = int(digits)
    if number not in numbers:
        if kind == DieKind.JOLLY_ROGER and number == rules.number(SKULL) and SKULL in rules.faces(kind):
            raise ValueError(f"{where}: {text!r}: a Jolly Roger die shows the skull and crossbones in place of "
                             f"{number}: write skull")
        raise ValueError(f"{where}: {text!r}: a {KIND_NAMES[kind]} die has no {number}")
    return kind, numbers[number]


def parse_pile(rules: engine.DeadMansRules, text: str, where: str) -> tuple[tuple[DieKind, str], ...]:
    """A pile, bottom to top, comma-separated; `-` is an empty pile."""
    if text.strip() == "-":
        return ()
    return tuple(parse_die(rules, token, where) for token in text.split(","))


def charts(game: Game) -> tuple[Chart, ...]:
    """The balance report's own charts: placement by the top die, and isolation by the hand (exact)."""
    placement, isolation = _odds(dead_mans_rules(game))
    return (odds_chart(placement, "bars", lambda tr: tr.gettext("Placing the die you roll"),
                       lambda tr: tr.gettext("Chance")),
            odds_chart(isolation, "heatmap", lambda tr: tr.gettext("Isolated before your hand is empty"),
                       _held))


BALANCE = Balance("rounds", lambda tr: tr.gettext("Rounds in the game"), charts, lambda tr: {
    "jolly-early": tr.pgettext("strategy", "jolly-early"), "jolly-last": tr.pgettext("strategy", "jolly-last"),
    "greedy": tr.pgettext("strategy", "greedy"), "skull-keeper": tr.pgettext("strategy", "skull-keeper")})
"""What the balance report adds for Dead Man's Dice: a game's length in rounds, and its placement odds."""


class DeadMansBook:
    """Dead Man's Dice's examples, odds, narration and command-line needs (the Book protocol)."""

    def engine(self, game: Game) -> engine.DeadMansEngine:
        return engine.DeadMansEngine(dead_mans_rules(game))

    def examples(self, game: Game, tr: Translator) -> ExamplesView:
        rules = dead_mans_rules(game)
        chosen = examples(game)
        views = tuple(example_view(e, game, rules, tr) for e in chosen)
        pirates = len(chosen[0].after.hands) if chosen else engine.PIRATES
        return ExamplesView(examples_intro(tr, pirates), views, tr.gettext("Before"), tr.gettext("After"))

    def odds(self, game: Game) -> Sequence[OddsTable]:
        return _odds(dead_mans_rules(game))

    def printed_odds(self, game: Game) -> Sequence[OddsTable]:
        return self.odds(game)

    def tell(self, game: Game, outcome: Any, tr: Translator) -> list[str]:
        """A resolved roll, or a pile's score, told in the reader's language."""
        rules = dead_mans_rules(game)
        names = ("",) + tuple(tr.format(tr.gettext("Rival {n}"), n=n) for n in range(1, rules.players[1]))
        teller = Teller(game, rules, tr, names)
        if isinstance(outcome, ScoreOutcome):
            return teller.score(YOU, outcome.score, empty=outcome.empty)
        assert isinstance(outcome, RollOutcome)
        out = teller.tell(outcome.events)
        if not any(e.kind == Kind.PLACE for e in outcome.events):
            return out
        if outcome.plunder_now:
            out.append(tr.format(tr.gettext("Right away, you may plunder the top die of {rivals}."),
                                 rivals=tr.join([names[r] for r in outcome.plunder_now])))
        else:
            out.append(tr.gettext("No rival's top die can be plundered right away."))
        if outcome.max_plunder:
            n = outcome.max_plunder
            out.append(tr.format(tr.ngettext(
                "Plundering in the best order, you can take up to {n:word} die this turn.",
                "Plundering in the best order, you can take up to {n:word} dice this turn.", n), n=n))
        return out

    def snapshot(self, game: Game, tr: Translator) -> str:
        """The worked examples as plain text: the snapshot a designer reviews as a diff after a rule change."""
        rules = dead_mans_rules(game)
        names = labels(tr)
        lines = []

        def piles(pile_list: Sequence[Sequence[engine.Placed]], hands: Sequence[Sequence[engine.Die]]) -> str:
            return " | ".join(
                f"{names[p]}: {' '.join(notation(rules, d) + initial(names[d.die.owner]).lower() for d in pile) or '-'}"
                f" (hand {' '.join('J' if d.is_jolly_roger else 'R' for d in hands[p]) or '-'})"
                for p, pile in enumerate(pile_list))

        for example in examples(game):
            view = example_view(example, game, rules, tr)
            lines.append(f"[{view.id}] {view.title}")
            roll = next((e for e in example.events if e.kind == Kind.ROLL), None)
            if roll is not None:
                hands = (tuple(sorted(example.before.hands[YOU] + (roll["die"],))),) + example.before.hands[1:]
                lines.append(f"  before: {piles(example.before.piles, hands)}")
                lines.append(f"  roll: {notation(rules, engine.Placed(roll['die'], roll['face']))}")
            else:
                bases = [e for e in example.events if e.kind == Kind.BASE]
                lines.append("  bases: " + ", ".join(
                    f"{names[e['player']]} {notation(rules, engine.Placed(e['die'], e['face']))}" for e in bases))
            lines.append(f"  after: {piles(*_end_piles(example))}")
            lines.extend(f"  | {sentence}" for sentence in view.sentences)
            lines.append("")
        return "\n".join(lines)

    def warnings(self, game: Game) -> list[str]:
        """The coverage goals no position can show under these rules: the rulebook has no example for them."""
        rules = dead_mans_rules(game)
        shown = {e.id for e in examples(game)}
        line = game.lines.get("params")
        return [f"{game.file}:{line}: params: no worked example can show '{goal}' under these rules; "
                "the rulebook leaves it out"
                for goal in engine.coverage_goals(rules) if goal not in shown]

    def strategies(self, game: Game) -> Mapping[str, Policy[Any, Any]]:
        return engine.STRATEGIES

    def measures(self, game: Game) -> Mapping[str, Callable[[Any], float]]:
        return {
            "rounds": lambda state: int(state.round),
            "turns": lambda state: int(state.turns),
            "rounds topped by the first pirate (%)": lambda state: 100 * float(state.first_topped) / state.round,
        }

    def describe(self, policy: Policy[Any, Any]) -> str:
        assert isinstance(policy, engine.Strategy)
        return policy.describe()

    def add_resolve_arguments(self, parser: argparse.ArgumentParser) -> None:
        notation_help = "bottom to top, comma-separated: 1-6 a regular die, J2-J6 a Jolly Roger die, skull; - empty"
        parser.add_argument("--pile", metavar="DICE", help=f"your pile, {notation_help}")
        parser.add_argument("--rival", metavar="DICE", action="append", default=[],
                            help="a rival's pile, written like --pile (repeatable, one per rival)")
        parser.add_argument("--roll", metavar="DIE", help="the die you rolled: 1-6, J2-J6 or skull")
        parser.add_argument("--end-of-round", action="store_true", help="score --pile at the end of a round")
        parser.add_argument("--jolly-roger-in-hand", action="store_true",
                            help="with --end-of-round: your Jolly Roger die is still in your hand (keelhauled)")

    def resolve(self, game: Game, args: argparse.Namespace) -> Resolved:
        rules = dead_mans_rules(game)
        if args.pile is None:
            raise ValueError("--pile is required: your pile, bottom to top (- for an empty pile)")
        pile = parse_pile(rules, args.pile, "--pile")
        jolly = sum(1 for kind, _ in pile if kind == DieKind.JOLLY_ROGER)
        if args.end_of_round:
            return _score(rules, pile, jolly, args)
        if args.jolly_roger_in_hand:
            raise ValueError("--jolly-roger-in-hand goes with --end-of-round")
        if args.roll is None:
            raise ValueError("--roll is required: the die you rolled (or --end-of-round to score your pile)")
        if not args.rival:
            raise ValueError("at least one --rival is required: each rival's pile (- for an empty pile)")
        roll = parse_die(rules, args.roll, "--roll")
        rivals = [parse_pile(rules, text, f"--rival {i}") for i, text in enumerate(args.rival, 1)]
        # Where the die goes, not whether a pile falls: no knock-over here.
        start = engine.seat_position(replace(rules, knock_over_chance=0), [pile, *rivals], roll)
        _, events = engine.apply_chance(start, roll[1])
        told = tuple(e for e in events if e.kind in (Kind.ROLL, Kind.PLACE, Kind.ISOLATED, Kind.NEVER_PLUNDERED))
        placed = next((e for e in told if e.kind == Kind.PLACE), None)
        piles = start.piles
        if placed is not None:
            piles = (piles[YOU] + (engine.Placed(placed["die"], placed["face"]),),) + piles[1:]
        now = engine.plunder_targets(rules, piles, YOU)
        most = len(engine.longest_plunder(rules, piles, YOU))
        top = notation(rules, piles[YOU][-1]) if piles[YOU] else None
        data = {"placed": placed is not None, "isolated": placed is None, "top": top,
                "plunder_now": [r - 1 for r in now], "max_plunder": most}
        return Resolved(data, True, RollOutcome(told, now, most))


def _score(rules: engine.DeadMansRules, pile: Sequence[tuple[DieKind, str]], jolly: int,
           args: argparse.Namespace) -> Resolved:
    """`pnp resolve --end-of-round`: the score of your pile."""
    if args.roll is not None or args.rival:
        raise ValueError("--end-of-round scores --pile alone: leave out --roll and --rival")
    owned = rules.per_player(DieKind.JOLLY_ROGER)
    if jolly + int(args.jolly_roger_in_hand) > owned:
        raise ValueError(f"a pirate has {owned} Jolly Roger die: it cannot be in your pile and in your hand, "
                         "and a rival's is never plundered")
    result = engine.score_pile(rules, [face for _, face in pile], args.jolly_roger_in_hand)
    return Resolved({"score": result.score}, True, ScoreOutcome(result, empty=not pile))

