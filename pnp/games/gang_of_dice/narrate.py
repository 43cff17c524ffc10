"""Engine events told in the reader's language: the one place where Gang of Dice prose is made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...i18n import Translator
from .cards import colour_name, condition_text
from .engine import GANGSTER, Card, Event, Kind, Verdict, total, triggers


def player_name(tr: Translator, seat: int) -> str:
    """The heirs who play the worked examples, by seat (a name reads in a sentence where «Jugador 1» needs an
    article); `Player 7` beyond them."""
    heirs = (tr.pgettext("heir", "Vito"), tr.pgettext("heir", "Rosa"), tr.pgettext("heir", "Carlo"),
             tr.pgettext("heir", "Nina"), tr.pgettext("heir", "Tony"), tr.pgettext("heir", "Lia"))
    return heirs[seat] if seat < len(heirs) else tr.format(tr.gettext("Player {n}"), n=seat + 1)


def player_of(tr: Translator, seat: int) -> str:
    """The same heir in the form a sentence takes where the name is a possessor, as in «у Розы» (the msgids that
    say `{player_of}`); English, Spanish and Catalan print the plain name."""
    # TRANSLATORS: an heir's name where it stands for «у {player_of}» (ru: the genitive, Розы); else the plain name.
    heirs = (tr.pgettext("heir-of", "Vito"), tr.pgettext("heir-of", "Rosa"), tr.pgettext("heir-of", "Carlo"),
             tr.pgettext("heir-of", "Nina"), tr.pgettext("heir-of", "Tony"), tr.pgettext("heir-of", "Lia"))
    return heirs[seat] if seat < len(heirs) else tr.format(tr.gettext("Player {n}"), n=seat + 1)


def card_line(card: Card, tr: Translator) -> str:
    """The card in one sentence: its colour and its condition."""
    return tr.format(tr.gettext("Warning card ({colour}): {condition}."), colour=colour_name(card, tr),
                     condition=condition_text(card, tr))


@dataclass
class _Story:
    """What the story has just said, so that the next sentence need not repeat the frame of the one before."""

    frame: str = ""
    """How the sentence just before told a roll-and-stop ("plain", "at", "match", "so"), or "" for any other."""
    total: int | None = None
    """The total that sentence gave."""
    triggered: int | None = None
    """The total of the last player whose first roll triggered the card (None: nobody's yet)."""
    would: bool = False
    """This turn's story has said that a result would trigger the black card."""


def narrate(events: Sequence[Event], names: Sequence[str], tr: Translator, card: Card | None = None) -> list[str]:
    """What the players did and how the round (or the game) ended, told from the events in order; with the round's
    card, a roll that triggers it names the die that does, where one die does."""
    out: list[str] = []
    story = _Story()
    black = any(e.kind == Kind.CARD and e["colour"] == "black" for e in events)
    players = sum(e.kind == Kind.TURN_END for e in events)
    reroll: Event | None = None
    said: set[int] = set()
    for at, event in enumerate(events):
        kind = event.kind
        if at in said or kind in (Kind.ROUND_START, Kind.BONUS, Kind.CARD, Kind.TAKE):
            continue  # told with the event before, or shown by the scene and the pictures
        frame = ""
        who = names[event["player"]] if "player" in dict(event.fields) else ""
        if kind == Kind.REROLL:
            reroll = event
            continue
        if kind == Kind.ROLL:
            after = next((i for i in range(at + 1, len(events)) if events[i].kind != Kind.SPARED), len(events))
            follow = events[after] if after < len(events) else None
            first = event["roll"] == 0
            if first and follow is not None and follow.kind == Kind.TURN_END and follow["stopped"]:
                frame, sentence = _rolled_and_stopped(event, who, story, tr)  # rolled and stopped at once
                out.append(sentence)
                said.add(after)
            elif first and follow is not None and follow.kind == Kind.TRIGGER and not follow["final"]:
                out.append(_rolled_and_triggered(event, who, story, tr, card))  # a yellow card, on the first roll
                story.triggered = event["total"]
                said.add(after)
            elif first:
                story.would = False
                n = len(event["faces"])
                out.append(tr.format(tr.ngettext("{player} rolls {n:word} die for a total of {total}.",
                                                 "{player} rolls {n:word} dice for a total of {total}.", n),
                                     player=who, n=n, total=event["total"]))
            else:
                out.append(_rerolled(event, reroll, tr))
            if event["meets"] and event["left"] and black:  # black: only the final result is checked
                out.append(tr.gettext("That total would still trigger the black card.") if story.would else
                           tr.gettext("That total would trigger the black card, but only the final result counts."))
                story.would = True
        elif kind == Kind.TRIGGER:
            if not event["final"]:  # yellow: checked after every roll, lost at once
                message = tr.gettext("That triggers the yellow card at once, and {player} loses the round.")
            elif event["left"]:
                message = tr.gettext("{player} stops there and loses the round: the final result triggers the "
                                     "black card.")
            else:
                message = tr.gettext("{player} has no re-roll left and loses the round: the final result triggers "
                                     "the black card.")
            out.append(tr.format(message, player=who))
        elif kind == Kind.SPARED:
            out.append(spared_line(event["values"], tr))
            continue  # the roll-and-stop sentence before it still sets the frame
        elif kind == Kind.TURN_END:
            out.extend(_turn_end(event, who, tr))
        elif kind == Kind.ROUND_WON:
            out.extend(_round_won(event, names, players, tr))
        elif kind == Kind.NOBODY_WINS:
            out.append(_nobody_wins(event["table"], players, tr))
        elif kind == Kind.DISCARDED:
            out.append(_discarded(event["dice"], players, tr))
        elif kind == Kind.ELIMINATED:
            out.append(tr.format(tr.gettext("{player} has no dice left at the start of round {round} and is "
                                            "eliminated."), player=who, round=event["round"]))
        elif kind == Kind.LAST_PLAYER:
            out.append(tr.format(tr.gettext("{player} is the last player with dice and wins the game at once."),
                                 player=who))
        elif kind == Kind.GAME_END:
            out.append(_game_end(event, names, tr))
        story.frame, story.total = (frame, event["total"]) if frame else ("", None)
    return out


def _rolled_and_stopped(event: Event, who: str, story: _Story, tr: Translator) -> tuple[str, str]:
    """A first roll the player keeps, framed unlike the roll-and-stop sentence just before it, if any."""
    n, result = len(event["faces"]), event["total"]
    if story.frame and story.total == result:  # the same total as the player before: a tie in the making
        if story.frame == "match":
            return "so", tr.format(tr.ngettext("So does {player}, with {n:word} die.",
                                               "So does {player}, with {n:word} dice.", n), player=who, n=n)
        return "match", tr.format(tr.ngettext("{player} matches that total with {n:word} die and stops.",
                                              "{player} matches that total with {n:word} dice and stops.", n),
                                  player=who, n=n)
    if story.frame == "plain":
        return "at", tr.format(tr.ngettext("{player} rolls {n:word} die and stops at {total}.",
                                           "{player} rolls {n:word} dice and stops at {total}.", n),
                               player=who, n=n, total=result)
    return "plain", tr.format(tr.ngettext("{player} rolls {n:word} die for a total of {total} and stops.",
                                          "{player} rolls {n:word} dice for a total of {total} and stops.", n),
                              player=who, n=n, total=result)


def _rolled_and_triggered(event: Event, who: str, story: _Story, tr: Translator, card: Card | None) -> str:
    """A first roll that triggers the yellow card at once; "too" when a player before triggered it. A card that any
    one die showing a number triggers is told by that die, not by a total that plays no part."""
    n, result = len(event["faces"]), event["total"]
    shown = _culprit(card, event["faces"])
    if shown is not None:
        if story.triggered is None:
            message = tr.ngettext("{player} rolls {n:word} die and triggers the yellow card at once: it shows {value}.",
                                  "{player} rolls {n:word} dice and triggers the yellow card at once: one of them "
                                  "shows {value}.", n)
        else:
            message = tr.ngettext("{player} rolls {n:word} die and triggers the card too: it shows {value}.",
                                  "{player} rolls {n:word} dice and triggers the card too: one of them shows {value}.",
                                  n)
        return tr.format(message, player=who, n=n, value=shown)
    if story.triggered is None:
        # The roll triggers the card, not its total: the card may ask for something else (two 5s).
        message = tr.ngettext("{player} rolls {n:word} die (a total of {total}) and triggers the yellow card at "
                              "once.",
                              "{player} rolls {n:word} dice (a total of {total}) and triggers the yellow card at "
                              "once.", n)
    elif story.triggered == result:
        message = tr.ngettext("{player} rolls {n:word} die, also for a total of {total}, and triggers the card too.",
                              "{player} rolls {n:word} dice, also for a total of {total}, and triggers the card too.",
                              n)
    else:
        message = tr.ngettext("{player} rolls {n:word} die for a total of {total} and triggers the card too.",
                              "{player} rolls {n:word} dice for a total of {total} and triggers the card too.", n)
    return tr.format(message, player=who, n=n, total=result)


def _culprit(card: Card | None, faces: Sequence[int]) -> int | None:
    """The number that sets off a card any one die showing it triggers (`Any die showing 1`): the first die of the
    roll that shows one of its numbers; None for a card a total or a pattern triggers."""
    if card is None or card.condition != "any_of":
        return None
    return next((f for f in faces if f in card.values), None)


def _rerolled(event: Event, reroll: Event | None, tr: Translator) -> str:
    """A re-roll: which die, and what it came up, when there is one; how many dice, when there are several. A
    re-roll is never the first sentence of a turn, so it does not name the player again (a pronoun will not do
    in every language)."""
    fresh = event["fresh"]
    if reroll is None or len(fresh) != 1:
        n = len(fresh)
        return tr.format(tr.ngettext("A re-roll of {n:word} die brings the total to {total}.",
                                     "A re-roll of {n:word} dice brings the total to {total}.", n),
                         n=n, total=event["total"])
    old, new = reroll["faces"][0], event["faces"][fresh[0]]
    if old == GANGSTER and new == GANGSTER:
        message = tr.gettext("A re-roll of the gangster brings up another gangster: the total stays {total}.")
    elif old == GANGSTER:
        message = tr.gettext("A re-roll of the gangster brings up a {new}: the new total is {total}.")
    elif new == GANGSTER:
        message = tr.gettext("A re-roll of the {old} brings up a gangster: the new total is {total}.")
    else:
        message = tr.gettext("A re-roll of the {old} brings up a {new}: the new total is {total}.")
    return tr.format(message, old=old, new=new, total=event["total"])


def spared_line(values: Sequence[int], tr: Translator) -> str:
    """Why a gangster kept the card from triggering, and which numbers in its place would have triggered it."""
    # The example's title has said that a gangster never counts: the sentence names what it kept away.
    return tr.format(tr.gettext("Had the gangster shown {values} instead, the card would have triggered."),
                     values=tr.named_numbers(values, style="or"))


def _turn_end(event: Event, who: str, tr: Translator) -> list[str]:
    if event["triggered"]:
        return []  # the trigger sentence has said it
    if event["stopped"]:
        n = event["left"]
        return [tr.format(tr.ngettext("That is clear of the card, so {player} stops with {n:word} re-roll to spare.",
                                      "That is clear of the card, so {player} stops with {n:word} re-rolls to spare.",
                                      n), player=who, n=n)]
    return [tr.format(tr.gettext("{player} has no re-roll left and ends clear of the card."), player=who)]


def _tie(event: Event, names: Sequence[str], players: int, tr: Translator) -> list[str]:
    """Equal totals: who tied, and how the tie was broken (more dice rolled, then the earlier roll)."""
    who, tied, most, n = names[event["player"]], event["tied"], event["most_dice"], event["dice"]
    if len(tied) == players == 2:
        out = [tr.format(tr.gettext("Both players tie on {total}."), total=event["total"])]
    elif len(tied) == players:
        out = [tr.format(tr.ngettext("All {n:word} player tie on {total}.", "All {n:word} players tie on {total}.",
                                     players), n=players, total=event["total"])]
    else:
        out = [tr.format(tr.gettext("{players} tie on {total}."), players=tr.join([names[p] for p in tied]),
                         total=event["total"])]
    if len(most) == 1:  # ties: more dice rolled wins
        out.append(tr.format(tr.gettext("{player} rolled the most dice and wins the tie."), player=who))
    elif len(most) < len(tied):  # then the earlier player
        message = (tr.gettext("{players} rolled the most dice, {n:word} each; {player} rolled earlier and wins the "
                              "tie.")
                   if len(most) == 2 else
                   tr.gettext("{players} rolled the most dice, {n:word} each; {player} rolled first of them and wins "
                              "the tie."))
        out.append(tr.format(message, players=tr.join([names[p] for p in most]), player=who, n=n))
    else:
        out.append(tr.format(tr.gettext("They rolled the same number of dice, so the tie goes to {player}, who rolled "
                                        "first."), player=who))
    return out


def _round_won(event: Event, names: Sequence[str], players: int, tr: Translator) -> list[str]:
    who, taken = names[event["player"]], event["taken"]
    if len(event["tied"]) > 1:
        out = _tie(event, names, players, tr)
    else:
        out = [tr.format(tr.gettext("{player} has the highest total clear of the card and wins the round."),
                         player=who)]
    out.append(tr.format(tr.ngettext("{player} takes the {n:word} die on the table and now has {pool}.",
                                     "{player} takes all {n:word} dice on the table and now has {pool}.", taken),
                         player=who, n=taken, pool=event["pool"]))
    return out


def _nobody_wins(dice: int, players: int, tr: Translator) -> str:
    """Every player triggered the card: the dice stay on the table for the next round's winner."""
    if players == 2:
        message = tr.ngettext("Both players triggered the card, so nobody wins the round: the {n:word} die on the "
                              "table stays there for the winner of the next round.",
                              "Both players triggered the card, so nobody wins the round: the {n:word} dice on the "
                              "table stay there for the winner of the next round.", dice)
    else:
        message = tr.ngettext("Every player triggered the card, so nobody wins the round: the {n:word} die on the "
                              "table stays there for the winner of the next round.",
                              "Every player triggered the card, so nobody wins the round: the {n:word} dice on the "
                              "table stay there for the winner of the next round.", dice)
    return tr.format(message, n=dice)


def _discarded(dice: int, players: int, tr: Translator) -> str:
    """Every player triggered the card in the last round: the dice on the table leave the game."""
    if players == 2:
        message = tr.ngettext("Both players triggered the card in the last round, so the {n:word} die on the table "
                              "is discarded.",
                              "Both players triggered the card in the last round, so all {n:word} dice on the table "
                              "are discarded.", dice)
    else:
        message = tr.ngettext("Every player triggered the card in the last round, so the {n:word} die on the table "
                              "is discarded.",
                              "Every player triggered the card in the last round, so all {n:word} dice on the table "
                              "are discarded.", dice)
    return tr.format(message, n=dice)


def _game_end(event: Event, names: Sequence[str], tr: Translator) -> str:
    winners, n = event["winners"], event["dice"]
    if n == 0:
        return tr.format(tr.gettext("Every player is out at once: {players} share the win."),
                         players=tr.join([names[p] for p in winners]))
    pools = event["pools"]
    if len(winners) == 1 and len(pools) == 2:  # two players: both counts, so the reader sees who has more
        other = 1 - winners[0]
        return tr.format(tr.ngettext("{player} ends the game with {n:word} die, {other} with {m:word}: {player} wins.",
                                     "{player} ends the game with {n:word} dice, {other} with {m:word}: {player} wins.",
                                     n), player=names[winners[0]], other=names[other], n=n, m=pools[other])
    if len(winners) == 1:
        return tr.format(tr.ngettext("{player} ends the game with {n:word} die, more than anyone else, and wins.",
                                     "{player} ends the game with {n:word} dice, more than anyone else, and wins.", n),
                         player=names[winners[0]], n=n)
    return tr.format(tr.ngettext("{players} end the game with {n:word} die each and share the win.",
                                 "{players} end the game with {n:word} dice each and share the win.", n),
                     players=tr.join([names[p] for p in winners]), n=n)


def tell_result(card: Card, dice: Sequence[int], numbers: Sequence[int], tr: Translator) -> list[str]:
    """One result judged against a card (`pnp resolve --dice`)."""
    from .engine import spared_by

    n = len(dice)
    out = [card_line(card, tr),
           tr.format(tr.ngettext("Roll: {n:word} die, a total of {total}.", "Roll: {n:word} dice, a total of {total}.",
                                 n), n=n, total=total(dice))]
    if triggers(card, dice):
        out.append(tr.gettext("The result triggers the card."))
    else:
        out.append(tr.gettext("The result does not trigger the card."))
        spared = spared_by(card, dice, numbers)
        if spared:
            out.append(spared_line(spared, tr))
    return out


def tell_verdict(card: Card, results: Sequence[Sequence[int]], names: Sequence[str], verdict: Verdict,
                 tr: Translator) -> list[str]:
    """A round's final results judged against a card (`pnp resolve --result`)."""
    out = [card_line(card, tr)]
    for name, dice in zip(names, results, strict=True):
        n = len(dice)
        if triggers(card, dice):
            message = tr.ngettext("{player}: {n:word} die, a total of {total}, triggers the card.",
                                  "{player}: {n:word} dice, a total of {total}, triggers the card.", n)
        else:
            message = tr.ngettext("{player}: {n:word} die, a total of {total}, clear of the card.",
                                  "{player}: {n:word} dice, a total of {total}, clear of the card.", n)
        out.append(tr.format(message, player=name, n=n, total=total(dice)))
    if verdict.winner is None:
        out.append(tr.gettext("Every player triggers the card: nobody wins the round."))
        return out
    who = names[verdict.winner]
    if len(verdict.tied) > 1:
        won = Event(Kind.ROUND_WON, (("player", verdict.winner), ("total", total(results[verdict.winner])),
                                     ("dice", len(results[verdict.winner])), ("taken", 0), ("pool", 0),
                                     ("tied", verdict.tied), ("most_dice", verdict.most_dice)))
        out.extend(_tie(won, names, len(results), tr))
    out.append(tr.format(tr.gettext("{player} wins the round."), player=who))
    return out
