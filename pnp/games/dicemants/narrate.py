"""Engine events told in the reader's language: the one place where Dicemants prose is made."""

from __future__ import annotations

from ...i18n import Translator
from ...model import Game
from .engine import BUG, Again, End, Event, Kind, Resolution, TierId


def face_name(game: Game, tr: Translator, face: str) -> str:
    """A face's name as the rules data and the catalog give it (`bug` names any bug)."""
    if face == BUG:
        return tr.pgettext("dicemants", "bug")
    return tr.text(game.face(face).name, game.values)


def narrate(resolution: Resolution, game: Game, tr: Translator) -> list[str]:
    """Two or three sentences (often more for busy rolls) telling what the roll did, from its events."""
    events = list(resolution.events)

    def name(face: str) -> str:
        return face_name(game, tr, face)

    out: list[str] = []
    tier = next((e for e in events if e.kind == Kind.TIER), None)
    if tier is not None:
        out.extend(_tier_lead(tier, events, game, tr))
    lost = 0
    for i, event in enumerate(events):
        kind = event.kind
        if kind == Kind.FROM_LOST:
            out.append(tr.gettext("The die lost most recently comes back to the board."))
        elif kind == Kind.FROM_LOST_NONE:
            out.append(tr.gettext("The lost zone is empty, so no die comes back."))
        elif kind == Kind.BUG_FALLBACK_BAG:
            out.append(own(game, tr, event["cause"], "reaches") or tr.format(tr.gettext(
                "With no diamond left on the board, the {bug} takes the diamond put in your bag most recently."),
                bug=name(event["cause"])))
        elif kind == Kind.BUG_IDLE:
            out.append(own(game, tr, event["cause"], "idle")
                       or tr.format(tr.gettext("The {bug} finds no diamond to take."), bug=name(event["cause"])))
        elif kind == Kind.TO_LOST:
            cause = event["cause"]
            if cause == "pick":
                if event["position"] == event["cause_position"]:
                    out.append(tr.gettext("The pick is alone on the board, so the pick itself is lost."))
                else:
                    out.append(tr.format(
                        tr.gettext("The die closest to the pick, showing {face}, goes to the lost zone."),
                        face=name(event["die"].face)))
            elif _is_bug(game, cause):
                if not (i and events[i - 1].kind == Kind.BUG_FALLBACK_BAG):
                    out.append(own(game, tr, cause, "sends")
                               or tr.format(tr.gettext("The {bug} sends the diamond closest to it to the lost zone."),
                                            bug=name(cause)))
            else:
                lost += 1  # skull or thief: counted in one sentence below
        elif kind == Kind.VOID_ROLL:
            n = event["streak"]
            out.append(tr.format(tr.ngettext("Every die shows void: that makes {n:word} all-void roll in a row.",
                                             "Every die shows void: that makes {n:word} all-void rolls in a row.", n),
                                 n=n))
    if lost:
        out.append(tr.format(tr.ngettext("You lose {n:word} diamond to the lost zone.",
                                         "You lose {n:word} diamonds to the lost zone.",
                                         lost), n=lost))
    kept = sum(1 for e in events if e.kind == Kind.TO_BAG)
    if kept:
        out.append(tr.format(tr.ngettext("You put {n:word} diamond in your bag.",
                                         "You put {n:word} diamonds in your bag.", kept),
                             n=kept))
    out.extend(_ending(resolution, events, tr))
    return out


def own(game: Game, tr: Translator, face: str, event: str) -> str | None:
    """A bug's own sentence from the rules file, where it has one: each language can then inflect its name."""
    if face == BUG:
        return None
    from .spec import narration

    text = narration(game, face, event)
    return tr.text(text, game.values) if text else None


def _is_bug(game: Game, face: str) -> bool:
    from .spec import precedence

    bug_tier = next((t for t in precedence(game) if t.id == TierId.BUG), None)
    return face == BUG or (bug_tier is not None and face in bug_tier.faces)


def _tier_lead(tier: Event, events: list[Event], game: Game, tr: Translator) -> list[str]:
    """The sentence that says which tier acts and what it overrides."""
    match tier["tier"]:
        case TierId.TNT:
            return [tr.gettext("TNT acts and every other face is ignored.")]
        case TierId.SKULL:
            return [tr.gettext("The skull acts.")]  # the count of lost diamonds follows
        case TierId.PICK if len(events) and all(e["position"] == e["cause_position"]
                                                for e in events if e.kind == Kind.TO_LOST):
            return []  # a pick alone: its own sentence says it all
        case TierId.PICK:
            return [tr.gettext("The broken pick acts and every other face is ignored.")]
        case TierId.THIEF:
            return [tr.gettext("The thief acts.")]  # the count of lost diamonds follows
        case TierId.BUG:
            n = sum(1 for e in events if e.kind in (Kind.TO_LOST, Kind.BUG_IDLE) and _is_bug(game, e["cause"]))
            if n == 1:
                return [tr.gettext("A bug acts.")]
            return [tr.format(tr.ngettext("The {n:word} bug acts, from left to right.",
                                             "The {n:word} bugs act, from left to right.", n),
                              n=n)]
    return []


def _ending(resolution: Resolution, events: list[Event], tr: Translator) -> list[str]:
    """Whether the player must, may or cannot roll again, and what the turn banks."""
    end = next((e for e in events if e.kind == Kind.TURN_END), None)
    board = len(resolution.board)
    if end is not None:
        n = end["banked"]
        match end["reason"]:
            case End.LOCKED:
                why = tr.gettext("The locked way ends your turn.")
            case End.EMPTY_BOARD | End.PICK_EMPTY:
                why = tr.gettext("No die is left on the board, so your turn ends.")
            case _:
                why = tr.gettext("Your turn ends.")
        if n == 0:
            return [why, tr.gettext("You bank nothing.")]
        return [why, tr.format(tr.ngettext("You bank {n:word} diamond.", "You bank {n:word} diamonds.", n), n=n)]
    if resolution.reroll == Again.MANDATORY:
        return [tr.format(tr.ngettext("You must re-roll the {n:word} die on the board.",
                                      "You must re-roll the {n:word} dice on the board.", board), n=board)]
    if resolution.reroll == Again.OPTIONAL:
        return [tr.format(tr.ngettext("You may re-roll the {n:word} die left on the board, or stop and bank your bag.",
                                      "You may re-roll the {n:word} dice left on the board, or stop and bank your bag.",
                                      board), n=board)]
    return []
