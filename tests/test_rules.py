"""Rules files: the real ones load, and each bad file gives exactly its located problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import InputError
from pnp.games import game_ids
from pnp.rules import load_game, load_games

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
