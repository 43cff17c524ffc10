"""Engine events told in the reader's language: the one place where Dead Man's Dice prose is made."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Translator
from ...model import Game
from .engine import SKULL, YOU, DeadMansRules, DieKind, End, Event, Kind, PileScore, Placed, Way, placing_ways


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

    def on(self, top: str, plain: str, skull: str, **values: object) -> str:
        """A translated sentence about your top die: `plain` names its number as {top}; `skull`, for a skull and
        crossbones on top, names it {skull} and the number it counts as {number} (so {top} is always a number)."""
        if top == SKULL:
            return self.tr.format(skull, skull=self.skull, number=self.rules.number(SKULL), **values)
        return self.tr.format(plain, top=self.face(top), **values)

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
            return [self.tie(event, earlier)]
        if kind == Kind.FIRST:
            return [self.first(event, earlier)]
        if kind == Kind.ROLL:
            return [self.roll(event["die"].is_jolly_roger, event["face"])]
        if kind == Kind.PLACE:
            return [self.place(event["ways"], event["top"])]
        if kind == Kind.ISOLATED:
            return [self.on(event["top"], tr.gettext(
                "It cannot go on your {top}: it does not match it, it is not the next number up, and the two do not "
                "total {total}. You are isolated: the die goes back to your hand, and your turn ends."), tr.gettext(
                "It cannot go on your {skull}, counted as {number}: it does not match it, it is not the next number "
                "up, and the two do not total {total}. You are isolated: the die goes back to your hand, and your "
                "turn ends."), total=self.rules.pile_total)]
        if kind == Kind.NEVER_PLUNDERED:
            return [self.never_plundered(event)]
        if kind == Kind.PLUNDER:
            return self.plunder(event, following, earlier)
        if kind == Kind.TURN_END:
            return self.turn_end(event, earlier)
        if kind == Kind.ROUND_END:
            return [tr.gettext("Your hand is empty, so the round ends, and every pirate scores their pile.")]
        if kind == Kind.SCORE:
            return self.score(event["player"], PileScore(event["points"], event["doubled"], event["keelhauled"],
                                                         event["score"]), empty=not event["pile"],
                              worths=[self.rules.worth(p.face) for p in event["pile"]])
        if kind == Kind.DICE_HOME:
            return [tr.gettext("Then all the dice go back to their owners.")]
        return []

    @staticmethod
    def skull_tie(tie: Event, earlier: Sequence[Event]) -> bool:
        """Whether a skull and crossbones is among the base dice tied for the lowest number."""
        bases = {e["player"]: e["face"] for e in earlier if e.kind == Kind.BASE}  # each pirate's latest base die
        return any(bases.get(p) == SKULL for p in tie["players"])

    def tie(self, event: Event, earlier: Sequence[Event]) -> str:
        """Tied for the lowest number: why (a skull counts as its number), and everyone rolls again."""
        tr, tied = self.tr, event["players"]
        values = {"names": tr.join([self.names[p] for p in tied if p != YOU]), "number": event["number"],
                  "skull": self.skull}
        if self.skull_tie(event, earlier):
            if YOU in tied:
                return tr.format(tr.gettext("A {skull} counts as {number}, so you tie with {names} for the lowest "
                                            "number: everyone rolls their base die again."), **values)
            return tr.format(tr.gettext("A {skull} counts as {number}, so {names} tie for the lowest number: "
                                        "everyone rolls their base die again."), **values)
        if YOU in tied:
            return tr.format(tr.gettext("You tie with {names} for the lowest number, {number}, so everyone rolls "
                                        "their base die again."), **values)
        return tr.format(tr.gettext("{names} tie for the lowest number, {number}, so everyone rolls their base die "
                                    "again."), **values)

    def first(self, event: Event, earlier: Sequence[Event]) -> str:
        """Who goes first: after a tie, `This time`; a skull's number said once, in the tie or here."""
        tr, p, n = self.tr, event["player"], event["number"]
        base = next(e["face"] for e in reversed(earlier) if e.kind == Kind.BASE and e["player"] == p)
        ties = [i for i, e in enumerate(earlier) if e.kind == Kind.BASE_TIE]
        told = any(self.skull_tie(earlier[i], earlier[:i]) for i in ties)  # the tie said what a skull counts as
        values = {"name": self.names[p], "number": n, "skull": self.skull}
        if p == YOU:
            if base == SKULL and told:
                # TRANSLATORS: after "A skull and crossbones counts as 1, so you tie…": your base die is the skull.
                return tr.format(tr.gettext("This time your base die is the {skull}, the lowest number, so you take "
                                            "the first turn."), **values)
            if base == SKULL:
                return tr.format(tr.gettext("A {skull} counts as {number}, so you have the lowest number: you "
                                            "take the first turn."), **values)
            if ties:
                return tr.format(tr.gettext("This time you have the lowest number, {number}, so you take the "
                                            "first turn."), **values)
            return tr.format(tr.gettext("You have the lowest number, {number}, so you take the first "
                                        "turn."), **values)
        if base == SKULL and told:
            return tr.format(tr.gettext("This time {name} rolls the lowest, a {skull}, and goes first."), **values)
        if base == SKULL:
            return tr.format(tr.gettext("A {skull} counts as {number}, so {name} has the lowest number and goes "
                                        "first."), **values)
        if ties:
            return tr.format(tr.gettext("This time {name} has the lowest number, {number}, and goes first."),
                             **values)
        return tr.format(tr.gettext("{name} has the lowest number, {number}, and goes first."), **values)

    def roll(self, jolly_roger: bool, face: str) -> str:
        tr = self.tr
        if face == SKULL:
            return tr.format(tr.gettext("You roll your Jolly Roger die and get the {skull}."), skull=self.skull)
        if jolly_roger:
            return tr.format(tr.gettext("You roll your Jolly Roger die and get a {face}."), face=self.face(face))
        return tr.format(tr.gettext("You roll a regular die and get a {face}."), face=self.face(face))

    def place(self, ways: Sequence[str], top: str | None) -> str:
        """Why the die goes on your pile: the first of its ways, as the rules list them."""
        tr, top = self.tr, top or ""
        match ways[0]:
            case Way.NEW_PILE:
                return tr.gettext("Your pile is empty, so the die starts a new pile, whatever it shows.")
            case Way.SKULL:  # the roll has just named the skull and crossbones
                if self.fits_only_as_skull(top):
                    return self.tr.format(tr.gettext("A {number} could not go on your {top}, but a {skull} goes on "
                                                     "your pile whatever the top die shows."),
                                          number=self.rules.number(SKULL), top=self.face(top), skull=self.skull)
                return tr.gettext("It goes on your pile whatever the top die shows.")
            case Way.MATCH:
                return self.on(top, tr.gettext("It matches your {top}, so it goes on your pile."),
                               tr.gettext("It matches your {skull}, counted as {number}, so it goes on your pile."))
            case Way.NEXT:
                return self.on(top, tr.gettext("It is the next number up from your {top}, so it goes on your pile."),
                               tr.gettext("It is the next number up from your {skull}, counted as {number}, so it "
                                          "goes on your pile."))
        return self.on(top, tr.gettext("It totals {total} with your {top}, so it goes on your pile."),
                       tr.gettext("It totals {total} with your {skull}, counted as {number}, so it goes on your "
                                  "pile."), total=self.rules.pile_total)

    def fits_only_as_skull(self, top: str) -> bool:
        """Whether a skull and crossbones goes on `top` by its own rule alone: the number it counts as, on an
        ordinary die, could not go there (it does not match, is not the next number up, does not make the total)."""
        number = self.rules.number(SKULL)
        plain = next((f for f in self.rules.faces(DieKind.REGULAR) if self.rules.number(f) == number), None)
        return bool(top) and top != SKULL and plain is not None and not placing_ways(self.rules, top, plain)

    def never_plundered(self, event: Event) -> str:
        tr, top = self.tr, event["top"]
        values = {"name": self.names[event["rival"]], "face": self.face(event["face"]), "total": self.rules.pile_total}
        if event["ways"][0] == Way.NEXT:
            return self.on(top, tr.gettext("{name}'s top die, a {face}, is the next number up from your {top}, but it "
                                           "is a Jolly Roger die, which can never be plundered."),
                           tr.gettext("{name}'s top die, a {face}, is the next number up from your {skull}, counted "
                                      "as {number}, but it is a Jolly Roger die, which can never be plundered."),
                           **values)
        return self.on(top, tr.gettext("{name}'s top die, a {face}, totals {total} with your {top}, but it is a Jolly "
                                       "Roger die, which can never be plundered."),
                       tr.gettext("{name}'s top die, a {face}, totals {total} with your {skull}, counted as {number}, "
                                  "but it is a Jolly Roger die, which can never be plundered."), **values)

    def plunder(self, event: Event, following: Event | None, earlier: Sequence[Event]) -> list[str]:
        """A die taken: whose pile and whose die, why, and (once, before a second plunder) that it is now your top
        die."""
        tr, top, owner = self.tr, event["top"], event["die"].owner
        values = {"name": self.names[event["rival"]], "owner": self.names[owner], "face": self.face(event["face"]),
                  "total": self.rules.pile_total}
        # Each sentence whole, for your top die by its number and for a skull and crossbones on top (see `on`):
        # (next number up, total) for each case.
        if owner == YOU:  # your own die, plundered back (never a rival's last: a pile's base is theirs)
            cases = ((tr.gettext("You take back your own {face} from {name}'s pile: it is the next number up from "
                                 "your {top}."),
                      tr.gettext("You take back your own {face} from {name}'s pile: it is the next number up from "
                                 "your {skull}, counted as {number}.")),
                     (tr.gettext("You take back your own {face} from {name}'s pile: it totals {total} with your "
                                 "{top}."),
                      tr.gettext("You take back your own {face} from {name}'s pile: it totals {total} with your "
                                 "{skull}, counted as {number}.")))
        elif event["left"] == 0:  # the rival's pile is now empty ("last die" is the last in a hand: not said here)
            cases = ((tr.gettext("You plunder the only die in {name}'s pile, a {face}: it is the next number up from "
                                 "your {top}."),
                      tr.gettext("You plunder the only die in {name}'s pile, a {face}: it is the next number up from "
                                 "your {skull}, counted as {number}.")),
                     (tr.gettext("You plunder the only die in {name}'s pile, a {face}: it totals {total} with your "
                                 "{top}."),
                      tr.gettext("You plunder the only die in {name}'s pile, a {face}: it totals {total} with your "
                                 "{skull}, counted as {number}.")))
        elif owner != event["rival"]:  # a third pirate's die on top of the rival's pile: say whose die it is
            # TRANSLATORS: {name} owns the pile, {owner} the die on top of it (Ann, Meg: women's names).
            cases = ((tr.gettext("You plunder the top die of {name}'s pile, {owner}'s {face}: it is the next number "
                                 "up from your {top}."),
                      tr.gettext("You plunder the top die of {name}'s pile, {owner}'s {face}: it is the next number "
                                 "up from your {skull}, counted as {number}.")),
                     (tr.gettext("You plunder the top die of {name}'s pile, {owner}'s {face}: it totals {total} with "
                                 "your {top}."),
                      tr.gettext("You plunder the top die of {name}'s pile, {owner}'s {face}: it totals {total} with "
                                 "your {skull}, counted as {number}.")))
        else:
            cases = ((tr.gettext("You plunder {name}'s top die, a {face}: it is the next number up from your {top}."),
                      tr.gettext("You plunder {name}'s top die, a {face}: it is the next number up from your "
                                 "{skull}, counted as {number}.")),
                     (tr.gettext("You plunder {name}'s top die, a {face}: it totals {total} with your {top}."),
                      tr.gettext("You plunder {name}'s top die, a {face}: it totals {total} with your {skull}, "
                                 "counted as {number}.")))
        plain, skull = cases[0] if event["ways"][0] == Way.NEXT else cases[1]
        out = [self.on(top, plain, skull, **values)]
        first = not any(e.kind == Kind.PLUNDER for e in earlier)
        if first and following is not None and following.kind == Kind.PLUNDER:
            out.append(tr.format(tr.gettext("The {face} is now your top die, so you may plunder again."), **values))
        return out

    def turn_end(self, event: Event, earlier: Sequence[Event]) -> list[str]:
        tr = self.tr
        if event["reason"] == End.STOPPED:
            return [tr.gettext("You plunder no more, and your turn ends.")]
        if event["reason"] != End.NOTHING_TO_PLUNDER:
            return []  # an isolated die says it all
        if any(e.kind == Kind.PLUNDER for e in earlier):
            return [tr.gettext("Nothing more can be plundered, so your turn ends.")]
        placed = next((e for e in reversed(earlier) if e.kind == Kind.PLACE), None)
        guarded = any(e.kind == Kind.NEVER_PLUNDERED for e in earlier)  # a fitting die was there, never plundered
        if placed is not None and placed["face"] == SKULL and not guarded:
            return [self.nothing_under_skull()]
        return [tr.gettext("There is nothing to plunder, so your turn ends.")]

    def nothing_under_skull(self) -> str:
        """A skull and crossbones on top counts as its number: what that number could plunder, and none is there.
        Said right after the skull is placed, so `it` names it (the face is not named a third time)."""
        tr, rules = self.tr, self.rules
        number = rules.number(SKULL)
        ways = {rules.number(f): placing_ways(rules, SKULL, f) for f in rules.faces(DieKind.REGULAR)}
        fits = sorted(n for n, w in ways.items() if Way.NEXT in w or Way.TOTAL in w)  # never by a match
        values = {"number": number}
        if len(fits) == 1:
            # TRANSLATORS: "it" is the skull and crossbones just placed on your pile.
            return tr.format(tr.gettext("On top, it counts as {number}, so you could plunder only a {next}. No "
                                        "rival's top die shows one, so your turn ends."),
                             next=fits[0], **values)
        if len(fits) == 2:
            # TRANSLATORS: "it" is the skull and crossbones just placed on your pile.
            return tr.format(tr.gettext("On top, it counts as {number}, so you could plunder only a {next} or a "
                                        "{total}. No rival's top die shows either, so your turn ends."),
                             next=fits[0], total=fits[1], **values)
        return tr.gettext("There is nothing to plunder, so your turn ends.")

    def score(self, player: int, result: PileScore, empty: bool = False, worths: Sequence[int] = ()) -> list[str]:
        """A pile's score: what it is worth (with the sum that makes it, from `worths`, its dice's worth bottom up,
        when it holds two or more), doubled under a skull, and keelhauled (the pirates of the examples, Ann and Meg,
        are women: the narration says she and her)."""
        tr, you = self.tr, player == YOU
        name = "" if you else self.names[player]
        score = result.score
        if empty and result.keelhauled:
            if you:
                return [tr.format(tr.gettext(
                    "Your pile is empty and your Jolly Roger die is still in your hand: you are keelhauled and score "
                    "{n}."), n=score)]
            # TRANSLATORS: {name} is a rival of the worked examples, Ann or Meg: a woman (she, her).
            return [tr.format(tr.gettext(
                "{name}'s pile is empty and her Jolly Roger die is still in her hand: she is keelhauled and scores "
                "{n}."), n=score, name=name)]
        if empty:
            return [tr.gettext("Your pile is empty, so it scores nothing.") if you else
                    tr.format(tr.gettext("{name}'s pile is empty, so it scores nothing."), name=name)]
        n = result.points
        if len(worths) > 1:  # the sum a reader checks against the picture: 2 + 5 + 5 + 2
            total = "\u00a0+ ".join(tr.number(w) for w in worths)
            out = [tr.format(tr.ngettext("Your pile is worth {n} doubloon ({sum}).",
                                         "Your pile is worth {n} doubloons ({sum}).", n), n=n, sum=total)
                   if you else
                   tr.format(tr.ngettext("{name}'s pile is worth {n} doubloon ({sum}).",
                                         "{name}'s pile is worth {n} doubloons ({sum}).", n),
                             n=n, name=name, sum=total)]
        else:
            out = [tr.format(tr.ngettext("Your pile is worth {n} doubloon.", "Your pile is worth {n} doubloons.", n),
                             n=n)
                   if you else
                   tr.format(tr.ngettext("{name}'s pile is worth {n} doubloon.",
                                         "{name}'s pile is worth {n} doubloons.", n), n=n, name=name)]
        if result.doubled:
            out.append(tr.format(tr.gettext("The {skull} on top doubles it to {n}."), skull=self.skull, n=n * 2))
        if result.keelhauled:
            n = self.rules.keelhaul_penalty
            if you:
                out.append(tr.format(tr.ngettext(
                    "Your Jolly Roger die is still in your hand: you are keelhauled and lose {n} doubloon, so you "
                    "score {score} for the round.",
                    "Your Jolly Roger die is still in your hand: you are keelhauled and lose {n} doubloons, so you "
                    "score {score} for the round.", n), n=n, score=score))
            else:
                # TRANSLATORS: after "{name}'s pile is worth…", {name} a rival of the examples, Ann or Meg (she, her).
                out.append(tr.format(tr.ngettext(
                    "Her Jolly Roger die is still in her hand: she is keelhauled and loses {n} doubloon, so she "
                    "scores {score} for the round.",
                    "Her Jolly Roger die is still in her hand: she is keelhauled and loses {n} doubloons, so she "
                    "scores {score} for the round.", n), n=n, score=score))
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
