"""Dicemants as the shared code sees it: its parameters, its own rules-file keys, its tables, sheets and book."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from ...i18n import Either, Translator, names, placeholder_problems
from ...model import Face, FieldPath, FrozenDict, Game, Params, Range, Sentence, Text
from ...rules import ID, MAX_DICE, Checker, kind_of
from ...sheets.options import BLANK_DIE
from ..gamespec import GameSpec, Sheet
from .book import BALANCE, DicemantsBook, dicemants_rules
from .kit import mine_layout, score_pad

if TYPE_CHECKING:
    from ...solver import Solution
    from ..protocols import Policy

NARRATION = ("sends", "then", "only", "tie", "reaches", "reaches_one", "idle")
"""What a bug's own sentences tell: it sends a board diamond away (first, after another bug, the only one
left, or the left one of two equally close), reaches into the bag (holding several diamonds, or one), finds
nothing."""
LETTERED = frozenset({"sends", "then", "only", "tie"})
"""The bug's sentences that may name the die it sends away: `{die}`, that die's letter, filled when told."""
TIED = frozenset({"tie"})
"""The bug's sentences that may also name the die it spares by the tie-break: `{other}`."""
BUG = "bug"
"""In an example roll, `bug` stands for any bug face."""
MAX_TIERS = 12
"""Steps of the precedence (the engine knows six)."""
MAX_PINNED = 20
"""The source text's example rolls (it has nine)."""


@dataclass(frozen=True)
class DicemantsParams(Params):
    """The numbers of a Dicemants game."""

    goal: Annotated[int, Range(1, 100)]
    """Diamonds a player must bank to win (21)."""
    max_dice: Annotated[int, Range(1, MAX_DICE)]
    """The most dice a player may roll at the start of a turn, at most the number of dice: the exact odds
    enumerate every roll of that many dice in order (8 dice: 4 s)."""
    void_streak_limit: Annotated[int, Range(1, 6)]
    """All-void rolls in a row that end a turn."""

    def check(self, game: Game) -> Iterator[tuple[FieldPath, str]]:
        if self.max_dice > len(game.dice):  # a turn starts with at most every die (the engine rolls each kind once)
            yield ("params", "max_dice"), f"must be 1 to {len(game.dice)}, the number of dice, found {self.max_dice}"


@dataclass(frozen=True)
class Tier:
    """One step of the precedence: which faces act, what they do, and whether a locked way adds to it."""

    id: str
    faces: tuple[str, ...]
    text: Sentence
    with_locked: bool = False


params = DicemantsParams.of
"""The game's parameters, typed."""


def precedence(game: Game) -> tuple[Tier, ...]:
    """The tiers, highest first."""
    tiers: tuple[Tier, ...] = game.extras.get("precedence", ())
    return tiers


def pinned(game: Game) -> tuple[tuple[str, ...], ...]:
    """The source text's example rolls, in rolling order."""
    rolls: tuple[tuple[str, ...], ...] = game.extras.get("examples", ())
    return rolls


def narration(game: Game, face_id: str, event: str) -> Sentence | None:
    """A bug's own sentence for an event (one of NARRATION), if the rules file gives one."""
    told: Mapping[str, Sentence] = game.face(face_id).extras.get("narration", FrozenDict())
    return told.get(event)


def _precedence(ck: Checker, value: Any, path: tuple[Any, ...], face_ids: frozenset[str]) -> tuple[Tier, ...]:
    tiers: list[Tier] = []
    seen: set[str | None] = set()
    for i, raw in enumerate(ck.listing(value, path, 0, MAX_TIERS)):
        where = path + (i,)
        m = ck.mapping(raw, where, {"tier", "faces", "text"}, {"with_locked"})
        if m is None:
            continue
        tier_id = ck.string(m.get("tier"), where + ("tier",), ID)
        if tier_id in seen:
            ck.fail(where + ("tier",), f"tier '{tier_id}' appears twice")
        seen.add(tier_id)
        faces = ck.listing(m.get("faces"), where + ("faces",), 1)
        for j, face in enumerate(faces):
            ck.face(face, where + ("faces", j), face_ids)
        with_locked = m.get("with_locked", False)
        if not isinstance(with_locked, bool):
            ck.fail(where + ("with_locked",), f"expected true or false, found {kind_of(with_locked)}")
        text = ck.text(m.get("text"), where + ("text",))
        if not with_locked and any(t.with_locked for t in tiers):  # the locked way's face row names these first
            ck.fail(where + ("with_locked",), "a tier a locked way does not act with must come before every tier "
                                              "it acts with")
        if tier_id and text:
            tiers.append(Tier(tier_id, tuple(faces), text, bool(with_locked)))
    return tuple(tiers)


def _examples(ck: Checker, value: Any, path: tuple[Any, ...], face_ids: frozenset[str]) -> tuple[tuple[str, ...], ...]:
    """Pinned example rolls: lists of face ids in rolling order (`bug` stands for any bug)."""
    rolls = []
    for i, raw in enumerate(ck.listing(value, path, 0, MAX_PINNED)):
        faces = ck.listing(raw, path + (i,), 1, MAX_DICE)  # a roll shows at most every die
        for j, face in enumerate(faces):
            ck.face(face, path + (i, j), face_ids | {BUG})
        rolls.append(tuple(faces))
    return tuple(rolls)


def _narration(ck: Checker, value: Any, path: tuple[Any, ...], face_ids: frozenset[str]) -> FrozenDict[str, Text]:
    """A bug's own sentences: plain sentences whose placeholders, where LETTERED and TIED allow them, are
    `{die}` and `{other}`."""
    m = ck.mapping(value, path, set(), set(NARRATION)) or {}
    told = {}
    for key in (k for k in NARRATION if k in m):
        where = path + (key,)
        text = ck.text(m[key], where)
        if not isinstance(text, Text) or text.plural is not None:
            if text is not None:
                ck.fail(where, "a bug's sentence is one plain sentence (no count, no flag)")
            continue
        # {die} is filled when the roll is told, not from the rules data: checked here, not by the loader.
        ck.texts.remove((text, where))
        problems = placeholder_problems(text.msgid)
        for problem, _ in problems:
            ck.fail(where, problem)
        allowed = ({"die"} if key in LETTERED else set()) | ({"other"} if key in TIED else set())
        for name in sorted(names(text.msgid) - allowed if not problems else ()):
            ck.fail(where, f"placeholder {{{name}}} is not one a bug's sentence may hold "
                           f"({', '.join('{' + a + '}' for a in sorted(allowed)) or 'none'})")
        told[key] = text
    return FrozenDict(told)


def _derive(game: Game) -> Mapping[str, Any]:
    # The tiers a locked way combines with, by their place in the precedence (`4, 5, and 6`); the faces of the
    # others, any one of which keeps it from acting (`TNT, skull, or broken pick`): those tiers come first.
    tiers = precedence(game)
    with_locked = tuple(i + 1 for i, t in enumerate(tiers) if t.with_locked)
    overrules = Either(game.face(f).name for t in tiers if not t.with_locked for f in t.faces)
    return {"locked_tiers": with_locked, "overrules_locked": overrules}


def _context(game: Game, tr: Translator) -> Mapping[str, Any]:
    """What the Dicemants partials use: the tiers, their faces' names, the locked way."""
    return {
        "precedence": precedence(game),
        "tier_names": lambda tier: [tr.text(game.face(f).name, game.values) for f in tier.faces],
        # The locked way adds to the tiers marked with_locked.
        "locked": next((f for f in game.faces if f.id == "locked"), None),
        "also_needed": lambda: [_dice_needed(game, tr)] if game.dice else [],
        "effects": lambda: _effects(game),
    }


def _effects(game: Game) -> list[Face]:
    """The faces table in the order of the precedence, tier 1 first, so that it reads as the precedence does; a face
    in no tier (the locked way, which adds to some) after them, in the data's order."""
    tiered = [f for t in precedence(game) for f in t.faces]
    order = {face: i for i, face in enumerate(tiered)}
    return sorted((f for f in game.faces if f.effect), key=lambda f: order.get(f.id, len(tiered)))


def _dice_needed(game: Game, tr: Translator) -> str:
    """The game's own dice head "Also needed": the kit makes them from blank dice and stickers, or paper dice."""
    n = sum(die.count or 1 for die in game.dice)
    return tr.format(tr.ngettext(
        "the {n:word} die, {first}: a blank {size} mm die with the kit's sticker, or the kit's paper die",
        "the {n:word} dice, {first} to {last}: blank {size} mm dice with the kit's stickers, or the kit's paper dice",
        n), n=n, first=game.dice[0].id, last=game.dice[-1].id, size=BLANK_DIE)


def _solution(game: Game) -> Solution:
    from .solve import solution  # NumPy and SciPy, loaded only for a solve

    return solution(dicemants_rules(game))


def _playing(game: Game, tr: Translator) -> Any:
    from .playing import playing_view  # the solution, kept on disk; NumPy and SciPy when it is solved

    return playing_view(dicemants_rules(game), tr)


def _optimal(game: Game) -> Policy[Any, Any]:
    from .solve import Optimal  # NumPy and SciPy, loaded only when the solved play is seated

    return Optimal(dicemants_rules(game))


SPEC = GameSpec(
    id="dicemants",
    params=DicemantsParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    flags=("bug_takes_from_bag",),
    keys=FrozenDict({"precedence": _precedence, "examples": _examples}),
    face_keys=FrozenDict({"narration": _narration}),
    tables=FrozenDict({"precedence": lambda game: bool(precedence(game))}),
    derive=_derive,
    context=_context,
    sheets=(Sheet("mats", mine_layout, lambda tr, game: tr.gettext("Mat"), wanted=lambda game: game.has_part("mat")),),
    book=DicemantsBook(),
    solve=lambda game: _solution(game),
    optimal=lambda game: _optimal(game),
    playing=_playing,
    balance=BALANCE,
)
