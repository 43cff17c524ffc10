"""Every engine is pure: standard library only, no rendering or YAML, no files, clock or global random."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "pnp" / "games"
PURE = sorted(GAMES.glob("*/engine*.py")) + [GAMES / name for name in ("chance.py", "events.py", "protocols.py", "views.py")]
"""The engines of every game, and the shared tools and protocols they are played through."""
FORBIDDEN = ("jinja2", "babel", "svgwrite", "weasyprint", "yaml", "pypdf", "markupsafe")


def module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_the_engines_are_found():
    assert GAMES / "dicemants" / "engine.py" in PURE


@pytest.mark.parametrize("path", PURE, ids=lambda p: module(p))
def test_importing_pulls_in_no_heavy_modules(path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([sys.executable, "-c", f"import {module(path)}, sys; print(sorted(sys.modules))"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    modules = set(ast.literal_eval(out))  # a printed list of module names
    assert module(path) in modules
    loaded = sorted(m for m in modules if m.split(".")[0] in FORBIDDEN)
    assert loaded == []


@pytest.mark.parametrize("path", PURE, ids=lambda p: module(p))
def test_source_uses_only_the_standard_library_and_no_side_effects(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}
    assert not imported & {"time", "datetime", "os", "pathlib", "io", "secrets", "subprocess", "socket"}
    relative = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level > 0}
    runtime = {m for m in relative if m} - {"protocols", "chance", "views", "events", "engine"}
    typing_only = {m for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for sub in ast.walk(node) if isinstance(sub, ast.ImportFrom) and (m := sub.module)}
    assert runtime <= typing_only  # pure modules import each other only, or types for the checker
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert "open" not in names and "print" not in names and "input" not in names
    random_uses = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                   and isinstance(node.value, ast.Name) and node.value.id == "random"}
    assert random_uses <= {"Random"}  # only seeded generators handed in or built from a seed


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: module(p))
def test_every_game_file_starts_with_a_one_line_docstring(path):
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
    assert doc and "\n" not in doc.strip(), path
