"""Engine events told in the reader's language: the one place where Dicemants prose is made."""

from __future__ import annotations

from .engine.dicemants import BUG, Event, Resolution
from .i18n import Translator
from .model import Game


def face_name(game: Game, tr: Translator, face: str) -> str:
    """A face's name as the rules data and the catalog give it (`bug` names any bug)."""
    if face == BUG:
        return tr.pgettext("dicemants", "bug")
    return tr.text(game.face(face).name, game.values)


def narrate(resolution: Resolution, game: Game, tr: Translator) -> list[str]:
    """Two or three sentences (often more for busy rolls) telling what the roll did, from its events."""
    events = list(resolution.events)
    name = lambda face: face_name(game, tr, face)  # noqa: E731
    out: list[str] = []
    tier = next((e for e in events if e.kind == "tier"), None)
    if tier is not None:
        out.extend(_tier_lead(tier, events, game, tr))
    lost_by_cause: dict[str, int] = {}
    for i, event in enumerate(events):
        kind = event.kind
        if kind == "from_lost":
            out.append(tr.gettext("The die lost most recently comes back to the board."))
        elif kind == "from_lost_none":
            out.append(tr.gettext("The lost zone is empty, so no die comes back."))
        elif kind == "bug_fallback_bag":
            out.append(own(game, tr, event["cause"], "reaches") or tr.format(tr.gettext(
                "With no diamond left on the board, the {bug} takes the diamond put in your bag most recently."), bug=name(event["cause"])))
        elif kind == "bug_idle":
            out.append(own(game, tr, event["cause"], "idle") or tr.format(tr.gettext("The {bug} finds no diamond to take."), bug=name(event["cause"])))
        elif kind == "to_lost":
            cause = event["cause"]
            if cause == "pick":
                if event["position"] == event["cause_position"]:
                    out.append(tr.gettext("The pick is alone on the board, so the pick itself is lost."))
                else:
                    out.append(tr.format(tr.gettext("The die closest to the pick, showing {face}, goes to the lost zone."), face=name(event["die"].face)))
            elif _is_bug(game, cause):
                if not (i and events[i - 1].kind == "bug_fallback_bag"):
                    out.append(own(game, tr, cause, "sends") or tr.format(tr.gettext("The {bug} sends the closest diamond to the lost zone."), bug=name(cause)))
            else:
                lost_by_cause[cause] = lost_by_cause.get(cause, 0) + 1
        elif kind == "void_roll":
            n = event["streak"]
            out.append(tr.format(tr.ngettext("Every die shows void: that makes {n} all-void roll in a row.",
                                             "Every die shows void: that makes {n} all-void rolls in a row.", n), n=n))
    for cause, n in lost_by_cause.items():
        out.append(tr.format(tr.ngettext("{n} diamond goes to the lost zone.", "{n} diamonds go to the lost zone.", n), n=n))
    kept = sum(1 for e in events if e.kind == "to_bag")
    if kept:
        out.append(tr.format(tr.ngettext("{n} diamond goes to your bag.", "{n} diamonds go to your bag.", kept), n=kept))
    out.extend(_ending(resolution, events, tr))
    return out


def own(game: Game, tr: Translator, face: str, event: str) -> str | None:
    """A bug's own sentence from the rules file, where it has one: each language can then inflect its name."""
    if face == BUG:
        return None
    text = game.face(face).says(event)
    return tr.text(text, game.values) if text else None


def _is_bug(game: Game, face: str) -> bool:
    bug_tier = next((t for t in game.precedence if t.id == "bug"), None)
    return face == BUG or (bug_tier is not None and face in bug_tier.faces)


def _tier_lead(tier: Event, events: list[Event], game: Game, tr: Translator) -> list[str]:
    """The sentence that says which tier acts and what it overrides."""
    match tier["tier"]:
        case "tnt":
            return [tr.gettext("TNT acts and every other face is ignored.")]
        case "skull":
            return [tr.gettext("The skull acts.")]  # the count of lost diamonds follows
        case "pick" if len(events) and all(e["position"] == e["cause_position"] for e in events if e.kind == "to_lost"):
            return []  # a pick alone: its own sentence says it all
        case "pick":
            return [tr.gettext("The broken pick acts and every other face is ignored.")]
        case "thief":
            return [tr.gettext("The thief acts.")]  # the count of lost diamonds follows
        case "bug":
            n = sum(1 for e in events if e.kind in ("to_lost", "bug_idle") and _is_bug(game, e["cause"]))
            if n == 1:
                return [tr.gettext("A bug acts.")]
            return [tr.format(tr.ngettext("{n} bug acts, from left to right.", "{n} bugs act, from left to right.", n), n=n)]
    return []


def _ending(resolution: Resolution, events: list[Event], tr: Translator) -> list[str]:
    """Whether the player must, may or cannot roll again, and what the turn banks."""
    end = next((e for e in events if e.kind == "turn_end"), None)
    board = len(resolution.board)
    if end is not None:
        n = end["banked"]
        match end["reason"]:
            case "locked":
                why = tr.gettext("The locked way ends your turn.")
            case "empty_board" | "pick_empty":
                why = tr.gettext("No die is left on the board, so your turn ends.")
            case _:
                why = tr.gettext("Your turn ends.")
        if n == 0:
            return [why, tr.gettext("You bank nothing.")]
        return [why, tr.format(tr.ngettext("You bank {n} diamond.", "You bank {n} diamonds.", n), n=n)]
    if resolution.reroll == "mandatory":
        return [tr.format(tr.ngettext("You must re-roll the {n} die on the board.", "You must re-roll the {n} dice on the board.", board), n=board)]
    if resolution.reroll == "optional":
        return [tr.format(tr.ngettext("You may re-roll the {n} die left on the board, or stop and bank your bag.",
                                      "You may re-roll the {n} dice left on the board, or stop and bank your bag.", board), n=board)]
    return []
