"""Gang of Dice sheet fixtures: each (kind, language, paper, ink) built at most once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import build, folder
from pnp.rules import load_game
from pnp.sheets import Options


@pytest.fixture(scope="session")
def gang_pdf(tmp_path_factory, project):
    """A function building one Gang of Dice file (a sheet, or the kit with all it holds) and returning its path."""
    made: dict[tuple, Path] = {}
    game = load_game(project.rules / "gang-of-dice.yaml")

    def make(kind: str, lang: str = "en", paper: str = "a4", ink: str = "full") -> Path:
        key = (kind, lang, paper, ink)
        if key not in made:
            out = tmp_path_factory.mktemp("gang")
            report = build(project, [game.id], [lang], paper=paper, out=out, options=Options(ink=ink), kinds=[kind],
                           workers=1)
            assert report.warnings == []
            made[key] = folder(out, game, lang, paper) / f"{kind}.pdf"
        return made[key]

    return make
