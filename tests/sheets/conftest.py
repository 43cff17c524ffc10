"""Sheet fixtures: each (game, sheet, language, paper, options) built at most once per test run."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def sheet(made):
    """A function building one sheet (once per run) and returning its PDF's path."""
    return made
