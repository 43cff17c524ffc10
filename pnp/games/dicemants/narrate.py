"""Engine events told in the reader's language: the one place where Dicemants prose is made."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import Translator
from ...model import Game
from .engine import BUG, Again, DieInPlay, End, Event, Kind, Resolution, TierId


def face_name(game: Game, tr: Translator, face: str) -> str:
    """A face's name as the rules data and the catalog give it (`bug` names any bug)."""
    if face == BUG:
        return tr.pgettext("dicemants", "bug")
    return tr.text(game.face(face).name, game.values)


def narrate(resolution: Resolution, game: Game, tr: Translator) -> list[str]:
    """Two or three sentences (often more for busy rolls) telling what the roll did, from its events."""
    events = list(resolution.events)
    kept = [e for e in events if e.kind == Kind.TO_BAG]
    bugs = [e for e in events if e.kind == Kind.TO_LOST and _is_bug(game, e["cause"])]
    board_left = len(kept) + sum(1 for e in bugs if e["from_zone"] == "board")  # diamonds the bugs may take
    bag_left = len(resolution.bag) - len(kept) + sum(1 for e in bugs if e["from_zone"] == "bag")
    tier = next(e for e in events if e.kind == Kind.TIER)["tier"]

    out = _tier_lead(tier, resolution, events, game, tr)
    sent = False  # the bug before this one sent a board diamond away: the next one "does the same"
    # The row's diamonds before the bugs act, by position: a bug's tie-break is told (the rows: ties to the left).
    diamonds = {e["position"]: e["die"] for e in kept + [e for e in bugs if e["from_zone"] == "board"]}
    for event in events:
        kind = event.kind
        if kind == Kind.FROM_LOST and not resolution.lost:  # it was the only one: "most recently" says nothing
            out.append(tr.gettext("The only die in the lost zone comes back to the board."))
        elif kind == Kind.FROM_LOST:
            out.append(tr.gettext("The die lost most recently comes back to the board."))
        elif kind == Kind.FROM_LOST_NONE:
            out.append(tr.gettext("With the lost zone empty, no die comes back."))
        elif kind == Kind.BUG_FALLBACK_BAG:  # bug flag: the latest diamond of the bag; its loss follows
            out.append(_bug(game, tr, event["cause"], "reaches_one" if bag_left == 1 else "reaches"))
            bag_left -= 1
            sent = False
        elif kind == Kind.BUG_IDLE:
            out.append(_bug(game, tr, event["cause"], "idle"))
            sent = False
        elif kind == Kind.TO_LOST and event["cause"] == "pick":
            if event["position"] == event["cause_position"]:
                out.append(tr.gettext("The pick is alone on the board, so the pick itself goes to the lost zone."))
            else:
                out.append(tr.format(tr.gettext("Die {die}, the one closest to the pick, goes to the lost zone."),
                                     die=_letter(event["die"])))
        elif kind == Kind.TO_LOST and event["from_zone"] == "board" and _is_bug(game, event["cause"]):
            twin = diamonds.get(2 * event["cause_position"] - event["position"])  # as close, on the right
            diamonds.pop(event["position"], None)
            if twin is not None and twin is not event["die"]:
                out.append(_bug(game, tr, event["cause"], "tie", die=_letter(event["die"]), other=_letter(twin)))
            else:
                key = "then" if sent else "only" if board_left == 1 else "sends"
                out.append(_bug(game, tr, event["cause"], key, die=_letter(event["die"])))
            board_left -= 1
            sent = True
        elif kind == Kind.VOID_ROLL:
            out.append(_void_roll(event, events, tr))
    if tier in (TierId.SKULL, TierId.THIEF):  # every diamond lost at once: told in one sentence
        lost = [e for e in events if e.kind == Kind.TO_LOST]
        out.append(_skull_loses(lost, tr) if tier == TierId.SKULL else _thief_steals(lost, tr))
    out.extend(_kept(kept, any(e["from_zone"] == "board" for e in bugs), tr))
    out.extend(_ending(resolution, events, tr, told=bool(kept) and bag_left == 0))
    return out


def _letter(die: DieInPlay) -> str:
    """The die's letter as the example prints it under the die (its place in the row for an impossible roll)."""
    return die.id.lstrip("?")


_GENERIC: dict[str, Callable[[Translator], str]] = {
    "sends": lambda tr: tr.gettext("The {bug} sends the diamond closest to it, die {die}, to the lost zone."),
    "then": lambda tr: tr.gettext("Then the {bug} does the same with die {die}."),
    "only": lambda tr: tr.gettext("The {bug} sends die {die}, the only diamond on the board, to the lost zone."),
    "tie": lambda tr: tr.gettext("Dice {die} and {other} are equally close to the {bug}, so the one on the left, "
                                 "die {die}, goes to the lost zone."),
    "reaches": lambda tr: tr.gettext("With no diamond left on the board, the {bug} takes the diamond you put in your "
                                     "bag most recently and sends it to the lost zone."),
    "reaches_one": lambda tr: tr.gettext("With no diamond left on the board, the {bug} takes the diamond in your bag "
                                         "and sends it to the lost zone."),
    "idle": lambda tr: tr.gettext("The {bug} finds no diamond to take."),
}
"""A bug's sentences where the rules file gives the bug none of its own (and for `bug`, any bug)."""


def _bug(game: Game, tr: Translator, face: str, event: str, **values: str) -> str:
    """A bug's own sentence from the rules file, where it has one: each language can then inflect its name."""
    from .spec import narration

    text = None if face == BUG else narration(game, face, event)
    if text is not None:
        return tr.text(text, {**game.values, **values})
    return tr.format(_GENERIC[event](tr), bug=face_name(game, tr, face), **values)


def _is_bug(game: Game, face: str) -> bool:
    from .spec import precedence

    bug_tier = next((t for t in precedence(game) if t.id == TierId.BUG), None)
    return face == BUG or (bug_tier is not None and face in bug_tier.faces)


def _outranked(resolution: Resolution, events: list[Event], game: Game, tr: Translator) -> tuple[str, int]:
    """The special faces left on the board that the acting tier overrides, named as a list, and how many: the
    faces of the tiers below it, and a locked way it does not combine with."""
    from .spec import precedence

    lead = next(e for e in events if e.kind == Kind.TIER)
    ignored = set(lead["ignored"]) - {TierId.PLAIN}
    tier_of = {f: t.id for t in precedence(game) for f in t.faces}
    faces = [f for f in resolution.board if tier_of.get(f, TierId.BUG if f == BUG else None) in ignored
             or (f == "locked" and not lead["locked"])]  # precedence: locked combines with some tiers only
    # TRANSLATORS: a Dicemants face named in a list of the faces a tier overrides ("the broken pick and the locked
    # way"): write the article your language repeats before each name, or {face} alone.
    each = tr.pgettext("dicemants face in a list", "the {face}")
    return tr.join([tr.format(each, face=face_name(game, tr, f)) for f in faces]), len(faces)


def _tier_lead(tier: str, resolution: Resolution, events: list[Event], game: Game, tr: Translator) -> list[str]:
    """The sentence that says which tier acts and what it overrides (none where the next sentence says it all)."""
    match tier:
        case TierId.TNT:
            returned = sum(1 for e in events if e.kind == Kind.FROM_LOST)
            rolled = resolution.board[:len(resolution.board) - returned]
            n = rolled.count("diamond")  # TNT: every other face is ignored, diamonds included
            if n == 0:
                return [tr.gettext("TNT acts, and every other face is ignored.")]
            if n == 1:
                return [tr.gettext("TNT acts, and every other face is ignored, so your diamond does not go into "
                                   "your bag.")]
            return [tr.format(tr.ngettext(
                "TNT acts, and every other face is ignored, so your {n:word} diamond does not go into your bag.",
                "TNT acts, and every other face is ignored, so your {n:word} diamonds do not go into your bag.", n),
                n=n)]
        case TierId.SKULL:
            faces, n = _outranked(resolution, events, game, tr)
            if not n:
                return [tr.gettext("The skull strikes.")]
            return [tr.format(tr.ngettext("The skull outranks {faces}, which does nothing.",
                                          "The skull outranks {faces}, which do nothing.", n), faces=faces)]
        case TierId.PICK if all(e["position"] == e["cause_position"] for e in events if e.kind == Kind.TO_LOST):
            return []  # a pick alone: its own sentence says it all
        case TierId.PICK:
            return [tr.gettext("The broken pick acts and every other face is ignored.")]
        case TierId.THIEF:
            faces, n = _outranked(resolution, events, game, tr)
            if not n:
                return []  # the thief's own sentence names it
            return [tr.format(tr.ngettext("The thief outranks {faces}, which does nothing.",
                                          "The thief outranks {faces}, which do nothing.", n), faces=faces)]
        case TierId.BUG:
            n = sum(1 for e in events if e.kind in (Kind.TO_LOST, Kind.BUG_IDLE) and _is_bug(game, e["cause"]))
            if n > 1:  # one bug: its own sentence names it
                return [tr.gettext("The bugs act from left to right.")]
    return []


def _skull_loses(lost: list[Event], tr: Translator) -> str:
    """Skull: every diamond on the board and in the bag goes to the lost zone."""
    board = sum(1 for e in lost if e["from_zone"] == "board")
    bag = len(lost) - board
    if board and bag:
        return tr.format(tr.ngettext("Every diamond on the board and in your bag goes to the lost zone: {n:word} "
                                     "diamond in all.",
                                     "Every diamond on the board and in your bag goes to the lost zone: {n:word} "
                                     "diamonds in all.", len(lost)), n=len(lost))
    if bag == 1:
        return tr.gettext("The diamond in your bag goes to the lost zone.")
    if bag:
        return tr.format(tr.ngettext("All {n:word} diamond in your bag goes to the lost zone.",
                                     "All {n:word} diamonds in your bag go to the lost zone.", bag), n=bag)
    if board == 1:
        return tr.gettext("The only diamond on the board goes to the lost zone.")
    if board == 2:
        return tr.gettext("Both diamonds on the board go to the lost zone.")
    if board:
        return tr.format(tr.ngettext("All {n:word} diamond on the board goes to the lost zone.",
                                     "All {n:word} diamonds on the board go to the lost zone.", board), n=board)
    return tr.gettext("There is no diamond on the board or in your bag for the skull to take.")


def _thief_steals(lost: list[Event], tr: Translator) -> str:
    """Thief: every diamond on the board and in the bag goes to the lost zone."""
    n = len(lost)
    if n == 0:
        return tr.gettext("The thief finds no diamond to steal.")
    if n == 1:
        return tr.gettext("The thief sends your only diamond to the lost zone.")
    if n == 2:
        return tr.gettext("The thief sends both your diamonds to the lost zone.")
    return tr.format(tr.ngettext("The thief sends all {n:word} diamond to the lost zone.",
                                 "The thief sends all {n:word} diamonds to the lost zone.", n), n=n)


def _kept(kept: list[Event], after_bug: bool, tr: Translator) -> list[str]:
    """The diamonds that go into the bag: what the bugs left, or every diamond rolled."""
    n = len(kept)
    if n == 0:
        return []
    if after_bug:
        if n == 1:
            return [tr.format(tr.gettext("The remaining diamond, die {die}, goes into your bag."),
                              die=_letter(kept[0]["die"]))]
        return [tr.format(tr.ngettext("The {n:word} remaining diamond goes into your bag.",
                                      "The {n:word} remaining diamonds go into your bag.", n), n=n)]
    if n == 1:
        return [tr.format(tr.gettext("The only diamond, die {die}, goes into your bag."), die=_letter(kept[0]["die"]))]
    if n == 2:
        return [tr.gettext("Both diamonds go into your bag.")]
    return [tr.format(tr.ngettext("All {n:word} diamond goes into your bag.",
                                  "All {n:word} diamonds go into your bag.", n), n=n)]


def _void_roll(event: Event, events: list[Event], tr: Translator) -> str:
    """An all-void roll: the count so far, and the end of the turn when it reaches the limit."""
    n = event["streak"]
    end = next((e for e in events if e.kind == Kind.TURN_END), None)
    if end is None or end["reason"] != End.VOID_STREAK:
        if n == 1:
            return tr.gettext("Every die shows void.")
        return tr.format(tr.ngettext("Every die shows void again: that makes {n:word} all-void roll in a row.",
                                     "Every die shows void again: that makes {n:word} all-void rolls in a row.", n),
                         n=n)
    if n == 1:  # a limit of one: the first all-void roll ends the turn
        if end["banked"]:
            return tr.gettext("Every die shows void, so your turn ends and you bank your bag.")
        return tr.gettext("Every die shows void, so your turn ends and you bank nothing.")
    if end["banked"]:
        return tr.format(tr.ngettext(
            "Every die shows void again: that is {n:word} all-void roll in a row, so your turn ends and you bank "
            "your bag.",
            "Every die shows void again: that is {n:word} all-void rolls in a row, so your turn ends and you bank "
            "your bag.", n), n=n)
    return tr.format(tr.ngettext(
        "Every die shows void again: that is {n:word} all-void roll in a row, so your turn ends and you bank "
        "nothing.",
        "Every die shows void again: that is {n:word} all-void rolls in a row, so your turn ends and you bank "
        "nothing.", n), n=n)


def _ending(resolution: Resolution, events: list[Event], tr: Translator, told: bool = False) -> list[str]:
    """Whether the player must, may or cannot roll again, and what the turn banks.

    `told`: the sentence before counted every diamond of the bag (it held none before the roll), so the
    bank is not counted again; nor are the dice on the board, which the example shows.
    """
    end = next((e for e in events if e.kind == Kind.TURN_END), None)
    board = len(resolution.board)
    if end is not None:
        n = end["banked"]
        match end["reason"]:
            case End.VOID_STREAK:
                return []  # told with the all-void roll
            case End.LOCKED if n and told:
                return [tr.gettext("The locked way ends your turn: you bank your bag.")]
            case End.EMPTY_BOARD | End.PICK_EMPTY if n and told:
                return [tr.gettext("With no die left on the board, your turn ends and you bank your bag.")]
            case End.LOCKED if n:
                return [tr.format(tr.ngettext("The locked way ends your turn: you bank {n:word} diamond.",
                                              "The locked way ends your turn: you bank {n:word} diamonds.", n), n=n)]
            case End.LOCKED:
                return [tr.gettext("The locked way ends your turn: you bank nothing.")]
            case End.EMPTY_BOARD | End.PICK_EMPTY if n:
                return [tr.format(tr.ngettext(
                    "With no die left on the board, your turn ends and you bank {n:word} diamond.",
                    "With no die left on the board, your turn ends and you bank {n:word} diamonds.", n), n=n)]
            case End.EMPTY_BOARD | End.PICK_EMPTY:
                return [tr.gettext("With no die left on the board, your turn ends and you bank nothing.")]
            case _ if n:
                return [tr.format(tr.ngettext("Your turn ends and you bank {n:word} diamond.",
                                              "Your turn ends and you bank {n:word} diamonds.", n), n=n)]
            case _:
                return [tr.gettext("Your turn ends and you bank nothing.")]
    if resolution.reroll == Again.MANDATORY:
        if board == 1:
            return [tr.gettext("You must re-roll the die on the board.")]
        if not any(e.kind == Kind.FROM_LOST for e in events):  # the count matters only with a die come back
            if resolution.tier == TierId.PICK:
                return [tr.gettext("You must re-roll the dice left on the board.")]
            return [tr.gettext("You must re-roll every die on the board.")]
        if board == 2:
            return [tr.gettext("You must re-roll both dice on the board.")]
        return [tr.format(tr.ngettext("You must re-roll all {n:word} die on the board.",
                                      "You must re-roll all {n:word} dice on the board.", board), n=board)]
    if resolution.reroll == Again.OPTIONAL and not resolution.bag:  # nothing to bank: said, not implied
        if board == 1:
            return [tr.gettext("You may re-roll the last die on the board or stop, though your bag is empty and "
                               "you would bank nothing.")]
        return [tr.gettext("You may re-roll the dice left on the board or stop, though your bag is empty and you "
                           "would bank nothing.")]
    if resolution.reroll == Again.OPTIONAL:
        if board == 1:
            return [tr.gettext("You may re-roll the last die on the board or stop and bank your bag.")]
        return [tr.gettext("You may re-roll the dice left on the board or stop and bank your bag.")]
    return []
