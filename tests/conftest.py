"""Shared fixtures: the real project, its rulebooks built once as PDFs, and a private copy free to break."""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import PROJECT, ROOT

from pnp import derived
from pnp.build import build, folder
from pnp.project import Project
from pnp.rules import load_game
from pnp.sheets import Options

Made = Callable[..., Path]

# Every project a test builds, the real one and each copy, keeps its engine derivations in the real project's folder:
# they are keyed by the rules they come from, so a copy with the real rules reuses the run's one Dicemants solve (and
# a warm run, the last run's). An absolute FOLDER wins over the project root it is joined to.
derived.FOLDER = str(ROOT / derived.FOLDER)
derived.use(Path(derived.FOLDER))  # and outside a build too (a rulebook's HTML made in a test)

# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: without it every xdist worker compiles pnp and
# rewrites every test module's assertions again on every run, 2.5 s of CPU each (pytest reads cached files anyway).
sys.dont_write_bytecode = False


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `first` lead: the one that pays the run's Dicemants solve starts as the first worker starts,
    rather than where its file falls, while the other worker, and the tests after it, wait for it."""
    items.sort(key=lambda item: item.get_closest_marker("first") is None)  # a stable sort: otherwise as collected


def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A folder of this run that every xdist worker shares."""
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    shared.mkdir(exist_ok=True)
    return shared


@pytest.fixture(scope="session", autouse=True)
def extracted_once(tmp_path_factory) -> None:
    """The catalog template extracted once per run, not once per worker: the extraction (Babel reading every
    template, Python and rules file, about 3 s of CPU) is kept by each process for the same sources, keyed by their
    fingerprint; the first worker to need it also leaves it, under that key, for the other."""
    from pnp import catalogs

    shared, extract_here = shared_folder(tmp_path_factory, "extracted"), catalogs._extract

    def extract_shared(root: Path):
        path = shared / f"{catalogs._fingerprint(root)[:16]}.pickle"
        with (shared / f"{path.name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.exists():
                return pickle.loads(path.read_bytes())
            catalog = extract_here(root)
            path.write_bytes(pickle.dumps(catalog))
            return catalog

    catalogs._extract = extract_shared


@pytest.fixture(scope="session")
def made(tmp_path_factory) -> Made:
    """One file of the real project, built once per test run however many workers ask for it.

    `made(game, kind, lang="en", paper="a4", options=None)` returns its path. The files live in a folder all
    xdist workers of the run share, each built under a lock by the first worker that needs it.
    """
    shared = shared_folder(tmp_path_factory, "made")

    def make(game: str, kind: str, lang: str = "en", paper: str = "a4", options: Options | None = None) -> Path:
        options = options or Options()
        key = repr((game, kind, lang, paper, options))
        out = shared / hashlib.sha1(key.encode()).hexdigest()[:16]
        target = folder(out, load_game(PROJECT.rules / f"{game}.yaml"), lang, paper) / f"{kind}.pdf"
        with (shared / f"{out.name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not target.exists():
                report = build(PROJECT, [game], [lang], paper=paper, out=out, options=options, kinds=[kind], workers=1)
                assert report.warnings == []
        return target

    return make


@pytest.fixture(scope="session")
def project() -> Project:
    return PROJECT


@pytest.fixture
def project_copy(tmp_path) -> Project:
    """A private copy of the project's rules, templates, catalogs and Babel mapping, free to break."""
    for name in ("rules", "templates", "locales"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    return Project(tmp_path)


@pytest.fixture
def unsolved(monkeypatch) -> None:
    """Rulebooks without Dicemants' "Playing well" section: for a test of other rule changes, which would otherwise
    pay a whole exact solve (ten seconds or more) of rules no other test asks for."""
    from pnp.games.dicemants import playing

    monkeypatch.setattr(playing, "playing_view", lambda rules, tr: None)
