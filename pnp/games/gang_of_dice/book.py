"""Gang of Dice's Book: from the rules file to its engine, and from engine results to examples, odds and the CLI."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ... import derived
from ...errors import InputError, Problem
from ...i18n import Translator
from ...model import Game
from ..chance import TooMuchWork
from ..views import Balance, Chart, ExamplesView, ExampleView, OddsColumn, OddsTable, Resolved, Series, Zone
from . import engine
from .narrate import narrate, player_name, player_of, tell_result, tell_verdict

if TYPE_CHECKING:
    from ..protocols import Policy


def gang_rules(game: Game) -> engine.GangRules:
    """The engine's view of the Gang of Dice rules file: the die, the deck, pools, rounds, re-rolls, bonus dice."""
    from .spec import cards, params

    p = params(game)
    die = next((d for d in game.dice if d.per_player_by_count), None)
    try:
        if die is None:
            raise ValueError("pools: the die needs per_player_by_count, the pool of each player count")
        values = tuple(game.face(f).value for f in die.faces)
        if any(v is None for v in values):
            raise ValueError(f"faces: every face of {die.id} needs a value (0 for the gangster)")
        rules = engine.GangRules(
            faces=tuple(v for v in values if v is not None),
            cards=cards(game),
            pools=die.per_player_by_count,
            rounds=p.rounds,
            rerolls=p.rerolls,
            bonus_dice=tuple(sorted(p.bonus_dice.items())),
            players=game.players,
        )
        engine.check_work(rules)  # the odds refused before they start if they would run for minutes
        return rules
    except ValueError as exc:
        field = exc.field if isinstance(exc, TooMuchWork) else str(exc).split(":", 1)[0]
        section = {"rounds": "params", "rerolls": "params", "bonus_dice": "params", "pools": "dice"}.get(field, field)
        if isinstance(exc, TooMuchWork):  # named by its path in the rules file, as the loader names fields
            shown = field if section == field else f"{section}.{field}"
            raise InputError(Problem(game.file, game.lines.get(section), shown, exc.reason)) from None
        raise InputError(Problem(game.file, game.lines.get(section), field,
                                 f"the engine cannot play these rules: {exc}")) from None


def face_id(game: Game, value: int) -> str:
    """The face (of the game's die) that shows this value."""
    die = next(d for d in game.dice if d.per_player_by_count)
    return next(f for f in die.faces if game.face(f).value == value)


def face_label(value: int) -> str:
    """How a face reads in the snapshot and on the command line: its number, or g for the gangster."""
    return "g" if value == engine.GANGSTER else str(value)


# ------------------------------------------------------------------ worked examples

TITLES: dict[str, Callable[[Translator], str]] = {
    "yellow-reroll": lambda tr: tr.gettext("A yellow card triggered by a re-roll"),
    "black-dodge": lambda tr: tr.gettext("A black card dodged by a re-roll"),
    "gangster": lambda tr: tr.gettext("A gangster never counts"),
    "tie": lambda tr: tr.gettext("Equal totals"),
    "nobody-wins": lambda tr: tr.gettext("Everyone triggers the card"),
    "bonus-round": lambda tr: tr.gettext("A bonus round"),
    "last-round": lambda tr: tr.gettext("Everyone triggers the card in the last round"),
    "out-of-dice": lambda tr: tr.gettext("Out of dice"),
}
"""Each example's title, by the goal it shows."""


@dataclass(frozen=True)
class RollView:
    """One roll or re-roll of a turn, for the picture: the faces in their row, the dice just rolled, the total."""

    label: str
    faces: tuple[str, ...]
    fresh: tuple[bool, ...]
    total: int
    meets: bool


@dataclass(frozen=True)
class TurnView:
    """One player's turn, for the picture: every roll, and how the turn ended."""

    name: str
    rolls: tuple[RollView, ...]
    verdict: str
    lost: bool
    won: bool


@lru_cache(maxsize=8)
@derived.kept("gang-of-dice-derived")
def _derived(rules: engine.GangRules) -> tuple[engine.Example, ...]:
    return engine.derive_examples(rules)


def examples(game: Game) -> tuple[engine.Example, ...]:
    """The rulebook's worked examples, derived by the engine from the rules."""
    return _derived(gang_rules(game))


def _turns(example: engine.Example, game: Game, names: Sequence[str], tr: Translator) -> tuple[TurnView, ...]:
    """Each player's rolls, from the events, and whether they triggered the card or won the round."""
    rolls: dict[int, list[RollView]] = {}
    ended: dict[int, bool] = {}
    winner = next((e["player"] for e in example.events if e.kind == engine.Kind.ROUND_WON), None)
    for event in example.events:
        if event.kind == engine.Kind.ROLL:
            seat = event["player"]
            label = tr.gettext("Roll") if event["roll"] == 0 else tr.gettext("Re-roll")
            fresh = tuple(i in event["fresh"] for i in range(len(event["faces"])))
            rolls.setdefault(seat, []).append(RollView(label, tuple(face_id(game, v) for v in event["faces"]),
                                                       fresh if event["roll"] else (False,) * len(fresh),
                                                       event["total"], event["meets"]))
        elif event.kind == engine.Kind.TURN_END:
            ended[event["player"]] = event["triggered"]
    views = []
    for seat, triggered in ended.items():
        if triggered:
            verdict = tr.gettext("triggers the card")
        elif seat == winner:
            verdict = tr.gettext("wins the round")
        else:
            verdict = tr.gettext("clear of the card")
        views.append(TurnView(names[seat], tuple(rolls[seat]), verdict, triggered, seat == winner))
    return tuple(views)


def _scene(example: engine.Example, tr: Translator) -> list[str]:
    """The sentences before the pictures: the round, who starts, the pools, the dice already on the table."""
    start = example.start
    names = [player_name(tr, s) for s in range(len(start.pools))]
    # The round is said where it matters (a bonus round, the last, one after another): never for the first.
    out = [tr.format(tr.gettext("Round {round} of {rounds}."), round=start.round, rounds=start.rules.rounds)
           ] if start.round > 1 else []
    bonus = next((e for e in example.before if e.kind == engine.Kind.BONUS), None)
    carried = start.table - (bonus["dice"] if bonus else 0)
    if bonus:
        n = bonus["dice"]
        out.append(tr.format(tr.ngettext("This is a bonus round, so {n:word} bonus die joins the table.",
                                         "This is a bonus round, so {n:word} bonus dice join the table.", n), n=n))
    if carried:
        out.append(tr.format(tr.ngettext("The {n:word} die left from the round before is still on the table.",
                                         "The {n:word} dice left from the round before are still on the table.",
                                         carried), n=carried))
    if start.start:
        out.append(tr.format(tr.gettext("{player} starts the round."), player=names[start.start]))
    if any(e.kind in (engine.Kind.ROUND_WON, engine.Kind.NOBODY_WINS, engine.Kind.DISCARDED) for e in example.events):
        out.extend(_pools(start.pools, tr))
    return out


def _pools(pools: Sequence[int], tr: Translator) -> list[str]:
    """Each player's pool at the start of the round: one sentence for all, or for two players, or one each."""
    if len(set(pools)) == 1:
        n = pools[0]
        return [tr.format(tr.ngettext("Each player has a pool of {n:word} die.",
                                      "Each player has a pool of {n:word} dice.", n), n=n)]
    if len(pools) == 2:
        n, m = pools
        return [tr.format(tr.ngettext("{player_of} has a pool of {n} die, and {other_of} has {m}.",
                                      "{player_of} has a pool of {n} dice, and {other_of} has {m}.", n),
                          player_of=player_of(tr, 0), other_of=player_of(tr, 1), n=n, m=m)]
    return [tr.format(tr.ngettext("{player_of} has a pool of {n:word} die.",
                                  "{player_of} has a pool of {n:word} dice.", n), player_of=player_of(tr, s), n=n)
            for s, n in enumerate(pools)]


def example_view(example: engine.Example, game: Game, tr: Translator) -> ExampleView:
    """One example in the reader's language: the scene, the card, each turn's rolls, the story."""
    rules = gang_rules(game)
    names = [player_name(tr, s) for s in range(len(example.start.pools))]
    card = rules.card(example.card)
    turns = _turns(example, game, names, tr)
    first = turns[0].rolls[0]
    return ExampleView(
        example.id, TITLES[example.id](tr), tuple(_scene(example, tr)), Zone(turns[0].name, first.faces), (),
        tuple(Zone(t.name, t.rolls[-1].faces) for t in turns), tuple(narrate(example.events, names, tr, card)),
        {"card": card, "turns": turns, "labels": any(len(t.rolls) > 1 for t in turns)},
    )


# ------------------------------------------------------------------ odds

DICE = tuple(range(1, engine.ODDS_DICE + 1))
"""The numbers of dice the card tables cover."""


@dataclass(frozen=True)
class CardOddsTable(OddsTable):
    """An odds table with a row per card; its JSON names each card by its id (the rules file's, as --card takes)."""

    card_ids: tuple[str, ...] = ()
    """The card of each row."""

    def as_json(self) -> dict[str, Any]:
        data = super().as_json()
        for row, card_id in zip(data["rows"], self.card_ids, strict=True):
            row["card"] = card_id
        return data


def _card_header(tr: Translator) -> str:
    return tr.gettext("Card")


def _dice_rolled(tr: Translator) -> str:
    return tr.gettext("Dice rolled")


LONG = (OddsColumn("card", _card_header, "count"), OddsColumn("dice", _dice_rolled, "count"),
        OddsColumn("probability", lambda tr: tr.gettext("Chance"), "chance"))
"""The JSON tables: one row per card and number of dice."""
def _number(n: int) -> Callable[[Translator], str]:
    def header(tr: Translator) -> str:
        return tr.number(n)
    return header


WIDE = (OddsColumn("card", _card_header, "count"),) + tuple(
    OddsColumn(f"dice_{n}", _number(n), "chance", group=_dice_rolled) for n in DICE)
"""The printed tables: cards down, dice across."""


def _triggers_intro(tr: Translator) -> str:
    return tr.gettext("The chance that a single roll triggers each card, for each number of dice rolled.")


def _clear_intro(rules: engine.GangRules) -> Callable[[Translator], str]:
    def intro(tr: Translator) -> str:
        n = rules.rerolls
        return tr.format(tr.ngettext(
            "The chance of ending your turn clear of each card, for each number of dice rolled, when you use your "
            "{n:word} re-roll only to avoid the card.",
            "The chance of ending your turn clear of each card, for each number of dice rolled, when you use your "
            "{n:word} re-rolls only to avoid the card.", n), n=n)
    return intro


def _printed_triggers_intro(tr: Translator) -> str:
    return " ".join([_triggers_intro(tr), tr.gettext(
        "Against a yellow card, each re-roll is one more roll that can trigger it.")])


def _printed_clear_intro(rules: engine.GangRules) -> Callable[[Translator], str]:
    def intro(tr: Translator) -> str:
        n = rules.rerolls
        return tr.format(tr.ngettext(
            "Black cards: the chance of ending your turn clear of the card when you use your {n:word} re-roll only "
            "to avoid it. Only your final result counts, so a re-roll can save a result that would trigger the "
            "card.",
            "Black cards: the chance of ending your turn clear of the card when you use your {n:word} re-rolls only "
            "to avoid it. Only your final result counts, so a re-roll can save a result that would trigger the "
            "card.",
            n),
            n=n)
    return intro


@lru_cache(maxsize=8)
@derived.kept("gang-of-dice-odds")
def _odds(rules: engine.GangRules) -> tuple[CardOddsTable, ...]:
    def long(chance: Callable[[engine.GangRules, engine.Card, int], Fraction]) -> tuple[Any, ...]:
        return tuple((("card", i), ("dice", n), ("probability", chance(rules, card, n)))
                     for i, card in enumerate(rules.cards, 1) for n in DICE)

    ids = tuple(card.id for card in rules.cards for _ in DICE)
    return (CardOddsTable("card-triggers", LONG, long(engine.trigger_chance), _triggers_intro, ids),
            CardOddsTable("card-clear", LONG, long(engine.clear_chance), _clear_intro(rules), ids))


@lru_cache(maxsize=8)
def _printed(rules: engine.GangRules) -> tuple[CardOddsTable, ...]:
    triggers, clear = (_chances(table) for table in _odds(rules))  # the same figures, already derived

    def wide(cards: Sequence[engine.Card], chance: dict[tuple[int, int], Fraction]) -> tuple[Any, ...]:
        return tuple((("card", rules.cards.index(card) + 1),)
                     + tuple((f"dice_{n}", chance[rules.cards.index(card) + 1, n]) for n in DICE) for card in cards)

    black = [c for c in rules.cards if not c.is_yellow]
    tables = [CardOddsTable("card-triggers", WIDE, wide(rules.cards, triggers), _printed_triggers_intro,
                            tuple(c.id for c in rules.cards))]
    if black and rules.rerolls:
        tables.append(CardOddsTable("card-clear", WIDE, wide(black, clear), _printed_clear_intro(rules),
                                    tuple(c.id for c in black)))
    return tuple(tables)


def _chances(table: CardOddsTable) -> dict[tuple[int, int], Fraction]:
    """A long table's probabilities by (card number, dice rolled)."""
    chances = {}
    for row in map(dict, table.rows):
        card, dice, chance = row["card"], row["dice"], row["probability"]
        assert isinstance(card, int) and isinstance(dice, int) and isinstance(chance, Fraction)
        chances[card, dice] = chance
    return chances


# ------------------------------------------------------------------ the Book

@dataclass(frozen=True)
class Told:
    """What `pnp resolve` hands Book.tell: the card, the results (one, or one per player) and the verdict."""

    card: engine.Card
    results: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    verdict: engine.Verdict | None
    """None: a single result, judged alone."""


def charts(game: Game) -> tuple[Chart, ...]:
    """The balance report's own charts: every card's odds by the dice rolled, as heatmaps (exact)."""
    from .cards import condition_text

    rules = gang_rules(game)

    def row(number: int, card: engine.Card) -> Callable[[Translator], str]:
        return lambda tr: f"{tr.number(number)}. {condition_text(card, tr)}"

    def heatmap(table: str, title: Callable[[Translator], str], chance: Callable[[engine.GangRules, engine.Card,
                int], Fraction], note: Callable[[Translator], str], cards: Sequence[engine.Card]) -> Chart:
        return Chart(table, "heatmap", title, _dice_rolled, _card_header, DICE,
                     tuple(Series(row(rules.cards.index(card) + 1, card), tuple(chance(rules, card, n) for n in DICE))
                           for card in cards), note=note)

    found = [heatmap("card-triggers", lambda tr: tr.gettext("A single roll triggers the card"),
                     engine.trigger_chance, _triggers_intro, rules.cards)]
    black = [card for card in rules.cards if not card.is_yellow]
    if black and rules.rerolls:
        found.append(heatmap("card-clear", lambda tr: tr.gettext("You end your turn clear of the card"),
                             engine.clear_chance, _clear_intro(rules), black))
    return tuple(found)


BALANCE = Balance("rounds", lambda tr: tr.gettext("Rounds in the game"), charts, lambda tr: {
    "steady": tr.pgettext("strategy", "steady"), "careful": tr.pgettext("strategy", "careful"),
    "dodger": tr.pgettext("strategy", "dodger"), "bold": tr.pgettext("strategy", "bold")})
"""What the balance report adds for Gang of Dice: a game's length in rounds, and the card odds as heatmaps."""


class GangBook:
    """Gang of Dice's examples, odds, narration and command-line needs (the Book protocol)."""

    def engine(self, game: Game) -> engine.GangEngine:
        return engine.GangEngine(gang_rules(game))

    def examples(self, game: Game, tr: Translator) -> ExamplesView:
        views = tuple(example_view(e, game, tr) for e in examples(game))
        intro = tr.gettext("Each example shows the round’s warning card, then each player’s roll and re-rolls from "
                           "left to right, with the total after each. The dice just re-rolled are framed.")
        return ExamplesView(intro, views)

    def odds(self, game: Game) -> Sequence[OddsTable]:
        return _odds(gang_rules(game))

    def printed_odds(self, game: Game) -> Sequence[OddsTable]:
        """Cards down, dice across: the trigger chance of every card, and the clear chance of the black ones."""
        return _printed(gang_rules(game))

    def tell(self, game: Game, outcome: Any, tr: Translator) -> list[str]:
        """A resolved result, or a round's results, told in the reader's language."""
        assert isinstance(outcome, Told)
        rules = gang_rules(game)
        if outcome.verdict is None:
            return tell_result(outcome.card, outcome.results[0], rules.numbers, tr)
        return tell_verdict(outcome.card, outcome.results, outcome.names, outcome.verdict, tr)

    def snapshot(self, game: Game, tr: Translator) -> str:
        """The worked examples as plain text: the snapshot a designer reviews as a diff after a rule change."""
        rules = gang_rules(game)
        lines = []
        for example in examples(game):
            view = example_view(example, game, tr)
            start, card = example.start, rules.card(example.card)
            lines.append(f"[{view.id}] {view.title}")
            lines.append(f"  round {start.round} of {rules.rounds}; pools {' '.join(map(str, start.pools))}; "
                         f"table {start.table}; card {card.id} ({card.colour})")
            for turn in view.extra["turns"]:
                rolls = []
                for roll in turn.rolls:
                    faces = " ".join(f"[{_short(game, f)}]" if new else _short(game, f)
                                     for f, new in zip(roll.faces, roll.fresh, strict=True))
                    rolls.append(f"{faces} = {roll.total}{' (meets)' if roll.meets else ''}")
                lines.append(f"  {turn.name}: {' -> '.join(rolls)}; {turn.verdict}")
            for sentence in (*view.before, *view.sentences):
                lines.append(f"  | {sentence}")
            lines.append("")
        return "\n".join(lines)

    def warnings(self, game: Game) -> list[str]:
        """The goals of the worked examples these rules leave out (no re-roll, no yellow card, no bonus round…)."""
        shown = {e.id for e in examples(game)}
        line = game.lines.get("cards")
        return [f"{game.file}:{line}: no worked example can show '{goal}' with these rules; the rulebook leaves it out"
                for goal in engine.EXAMPLE_GOALS if goal not in shown]

    def strategies(self, game: Game) -> Mapping[str, Policy[Any, Any]]:
        return engine.STRATEGIES

    def measures(self, game: Game) -> Mapping[str, Callable[[Any], float]]:
        return {
            "rounds": lambda state: int(state.played),
            "eliminations": lambda state: sum(state.out),
            "dice rolled per round": lambda state: state.rolled / max(1, state.played),
        }

    def describe(self, policy: Policy[Any, Any]) -> str:
        assert isinstance(policy, engine.Strategy)
        if policy.dice:
            return f"roll {policy.dice}, never re-roll"
        if policy.dodge:
            return (f"roll the most dice (up to {engine.ODDS_DICE}) that end clear at least {1 - policy.risk} of the "
                    "time, re-rolling to dodge a black card")
        return f"roll the most dice (up to {engine.ODDS_DICE}) that trigger the card at most {policy.risk} of the time"

    def add_resolve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--card", metavar="ID", help="the warning card, by its id in the rules file")
        parser.add_argument("--dice", nargs="+", metavar="F", help="one result: each face a number, or g (gangster)")
        parser.add_argument("--result", nargs="+", action="extend", metavar="NAME=F,F",
                            help="each player's final result, in turn order (a yellow card is judged on it too)")

    def resolve(self, game: Game, args: argparse.Namespace) -> Resolved:
        rules = gang_rules(game)
        ids = ", ".join(c.id for c in rules.cards)
        if not args.card:
            raise ValueError(f"--card is needed (cards: {ids})")
        card = rules.card(args.card)
        if (args.dice is None) == (args.result is None):
            both = "both" if args.dice else "neither"
            raise ValueError(f"give either --dice (one result) or --result (one per player), not {both}")
        if args.dice is not None:
            dice = tuple(_face(rules, f) for f in args.dice)
            return Resolved({"triggered": engine.triggers(card, dice), "total": engine.total(dice)}, True,
                            Told(card, (dice,), (), None))
        names, results = [], []
        for item in args.result:
            name, sep, faces = item.partition("=")
            if not sep or not name:
                raise ValueError(f"--result {item!r}: expected NAME=F,F,… (for example Ann=5,3,g)")
            if name in names:
                raise ValueError(f"--result: {name} is given twice")
            dice = tuple(_face(rules, f) for f in faces.split(",") if f.strip())
            if not dice:
                raise ValueError(f"--result {item!r}: {name} rolled no dice")
            names.append(name)
            results.append(dice)
        verdict = engine.judge(card, results)
        data = {"winner": None if verdict.winner is None else names[verdict.winner],
                "triggered": [names[i] for i in verdict.triggered]}
        return Resolved(data, True, Told(card, tuple(results), tuple(names), verdict))


def _face(rules: engine.GangRules, text: str) -> int:
    """A face on the command line: a number the die shows, or g for the gangster."""
    text = text.strip()
    if text.lower() == "g" and engine.GANGSTER in rules.faces:
        return engine.GANGSTER
    if text.isdigit() and int(text) in rules.numbers:
        return int(text)
    shown = ", ".join(map(str, rules.numbers))
    raise ValueError(f"face {text!r} is not a face of the die (faces: {shown} and g for the gangster)")


def _short(game: Game, face: str) -> str:
    value = game.face(face).value
    return face_label(value if value is not None else -1)
