"""The rules model: frozen, hashable value objects built from a validated rules file; no game named here."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from .errors import InputError, Problem

K = TypeVar("K")
V = TypeVar("V")
P = TypeVar("P", bound="Params")


class FrozenDict(Mapping[K, V]):
    """A mapping that cannot change after it is made, and so can be hashed (a Game is a cache key)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | Any = (), /) -> None:
        self._data: dict[K, V] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (self._data,))


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


Sentence = Text | Choice
"""Any sentence of a rules file: plain or plural text, or a pair that follows a flag."""


@dataclass(frozen=True)
class Range:
    """The whole numbers a number of a rules file may be, `low` to `high`: what a real game needs, and no more
    than its engine plays in good time. A parameter declares it as `goal: Annotated[int, Range(1, 100)]`."""

    low: int
    high: int
    keys: Range | None = None
    """For a mapping of whole numbers (`{round: dice}`): the range of its keys."""

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low} to {self.high}"


FieldPath = tuple[str | int, ...]
"""Where a value stands in a rules file: keys and list indexes (`("params", "max_dice")`)."""


@dataclass(frozen=True)
class Params:
    """A game's own parameters; each game subclasses this with typed, documented fields.

    Every number is `Annotated[int, Range(low, high)]` (or `Annotated[FrozenDict[int, int], Range(...)]`):
    the loader refuses, located, a value outside its range.
    """

    def check(self, game: Game) -> Iterator[tuple[FieldPath, str]]:
        """What is wrong with these parameters together with the rest of the rules (`max_dice` above the
        number of dice): each problem's field path and message. The loader calls it once the rules are
        otherwise valid."""
        return iter(())

    def values(self) -> dict[str, Any]:
        """The parameters by name, for `{placeholder}`s in the rulebook sentences."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def of(cls: type[P], game: Game) -> P:
        """A game's parameters as this class: what its package reads (`DicemantsParams.of(game).goal`)."""
        if not isinstance(game.params, cls):
            raise TypeError(f"{game.id}: its parameters are {type(game.params).__name__}, not {cls.__name__}")
        return game.params


@dataclass(frozen=True)
class Face:
    """A kind of face a die can show."""

    id: str
    name: Sentence
    art: str
    """The symbol drawn for it (see pnp.draw.faces)."""
    effect: Sentence | None = None
    pips: int | None = None
    value: int | None = None
    """What the face scores or counts as, where the game reads a number."""
    extras: FrozenDict[str, Any] = FrozenDict()
    """What the face's game adds to it (its own keys in the rules file, read by the game's package)."""


@dataclass(frozen=True)
class Die:
    """One kind of physical die: its six faces, and how many the game uses."""

    id: str
    name: Sentence
    faces: tuple[str, ...]
    count: int | None = None
    """Dice of this kind in the whole game, when fixed."""
    per_player: int | None = None
    """Dice of this kind each player holds, when it does not depend on the player count."""
    per_player_by_count: tuple[tuple[int, int], ...] = ()
    """Dice each player holds, by number of players."""
    opposite_pairs: tuple[tuple[int, int], ...] = ((0, 5), (1, 4), (2, 3))
    """Which face positions sit opposite on the cube (pips: opposite sides sum to 7)."""
    table: int | None = None
    """Dice of this kind the whole table shares, when players roll more in groups (Gang of Dice's 12)."""
    paper: bool = True
    """Whether a folded paper die can stand in for it (not for dice that are thrown at others or piled up)."""
    blank: bool = True
    """Whether the kit prints full sticker sets for blank dice (not when ordinary dice are all a table needs)."""

    def to_make(self, players_max: int) -> int:
        """How many dice of this kind a table makes or buys: the fixed count, the shared set, else the most
        players' worth."""
        if self.count is not None:
            return self.count
        if self.table is not None:
            return self.table
        return self.dice_for(players_max)

    def ordinary(self, faces: Mapping[str, Face]) -> tuple[int, int] | None:
        """(face position, pips) when an ordinary d6 becomes this die with one sticker on that pip face.

        A die of pips 1–6 at their positions except one face drawn otherwise is such a die; a die of pips
        only is an ordinary die already (None), and so is a die of any other faces (None: blank dice only).
        """
        odd = [i for i, face_id in enumerate(self.faces) if faces[face_id].pips != i + 1]
        return (odd[0], odd[0] + 1) if len(odd) == 1 else None

    def is_ordinary(self, faces: Mapping[str, Face]) -> bool:
        """An ordinary d6 as it is: pips 1 to 6."""
        return all(faces[face_id].pips == i + 1 for i, face_id in enumerate(self.faces))

    def dice_for(self, players: int) -> int:
        """How many dice of this kind a game with this many players needs."""
        if self.count is not None:
            return self.count
        if self.per_player is not None:
            return self.per_player * players
        by_count = dict(self.per_player_by_count)
        if players not in by_count:
            raise ValueError(f"die {self.id}: no dice given for {players} players")
        return by_count[players] * players


@dataclass(frozen=True)
class Part:
    """A component that is not a die or a card (a pad, a mat, a pencil)."""

    id: str
    name: Sentence
    """Its name in a running list of the rulebook (`pencil`; Spanish «un lápiz»)."""
    count: int | None = None
    buy: bool = True
    """Whether the what-to-print page's shopping list names it: not a part the sheets make (a pad, a mat), nor the
    dice, which the list names from the dice data."""
    item: Sentence | None = None
    """Its name as a row of the shopping list, beside its count: a bare noun, capitalised (`Pencil`; «Lápiz»).
    Every part to buy has one."""


@dataclass(frozen=True)
class Block:
    """A piece of rulebook content: a paragraph, a list, a note or a table made from data."""

    kind: str
    """`para`, `term`, `steps`, `items`, `note` or `table`."""
    text: Sentence | None = None
    items: tuple[Block, ...] = ()
    table: str | None = None
    term: Sentence | None = None


@dataclass(frozen=True)
class Section:
    """A rulebook section: its id (fixed across games), optional own title, and content."""

    id: str
    blocks: tuple[Block, ...]
    title: Sentence | None = None


@dataclass(frozen=True)
class Game:
    """Everything the rules file says about one game; immutable and hashable."""

    id: str
    file: str
    titles: FrozenDict[str, str]
    tagline: Sentence
    designer: str
    """The designer's name as written (English); `designer_in` gives it in a language with its own form."""
    year: int | None
    publisher: str | None
    credit: Sentence | None
    players: tuple[int, int]
    age: int
    duration: tuple[int, int]
    params: Params
    """The game's typed parameters (its package's Params subclass)."""
    faces: tuple[Face, ...]
    dice: tuple[Die, ...]
    parts: tuple[Part, ...]
    sections: tuple[Section, ...]
    flags: FrozenDict[str, bool] = FrozenDict()
    extras: FrozenDict[str, Any] = FrozenDict()
    """What only this game's package reads: its own keys of the rules file, already validated."""
    derived: FrozenDict[str, Any] = FrozenDict()
    designers: FrozenDict[str, str] = FrozenDict()
    """The designer's name by language, where a language writes it its own way (Russian: in Cyrillic)."""
    """Values the game's package derives from the data, for `{placeholder}`s (e.g. Dicemants' locked tiers)."""
    lines: FrozenDict[str, int] = FrozenDict()
    """Where each top-level key stands in the rules file, for errors found after loading."""

    def title_in(self, lang: str) -> str:
        """The game's title for a reader of `lang`: the rules file's title in that language, else the English one."""
        return self.titles.get(lang, self.titles["en"])

    def designer_in(self, lang: str) -> str:
        """The designer's name as a reader of `lang` writes it."""
        return self.designers.get(lang, self.designer)

    def face(self, face_id: str) -> Face:
        """The face kind with this id; an unknown id is bad input, located in the rules file."""
        for face in self.faces:
            if face.id == face_id:
                return face
        known = ", ".join(f.id for f in self.faces)
        raise InputError(Problem(self.file, self.lines.get("faces"), "faces",
                                 f"no face '{face_id}' is defined (faces: {known})"))

    def copies(self, face_id: str) -> int:
        """How many faces of the game's fixed dice show this face."""
        return sum(d.faces.count(face_id) * (d.count or 0) for d in self.dice)

    def section(self, section_id: str) -> Section | None:
        """The rulebook section with this id, if the game has one."""
        return next((s for s in self.sections if s.id == section_id), None)

    def has_part(self, part_id: str) -> bool:
        """Whether the game's components include this part (a mat, a score pad)."""
        return any(part.id == part_id for part in self.parts)

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
            # Names of the faces that stand on one face of one die only: a roll shows each at most once.
            "faces_on_one_die": [f.name for f in self.faces if self.copies(f.id) == 1],
        }
        for die in self.dice:  # e.g. {per_player_regular}: dice of that kind each player holds
            if die.per_player is not None:
                out[f"per_player_{die.id.replace('-', '_')}"] = die.per_player
            if die.table is not None:  # e.g. {table_gang}: the dice a whole table shares
                out[f"table_{die.id.replace('-', '_')}"] = die.table
        out.update(self.derived)
        out.update(self.params.values())
        out.update(self.flags)
        return out
