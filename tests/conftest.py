"""Shared fixtures: the real project, and every rulebook built once per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.build import build
from pnp.render import Project

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def project() -> Project:
    return Project(ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory, project) -> Path:
    """The 16 rulebooks (4 games x 4 languages) on A4, built into a temporary output folder."""
    out = tmp_path_factory.mktemp("output")
    report = build(project, out=out)
    assert report.warnings == []
    return out


@pytest.fixture
def project_copy(tmp_path) -> Project:
    """A private copy of the project's rules, templates, catalogs and Babel mapping, free to break."""
    for name in ("rules", "templates", "locales"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    return Project(tmp_path)
