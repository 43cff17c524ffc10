"""Engine events told in the reader's language: the one place where Gang of Dice prose is made."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Translator
from .cards import colour_name, condition_text
from .engine import GANGSTER, Card, Event, Kind, Verdict, total, triggers


def player_name(tr: Translator, seat: int) -> str:
    """The heirs who play the worked examples, by seat (a name reads in a sentence where «Jugador 1» needs an
    article); `Player 7` beyond them."""
    heirs = (tr.pgettext("heir", "Vito"), tr.pgettext("heir", "Rosa"), tr.pgettext("heir", "Sal"),
             tr.pgettext("heir", "Nina"), tr.pgettext("heir", "Tony"), tr.pgettext("heir", "Lia"))
    return heirs[seat] if seat < len(heirs) else tr.format(tr.gettext("Player {n}"), n=seat + 1)


def card_line(card: Card, tr: Translator) -> str:
    """The card in one sentence: its colour and its condition."""
    return tr.format(tr.gettext("Warning card ({colour}): {condition}."), colour=colour_name(card, tr),
                     condition=condition_text(card, tr))


def narrate(events: Sequence[Event], names: Sequence[str], tr: Translator) -> list[str]:
    """What the players did and how the round (or the game) ended, told from the events in order."""
    out: list[str] = []
    rerolled = 0
    black = any(e.kind == Kind.CARD and e["colour"] == "black" for e in events)
    gangsters = False
    said: set[int] = set()
    for at, event in enumerate(events):
        kind = event.kind
        if at in said:
            continue
        if kind in (Kind.ROUND_START, Kind.BONUS, Kind.CARD, Kind.TAKE):
            continue  # the scene and the pictures show these
        who = names[event["player"]] if "player" in dict(event.fields) else ""
        if kind == Kind.REROLL:
            rerolled, gangsters = len(event["faces"]), all(f == GANGSTER for f in event["faces"])
        elif kind == Kind.ROLL:
            end = next((i for i in range(at + 1, len(events)) if events[i].kind not in (Kind.SPARED,)), None)
            if event["roll"] == 0 and end is not None and events[end].kind == Kind.TURN_END \
                    and events[end]["stopped"]:  # rolled and stopped at once: one sentence
                n = len(event["faces"])
                out.append(tr.format(tr.ngettext("{player} rolls {n:word} die, a total of {total}, and stops.",
                                                 "{player} rolls {n:word} dice, a total of {total}, and stops.", n),
                                     player=who, n=n, total=event["total"]))
                said.add(end)
                continue
            out.append(_roll(event, who, rerolled, gangsters, tr))
            if event["meets"] and event["left"] and black:  # black: only the final result is checked
                out.append(tr.gettext("The result meets the black card, but only the final result counts."))
        elif kind == Kind.TRIGGER:
            if not event["final"]:  # yellow: checked after every roll, lost at once
                message = tr.gettext("The yellow card triggers at once: {player} loses the round.")
            elif event["left"]:
                message = tr.gettext("{player} stops, and the final result triggers the black card: {player} loses "
                                     "the round.")
            else:
                message = tr.gettext("{player} has no re-roll left, and the final result triggers the black card: "
                                     "{player} loses the round.")
            out.append(tr.format(message, player=who))
        elif kind == Kind.SPARED:
            out.append(tr.format(tr.gettext("A gangster is not a number: had it shown {value}, the card would have "
                                            "triggered."), value=event["value"]))
        elif kind == Kind.TURN_END:
            out.extend(_turn_end(event, who, tr))
        elif kind == Kind.ROUND_WON:
            out.extend(_round_won(event, names, tr))
        elif kind == Kind.NOBODY_WINS:
            n = event["table"]
            out.append(tr.format(tr.ngettext(
                "Every player triggered the card, so nobody wins the round. The {n:word} die on the table stays there "
                "for the winner of the next round.",
                "Every player triggered the card, so nobody wins the round. The {n:word} dice on the table stay there "
                "for the winner of the next round.", n), n=n))
        elif kind == Kind.DISCARDED:
            n = event["dice"]
            out.append(tr.format(tr.ngettext(
                "Every player triggered the card in the last round: the {n:word} die on the table is discarded.",
                "Every player triggered the card in the last round: the {n:word} dice on the table are discarded.", n),
                n=n))
        elif kind == Kind.ELIMINATED:
            out.append(tr.format(tr.gettext("{player} has no dice left at the start of round {round} and is out."),
                                 player=who, round=event["round"]))
        elif kind == Kind.LAST_PLAYER:
            out.append(tr.format(tr.gettext("{player} is the last player with dice and wins the game at once."),
                                 player=who))
        elif kind == Kind.GAME_END:
            out.append(_game_end(event, names, tr))
    return out


def _roll(event: Event, who: str, rerolled: int, gangsters: bool, tr: Translator) -> str:
    if event["roll"] == 0:
        n = len(event["faces"])
        return tr.format(tr.ngettext("{player} rolls {n:word} die: a total of {total}.",
                                     "{player} rolls {n:word} dice: a total of {total}.", n),
                         player=who, n=n, total=event["total"])
    if gangsters:  # the gangster adds nothing: the natural die to re-roll
        return tr.format(tr.ngettext("{player} re-rolls the gangster: the new total is {total}.",
                                     "{player} re-rolls the {n:word} gangsters: the new total is {total}.", rerolled),
                         player=who, n=rerolled, total=event["total"])
    return tr.format(tr.ngettext("{player} re-rolls {n:word} die: the new total is {total}.",
                                 "{player} re-rolls {n:word} dice: the new total is {total}.", rerolled),
                     player=who, n=rerolled, total=event["total"])


def _turn_end(event: Event, who: str, tr: Translator) -> list[str]:
    if event["triggered"]:
        return []  # the trigger sentence has said it
    if event["stopped"]:
        n = event["left"]
        return [tr.format(tr.ngettext("{player} stops, clear of the card, with {n:word} re-roll unused.",
                                      "{player} stops, clear of the card, with {n:word} re-rolls unused.", n),
                          player=who, n=n)]
    return [tr.format(tr.gettext("{player} has no re-roll left and ends clear of the card."), player=who)]


def _round_won(event: Event, names: Sequence[str], tr: Translator) -> list[str]:
    who, tied, most = names[event["player"]], event["tied"], event["most_dice"]
    out = []
    taken, pool = event["taken"], event["pool"]
    if len(tied) > 1:
        out.append(tr.format(tr.gettext("{players} tie with a total of {total}."),
                             players=tr.join([names[p] for p in tied]), total=event["total"]))
        if len(most) == 1:  # ties: more dice rolled wins
            out.append(tr.format(tr.gettext("{player} rolled the most dice and wins the tie."), player=who))
        elif len(most) < len(tied):  # then the earlier player
            out.append(tr.format(tr.gettext("{players} rolled the most dice; of them, {player} rolled first and wins "
                                            "the tie."), players=tr.join([names[p] for p in most]), player=who))
        else:
            out.append(tr.format(tr.gettext("They rolled as many dice each; {player} rolled first and wins the tie."),
                                 player=who))
        out.append(tr.format(tr.ngettext("{player} takes the {n:word} die on the table.",
                                         "{player} takes the {n:word} dice on the table.", taken), player=who, n=taken))
    else:
        out.append(tr.format(tr.ngettext(
            "{player} has the highest total clear of the card, wins the round and takes the {n:word} die on the "
            "table.",
            "{player} has the highest total clear of the card, wins the round and takes the {n:word} dice on the "
            "table.",
            taken), player=who, n=taken))
    out.append(tr.format(tr.ngettext("{player} now has {n:word} die in their pool.",
                                     "{player} now has {n:word} dice in their pool.", pool), player=who, n=pool))
    return out


def _game_end(event: Event, names: Sequence[str], tr: Translator) -> str:
    winners, n = event["winners"], event["dice"]
    if n == 0:
        return tr.format(tr.gettext("Every player is out at once: {players} share the win."),
                         players=tr.join([names[p] for p in winners]))
    if len(winners) == 1:
        return tr.format(tr.ngettext(
            "After the last round, {player} wins the game with {n:word} die in their pool, more than anyone else.",
            "After the last round, {player} wins the game with {n:word} dice in their pool, more than anyone else.", n),
            player=names[winners[0]], n=n)
    return tr.format(tr.ngettext("After the last round, {players} share the win with {n:word} die each.",
                                 "After the last round, {players} share the win with {n:word} dice each.", n),
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
        if spared is not None:
            out.append(tr.format(tr.gettext("A gangster is not a number: had it shown {value}, the card would have "
                                            "triggered."), value=spared))
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
                                     ("taken", 0), ("pool", 0), ("tied", verdict.tied),
                                     ("most_dice", verdict.most_dice)))
        out.extend(_round_won(won, names, tr)[:2])
    out.append(tr.format(tr.gettext("{player} wins the round."), player=who))
    return out
