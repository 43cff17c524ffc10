"""The Dicemants engine is pure: standard library only, no rendering or YAML, no files, clock or global random."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "pnp" / "engine" / "dicemants.py"
FORBIDDEN = ("jinja2", "babel", "svgwrite", "weasyprint", "yaml")


def test_importing_the_engine_pulls_in_no_heavy_modules():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([sys.executable, "-c", "import pnp.engine.dicemants, sys; print(sorted(sys.modules))"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    modules = set(ast.literal_eval(out))  # a printed list of module names
    assert "pnp.engine.dicemants" in modules
    loaded = sorted(m for m in modules if m.split(".")[0] in FORBIDDEN)
    assert loaded == []


def test_engine_source_uses_only_the_standard_library_and_no_side_effects():
    tree = ast.parse(ENGINE.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}
    assert not imported & {"time", "datetime", "os", "pathlib", "io", "secrets"}
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert "open" not in names and "print" not in names
    random_uses = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                   and isinstance(node.value, ast.Name) and node.value.id == "random"}
    assert random_uses <= {"Random"}  # only seeded generators handed in or built from a seed


def test_every_engine_file_starts_with_a_one_line_docstring():
    for path in sorted((ROOT / "pnp" / "engine").glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
        assert doc and "\n" not in doc.strip(), path
