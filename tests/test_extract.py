"""The Babel extractor for rules files, and the extraction of the whole project."""

from __future__ import annotations

from babel.messages.extract import extract

RULES = """\
id: dice-arena
title: {en: Arena, es: Arena, ca: Arena, ru: Арена}
tagline: Throw, match, capture.
credits: {designer: Someone, year: 2012, note: Published under another name.}
players: {min: 2, max: 5}
age: 8
duration: {min: 10, max: 20}
params: {neutral_dice: 1, removed_value: 1, leave_arena_chance: 0}
faces:
  - {id: x, name: X, art: x, value: 1, effect: Removed from the game.}
dice:
  - {id: arena, name: Arena die, faces: [x, x, x, x, x, x], per_player_by_count: {2: 9, 3: 8, 4: 7, 5: 6}}
rulebook:
  setup:
    - table: players
  turn:
    - steps:
      - Throw one die.
      - one: Remove every die showing {removed_value} dot.
        other: Remove every die showing {removed_value} dots.
        n: removed_value
  end: [The last player holding dice wins.]
"""


def test_rules_extractor_yields_every_sentence_with_its_game_and_line(tmp_path):
    path = tmp_path / "dice-arena.yaml"
    path.write_text(RULES)
    with path.open("rb") as fh:
        got = list(extract("pnp_rules", fh))
    assert got == [
        (3, "Throw, match, capture.", ["dice-arena: tagline"], "dice-arena"),
        (4, "Published under another name.", ["dice-arena: credits.note"], "dice-arena"),
        (10, "X", ["dice-arena: faces.x.name"], "dice-arena"),
        (10, "Removed from the game.", ["dice-arena: faces.x.effect"], "dice-arena"),
        (12, "Arena die", ["dice-arena: dice.arena.name"], "dice-arena"),
        (18, "Throw one die.", ["dice-arena: rulebook.turn"], "dice-arena"),
        (19, ("Remove every die showing {removed_value} dot.", "Remove every die showing {removed_value} dots."),
         ["dice-arena: rulebook.turn", "count: removed_value"], "dice-arena"),
        (22, "The last player holding dice wins.", ["dice-arena: rulebook.end"], "dice-arena"),
    ]


def test_project_template_holds_templates_code_and_rules(project):
    from pnp.catalogs import extract as extract_project

    catalog = extract_project(project.root)
    assert catalog.get("Components") is not None  # templates/rulebook.html
    assert catalog.get("Total of {n} or more") is not None  # pnp/cards.py
    assert catalog.get("skull", context="dicemants") is not None  # rules/dicemants.yaml
    goal = catalog.get("The first player to bank a total of {goal} diamond wins.", context="dicemants")
    assert goal.id == ("The first player to bank a total of {goal} diamond wins.",
                       "The first player to bank a total of {goal} diamonds wins.")
    assert ("rules/dicemants.yaml", goal.locations[0][1]) == goal.locations[0]


def test_committed_template_is_up_to_date(project):
    from babel.messages.pofile import read_po

    from pnp.catalogs import extract as extract_project

    fresh = {(m.context, m.id) for m in extract_project(project.root) if m.id}
    with (project.locales / "pnp.pot").open("rb") as fh:
        committed = {(m.context, m.id) for m in read_po(fh) if m.id}
    assert fresh == committed, "run `pnp catalog update` and translate the new entries"
