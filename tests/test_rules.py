"""Rules files: the real ones load, each bad file gives exactly its located problems, and hostile input is refused."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import get_args, get_type_hints

import pytest
from helpers import html_text, run, tr

from pnp.errors import InputError
from pnp.games import find_spec, game_ids
from pnp.model import Range
from pnp.rulebook import rulebook_html
from pnp.rules import load_game, load_games
from pnp.source import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_VALUES, load_yaml, refused

BAD = sorted((Path(__file__).parent / "bad_rules").glob("*.yaml"))


def expectations(path: Path) -> list[str]:
    return [line[len("# expect: "):] for line in path.read_text().splitlines() if line.startswith("# expect: ")]


def test_the_four_games_load(project):
    games = load_games(project.rules, project.root)
    assert [g.id for g in games] == list(game_ids())


def test_dicemants_data_matches_the_rules_notes(project):
    from pnp.games.dicemants.spec import DicemantsParams, precedence

    game = load_game(project.rules / "dicemants.yaml")
    faces = {d.id: d.faces for d in game.dice}
    assert faces["A"] == ("diamond", "diamond", "diamond", "diamond", "skull", "void")
    assert faces["F"] == ("diamond", "diamond", "thief", "void", "void", "void")
    every = [f for d in game.dice for f in d.faces]
    assert (every.count("diamond"), every.count("void")) == (18, 10)
    assert [t.id for t in precedence(game)] == ["tnt", "skull", "pick", "thief", "bug", "plain"]
    assert game.params == DicemantsParams(goal=21, max_dice=6, void_streak_limit=2)
    assert game.values["goal"] == 21 and game.values["locked_tiers"] == (4, 5, 6)


def test_dice_arena_and_gang_counts(project):
    from pnp.games.gang_of_dice.spec import cards

    arena = load_game(project.rules / "dice-arena.yaml")
    assert dict(arena.dice[0].per_player_by_count) == {2: 9, 3: 8, 4: 7, 5: 6}
    gang = load_game(project.rules / "gang-of-dice.yaml")
    assert len(cards(gang)) == 18 and sum(c.ours for c in cards(gang)) == 2
    assert gang.params.bonus_dice == {10: 3, 11: 6, 12: 9}


def test_a_game_cannot_be_changed_by_accident_and_is_a_cache_key(project):
    import dataclasses

    from pnp.model import FrozenDict

    game = load_game(project.rules / "dicemants.yaml")
    with pytest.raises(TypeError):
        game.params["goal"] = 99  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.params.goal = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        game.titles["en"] = "Other"  # type: ignore[index]
    with pytest.raises(TypeError):
        game.flags["bug_takes_from_bag"] = False  # type: ignore[index]
    assert isinstance(game.extras, FrozenDict) and isinstance(game.faces, tuple)
    again = load_game(project.rules / "dicemants.yaml")
    assert game == again and hash(game) == hash(again) and len({game, again}) == 1


def test_an_unknown_face_is_bad_input_located_in_the_rules_file(project):
    game = load_game(project.rules / "dicemants.yaml", "rules/dicemants.yaml")
    line = (project.rules / "dicemants.yaml").read_text().split("\n").index("faces:") + 1
    with pytest.raises(InputError) as caught:
        game.face("ruby")
    assert str(caught.value) == (f"rules/dicemants.yaml:{line}: faces: no face 'ruby' is defined "
                                 "(faces: diamond, void, spider, snake, bat, thief, locked, pick, tnt, skull)")


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_rules_file(path):
    expected = expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    with pytest.raises(InputError) as caught:
        load_game(path, path.name)
    got = [str(p) for p in caught.value.problems]
    assert len(got) == len(expected), got
    for want, actual in zip(expected, got, strict=True):
        assert actual.startswith(want), (actual, want)


def test_problems_in_several_files_are_reported_together(project_copy):
    for game_id in ("dicemants", "dice-arena"):
        path = project_copy.rules / f"{game_id}.yaml"
        path.write_text(path.read_text().replace("\nage: 8\n", "\nage: old\n"))
    with pytest.raises(InputError) as caught:
        load_games(project_copy.rules, project_copy.root)
    files = [p.file for p in caught.value.problems]
    assert files == ["rules/dicemants.yaml", "rules/dice-arena.yaml"]


def test_faces_on_one_die_follow_the_dice(project_copy):
    path = project_copy.rules / "dicemants.yaml"
    def names(game):
        return [t.msgid for t in game.values["faces_on_one_die"]]

    assert names(load_game(path)) == ["spider", "snake", "bat", "thief", "locked way", "broken pick", "TNT", "skull"]
    # A second skull, on die B in place of a void: the skull no longer shows at most once.
    text = path.read_text().replace("faces: [diamond, diamond, diamond, snake, pick, void]",
                                    "faces: [diamond, diamond, diamond, snake, pick, skull]")
    path.write_text(text)
    assert names(load_game(path)) == ["spider", "snake", "bat", "thief", "locked way", "broken pick", "TNT"]


# The probes of the reliability review (Y01–Y33, I06–I11), each an edit of a real rules file: `pnp build` stops
# with exit 2, every line of its message located to the file and line, no traceback, nothing written.

Edit = Callable[[bytes], bytes]


def replace(old: str, new: str) -> Edit:
    def edit(data: bytes) -> bytes:
        assert old.encode() in data, old
        return data.replace(old.encode(), new.encode(), 1)
    return edit


def whole(new: bytes) -> Edit:
    return lambda data: new


TAGLINE = "tagline: A press-your-luck dice game of greed in an old diamond mine."
LAUGHS = ('lol0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
          + "".join(f"lol{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]\n" for n in range(1, 10)))
SIX_MORE_DICE = "".join(f"  - {{id: G{i}, name: Die G{i}, count: 1, faces: [diamond, diamond, diamond, void, skull, "
                        "void]}\n" for i in range(6))


@dataclass(frozen=True)
class Probe:
    """One probe: its id in the review, the game whose rules it edits, the edit, and the first line of the message."""

    id: str
    game: str
    edit: Edit
    expected: str
    command: str = "build"

    def __str__(self) -> str:
        return self.id


PROBES = [
    Probe("Y01", "dicemants", replace("players: {min: 2, max: 6}", "players: {min: 2, max: 6"),
          "rules/dicemants.yaml:12: YAML syntax: expected ',' or '}', but got ':' (while parsing a flow mapping that "
          "starts on line 11)"),
    Probe("Y02", "dicemants", replace("goal: 21", "goal: many"),
          "rules/dicemants.yaml:15: params.goal: expected a whole number, found the string 'many'"),
    Probe("Y03", "dicemants", replace(TAGLINE + "\n", ""), "rules/dicemants.yaml:4: missing required field 'tagline'"),
    Probe("Y04", "dicemants", replace("goal: 21", "goall: 21"),
          "rules/dicemants.yaml:14: params: missing required field 'goal'"),
    Probe("Y05", "dicemants", replace("age: 8\n", "age: 8\nage: 10\n"), "rules/dicemants.yaml:13: age: duplicate key"),
    Probe("Y06", "dicemants", replace("goal: 21", "goal: -5"), "rules/dicemants.yaml:15: params.goal: must be 1 to 100, found -5"),
    Probe("Y07", "dicemants", replace("max_dice: 6", "max_dice: 0"),
          "rules/dicemants.yaml:16: params.max_dice: must be 1 to 8, found 0"),
    Probe("Y08", "dicemants", replace("players: {min: 2, max: 6}", "players: {min: 2, max: 1000}"),
          "rules/dicemants.yaml:11: players.max: must be 1 to 8, found 1000"),
    Probe("Y09", "dicemants", whole(b""), "rules/dicemants.yaml:1: the file is empty"),
    Probe("Y10", "dicemants", whole(random.Random(10).randbytes(3000)),
          "rules/dicemants.yaml:1: not a text file: more than 20 bytes that are not UTF-8 or characters that are not "
          "text, from column 1 on"),
    Probe("Y11", "dicemants", lambda data: data.replace(b"A press-your", b"A pr\xe9ss-your", 1),
          "rules/dicemants.yaml:6: tagline: byte 0xe9 at column 14 is not UTF-8 (save the file as UTF-8)"),
    Probe("Y12", "dicemants", replace("A press-your", "A press\x01-your"),
          "rules/dicemants.yaml:6: tagline: U+0001 at column 17 is a control character"),
    Probe("Y13", "dicemants", replace("age: 8\n", "age: 8\n" + LAUGHS),
          "rules/dicemants.yaml:13: lol4[1][5][2][1][2]: more than 20,000 values once aliases are expanded"),
    Probe("Y14", "dicemants", replace("age: 8\n", "age: 8\nloop: &r [*r]\n"),
          "rules/dicemants.yaml:13: loop[0]: an alias refers to a value that contains it (a loop)"),
    Probe("Y15", "dicemants", replace(TAGLINE, 'tagline: !!python/object/apply:os.system ["touch pwned"]'),
          "rules/dicemants.yaml:6: tagline: the tag !!python/object/apply:os.system is not allowed"),
    Probe("Y16", "dicemants", replace("age: 8\n", "age: 8\n!!python/name:os.system x: 1\n"),
          "rules/dicemants.yaml:13: the tag !!python/name:os.system is not allowed on a key"),
    Probe("Y17", "dicemants", replace(TAGLINE, "tagline: !!python/object:os.system {a: 1}"),
          "rules/dicemants.yaml:6: tagline: the tag !!python/object:os.system is not allowed"),
    Probe("Y18", "dicemants", replace(TAGLINE, "tagline: !!python/name:os.system"),
          "rules/dicemants.yaml:6: tagline: the tag !!python/name:os.system is not allowed"),
    Probe("Y19", "dicemants", replace("year: 2010", "year: 2010-13-45"),
          "rules/dicemants.yaml:9: credits.year: expected a whole number, found the string '2010-13-45'"),
    Probe("Y20", "dicemants", replace("goal: 21", "goal: !!int twenty"),
          "rules/dicemants.yaml:15: params.goal: 'twenty' tagged !!int is not a whole number"),
    Probe("Y21", "dicemants", replace("goal: 21", "goal: 21.5"),
          "rules/dicemants.yaml:15: params.goal: expected a whole number, found float 21.5"),
    Probe("Y22", "dicemants", whole(b"- just\n- a list\n"), "rules/dicemants.yaml:1: expected a mapping, found a list"),
    Probe("Y23", "dicemants", replace("age: 8\n", "\tage: 8\n"),
          "rules/dicemants.yaml:12: YAML syntax: found character '\\t' that cannot start any token"),
    Probe("Y24", "dicemants", replace("goal: 21", "goal: 1000000000000"),
          "rules/dicemants.yaml:15: params.goal: must be 1 to 100, found 1000000000000"),
    Probe("Y24b", "dicemants", replace("goal: 21", "goal: 1000000000000"),
          "rules/dicemants.yaml:15: params.goal: must be 1 to 100, found 1000000000000", command="simulate"),
    Probe("Y25", "dicemants", replace("{id: A, name: Die A, count: 1,", "{id: A, name: Die A, count: 10000,"),
          "rules/dicemants.yaml:71: dice[0].count: must be 1 to 12, found 10000"),
    Probe("Y26", "gang-of-dice", replace("face_max: 5", "face_max: 1000000000"),
          "rules/gang-of-dice.yaml:19: params.face_max: must be 1 to 6, found 1000000000"),
    Probe("Y27", "gang-of-dice", replace("rounds: 12", "rounds: 1000000"),
          "rules/gang-of-dice.yaml:15: params.rounds: must be 1 to 30, found 1000000"),
    Probe("Y28", "dicemants",
          lambda data: replace("\nparts:", SIX_MORE_DICE + "\nparts:")(replace("max_dice: 6", "max_dice: 12")(data)),
          "rules/dicemants.yaml:16: params.max_dice: must be 1 to 8, found 12"),
    Probe("Y29", "dicemants", replace(TAGLINE, "tagline: " + "greedy dice " * 83_334),
          f"rules/dicemants.yaml: the file is larger than {MAX_BYTES // 1024} KiB"),
    Probe("Y29-short", "dicemants", replace(TAGLINE, "tagline: " + "greedy dice " * 500),
          "rules/dicemants.yaml:6: tagline: 5,999 characters: a value holds at most 2,000"),
    Probe("Y30", "dicemants",
          lambda data: replace("{id: diamond, name: diamond,", '{id: diamond, name: "dia\u200bmond \U0001F48E \u0645\u0627\u0633\u0629",')(
              replace("title: {en: Dicemants,", 'title: {en: "Dice\u2026\U0001F3B2 Z\u0337\u034ea\u0334l\u0355g\u0336o\u200b \u05e9\u05dc\u05d5\u05dd",')(data)),
          "rules/dicemants.yaml:5: title.en: U+200B ZERO WIDTH SPACE at column 31 is an invisible formatting character"),
    Probe("Y30b", "dicemants", replace("designer: {en: Pello Altadill,", 'designer: {en: "Pello \\u202eAltadill\\ufeff",'),
          "rules/dicemants.yaml:8: credits.designer.en: U+202E RIGHT-TO-LEFT OVERRIDE is a bidirectional control: it "
          "would reorder the printed line"),
    Probe("Y30c", "dicemants", replace("designer: {en: Pello Altadill, ru: Пелло Альтадиль}",
                                       "designer: {en: Pello Altadill, xx: Пелло Альтадиль}"),
          "rules/dicemants.yaml:8: credits.designer.xx: unknown language 'xx' (write a language's code: en, fr, de, "
          "pt_BR…)"),
    Probe("Y30e", "dice-arena", replace("{2: 9, 3: 8, 4: 7, 5: 6}, paper: false,", "{2: 9, 3: 8, 4: 7, 5: 6}, paper: maybe,"),
          "rules/dice-arena.yaml:34: dice[0].paper: expected true or false, found the string 'maybe'"),
    Probe("Y30f", "gang-of-dice", replace("{2: 48, 3: 48, 4: 36}, table: 12}", "{2: 48, 3: 48, 4: 36}, table: 0}"),
          "rules/gang-of-dice.yaml:33: dice[0].table: must be 1 to 60, found 0"),
    Probe("Y30g", "dicemants", replace("item: Pencil, count: 1}", "item: Pencil, count: 1, buy: 1}"),
          "rules/dicemants.yaml:81: parts[2].buy: expected true or false, found int 1"),
    Probe("Y32", "dicemants", replace("age: 8\n", "age: 8\ndeep: " + "[" * 5000 + "]" * 5000 + "\n"),
          f"rules/dicemants.yaml:13: lists and mappings nested more than {MAX_DEPTH} deep"),
    Probe("Y33", "dicemants", replace("{id: diamond,", '{id: "diamond\\u200b",'),
          "rules/dicemants.yaml:23: faces[0].id: U+200B ZERO WIDTH SPACE is an invisible formatting character"),
    Probe("I06", "dicemants", replace(TAGLINE, "tagline: 'A {% for x in range(3) %}X{% endfor %} game'"),
          "rules/dicemants.yaml:6: tagline: placeholder {% for x in range(3) %} is not a plain name or a count in words"),
    Probe("I10", "dicemants", replace(TAGLINE, "tagline: '{goal.__class__.__mro__} {faces_on_one_die[0].__init__.__globals__}'"),
          "rules/dicemants.yaml:6: tagline: placeholder {goal.__class__.__mro__} is not a plain name or a count in words"),
    Probe("I11", "dicemants", replace(TAGLINE, "tagline: 'Goal {goal:>99999999} {0} {'"),
          "rules/dicemants.yaml:6: tagline: broken braces (Single '{' encountered in format string)"),
]


@pytest.mark.parametrize("probe", PROBES, ids=str)
def test_a_probe_of_bad_rules_stops_the_command_located_and_writes_nothing(probe, project_copy):
    path = project_copy.rules / f"{probe.game}.yaml"
    path.write_bytes(probe.edit(path.read_bytes()))
    out = project_copy.root / "out"
    args = ["build", probe.game, "--lang", "en", "--out", str(out)] if probe.command == "build" else \
        ["simulate", probe.game, "--games", "1"]
    code, stdout, stderr = run("--root", str(project_copy.root), *args)
    assert (code, stdout) == (2, "")
    assert stderr.startswith(f"error: {probe.expected}"), stderr
    for line in stderr.splitlines():  # every problem named with its file and line, and no traceback
        assert re.match(rf"error: rules/{probe.game}\.yaml:\d+: \S", line) or probe.id == "Y29", line
        assert all(refused(c) is None for c in line), line  # nothing in a message reorders or hides its text
    assert not out.exists()


def test_a_merge_key_is_standard_yaml_and_gives_the_same_game(project_copy):
    """Probe Y31: `<<: *anchor` brings in a mapping's keys; the mapping's own keys win."""
    path = project_copy.rules / "dicemants.yaml"
    before = load_game(path, "rules/dicemants.yaml")
    path.write_text(path.read_text()
                    .replace("  - {id: thief, name: thief, art: thief,", "  - &thief {id: thief, name: thief, art: thief,")
                    .replace("  - {id: skull, name: skull, art: skull, effect:", "  - {<<: *thief, id: skull, name: skull, art: skull, effect:")
                    .replace("  - {id: B, name: Die B, count: 1, faces:", "  - {<<: *A, id: B, name: Die B, faces:")
                    .replace("  - {id: A, name: Die A, count: 1,", "  - &A {id: A, name: Die A, count: 1,"))
    after = load_game(path, "rules/dicemants.yaml")
    assert after == before  # die B's count comes from die A; the skull keeps its own keys


def test_merge_keys_follow_yaml_order_and_report_lines_where_values_stand(tmp_path):
    path = tmp_path / "merge.yaml"
    path.write_text("base: &base {x: 1, y: 2}\n"
                    "more: &more {y: 20, z: 30}\n"
                    "one: {<<: *base, y: 3}\n"
                    "two: {<<: [*more, *base]}\n"
                    "three:\n  <<: *base\n  x: 9\n")
    doc = load_yaml(path, "merge.yaml")
    assert doc.data["one"] == {"x": 1, "y": 3}
    assert doc.data["two"] == {"y": 20, "z": 30, "x": 1}  # earlier mappings in the list win
    assert doc.data["three"] == {"x": 9, "y": 2}
    assert (doc.line(("one", "x")), doc.line(("one", "y")), doc.line(("three", "x"))) == (1, 3, 7)
    path.write_text("a: &a {x: 1, <<: *a}\n")
    with pytest.raises(InputError, match=r"^merge.yaml:1: a: a merge key \(<<\) brings in the mapping that holds it"):
        load_yaml(path, "merge.yaml")
    path.write_text("a: &a {x: 1}\nb: {<<: *a, x: 2, x: 3}\n")
    with pytest.raises(InputError, match=r"^merge.yaml:2: b.x: duplicate key$"):
        load_yaml(path, "merge.yaml")


@pytest.mark.parametrize(("text", "expected"), [
    ("a: [" + ", ".join(["*x"] * (MAX_ALIASES + 1)) + "]\n",
     f"budget.yaml:2: more than {MAX_ALIASES} aliases (*name): more than a rules file needs"),
    ("a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n",
     f"budget.yaml:1: lists and mappings nested more than {MAX_DEPTH} deep"),
    # Nested through aliases: each level shallow on the page, deep once expanded.
    ("l0: &l0 [[[[0]]]]\n" + "".join(f"l{i}: &l{i} [[[[*l{i - 1}]]]]\n" for i in range(1, 8)),
     f"budget.yaml:1: l4[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: lists and mappings nested more than "
     f"{MAX_DEPTH} deep once aliases are expanded"),
    ("m0: &m0 {k: 1}\n" + "".join(f"m{i}: &m{i} {{<<: [{', '.join([f'*m{i - 1}'] * 9)}], k{i}: 1}}\n"
                                   for i in range(1, 8)),
     f"budget.yaml:4: m4: more than {MAX_VALUES:,} values once merge keys are expanded"),
    ("a: &a {b: *a}\n", "budget.yaml:1: a.b: an alias refers to a value that contains it (a loop)"),
    ("a: *nowhere\n", "budget.yaml:1: YAML syntax: found undefined alias 'nowhere'"),
    ("a: 1\n---\nb: 2\n", "budget.yaml:2: YAML syntax: found another document (expected a single document in "
                          "the stream that starts on line 1)"),
])
def test_the_loader_keeps_to_its_budgets(tmp_path, text, expected):
    path = tmp_path / "budget.yaml"
    path.write_text("x: &x 1\n" + text if "*x" in text else text)
    with pytest.raises(InputError) as caught:
        load_yaml(path, "budget.yaml")
    assert str(caught.value).startswith(expected), str(caught.value)


@pytest.mark.parametrize(("text", "expected"), [
    ("a: !!binary aGVsbG8=\n", ["t.yaml:1: a: the tag !!binary is not allowed"]),
    ("a: !!set {x}\n", ["t.yaml:1: a: the tag !!set is not allowed"]),
    ("a: !!timestamp 2001-12-14\n", ["t.yaml:1: a: the tag !!timestamp is not allowed"]),
    ("a: !custom x\n", ["t.yaml:1: a: the tag !custom is not allowed"]),
    ("a: !!float many\n", ["t.yaml:1: a: 'many' tagged !!float is not a number"]),
    ("a: " + "9" * 5000 + "\n", ["t.yaml:1: a: 5,000 characters: a value holds at most 2,000"]),
    ("? [a, b]\n: 1\n", ["t.yaml:1: a key must be a plain name or a whole number, found a list"]),
    ("1.5: x\nyes: y\n", ["t.yaml:1: the key '1.5' reads as a number (quote it)",
                          "t.yaml:2: the key 'yes' reads as true or false (quote it)"]),
])
def test_a_value_is_plain_data_or_a_located_problem(tmp_path, text, expected):
    path = tmp_path / "t.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load_yaml(path, "t.yaml")
    got = [str(p) for p in caught.value.problems]
    assert len(got) == len(expected) and all(g.startswith(e) for g, e in zip(got, expected, strict=True)), got


def test_plain_values_read_as_text_where_yaml_would_fail_or_guess(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_bytes("\ufeffdate: 2010-13-45\nequals: =\nmerge: <<\nround: 1:30\nn: 0x1F\n".encode())
    doc = load_yaml(path, "t.yaml")  # a byte-order mark may open the file
    assert doc.data == {"date": "2010-13-45", "equals": "=", "merge": "<<", "round": 90, "n": 31}


@pytest.mark.parametrize(("text", "expected"), [
    # Refused characters typed into the file: taken out, and each located to its line, column and field.
    ("a: x\nb: one\u202etwo\n", "t.yaml:2: b: U+202E RIGHT-TO-LEFT OVERRIDE at column 7 is a bidirectional control"),
    ("a: x  # \u2066note\n", "t.yaml:1: U+2066 LEFT-TO-RIGHT ISOLATE at column 9 is a bidirectional control"),
    ("a: x\nb:\n  c: >\n    one\n    two\x7f\n", "t.yaml:5: b.c: U+007F at column 8 is a control character"),
    ("a: x\ufeff\n", "t.yaml:1: a: U+FEFF ZERO WIDTH NO-BREAK SPACE at column 5 is an invisible formatting character"),
    ("a: x\ufffe\n", "t.yaml:1: a: U+FFFE at column 5 is a noncharacter"),
    ("ke\u200by: x\n", "t.yaml:1: key: U+200B ZERO WIDTH SPACE at column 3 is an invisible formatting character"),
    # Written as escapes: located to the value's line and field.
    ('a: x\nb: "\\u200dx"\n', "t.yaml:2: b: U+200D ZERO WIDTH JOINER is an invisible formatting character"),
    ('a: "\\ud800"\n', "t.yaml:1: a: U+D800 is not a character (half of a surrogate pair)"),
    ('a: "\\r\\x1b[31m"\n', "t.yaml:1: a: U+000D is a control character"),
])
def test_control_bidi_and_invisible_characters_are_refused_where_they_stand(tmp_path, text, expected):
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    doc = load_yaml(path, "t.yaml")
    assert str(doc.problems[0]).startswith(expected), doc.problems
    assert all(refused(c) is None for value in doc.data.values() for c in str(value))  # the data holds them removed


def test_characters_the_fonts_cannot_draw_are_located_to_their_line(project_copy):
    path = project_copy.rules / "dicemants.yaml"
    path.write_text(path.read_text().replace(
        "note: Originally a free print-and-play game.",
        "note: |\n    Originally a free\n    print-and-play game \u2192 \U0001F3B2.\n    Было \u0436\u0451\u0441\u0442\u043a\u043e."))
    with pytest.raises(InputError) as caught:
        load_game(path, "rules/dicemants.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "rules/dicemants.yaml:12: credits.note: the shipped fonts cannot draw U+2192 RIGHTWARDS ARROW ('→'), "
        "U+1F3B2 GAME DIE ('🎲')"]  # Cyrillic, which PT Serif and PT Sans draw, is welcome


def test_a_file_that_is_not_a_regular_file_is_refused(tmp_path):
    (tmp_path / "rules.yaml").mkdir()
    with pytest.raises(InputError, match="^rules.yaml: not a regular file$"):
        load_yaml(tmp_path / "rules.yaml", "rules.yaml")


def test_every_number_of_every_game_has_a_range():
    for game_id in game_ids():
        params = find_spec(game_id).params
        hints = get_type_hints(params, include_extras=True)
        for f in fields(params):
            if hints[f.name] is not bool:
                assert any(isinstance(x, Range) for x in get_args(hints[f.name])), f"{game_id}: params.{f.name}"


def _param_ranges():
    for game_id in game_ids():
        hints = get_type_hints(find_spec(game_id).params, include_extras=True)
        for name, hint in hints.items():
            bounds = next((x for x in get_args(hint) if isinstance(x, Range)), None)
            if bounds is not None and get_args(hint)[0] is int:
                yield pytest.param(game_id, name, bounds, id=f"{game_id}.{name}")


@pytest.mark.parametrize(("game_id", "name", "bounds"), list(_param_ranges()))
def test_a_parameter_outside_its_range_is_refused_with_the_range(project_copy, game_id, name, bounds):
    path = project_copy.rules / f"{game_id}.yaml"
    text = path.read_text()
    line = next(i for i, row in enumerate(text.split("\n"), 1) if row.startswith(f"  {name}: "))
    for wrong in (bounds.low - 1, bounds.high + 1):
        path.write_text(re.sub(rf"(?m)^  {name}: .*$", f"  {name}: {wrong}", text))
        with pytest.raises(InputError) as caught:
            load_game(path, "rules.yaml")
        assert str(caught.value.problems[0]) == f"rules.yaml:{line}: params.{name}: must be {bounds}, found {wrong}"


INJECTED = {
    TAGLINE: "tagline: '<script>document.write(\"SCRIPTRAN\")</script>'",
    "note: Originally a free print-and-play game.":
        "note: '<img src=\"file:///etc/passwd\"> <img src=\"file:///etc/hostname\" alt=\"ALTTEXT\">'",
    "designer: {en: Pello Altadill,": "designer: {en: '<link rel=stylesheet href=\"http://example.com/x.css\">',",
    "effect: \"Nothing found: the die stays on the board.\"":
        "effect: '<span style=\"background:url(file:///etc/passwd)\">styled</span>'",
    "effect: Every diamond goes to the lost zone.": "effect: '{{ 7*7 }}'",
    "effect: \"Every diamond goes to the lost zone, and your turn ends.\"": "effect: '</td></tr></table></section><h1>BROKEN</h1><section>'",
    "name: pencil, item: Pencil, count: 1":
        "name: '<svg><image href=\"file:///etc/passwd\"/></svg> <object data=\"http://x.invalid/\">', item: Pencil, count: 1",
    "title: {en: Dicemants,": "title: {en: '<b>Dice</b><iframe src=\"http://x.invalid\">',",
}
"""Probes I01–I09: markup and template syntax typed into eight text fields."""


def test_text_fields_print_markup_literally_and_never_run_it(project_copy):
    path = project_copy.rules / "dicemants.yaml"
    text = path.read_text()
    for old, new in INJECTED.items():
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text)
    markup = rulebook_html(project_copy, load_game(path, "rules/dicemants.yaml"), tr("en"))
    words = html_text(markup)
    for shown in ('<script>document.write("SCRIPTRAN")</script>', '<img src="file:///etc/passwd">',
                  '<link rel=stylesheet href="http://example.com/x.css">', "{ 7*7 }", "<h1>BROKEN</h1>",
                  '<object data="http://x.invalid/">', '<b>Dice</b><iframe src="http://x.invalid">'):
        assert shown in words, shown  # printed as text...
    for tag in ("<script", '<img src="file', "<link rel=stylesheet", "<iframe", "<object", "<h1>BROKEN", "<span style"):
        assert tag not in markup, tag  # ...never as markup
    assert "49" not in words


def test_a_problem_without_a_file_reads_as_its_message():
    from pnp.errors import Problem

    assert str(InputError("die size: must be 10 to 30 mm, found 9")) == "die size: must be 10 to 30 mm, found 9"
    assert str(Problem("rules/x.yaml", None, "", "rules file not found")) == "rules/x.yaml: rules file not found"
    assert str(Problem("rules/x.yaml", 3, "age", "must be 3 to 99")) == "rules/x.yaml:3: age: must be 3 to 99"


def test_a_designer_is_one_name_or_a_name_per_language(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    game = load_game(rules)
    assert (game.designer_in("en"), game.designer_in("es"), game.designer_in("ru")) == (
        "Pello Altadill", "Pello Altadill", "Пелло Альтадиль")  # as written where a language has no form of its own
    rules.write_text(rules.read_text().replace("designer: {en: Pello Altadill, ru: Пелло Альтадиль}",
                                               "designer: Pello Altadill"))
    assert load_game(rules).designer_in("ru") == "Pello Altadill"
