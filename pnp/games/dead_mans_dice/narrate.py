"""Engine events told in the reader's language: the one place where Dead Man's Dice prose is made."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Translator
from ...model import Game
from .engine import SKULL, YOU, DeadMansRules, End, Event, Kind, PileScore, Placed, Way


class Teller:
    """Tells events in one language: who the pirates are (you, and each rival by name) and how faces read."""

    def __init__(self, game: Game, rules: DeadMansRules, tr: Translator, names: Sequence[str]) -> None:
        self.game, self.rules, self.tr = game, rules, tr
        self.names = tuple(names)
        """Each rival's name by seat (seat 0, you, is never named)."""

    @property
    def skull(self) -> str:
        """The skull and crossbones, named as the rules data names it."""
        return self.tr.text(self.game.face(SKULL).name, self.game.values)

    def face(self, face: str) -> str:
        """A face in running text: its number, or the skull and crossbones."""
        return self.skull if face == SKULL else self.tr.number(self.rules.number(face))

    def top(self, face: str) -> str:
        """A top die in running text; a skull on top counts as its number, and the text says so."""
        if face == SKULL:
            return self.tr.format(self.tr.gettext("{skull}, counted as {number}"), skull=self.skull,
                                  number=self.rules.number(SKULL))
        return self.face(face)

    def tell(self, events: Sequence[Event]) -> list[str]:
        """Every event of a turn (or of the round's start) in order, a sentence or two each."""
        return [sentence for _, told in self.told(events) for sentence in told]

    def told(self, events: Sequence[Event]) -> list[tuple[Event, list[str]]]:
        """Each event with its sentences (none for an event that goes without saying)."""
        return [(event, self.event(event, events[i + 1] if i + 1 < len(events) else None, events[:i]))
                for i, event in enumerate(events)]

    def event(self, event: Event, following: Event | None, earlier: Sequence[Event]) -> list[str]:
        tr, kind = self.tr, event.kind
        if kind == Kind.BASE_TIE:
            return self.tie(event, earlier)
        if kind == Kind.FIRST:
            return [self.first(event, earlier)]
        if kind == Kind.ROLL:
            return [self.roll(event["die"].is_jolly_roger, event["face"])]
        if kind == Kind.PLACE:
            return [self.place(event["ways"], event["top"])]
        if kind == Kind.ISOLATED:
            return [tr.format(tr.gettext(
                "It cannot go on your top die ({top}): it does not match it, it is not the next number up, and the "
                "two do not total {total}. You are isolated: the die goes back to your hand, and your turn ends."),
                top=self.top(event["top"]), total=self.rules.pile_total)]
        if kind == Kind.NEVER_PLUNDERED:
            return [self.never_plundered(event)]
        if kind == Kind.PLUNDER:
            return self.plunder(event, following, earlier)
        if kind == Kind.TURN_END:
            return self.turn_end(event, following, earlier)
        if kind == Kind.ROUND_END:
            return [tr.gettext("Your hand is empty, so the round ends, and every pirate scores their pile.")]
        if kind == Kind.SCORE:
            return self.score(event["player"], PileScore(event["points"], event["doubled"], event["keelhauled"],
                                                         event["score"]))
        if kind == Kind.DICE_HOME:
            return [tr.gettext("Then all the dice go back to their owners.")]
        return []

    def tie(self, event: Event, earlier: Sequence[Event]) -> list[str]:
        tr = self.tr
        tied = event["players"]
        bases = {e["player"]: e["face"] for e in earlier if e.kind == Kind.BASE}
        out = []
        if any(bases.get(p) == SKULL for p in tied):
            out.append(tr.format(tr.gettext("A {skull} counts as {number}."), skull=self.skull,
                                 number=self.rules.number(SKULL)))
        rivals = tr.join([self.names[p] for p in tied if p != YOU])
        if YOU in tied:
            out.append(tr.format(tr.gettext("You tie with {names} for the lowest number ({number}), so everyone "
                                            "rolls their base die again."), names=rivals, number=event["number"]))
        else:
            out.append(tr.format(tr.gettext("{names} tie for the lowest number ({number}), so everyone rolls "
                                            "their base die again."), names=rivals, number=event["number"]))
        return out

    def first(self, event: Event, earlier: Sequence[Event]) -> str:
        tr, p, n = self.tr, event["player"], event["number"]
        base = next(e["face"] for e in reversed(earlier) if e.kind == Kind.BASE and e["player"] == p)
        if p == YOU and base == SKULL:
            return tr.format(tr.gettext("Your {skull} counts as {number}, the lowest number, so you go first: "
                                        "you roll another die."), skull=self.skull, number=n)
        if p == YOU:
            return tr.format(tr.gettext("You have the lowest number ({number}), so you go first: you roll "
                                        "another die."), number=n)
        if base == SKULL:
            return tr.format(tr.gettext("{name}'s {skull} counts as {number}, the lowest number, so {name} goes "
                                        "first."), name=self.names[p], skull=self.skull, number=n)
        return tr.format(tr.gettext("{name} has the lowest number ({number}), so {name} goes first."),
                         name=self.names[p], number=n)

    def roll(self, jolly_roger: bool, face: str) -> str:
        tr = self.tr
        if face == SKULL:
            return tr.format(tr.gettext("You roll your Jolly Roger die: it shows the {skull}."), skull=self.skull)
        if jolly_roger:
            return tr.format(tr.gettext("You roll your Jolly Roger die: it shows {face}."), face=self.face(face))
        return tr.format(tr.gettext("You roll a regular die: it shows {face}."), face=self.face(face))

    def place(self, ways: Sequence[str], top: str | None) -> str:
        """Why the die goes on your pile: the first of its ways, as the rules list them."""
        tr = self.tr
        match ways[0]:
            case Way.NEW_PILE:
                return tr.gettext("Your pile is empty, so the die starts a new pile, whatever it shows.")
            case Way.SKULL:
                return tr.format(tr.gettext("A {skull} goes on your pile whatever the top die shows."),
                                 skull=self.skull)
            case Way.MATCH:
                return tr.format(tr.gettext("It matches your top die ({top}), so it goes on your pile."),
                                 top=self.top(top or ""))
            case Way.NEXT:
                return tr.format(tr.gettext("It is the next number up from your top die ({top}), so it goes on your "
                                            "pile."), top=self.top(top or ""))
        return tr.format(tr.gettext("With your top die ({top}) it totals {total}, so it goes on your pile."),
                         top=self.top(top or ""), total=self.rules.pile_total)

    def never_plundered(self, event: Event) -> str:
        tr = self.tr
        values = {"name": self.names[event["rival"]], "face": self.face(event["face"]),
                  "total": self.rules.pile_total}
        if event["ways"][0] == Way.NEXT:
            return tr.format(tr.gettext("{name}'s top die ({face}) is the next number up from yours, but it is a "
                                        "Jolly Roger die, and a Jolly Roger die is never plundered."), **values)
        return tr.format(tr.gettext("{name}'s top die ({face}) totals {total} with yours, but it is a Jolly Roger "
                                    "die, and a Jolly Roger die is never plundered."), **values)

    def plunder(self, event: Event, following: Event | None, earlier: Sequence[Event]) -> list[str]:
        tr = self.tr
        name = self.names[event["rival"]]
        if event["ways"][0] == Way.NEXT:
            out = [tr.format(tr.gettext("You plunder {name}'s top die ({face}): it is the next number up from your "
                                        "top die."), name=name, face=self.face(event["face"]))]
        else:
            out = [tr.format(tr.gettext("You plunder {name}'s top die ({face}): it totals {total} with your top "
                                        "die."), name=name, face=self.face(event["face"]), total=self.rules.pile_total)]
        if event["die"].owner == YOU:
            out.append(tr.gettext("It is one of your own dice: you take it back."))
        if event["left"] == 0:
            out.append(tr.format(tr.gettext("{name}'s pile is now empty."), name=name))
        first = not any(e.kind == Kind.PLUNDER for e in earlier)
        if first and following is not None and following.kind == Kind.PLUNDER:
            out.append(tr.gettext("It is now your top die, so you may plunder again."))
        return out

    def turn_end(self, event: Event, following: Event | None, earlier: Sequence[Event]) -> list[str]:
        tr = self.tr
        if event["reason"] == End.STOPPED:
            return [tr.gettext("You plunder no more, and your turn ends.")]
        if event["reason"] != End.NOTHING_TO_PLUNDER:
            return []  # an isolated die says it all
        if any(e.kind == Kind.PLUNDER for e in earlier):
            return [tr.gettext("Nothing more can be plundered, so your turn ends.")]
        return [tr.gettext("There is nothing to plunder, so your turn ends.")]

    def score(self, player: int, result: PileScore) -> list[str]:
        """A pile's score: what it is worth, doubled under a skull, keelhauled, and what it scores."""
        tr, out = self.tr, []
        name = self.names[player] if player != YOU else ""
        n = result.points
        if player == YOU:
            out.append(tr.format(tr.ngettext("Your pile is worth {n} doubloon.", "Your pile is worth {n} doubloons.",
                                             n), n=n))
        else:
            out.append(tr.format(tr.ngettext("{name}'s pile is worth {n} doubloon.",
                                             "{name}'s pile is worth {n} doubloons.", n), n=n, name=name))
        if result.doubled:
            out.append(tr.format(tr.gettext("The {skull} on top doubles it to {n}."), skull=self.skull, n=n * 2))
        if not result.keelhauled:
            return out
        n = self.rules.keelhaul_penalty
        if player == YOU:
            out.append(tr.format(tr.ngettext(
                "Your Jolly Roger die is still in your hand: you are keelhauled and lose {n} doubloon.",
                "Your Jolly Roger die is still in your hand: you are keelhauled and lose {n} doubloons.", n), n=n))
        else:
            out.append(tr.format(tr.ngettext(
                "{name}'s Jolly Roger die is still in hand: {name} is keelhauled and loses {n} doubloon.",
                "{name}'s Jolly Roger die is still in hand: {name} is keelhauled and loses {n} doubloons.", n),
                n=n, name=name))
        n = result.score
        if player == YOU:
            out.append(tr.format(tr.ngettext("You score {n} doubloon for the round.",
                                             "You score {n} doubloons for the round.", abs(n)), n=n))
        else:
            out.append(tr.format(tr.ngettext("{name} scores {n} doubloon for the round.",
                                             "{name} scores {n} doubloons for the round.", abs(n)), n=n, name=name))
        return out

    def hand(self, jolly_rogers: int, regulars: int) -> str:
        """What you hold: `In your hand: your Jolly Roger die and 1 regular die.`"""
        tr = self.tr
        items = [tr.gettext("your Jolly Roger die")] * bool(jolly_rogers)
        if regulars:
            items.append(tr.format(tr.ngettext("{n:word} regular die", "{n:word} regular dice", regulars), n=regulars))
        return tr.format(tr.gettext("In your hand: {dice}."), dice=tr.join(items))


def notation(rules: DeadMansRules, placed: Placed) -> str:
    """A die as `pnp resolve` writes it: `4`, `J4` (a Jolly Roger die showing 4) or `skull`."""
    if placed.face == SKULL:
        return "skull"
    return ("J" if placed.die.is_jolly_roger else "") + str(rules.number(placed.face))
