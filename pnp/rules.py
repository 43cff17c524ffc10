"""Load and validate rules files: every problem reported at once, as `file:line: field: message`."""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

from .errors import InputError, Problem, display_path
from .model import GAME_IDS, LANGS, Block, Card, Choice, Die, Face, Game, Part, Section, Text, Tier
from .source import Located, format_path, load_yaml

SECTION_IDS = ("overview", "setup", "turn", "effects", "end", "reference")
"""The rulebook sections every game fills, in page order."""

TABLES = ("players", "precedence", "cards", "bonus", "faces")
"""Tables a section can ask for; each is drawn from the rules data, never typed."""

ARTS = (
    "diamond", "void", "skull", "pick", "tnt", "thief", "locked", "spider", "snake", "bat",
    "pips", "gangster", "x", "jolly-roger",
)
"""Face symbols the art module draws."""

CONDITIONS = {
    # predicate -> (needs n, needs values)
    "total_at_least": (True, False),
    "run_of": (True, False),
    "odd_at_least": (True, False),
    "even_at_least": (True, False),
    "distinct_at_least": (True, False),
    "same_at_least": (True, False),
    "value_at_least": (True, True),
    "any_of": (False, True),
}
"""The warning-card predicate vocabulary: each card is one predicate with its numbers."""

INT, BOOL, ROUND_MAP = "int", "bool", "map of int to int"
PARAMS: dict[str, dict[str, str]] = {
    "dicemants": {"goal": INT, "max_dice": INT, "void_streak_limit": INT},
    "gang-of-dice": {"rounds": INT, "rerolls": INT, "bonus_dice": ROUND_MAP, "face_max": INT},
    "dice-arena": {"neutral_dice": INT, "removed_value": INT, "leave_arena_chance": INT},
    "dead-mans-dice": {
        "goal": INT, "skull_value": INT, "keelhaul_penalty": INT, "broadside_penalty": INT,
        "pile_total": INT, "knock_over_chance": INT,
    },
}
"""Each game's own parameters: names and types, so a typo is an error and not a silent default."""

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def placeholders(text: str) -> set[str]:
    """The `{name}` placeholders a sentence uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


class _Checker:
    """Walks one rules document, converting fields and collecting every problem."""

    def __init__(self, doc: Located, game_id: str):
        self.doc = doc
        self.game_id = game_id
        self.problems: list[Problem] = []
        self.texts: list[tuple[Text, tuple]] = []

    def fail(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.doc.file, self.doc.line(path), format_path(path), message))

    def mapping(self, value: Any, path: tuple, required: set[str], optional: set[str]) -> dict | None:
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, found {_kind(value)}")
            return None
        for key in value:
            if key not in required | optional:
                known = ", ".join(sorted(required | optional))
                self.fail(path + (key,), f"unknown key (known keys: {known})")
        for key in sorted(required - value.keys()):
            self.fail(path, f"missing required field '{key}'")
        return value

    def integer(self, value: Any, path: tuple, low: int | None = None, high: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected a whole number, found {_kind(value)}")
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f"at least {low}"
            self.fail(path, f"must be {bounds}, found {value}")
            return None
        return value

    def string(self, value: Any, path: tuple, pattern: str | None = None) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"expected a non-empty string, found {_kind(value)}")
            return None
        if pattern and not re.fullmatch(pattern, value):
            self.fail(path, f"'{value}' is not a valid id (lower-case letters, digits and dashes)")
            return None
        return value

    def choice(self, value: Any, path: tuple, options: tuple[str, ...] | list[str]) -> str | None:
        if value not in options:
            self.fail(path, f"must be one of {', '.join(map(str, options))}; found {value!r}")
            return None
        return value

    def listing(self, value: Any, path: tuple, min_len: int = 0) -> list:
        if not isinstance(value, list):
            self.fail(path, f"expected a list, found {_kind(value)}")
            return []
        if len(value) < min_len:
            self.fail(path, f"needs at least {min_len} entr{'y' if min_len == 1 else 'ies'}")
        return value

    def text(self, value: Any, path: tuple) -> Text | Choice | None:
        """A sentence: a string, {one, other, n} when it depends on a count, or {if, then, else} on a flag."""
        line = self.doc.line(path)
        if isinstance(value, dict) and "if" in value:
            if self.mapping(value, path, {"if", "then", "else"}, set()) is None:
                return None
            then, otherwise = self.text(value.get("then"), path + ("then",)), self.text(value.get("else"), path + ("else",))
            flag = value.get("if")
            if flag not in _FLAGS.get(self.game_id, ()):
                self.fail(path + ("if",), f"'{flag}' is not a flag of this game (flags: {', '.join(_FLAGS.get(self.game_id, ())) or 'none'})")
                return None
            return Choice(flag, then, otherwise) if then and otherwise else None
        if isinstance(value, str) and value.strip():
            text = Text(value.strip(), context=self.game_id, line=line)
        elif isinstance(value, dict):
            if self.mapping(value, path, {"one", "other", "n"}, set()) is None or not all(
                self.string(value.get(k), path + (k,)) for k in ("one", "other", "n") if k in value
            ):
                return None
            if not {"one", "other", "n"} <= value.keys():
                return None
            text = Text(value["one"].strip(), value["other"].strip(), value["n"], self.game_id, line)
        else:
            self.fail(path, f"expected a sentence (a string, or one/other/n), found {_kind(value)}")
            return None
        self.texts.append((text, path))
        return text

    def check_placeholders(self, values: dict[str, Any]) -> None:
        """Every `{name}` and every plural count must name a value of the rules data."""
        for text, path in self.texts:
            for source in filter(None, (text.msgid, text.plural)):
                try:
                    names = placeholders(source)
                except ValueError as exc:
                    self.fail(path, f"bad placeholder syntax: {exc}")
                    continue
                for name in sorted(names):
                    if name not in values:
                        self.fail(path, f"placeholder {{{name}}} names no value of the rules data")
            if text.n is not None and (text.n not in values or not isinstance(values[text.n], int)):
                self.fail(path + ("n",), f"'{text.n}' names no whole-number value of the rules data")


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: f"the string {value!r}", bool: f"{value}"}.get(
        type(value), f"{type(value).__name__} {value!r}"
    )


ID = r"[a-z0-9][a-z0-9-]*"


def load_game(path: Path, shown_as: str | None = None) -> Game:
    """Read one rules file into a Game, or raise InputError listing every problem in it."""
    doc = load_yaml(path, shown_as)
    data = doc.data
    game_id = data.get("id") if isinstance(data, dict) else None
    ck = _Checker(doc, game_id if isinstance(game_id, str) else "")
    top = ck.mapping(
        data, (),
        {"id", "title", "tagline", "credits", "players", "age", "duration", "params", "faces", "dice", "rulebook"},
        {"cards", "parts", "precedence", "flags", "examples"},
    )
    if top is None:
        raise InputError(ck.problems)
    ck.choice(game_id, ("id",), GAME_IDS)

    titles = ck.mapping(top.get("title"), ("title",), set(LANGS), set()) or {}
    for lang in LANGS:
        if lang in titles:
            ck.string(titles[lang], ("title", lang))
    tagline = ck.text(top.get("tagline"), ("tagline",))

    credits = ck.mapping(top.get("credits"), ("credits",), {"designer", "year"}, {"publisher", "note"}) or {}
    designer = ck.string(credits.get("designer"), ("credits", "designer"))
    year = ck.integer(credits.get("year"), ("credits", "year"), 1900, 2100) if "year" in credits else None
    publisher = ck.string(credits["publisher"], ("credits", "publisher")) if "publisher" in credits else None
    credit = ck.text(credits["note"], ("credits", "note")) if "note" in credits else None

    players = ck.mapping(top.get("players"), ("players",), {"min", "max"}, set()) or {}
    pmin = ck.integer(players.get("min"), ("players", "min"), 1, 12) if "min" in players else None
    pmax = ck.integer(players.get("max"), ("players", "max"), 1, 12) if "max" in players else None
    if pmin and pmax and pmin > pmax:
        ck.fail(("players",), f"min ({pmin}) is greater than max ({pmax})")
    age = ck.integer(top.get("age"), ("age",), 3, 99) if "age" in top else None
    duration = ck.mapping(top.get("duration"), ("duration",), {"min", "max"}, set()) or {}
    dmin = ck.integer(duration.get("min"), ("duration", "min"), 1) if "min" in duration else None
    dmax = ck.integer(duration.get("max"), ("duration", "max"), 1) if "max" in duration else None

    params = _params(ck, top.get("params"), game_id)
    flags = ck.mapping(top.get("flags", {}), ("flags",), set(), set(_FLAGS.get(game_id, ()))) or {}
    for key, value in flags.items():
        if not isinstance(value, bool):
            ck.fail(("flags", key), f"expected true or false, found {_kind(value)}")

    faces = _faces(ck, top.get("faces"))
    face_ids = {f.id for f in faces}
    dice = _dice(ck, top.get("dice"), face_ids, (pmin or 0, pmax or 0))
    cards = _cards(ck, top.get("cards", []))
    parts = _parts(ck, top.get("parts", []))
    precedence = _precedence(ck, top.get("precedence", []), face_ids)
    sections = _sections(ck, top.get("rulebook"), game_id)
    pinned = _pinned(ck, top.get("examples", []), face_ids)

    if ck.problems:
        raise InputError(sorted(ck.problems, key=lambda p: p.line or 0))
    game = Game(
        id=game_id, file=doc.file, titles=dict(titles), tagline=tagline, designer=designer, year=year,
        publisher=publisher, credit=credit, players=(pmin, pmax), age=age, duration=(dmin, dmax),
        params=params, faces=faces, dice=dice, cards=cards, parts=parts, precedence=precedence,
        sections=sections, flags=dict(flags), pinned=pinned,
        pinned_lines=tuple(doc.line(("examples", i)) for i in range(len(pinned))),
    )
    ck.check_placeholders(game.values)
    _check_tables(ck, game)
    if ck.problems:
        raise InputError(sorted(ck.problems, key=lambda p: p.line or 0))
    return game


_FLAGS = {"dicemants": ("bug_takes_from_bag",)}


def _params(ck: _Checker, value: Any, game_id: Any) -> dict[str, Any]:
    if game_id not in PARAMS:
        return {}  # the unknown id is the problem to report, not each parameter
    schema = PARAMS[game_id]
    params = ck.mapping(value, ("params",), set(schema), set()) or {}
    out: dict[str, Any] = {}
    for key, kind in schema.items():
        if key not in params:
            continue
        path, raw = ("params", key), params[key]
        if kind == INT:
            out[key] = ck.integer(raw, path, 0)
        elif kind == BOOL:
            if not isinstance(raw, bool):
                ck.fail(path, f"expected true or false, found {_kind(raw)}")
            out[key] = raw
        elif kind == ROUND_MAP:
            if not isinstance(raw, dict):
                ck.fail(path, f"expected a mapping of round to dice, found {_kind(raw)}")
                continue
            out[key] = {k: ck.integer(v, path + (k,), 0) for k, v in raw.items() if ck.integer(k, path + (k,), 1) is not None}
    return out


def _faces(ck: _Checker, value: Any) -> tuple[Face, ...]:
    faces, seen = [], set()
    for i, raw in enumerate(ck.listing(value, ("faces",), 1)):
        path = ("faces", i)
        m = ck.mapping(raw, path, {"id", "name", "art"}, {"effect", "pips", "value", "narration"})
        if m is None:
            continue
        face_id = ck.string(m.get("id"), path + ("id",), ID)
        if face_id in seen:
            ck.fail(path + ("id",), f"face '{face_id}' is defined twice")
        seen.add(face_id)
        art = ck.choice(m.get("art"), path + ("art",), ARTS)
        pips = ck.integer(m["pips"], path + ("pips",), 1, 6) if "pips" in m else None
        if art == "pips" and pips is None and "pips" not in m:
            ck.fail(path, "a face drawn as pips needs 'pips' (1 to 6)")
        faces.append(Face(
            id=face_id, name=ck.text(m.get("name"), path + ("name",)), art=art,
            effect=ck.text(m["effect"], path + ("effect",)) if "effect" in m else None,
            pips=pips, value=ck.integer(m["value"], path + ("value",), 0) if "value" in m else None,
            narration=_narration(ck, m.get("narration", {}), path + ("narration",)),
        ))
    return tuple(faces)


NARRATION = ("sends", "reaches", "idle")
"""What a bug's own sentences tell: it sends a board diamond away, reaches into the bag, finds nothing."""


def _narration(ck: _Checker, value: Any, path: tuple) -> tuple:
    m = ck.mapping(value, path, set(), set(NARRATION)) or {}
    return tuple((key, ck.text(m[key], path + (key,))) for key in NARRATION if key in m)


def _dice(ck: _Checker, value: Any, face_ids: set[str], players: tuple[int, int]) -> tuple[Die, ...]:
    dice, seen = [], set()
    for i, raw in enumerate(ck.listing(value, ("dice",), 1)):
        path = ("dice", i)
        m = ck.mapping(raw, path, {"id", "name", "faces"}, {"count", "per_player", "per_player_by_count"})
        if m is None:
            continue
        die_id = ck.string(m.get("id"), path + ("id",))
        if die_id in seen:
            ck.fail(path + ("id",), f"die '{die_id}' is defined twice")
        seen.add(die_id)
        faces = ck.listing(m.get("faces"), path + ("faces",))
        if len(faces) != 6:
            ck.fail(path + ("faces",), f"a die has 6 faces, found {len(faces)}")
        for j, face in enumerate(faces):
            if face not in face_ids:
                ck.fail(path + ("faces", j), f"'{face}' is not a face defined under 'faces'")
        counts = [k for k in ("count", "per_player", "per_player_by_count") if k in m]
        if len(counts) != 1:
            ck.fail(path, "give exactly one of count, per_player, per_player_by_count")
        by_count: list[tuple[int, int]] = []
        if "per_player_by_count" in m:
            table = m["per_player_by_count"]
            if not isinstance(table, dict):
                ck.fail(path + ("per_player_by_count",), f"expected a mapping of player count to dice, found {_kind(table)}")
            else:
                for k, v in table.items():
                    if ck.integer(k, path + ("per_player_by_count", k), 1) and ck.integer(v, path + ("per_player_by_count", k), 1):
                        by_count.append((k, v))
                missing = [n for n in range(players[0], players[1] + 1) if n not in table]
                if missing and players[0]:
                    ck.fail(path + ("per_player_by_count",), f"no entry for {', '.join(map(str, missing))} players")
        dice.append(Die(
            id=die_id, name=ck.text(m.get("name"), path + ("name",)), faces=tuple(faces),
            count=ck.integer(m["count"], path + ("count",), 1) if "count" in m else None,
            per_player=ck.integer(m["per_player"], path + ("per_player",), 1) if "per_player" in m else None,
            per_player_by_count=tuple(sorted(by_count)),
        ))
    return tuple(dice)


def _cards(ck: _Checker, value: Any) -> tuple[Card, ...]:
    cards, seen = [], set()
    for i, raw in enumerate(ck.listing(value, ("cards",))):
        path = ("cards", i)
        m = ck.mapping(raw, path, {"id", "colour", "condition"}, {"n", "values", "ours"})
        if m is None:
            continue
        card_id = ck.string(m.get("id"), path + ("id",), ID)
        if card_id in seen:
            ck.fail(path + ("id",), f"card '{card_id}' is defined twice")
        seen.add(card_id)
        condition = ck.choice(m.get("condition"), path + ("condition",), tuple(CONDITIONS))
        needs_n, needs_values = CONDITIONS.get(condition, (False, False))
        if needs_n and "n" not in m:
            ck.fail(path, f"condition '{condition}' needs 'n'")
        if needs_values and "values" not in m:
            ck.fail(path, f"condition '{condition}' needs 'values'")
        values = ck.listing(m.get("values", []), path + ("values",))
        for j, v in enumerate(values):
            ck.integer(v, path + ("values", j), 1, 6)
        cards.append(Card(
            id=card_id, colour=ck.choice(m.get("colour"), path + ("colour",), ("yellow", "black")),
            condition=condition, n=ck.integer(m["n"], path + ("n",), 1) if "n" in m else None,
            values=tuple(values), ours=bool(m.get("ours", False)),
        ))
    return tuple(cards)


def _parts(ck: _Checker, value: Any) -> tuple[Part, ...]:
    parts = []
    for i, raw in enumerate(ck.listing(value, ("parts",))):
        path = ("parts", i)
        m = ck.mapping(raw, path, {"id", "name"}, {"count"})
        if m is None:
            continue
        parts.append(Part(
            id=ck.string(m.get("id"), path + ("id",), ID), name=ck.text(m.get("name"), path + ("name",)),
            count=ck.integer(m["count"], path + ("count",), 1) if "count" in m else None,
        ))
    return tuple(parts)


def _precedence(ck: _Checker, value: Any, face_ids: set[str]) -> tuple[Tier, ...]:
    tiers, seen = [], set()
    for i, raw in enumerate(ck.listing(value, ("precedence",))):
        path = ("precedence", i)
        m = ck.mapping(raw, path, {"tier", "faces", "text"}, {"with_locked"})
        if m is None:
            continue
        tier_id = ck.string(m.get("tier"), path + ("tier",), ID)
        if tier_id in seen:
            ck.fail(path + ("tier",), f"tier '{tier_id}' appears twice")
        seen.add(tier_id)
        faces = ck.listing(m.get("faces"), path + ("faces",), 1)
        for j, face in enumerate(faces):
            if face not in face_ids:
                ck.fail(path + ("faces", j), f"'{face}' is not a face defined under 'faces'")
        with_locked = m.get("with_locked", False)
        if not isinstance(with_locked, bool):
            ck.fail(path + ("with_locked",), f"expected true or false, found {_kind(with_locked)}")
        tiers.append(Tier(tier_id, tuple(faces), ck.text(m.get("text"), path + ("text",)), bool(with_locked)))
    return tuple(tiers)


def _pinned(ck: _Checker, value: Any, face_ids: set[str]) -> tuple[tuple[str, ...], ...]:
    """Pinned example rolls: lists of face ids in rolling order (`bug` stands for any bug)."""
    rolls = []
    for i, raw in enumerate(ck.listing(value, ("examples",))):
        faces = ck.listing(raw, ("examples", i), 1)
        for j, face in enumerate(faces):
            if face not in face_ids | {"bug"}:
                ck.fail(("examples", i, j), f"'{face}' is not a face defined under 'faces'")
        rolls.append(tuple(faces))
    return tuple(rolls)


def _sections(ck: _Checker, value: Any, game_id: Any) -> tuple[Section, ...]:
    required = {"setup", "turn", "end"}
    book = ck.mapping(value, ("rulebook",), required, set(SECTION_IDS) - required) or {}
    sections = []
    for section_id in SECTION_IDS:
        if section_id not in book:
            continue
        path = ("rulebook", section_id)
        raw, title = book[section_id], None
        if isinstance(raw, dict):
            m = ck.mapping(raw, path, {"blocks"}, {"title"})
            if m is None:
                continue
            title = ck.text(m["title"], path + ("title",)) if "title" in m else None
            raw, path = m.get("blocks"), path + ("blocks",)
        blocks = tuple(filter(None, (_block(ck, b, path + (i,)) for i, b in enumerate(ck.listing(raw, path, 1)))))
        sections.append(Section(section_id, blocks, title))
    return tuple(sections)


def _block(ck: _Checker, raw: Any, path: tuple) -> Block | None:
    """A paragraph (a string), or a mapping naming its kind: steps, items, note, table, or term+text."""
    if isinstance(raw, (str,)) or (isinstance(raw, dict) and ("one" in raw or "if" in raw)):
        text = ck.text(raw, path)
        return Block("para", text) if text else None
    if not isinstance(raw, dict) or len(raw) == 0:
        ck.fail(path, f"expected a sentence or a block (steps, items, note, table, term), found {_kind(raw)}")
        return None
    if "term" in raw:
        m = ck.mapping(raw, path, {"term", "text"}, {"steps", "items"})
        if m is None:
            return None
        sub = _sub_items(ck, m, path)
        return Block("term", ck.text(m.get("text"), path + ("text",)), sub, term=ck.text(m.get("term"), path + ("term",)))
    if "text" in raw:
        m = ck.mapping(raw, path, {"text"}, {"steps", "items"})
        if m is None:
            return None
        return Block("para", ck.text(m["text"], path + ("text",)), _sub_items(ck, m, path))
    kinds = {"steps", "items", "note", "table"}
    m = ck.mapping(raw, path, set(), kinds)
    if m is None or len(m) != 1:
        if m is not None:
            ck.fail(path, "a block has exactly one of: steps, items, note, table")
        return None
    (kind, body), = m.items()
    if kind == "note":
        return Block("note", ck.text(body, path + ("note",)))
    if kind == "table":
        return Block("table", table=ck.choice(body, path + ("table",), TABLES))
    items = tuple(filter(None, (_block(ck, b, path + (kind, i)) for i, b in enumerate(ck.listing(body, path + (kind,), 1)))))
    return Block(kind, items=items)


def _sub_items(ck: _Checker, m: dict, path: tuple) -> tuple[Block, ...]:
    for kind in ("steps", "items"):
        if kind in m:
            items = tuple(filter(None, (_block(ck, b, path + (kind, i)) for i, b in enumerate(ck.listing(m[kind], path + (kind,), 1)))))
            return (Block(kind, items=items),)
    return ()


def _check_tables(ck: _Checker, game: Game) -> None:
    """A section may only ask for a table its game has the data for."""
    has = {
        "players": any(d.per_player_by_count for d in game.dice),
        "precedence": bool(game.precedence),
        "cards": bool(game.cards),
        "bonus": "bonus_dice" in game.params,
        "faces": True,
    }
    for section in game.sections:
        for b_index, block in enumerate(section.blocks):
            if block.kind == "table" and not has[block.table]:
                path = ("rulebook", section.id, "blocks", b_index, "table")
                if path not in ck.doc.lines:
                    path = ("rulebook", section.id, b_index, "table")
                ck.fail(path, f"'{block.table}' needs data this game does not have")


def load_games(rules_dir: Path, root: Path | None = None, only: list[str] | None = None) -> list[Game]:
    """Load the games' rules files in build order; problems in every file are reported together."""
    games, problems = [], []
    for game_id in GAME_IDS:
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

