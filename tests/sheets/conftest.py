"""Sheet fixtures: each (game, sheet, language, paper, options) built at most once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import build, folder
from pnp.rules import load_game
from pnp.sheets import Options


@pytest.fixture(scope="session")
def sheet(tmp_path_factory, project):
    """A function building one sheet (once per session) and returning its PDF's path."""
    made: dict[tuple, Path] = {}

    def make(game: str, kind: str, lang: str = "en", paper: str = "a4", options: Options | None = None) -> Path:
        key = (game, kind, lang, paper, options)
        if key not in made:
            out = tmp_path_factory.mktemp("sheets")
            report = build(project, [game], [lang], paper=paper, out=out, options=options, kinds=[kind], workers=1)
            assert report.warnings == []
            made[key] = folder(out, load_game(project.rules / f"{game}.yaml"), lang, paper) / f"{kind}.pdf"
        return made[key]

    return make
