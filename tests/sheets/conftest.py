"""Sheet fixtures: each (game, sheet, language, paper, die size) built at most once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import build


@pytest.fixture(scope="session")
def sheet(tmp_path_factory, project):
    """A function building one sheet (once per session) and returning its PDF's path."""
    made: dict[tuple, Path] = {}

    def make(game: str, kind: str, lang: str = "en", paper: str = "a4", die_size: float = 16.0) -> Path:
        key = (game, kind, lang, paper, die_size)
        if key not in made:
            out = tmp_path_factory.mktemp("sheets")
            report = build(project, [game], [lang], paper=paper, out=out, die_size=die_size, kinds=[kind], workers=1)
            assert report.warnings == []
            made[key] = out / game / lang / f"{kind}.pdf"
        return made[key]

    return make
