"""Load and validate rules files: every problem reported at once, as `file:line: field: message`."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, get_args, get_origin, get_type_hints

from .draw.faces import SYMBOLS
from .errors import InputError, Problem, display_path
from .games import find_spec, game_ids, registry
from .i18n import names, placeholder_problems
from .model import Block, Choice, Die, Face, FrozenDict, Game, Params, Part, Range, Section, Sentence, Text
from .project import SOURCE, drawable, is_language
from .source import Located, format_path, load_yaml, read_capped

if TYPE_CHECKING:
    from .games.gamespec import GameSpec, KeyReader

SECTION_IDS = ("overview", "setup", "turn", "effects", "end", "reference")
"""The rulebook sections every game fills, in page order."""

TABLES: dict[str, Callable[[Game], bool]] = {
    "players": lambda game: any(d.per_player_by_count for d in game.dice),
    "faces": lambda game: True,
}
"""Tables every game's sections can ask for, drawn from the rules data, with whether a game has the data;
a game's package adds its own (GameSpec.tables)."""

REQUIRED = {"id", "title", "tagline", "credits", "players", "age", "duration", "params", "faces", "dice", "rulebook"}
"""Top-level keys every rules file has."""
OPTIONAL = {"parts", "flags"}
"""Top-level keys any rules file may have; a game's package adds its own (GameSpec.keys)."""


PLAYERS = Range(1, 8)
"""Players a game is made for; also the player counts a die's `per_player_by_count` may name."""
AGE = Range(3, 99)
DURATION = Range(1, 600)
"""Minutes a game lasts."""
YEAR = Range(1900, 2100)
PIPS = Range(1, 6)
FACE_VALUE = Range(0, 20)
"""What a face scores or counts as (the four games: 0 to 6)."""
DIE_COUNT = Range(1, 12)
"""Dice of one kind in a game, or in one player's hand (`count`, `per_player`): the dice sheet prints each."""
POOL = Range(1, 60)
"""Dice each player holds by player count (`per_player_by_count`): Gang of Dice's pools are 36 to 48."""
PART_COUNT = Range(1, 100)
TABLE_DICE = Range(1, 60)
"""Dice of one kind a whole table shares (`table`): Gang of Dice's players roll 12 in groups."""
UNDECLARED = Range(0, 1000)
"""The range of a number whose game's package declares none (a game from outside that predates ranges):
bounded all the same."""
MAX_FACES = 48
"""Kinds of face: six for each of the most kinds of dice."""
MAX_DICE = 8
"""Kinds of dice."""
MAX_PARTS = 20
MAX_TEXT = 200
"""The longest title, designer or publisher, in characters."""


class Checker:
    """Walks one rules document, converting fields and collecting every problem."""

    def __init__(self, doc: Located, game_id: str, flags: tuple[str, ...] = ()) -> None:
        self.doc = doc
        self.game_id = game_id
        self.flags = flags
        self.problems: list[Problem] = list(doc.problems)  # characters the text may not hold
        self.texts: list[tuple[Text, tuple[Any, ...]]] = []
        self.missing: set[tuple[Any, ...]] = set()

    def fail(self, path: tuple[Any, ...], message: str) -> None:
        if any(path[:i] in self.missing for i in range(1, len(path) + 1)):
            return  # a missing field is reported once, not again by each check of its value
        self.problems.append(Problem(self.doc.file, self.doc.line(path), format_path(path), message))

    def mapping(self, value: Any, path: tuple[Any, ...], required: set[str],
                optional: set[str]) -> dict[Any, Any] | None:
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, found {kind_of(value)}")
            return None
        for key in value:
            if key not in required | optional:
                known = ", ".join(sorted(required | optional))
                self.fail(path + (key,), f"unknown key (known keys: {known})")
        for key in sorted(required - value.keys()):
            self.fail(path, f"missing required field '{key}'")
            self.missing.add(path + (key,))
        return value

    def integer(self, value: Any, path: tuple[Any, ...], bounds: Range) -> int | None:
        """A whole number within its range (every number of a rules file has one)."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected a whole number, found {kind_of(value)}")
            return None
        if value not in bounds:
            self.fail(path, f"must be {bounds}, found {value}")
            return None
        return value

    def boolean(self, value: Any, path: tuple[Any, ...]) -> bool | None:
        """true or false."""
        if not isinstance(value, bool):
            self.fail(path, f"expected true or false, found {kind_of(value)}")
            return None
        return value

    def string(self, value: Any, path: tuple[Any, ...], pattern: Id | None = None,
               max_len: int | None = MAX_TEXT) -> str | None:
        """A text (a title, a name: at most MAX_TEXT characters), or an id when a pattern is given."""
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"expected a non-empty string, found {kind_of(value)}")
            return None
        if pattern and not re.fullmatch(pattern.regex, value):
            self.fail(path, f"{value!r} is not a valid id ({pattern.rule})")
            return None
        if max_len is not None and len(value) > max_len:
            self.fail(path, f"{len(value)} characters: at most {max_len}")
            return None
        return value

    def face(self, value: Any, path: tuple[Any, ...], known: frozenset[str]) -> bool:
        """Whether a value names a face defined under `faces` (reported when it does not)."""
        if not isinstance(value, str):
            self.fail(path, f"expected a face id, found {kind_of(value)}")
            return False
        if value not in known:
            self.fail(path, f"{value!r} is not a face defined under 'faces'")
            return False
        return True

    def choice(self, value: Any, path: tuple[Any, ...], options: tuple[str, ...] | list[str]) -> str | None:
        if not isinstance(value, str) or value not in options:  # the options are strings
            self.fail(path, f"must be one of {', '.join(map(str, options))}; found {value!r}")
            return None
        return value

    def listing(self, value: Any, path: tuple[Any, ...], min_len: int = 0, max_len: int | None = None) -> list[Any]:
        """A list; with `max_len`, one no longer than the game's engine and sheets handle in good time."""
        if not isinstance(value, list):
            self.fail(path, f"expected a list, found {kind_of(value)}")
            return []
        if len(value) < min_len:
            self.fail(path, f"needs at least {min_len} entr{'y' if min_len == 1 else 'ies'}")
        if max_len is not None and len(value) > max_len:
            self.fail(path, f"at most {max_len} entries, found {len(value)}")
            return value[:max_len]
        return value

    def text(self, value: Any, path: tuple[Any, ...]) -> Sentence | None:
        """A sentence: a string, {one, other, n} when it depends on a count, or {if, then, else} on a flag."""
        line = self.doc.line(path)
        if isinstance(value, dict) and "if" in value:
            if self.mapping(value, path, {"if", "then", "else"}, set()) is None:
                return None
            then = self.text(value.get("then"), path + ("then",))
            otherwise = self.text(value.get("else"), path + ("else",))
            flag = value.get("if")
            if flag not in self.flags:
                known = ", ".join(self.flags) or "none"
                self.fail(path + ("if",), f"'{flag}' is not a flag of this game (flags: {known})")
                return None
            for key, side in (("then", then), ("else", otherwise)):
                if isinstance(side, Choice):  # one flag per sentence: each side is a plain or plural sentence
                    self.fail(path + (key,), "a sentence that follows a flag cannot follow another flag")
            if isinstance(then, Text) and isinstance(otherwise, Text):
                return Choice(flag, then, otherwise)
            return None
        if isinstance(value, str) and value.strip():
            text = Text(value.strip(), context=self.game_id, line=line)
        elif isinstance(value, dict):
            if self.mapping(value, path, {"one", "other", "n"}, set()) is None or not all(
                self.string(value.get(k), path + (k,), max_len=None) for k in ("one", "other", "n") if k in value
            ):
                return None
            if not {"one", "other", "n"} <= value.keys():
                return None
            text = Text(value["one"].strip(), value["other"].strip(), value["n"], self.game_id, line)
        else:
            self.fail(path, f"expected a sentence (a string, or one/other/n), found {kind_of(value)}")
            return None
        self.texts.append((text, path))
        return text

    def check_placeholders(self, values: dict[str, Any]) -> None:
        """Every placeholder is one a translation may hold too (a plain name, or a count in words), and every
        name and every plural count names a value of the rules data."""
        for text, path in self.texts:
            for source in filter(None, (text.msgid, text.plural)):
                problems = placeholder_problems(source)  # the catalogs' own check: one rule for every sentence
                for problem, _ in problems:
                    self.fail(path, problem)
                if problems:
                    continue
                for name in sorted(names(source)):
                    if name not in values:
                        self.fail(path, f"placeholder {{{name}}} names no value of the rules data")
            if text.n is not None and (text.n not in values or not isinstance(values[text.n], int)):
                self.fail(path + ("n",), f"'{text.n}' names no whole-number value of the rules data")


def kind_of(value: Any) -> str:
    """How a problem message names a value of the wrong kind."""
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: f"the string {value!r}", bool: f"{value}"}.get(
        type(value), f"{type(value).__name__} {value!r}"
    )


class Id(NamedTuple):
    """A pattern ids must match, and how messages state it."""

    regex: str
    rule: str


ID = Id(r"[a-z0-9][a-z0-9-]{0,39}", "lower-case letters, digits and dashes, at most 40")
"""Ids of faces, cards, parts and tiers: lower-case letters, digits and dashes."""
DIE_ID = Id(r"[A-Za-z0-9][A-Za-z0-9-]{0,39}", "letters, digits and dashes, at most 40")
"""Ids of dice (`A`, `jolly-roger`): a die's id also names its `{per_player_<id>}` placeholder."""


def load_game(path: Path, shown_as: str | None = None) -> Game:
    """Read one rules file into a Game, or raise InputError listing every problem in it.

    A file read before with the same bytes, name and registered games gives the same (immutable) Game without
    being parsed again.
    """
    shown = shown_as or str(path)
    return _load_game(shown, read_capped(path, shown), registry())


@lru_cache(maxsize=64)
def _load_game(shown: str, raw: bytes, games: tuple[tuple[str, str], ...]) -> Game:
    # The Game depends on the file's name as shown, its bytes and the games registered, not on where it lies:
    # a copy of the project reads as the same Game.
    doc = load_yaml(Path(shown), shown, drawable(), raw)
    data = doc.data
    game_id = data.get("id") if isinstance(data, dict) else None
    spec = _spec(game_id)
    ck = Checker(doc, game_id if isinstance(game_id, str) else "", spec.flags if spec else ())
    own = set(spec.keys) if spec else set()
    top = ck.mapping(data, (), REQUIRED, OPTIONAL | own)
    if top is None:
        raise InputError(ck.problems)
    ck.choice(game_id, ("id",), game_ids())

    titles = _by_language(ck, top.get("title"), ("title",))
    for lang in titles:
        ck.string(titles[lang], ("title", lang))
    tagline = ck.text(top.get("tagline"), ("tagline",))

    credits = ck.mapping(top.get("credits"), ("credits",), {"designer"}, {"year", "publisher", "note"}) or {}
    designer, designers = _names(ck, credits.get("designer"), ("credits", "designer"))
    year = ck.integer(credits.get("year"), ("credits", "year"), YEAR) if "year" in credits else None
    publisher = ck.string(credits["publisher"], ("credits", "publisher")) if "publisher" in credits else None
    credit = ck.text(credits["note"], ("credits", "note")) if "note" in credits else None

    players = ck.mapping(top.get("players"), ("players",), {"min", "max"}, set()) or {}
    pmin = ck.integer(players.get("min"), ("players", "min"), PLAYERS) if "min" in players else None
    pmax = ck.integer(players.get("max"), ("players", "max"), PLAYERS) if "max" in players else None
    if pmin and pmax and pmin > pmax:
        ck.fail(("players",), f"min ({pmin}) is greater than max ({pmax})")
    age = ck.integer(top.get("age"), ("age",), AGE) if "age" in top else None
    duration = ck.mapping(top.get("duration"), ("duration",), {"min", "max"}, set()) or {}
    dmin = ck.integer(duration.get("min"), ("duration", "min"), DURATION) if "min" in duration else None
    dmax = ck.integer(duration.get("max"), ("duration", "max"), DURATION) if "max" in duration else None
    if dmin and dmax and dmin > dmax:
        ck.fail(("duration",), f"min ({dmin}) is greater than max ({dmax})")

    params = _params(ck, top.get("params"), spec.params if spec else None)
    flags = ck.mapping(top.get("flags", {}), ("flags",), set(), set(spec.flags if spec else ())) or {}
    for key, value in flags.items():
        if not isinstance(value, bool):
            ck.fail(("flags", key), f"expected true or false, found {kind_of(value)}")

    faces, face_ids = _faces(ck, top.get("faces"), spec.face_keys if spec else {})
    dice = _dice(ck, top.get("dice"), face_ids, (pmin or 0, pmax or 0))
    parts = _parts(ck, top.get("parts", []))
    tables = {**TABLES, **(spec.tables if spec else {})}
    sections = _sections(ck, top.get("rulebook"), tuple(tables))
    extras = {key: reader(ck, top[key], (key,), face_ids) for key, reader in (spec.keys if spec else {}).items()
              if key in top}

    if (ck.problems or spec is None or params is None or tagline is None or designer is None
            or pmin is None or pmax is None or age is None or dmin is None or dmax is None):
        raise InputError(sorted(ck.problems, key=lambda p: p.line or 0))  # each None above is among the problems
    game = Game(
        id=spec.id, file=doc.file, titles=FrozenDict(titles), tagline=tagline, designer=designer,
        designers=FrozenDict(designers), year=year,
        publisher=publisher, credit=credit, players=(pmin, pmax), age=age, duration=(dmin, dmax),
        params=params, faces=faces, dice=dice, parts=parts, sections=sections, flags=FrozenDict(flags),
        extras=FrozenDict(extras), lines=FrozenDict({k: doc.lines[(k,)] for k in top if (k,) in doc.lines}),
    )
    game = replace(game, derived=FrozenDict(spec.derive(game)))
    for where, message in params.check(game):  # the game's own rules across fields (max_dice within the dice)
        ck.fail(where, message)
    ck.check_placeholders(game.values)
    _check_tables(ck, game, tables)
    if ck.problems:
        raise InputError(sorted(ck.problems, key=lambda p: p.line or 0))
    return game


def _spec(game_id: Any) -> GameSpec | None:
    """The package of the game a rules file names; an unknown id is reported by the `id` check."""
    try:
        return find_spec(game_id) if isinstance(game_id, str) else None
    except KeyError:
        return None


def _params(ck: Checker, value: Any, schema: type[Params] | None) -> Params | None:
    """The `params:` mapping as the game's typed Params: every field required, each of its declared type and range."""
    if schema is None:
        return None  # the unknown id is the problem to report, not each parameter
    kinds = get_type_hints(schema, include_extras=True)
    names = [f.name for f in fields(schema)]
    raw = ck.mapping(value, ("params",), set(names), set())
    if raw is None:
        return None
    out: dict[str, Any] = {}
    for name in names:
        if name not in raw:
            continue
        path, item = ("params", name), raw[name]
        if kinds[name] is bool:
            if not isinstance(item, bool):
                ck.fail(path, f"expected true or false, found {kind_of(item)}")
            out[name] = item
            continue
        kind, bounds = _number(schema, name, kinds[name])
        if kind is int:
            out[name] = ck.integer(item, path, bounds)
        else:  # a mapping of whole numbers, its keys and values each in range
            if not isinstance(item, dict):
                ck.fail(path, f"expected a mapping of whole numbers, found {kind_of(item)}")
                continue
            keys = bounds.keys or bounds
            entries = {k: ck.integer(v, path + (k,), bounds) for k, v in item.items()
                       if ck.integer(k, path + (k,), keys) is not None}
            out[name] = None if None in entries.values() or len(entries) != len(item) else FrozenDict(entries)
    if set(out) != set(names) or any(v is None for v in out.values()):
        return None
    return schema(**out)


def _number(schema: type[Params], name: str, hint: Any) -> tuple[Any, Range]:
    """A numeric parameter's type and its declared range (UNDECLARED for a package that declares none)."""
    kind, bounds = hint, UNDECLARED
    if get_origin(hint) is Annotated:
        kind, *extras = get_args(hint)
        bounds = next((x for x in extras if isinstance(x, Range)), UNDECLARED)
    if kind is int or get_origin(kind) is FrozenDict:
        return kind, bounds
    raise TypeError(f"{schema.__name__}.{name}: a parameter is bool, Annotated[int, Range(...)] "
                    "or Annotated[FrozenDict[int, int], Range(...)]")


def _faces(ck: Checker, value: Any, own: Mapping[str, KeyReader]) -> tuple[tuple[Face, ...], frozenset[str]]:
    """The complete faces, and every valid face id given (also those of faces with other problems)."""
    faces: list[Face] = []
    seen: set[str | None] = set()
    for i, raw in enumerate(ck.listing(value, ("faces",), 1, MAX_FACES)):
        path = ("faces", i)
        m = ck.mapping(raw, path, {"id", "name", "art"}, {"effect", "pips", "value"} | set(own))
        if m is None:
            continue
        face_id = ck.string(m.get("id"), path + ("id",), ID)
        if face_id in seen:
            ck.fail(path + ("id",), f"face '{face_id}' is defined twice")
        seen.add(face_id)
        art = ck.choice(m.get("art"), path + ("art",), SYMBOLS)
        pips = ck.integer(m["pips"], path + ("pips",), PIPS) if "pips" in m else None
        if art == "pips" and pips is None and "pips" not in m:
            ck.fail(path, "a face drawn as pips needs 'pips' (1 to 6)")
        extras = {key: reader(ck, m[key], path + (key,), frozenset()) for key, reader in own.items() if key in m}
        name = ck.text(m.get("name"), path + ("name",))
        effect = ck.text(m["effect"], path + ("effect",)) if "effect" in m else None
        face_value = ck.integer(m["value"], path + ("value",), FACE_VALUE) if "value" in m else None
        if face_id is None or name is None or art is None:
            continue  # reported: the game is not built
        faces.append(Face(id=face_id, name=name, art=art, effect=effect, pips=pips, value=face_value,
                          extras=FrozenDict(extras)))
    return tuple(faces), frozenset(face_id for face_id in seen if face_id is not None)


def _names(ck: Checker, value: Any, path: tuple[Any, ...]) -> tuple[str | None, dict[str, str]]:
    """A person's name, or their names by language (`{en: Martin H. Samuel, ru: Мартин Х. Самюэль}`): the
    English one is required, and a language without its own form prints it as written."""
    if not isinstance(value, dict):
        return ck.string(value, path), {}
    names = _by_language(ck, value, path)
    found = {lang: name for lang, name in names.items() if ck.string(name, path + (lang,)) is not None}
    return found.get(SOURCE), found


def _by_language(ck: Checker, value: Any, path: tuple[Any, ...]) -> dict[str, Any]:
    """A mapping of language codes to values (`{en: Dice Arena, es: Arena de dados}`): English required, any other
    language Babel knows allowed (a language without its own entry prints the English one)."""
    if not isinstance(value, dict):
        ck.mapping(value, path, {SOURCE}, set())
        return {}
    known = {key for key in value if isinstance(key, str) and is_language(key)}
    for key in value:
        if key not in known:
            ck.fail(path + (key,), f"unknown language {key!r} (write a language's code: en, fr, de, pt_BR…)")
    ck.mapping(value, path, {SOURCE}, set(value) - {SOURCE})  # an unknown language is told above
    return {key: item for key, item in value.items() if key in known}


def _dice(ck: Checker, value: Any, face_ids: frozenset[str], players: tuple[int, int]) -> tuple[Die, ...]:
    dice: list[Die] = []
    seen: set[str | None] = set()
    for i, raw in enumerate(ck.listing(value, ("dice",), 1, MAX_DICE)):
        path = ("dice", i)
        m = ck.mapping(raw, path, {"id", "name", "faces"},
                       {"count", "per_player", "per_player_by_count", "table", "paper", "blank"})
        if m is None:
            continue
        die_id = ck.string(m.get("id"), path + ("id",), DIE_ID)
        if die_id in seen:
            ck.fail(path + ("id",), f"die '{die_id}' is defined twice")
        seen.add(die_id)
        faces = ck.listing(m.get("faces"), path + ("faces",))
        if len(faces) != 6:
            ck.fail(path + ("faces",), f"a die has 6 faces, found {len(faces)}")
        for j, face in enumerate(faces):
            ck.face(face, path + ("faces", j), face_ids)
        counts = [k for k in ("count", "per_player", "per_player_by_count") if k in m]
        if len(counts) != 1:
            ck.fail(path, "give exactly one of count, per_player, per_player_by_count")
        by_count: list[tuple[int, int]] = []
        if "per_player_by_count" in m:
            table = m["per_player_by_count"]
            if not isinstance(table, dict):
                ck.fail(path + ("per_player_by_count",),
                        f"expected a mapping of player count to dice, found {kind_of(table)}")
            else:
                for k, v in table.items():
                    at = path + ("per_player_by_count", k)
                    if ck.integer(k, at, PLAYERS) and ck.integer(v, at, POOL):
                        by_count.append((k, v))
                missing = [n for n in range(players[0], players[1] + 1) if n not in table]
                if missing and players[0]:
                    ck.fail(path + ("per_player_by_count",), f"no entry for {', '.join(map(str, missing))} players")
        name = ck.text(m.get("name"), path + ("name",))
        count = ck.integer(m["count"], path + ("count",), DIE_COUNT) if "count" in m else None
        per_player = ck.integer(m["per_player"], path + ("per_player",), DIE_COUNT) if "per_player" in m else None
        table = ck.integer(m["table"], path + ("table",), TABLE_DICE) if "table" in m else None
        if table is not None and count is not None:
            ck.fail(path + ("table",), "a die with a fixed count has no shared set: give count or table")
        paper, blank = (ck.boolean(m.get(key, True), path + (key,)) for key in ("paper", "blank"))
        if die_id is None or name is None:
            continue  # reported: the game is not built
        dice.append(Die(id=die_id, name=name, faces=tuple(faces), count=count, per_player=per_player,
                        per_player_by_count=tuple(sorted(by_count)), table=table, paper=bool(paper),
                        blank=bool(blank)))
    return tuple(dice)


def _parts(ck: Checker, value: Any) -> tuple[Part, ...]:
    parts: list[Part] = []
    for i, raw in enumerate(ck.listing(value, ("parts",), 0, MAX_PARTS)):
        path = ("parts", i)
        m = ck.mapping(raw, path, {"id", "name"}, {"count", "buy", "item"})
        if m is None:
            continue
        part_id = ck.string(m.get("id"), path + ("id",), ID)
        name = ck.text(m.get("name"), path + ("name",))
        count = ck.integer(m["count"], path + ("count",), PART_COUNT) if "count" in m else None
        buy = ck.boolean(m.get("buy", True), path + ("buy",))
        item = ck.text(m["item"], path + ("item",)) if "item" in m else None
        # The shopping list counts a part in a column of its own: its row names it bare («Lápiz — 1»), where the
        # rulebook's running list wants an article («un lápiz»), so a part to buy says both.
        if buy and "item" not in m:
            ck.fail(path, "a part to buy needs 'item', its name as a row of the shopping list (e.g. 'Pencil')")
        if part_id is None or name is None:
            continue  # reported: the game is not built
        parts.append(Part(id=part_id, name=name, count=count, buy=bool(buy), item=item))
    return tuple(parts)


def _sections(ck: Checker, value: Any, tables: tuple[str, ...]) -> tuple[Section, ...]:
    required = {"setup", "turn", "end"}
    book = ck.mapping(value, ("rulebook",), required, set(SECTION_IDS) - required) or {}
    sections = []
    for section_id in SECTION_IDS:
        if section_id not in book:
            continue
        path: tuple[Any, ...] = ("rulebook", section_id)
        raw, title = book[section_id], None
        if isinstance(raw, dict):
            m = ck.mapping(raw, path, {"blocks"}, {"title"})
            if m is None:
                continue
            title = ck.text(m["title"], path + ("title",)) if "title" in m else None
            raw, path = m.get("blocks"), path + ("blocks",)
        blocks = tuple(filter(None, (_block(ck, b, path + (i,), tables)
                                     for i, b in enumerate(ck.listing(raw, path, 1)))))
        sections.append(Section(section_id, blocks, title))
    return tuple(sections)


def _block(ck: Checker, raw: Any, path: tuple[Any, ...], tables: tuple[str, ...]) -> Block | None:
    """A paragraph (a string), or a mapping naming its kind: steps, items, note (a sentence, or text with steps or
    items), table, or term+text."""
    if isinstance(raw, (str,)) or (isinstance(raw, dict) and ("one" in raw or "if" in raw)):
        text = ck.text(raw, path)
        return Block("para", text) if text else None
    if not isinstance(raw, dict) or len(raw) == 0:
        ck.fail(path, f"expected a sentence or a block (steps, items, note, table, term), found {kind_of(raw)}")
        return None
    if "term" in raw:
        m = ck.mapping(raw, path, {"term", "text"}, {"steps", "items"})
        if m is None:
            return None
        sub = _sub_items(ck, m, path, tables)
        return Block("term", ck.text(m.get("text"), path + ("text",)), sub,
                     term=ck.text(m.get("term"), path + ("term",)))
    if "text" in raw:
        m = ck.mapping(raw, path, {"text"}, {"steps", "items"})
        if m is None:
            return None
        return Block("para", ck.text(m["text"], path + ("text",)), _sub_items(ck, m, path, tables))
    kinds = {"steps", "items", "note", "table"}
    m = ck.mapping(raw, path, set(), kinds)
    if m is None or len(m) != 1:
        if m is not None:
            ck.fail(path, "a block has exactly one of: steps, items, note, table")
        return None
    (kind, body), = m.items()
    if kind == "note" and isinstance(body, dict) and "text" in body:  # a note that leads into a short list
        m = ck.mapping(body, path + ("note",), {"text"}, {"steps", "items"})
        if m is None:
            return None
        return Block("note", ck.text(m["text"], path + ("note", "text")), _sub_items(ck, m, path + ("note",), tables))
    if kind == "note":
        return Block("note", ck.text(body, path + ("note",)))
    if kind == "table":
        return Block("table", table=ck.choice(body, path + ("table",), tables))
    items = tuple(filter(None, (_block(ck, b, path + (kind, i), tables)
                                for i, b in enumerate(ck.listing(body, path + (kind,), 1)))))
    return Block(kind, items=items)


def _sub_items(ck: Checker, m: dict[str, Any], path: tuple[Any, ...], tables: tuple[str, ...]) -> tuple[Block, ...]:
    for kind in ("steps", "items"):
        if kind in m:
            items = tuple(filter(None, (_block(ck, b, path + (kind, i), tables)
                                        for i, b in enumerate(ck.listing(m[kind], path + (kind,), 1)))))
            return (Block(kind, items=items),)
    return ()


def _check_tables(ck: Checker, game: Game, tables: Mapping[str, Callable[[Game], bool]]) -> None:
    """A section may only ask for a table its game has the data for."""
    for section in game.sections:
        for b_index, block in enumerate(section.blocks):
            if block.kind == "table" and block.table is not None and block.table in tables \
                    and not tables[block.table](game):
                path: tuple[Any, ...] = ("rulebook", section.id, "blocks", b_index, "table")
                if path not in ck.doc.lines:
                    path = ("rulebook", section.id, b_index, "table")
                ck.fail(path, f"'{block.table}' needs data this game does not have")


def load_games(rules_dir: Path, root: Path | None = None, only: Sequence[str] | None = None) -> list[Game]:
    """Load the games' rules files in build order; problems in every file are reported together."""
    games, problems = [], []
    for game_id in game_ids():
        if only and game_id not in only:
            continue
        path = rules_dir / f"{game_id}.yaml"
        shown = display_path(path, root)
        if not path.exists():
            problems.append(Problem(shown, None, "", "rules file not found"))
            continue
        try:
            games.append(load_game(path, shown))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    return games
