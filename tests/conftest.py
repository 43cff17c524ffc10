"""Shared fixtures: the real project, its rulebooks built once as PDFs, and a private copy free to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import PDF_CASES, PROJECT, ROOT

from pnp.build import build
from pnp.project import Project


@pytest.fixture(scope="session")
def project() -> Project:
    return PROJECT


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The four rulebooks read back as PDFs: each game once, each language once (the rest is checked as HTML)."""
    out = tmp_path_factory.mktemp("output")
    for game_id, lang in PDF_CASES:
        report = build(PROJECT, [game_id], [lang], out=out, workers=1)
        assert report.warnings == []
    return out


@pytest.fixture
def project_copy(tmp_path) -> Project:
    """A private copy of the project's rules, templates, catalogs and Babel mapping, free to break."""
    for name in ("rules", "templates", "locales"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    return Project(tmp_path)
