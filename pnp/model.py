"""The rules model: frozen value objects built from a validated rules file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LANGS = ("en", "es", "ca", "ru")
"""The languages every rulebook and kit is made in; English is the source."""

GAME_IDS = ("dicemants", "gang-of-dice", "dice-arena", "dead-mans-dice")
"""The games we ship, in the order they are built."""


@dataclass(frozen=True)
class Text:
    """A sentence of the rulebook in English, translated through the catalogs."""

    msgid: str
    """The English text; `{name}` placeholders name values of the rules data."""
    plural: str | None = None
    """The English plural form, when the text depends on a count."""
    n: str | None = None
    """The value whose number picks the plural form."""
    context: str = ""
    """The gettext context: the game id, so two games may word a term differently."""
    line: int | None = None
    """Where the text stands in its rules file."""


@dataclass(frozen=True)
class Choice:
    """A sentence that follows a rules flag: `then` when the flag is on, `otherwise` when off."""

    flag: str
    then: Text
    otherwise: Text


@dataclass(frozen=True)
class Face:
    """A kind of face a die can show."""

    id: str
    name: Text
    art: str
    """The symbol drawn for it (see pnp.draw.faces)."""
    effect: Text | None = None
    pips: int | None = None
    value: int | None = None
    """What the face scores or counts as, where the game reads a number."""
    narration: tuple[tuple[str, Text], ...] = ()
    """Sentences the worked examples tell about this face, by event (`sends`, `reaches`, `idle`)."""

    def says(self, event: str) -> Text | None:
        """The face's own sentence for an event, if the rules file gives one."""
        return dict(self.narration).get(event)


@dataclass(frozen=True)
class Die:
    """One kind of physical die: its six faces, and how many the game uses."""

    id: str
    name: Text
    faces: tuple[str, ...]
    count: int | None = None
    """Dice of this kind in the whole game, when fixed."""
    per_player: int | None = None
    """Dice of this kind each player holds, when it does not depend on the player count."""
    per_player_by_count: tuple[tuple[int, int], ...] = ()
    """Dice each player holds, by number of players."""
    opposite_pairs: tuple[tuple[int, int], ...] = ((0, 5), (1, 4), (2, 3))
    """Which face positions sit opposite on the cube (pips: opposite sides sum to 7)."""

    def dice_for(self, players: int) -> int:
        """How many dice of this kind a game with this many players needs."""
        if self.count is not None:
            return self.count
        if self.per_player is not None:
            return self.per_player * players
        return dict(self.per_player_by_count)[players] * players


@dataclass(frozen=True)
class Card:
    """A Gang of Dice warning card: a colour and a condition from the predicate vocabulary."""

    id: str
    colour: str
    condition: str
    n: int | None = None
    values: tuple[int, ...] = ()
    ours: bool = False
    """A card of our own design rather than a known published one."""


@dataclass(frozen=True)
class Tier:
    """One step of a precedence order: which faces act, and what they do."""

    id: str
    faces: tuple[str, ...]
    text: Text
    with_locked: bool = False


@dataclass(frozen=True)
class Part:
    """A component that is not a die or a card (a pad, a mat, a pencil)."""

    id: str
    name: Text
    count: int | None = None


@dataclass(frozen=True)
class Block:
    """A piece of rulebook content: a paragraph, a list, a note or a table made from data."""

    kind: str
    """`para`, `steps`, `items`, `note` or `table`."""
    text: Text | None = None
    items: tuple["Block", ...] = ()
    table: str | None = None
    term: Text | None = None


@dataclass(frozen=True)
class Section:
    """A rulebook section: its id (fixed across games), optional own title, and content."""

    id: str
    blocks: tuple[Block, ...]
    title: Text | None = None


@dataclass(frozen=True)
class Game:
    """Everything the rules file says about one game."""

    id: str
    file: str
    titles: dict[str, str]
    tagline: Text
    designer: str
    year: int
    publisher: str | None
    credit: Text | None
    players: tuple[int, int]
    age: int
    duration: tuple[int, int]
    params: dict[str, Any]
    faces: tuple[Face, ...]
    dice: tuple[Die, ...]
    cards: tuple[Card, ...]
    parts: tuple[Part, ...]
    precedence: tuple[Tier, ...]
    sections: tuple[Section, ...]
    flags: dict[str, Any] = field(default_factory=dict)
    pinned: tuple[tuple[str, ...], ...] = ()
    """Rolls kept from the source text as worked examples: faces only, outcomes computed."""
    pinned_lines: tuple[int, ...] = ()
    """Where each pinned roll stands in the rules file."""

    def face(self, face_id: str) -> Face:
        """The face kind with this id."""
        return next(f for f in self.faces if f.id == face_id)

    def copies(self, face_id: str) -> int:
        """How many faces of the game's fixed dice show this face."""
        return sum(d.faces.count(face_id) * (d.count or 0) for d in self.dice)

    def section(self, section_id: str) -> Section | None:
        """The rulebook section with this id, if the game has one."""
        return next((s for s in self.sections if s.id == section_id), None)

    @property
    def values(self) -> dict[str, Any]:
        """Every value a rulebook sentence may name as a `{placeholder}`."""
        out: dict[str, Any] = {
            "players_min": self.players[0],
            "players_max": self.players[1],
            "age": self.age,
            "duration_min": self.duration[0],
            "duration_max": self.duration[1],
            "dice_total": sum(d.count or 0 for d in self.dice),
            "dice_kinds": len(self.dice),
            "cards_total": len(self.cards),
            # Dicemants: the tiers a locked way combines with, by their place in the precedence.
            "locked_tiers": [i + 1 for i, t in enumerate(self.precedence) if t.with_locked],
            # Names of the faces that stand on one face of one die only: a roll shows each at most once.
            "faces_on_one_die": [f.name for f in self.faces if self.copies(f.id) == 1],
        }
        for die in self.dice:  # e.g. {per_player_regular}: dice of that kind each player holds
            if die.per_player is not None:
                out[f"per_player_{die.id.replace('-', '_')}"] = die.per_player
        out.update(self.params)
        out.update(self.flags)
        return out
