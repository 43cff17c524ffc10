"""The registry: the built-in games, and a game from outside the repository registered by entry point."""

from __future__ import annotations

import textwrap

import pypdf
import pytest
from helpers import pdf_text, run

from pnp.build import build
from pnp.games import BUILTIN, find_spec, game_ids

TOY_PACKAGE = '''\
"""A toy game: one die, a goal, and a table of its own."""

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from pnp.games.gamespec import GameSpec
from pnp.model import FrozenDict, Params, Range
from pnp.sheets.pads import Head, open_pad


@dataclass(frozen=True)
class ToyParams(Params):
    goal: Annotated[int, Range(1, 50)]
    """Points that win."""


def score_pad(game, frame, tr):
    return open_pad(game, frame, Head("turn", tr.gettext("Turn")), (Head("total", tr.gettext("Total")),))


SPEC = GameSpec(
    id="toy-dice",
    params=ToyParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    tables=FrozenDict({"goals": lambda game: True}),
    context=lambda game, tr: {"goal_line": f"Reach {game.params.goal} and stop."},
)
'''

TOY_RULES = """\
id: toy-dice
title: {en: Toy Dice, es: Dados de juguete, ca: Daus de joguina, ru: Игрушечные кости}
tagline: A game that exists only in a test.
credits: {designer: Nobody, year: 2026}
players: {min: 2, max: 3}
age: 6
duration: {min: 5, max: 10}
params: {goal: 11}
faces:
  - {id: one, name: one, art: pips, pips: 1, value: 1}
  - {id: six, name: six, art: pips, pips: 6, value: 6, effect: Roll again.}
dice:
  - {id: toy, name: Toy die, count: 1, faces: [one, one, one, six, six, six]}
rulebook:
  setup: [Take the die.]
  turn:
    - Roll the die and add its value to your score.
    - table: goals
  end:
    - The first to reach {goal} points wins.
"""


@pytest.fixture
def toy(tmp_path, monkeypatch, project_copy):
    """The toy game's package and its distribution's entry point on sys.path, its rules file in a project copy."""
    site = tmp_path / "site"
    package = site / "toy_game"
    (package / "templates" / "tables").mkdir(parents=True)
    (package / "__init__.py").write_text(TOY_PACKAGE)
    (package / "templates" / "tables" / "goals.html").write_text(
        '<table class="data goals"><tr><td>{{ goal_line }}</td></tr></table>\n')
    info = site / "toy_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pnp.games]\ntoy-dice = toy_game:SPEC\n")
    monkeypatch.syspath_prepend(str(site))
    (project_copy.rules / "toy-dice.yaml").write_text(TOY_RULES)
    return project_copy


def test_the_built_in_games_in_build_order():
    assert game_ids() == ("dicemants", "gang-of-dice", "dice-arena", "dead-mans-dice")
    assert [find_spec(game_id).id for game_id, _ in BUILTIN] == list(game_ids())
    with pytest.raises(KeyError):
        find_spec("yahtzee")


def test_a_game_from_outside_registers_by_entry_point_and_builds_its_rulebook(toy, tmp_path):
    assert game_ids()[-1] == "toy-dice" and find_spec("toy-dice").params.__name__ == "ToyParams"
    report = build(toy, ["toy-dice"], ["en"], out=tmp_path / "out", workers=1)
    assert report.warnings == []
    pdf = tmp_path / "out" / "toy-dice" / "en" / "rulebook.pdf"
    assert report.written == [pdf]
    assert pypdf.PdfReader(pdf).metadata.title == "Toy Dice"
    text = pdf_text(pdf)
    assert "Roll the die and add its value to your score." in text
    assert "Reach 11 and stop." in text  # its own table, drawn by its own template
    assert "The first to reach 11 points wins." in text  # {goal} from its typed params


def test_the_cli_knows_the_registered_game_and_its_rules_are_checked(toy):
    broken = toy.rules / "toy-dice.yaml"
    broken.write_text(TOY_RULES.replace("params: {goal: 11}", "params: {goal: 11, speed: 3}"))
    code, out, err = run("--root", str(toy.root), "build", "toy-dice", "--lang", "en")
    assert (code, out) == (2, "")
    assert err == "error: rules/toy-dice.yaml:8: params.speed: unknown key (known keys: goal)\n"
    assert "toy-dice" in run("--root", str(toy.root), "build", "--help")[1].replace("\n", " ")
    broken.write_text(TOY_RULES.replace("params: {goal: 11}", "params: {goal: 99}"))
    code, _, err = run("--root", str(toy.root), "build", "toy-dice", "--lang", "en")
    assert (code, err) == (2, "error: rules/toy-dice.yaml:8: params.goal: must be 1 to 50, found 99\n")  # its own range


def test_a_registered_id_cannot_hide_another_games_spec(tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "liar").mkdir(parents=True)
    (site / "liar" / "__init__.py").write_text(textwrap.dedent('''\
        """A package whose spec says it is another game."""
        from pnp.games.dicemants.spec import SPEC
        '''))
    info = site / "liar-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: liar\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pnp.games]\nliar-dice = liar:SPEC\n")
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(ValueError, match="liar:SPEC holds the spec of 'dicemants', registered as 'liar-dice'"):
        find_spec("liar-dice")
