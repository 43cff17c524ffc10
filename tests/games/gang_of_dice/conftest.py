"""Gang of Dice sheet fixtures: each (kind, language, paper, ink) built at most once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.sheets import Options


@pytest.fixture(scope="session")
def gang_pdf(made):
    """A function building one Gang of Dice sheet (once per run) and returning its path."""
    def make(kind: str, lang: str = "en", paper: str = "a4", ink: str = "full") -> Path:
        return made("gang-of-dice", kind, lang, paper, Options(ink=ink))

    return make
