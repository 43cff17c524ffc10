"""What the tagged kit merge costs: each built kit's parts merged with their structure trees (pnp.sheets.merge), and
with pypdf's untagged merge (the kit's merge before it was tagged), in CPU seconds.

Run after a build: `.venv/bin/python scripts/kit_cost.py [OUTPUT]` (default `output/`), every game in English, A4.
"""

from __future__ import annotations

import io
import sys
from functools import partial
from pathlib import Path

import pikepdf
from access_cost import seconds  # the best of a few runs, in CPU seconds: one timer for both scripts
from pypdf import PdfWriter

from pnp.project import Project
from pnp.rules import load_games
from pnp.sheets import Options, kit_order
from pnp.sheets.merge import TaggedMerge


def tagged(parts: list[Path]) -> bytes:
    merge = TaggedMerge()
    for path in parts:
        merge.append(path, path.stem)
    return merge.write("en", "kit", "pnp")


def untagged(parts: list[Path]) -> bytes:
    writer = PdfWriter()
    for path in parts:
        writer.append(path, outline_item=path.stem, import_outline=True)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def main(argv: list[str]) -> int:
    project = Project(Path(__file__).resolve().parent.parent)
    out = Path(argv[0]) if argv else project.root / "output"
    print(f"{'kit (English, A4)':24} {'pages':>5} {'untagged':>9} {'tagged':>9}  (CPU seconds, best of 3)")
    for game in load_games(project.rules, project.root):
        folder = out / game.id / "en"
        parts = [folder / f"{kind}.pdf" for kind in kit_order(game, Options()) if (folder / f"{kind}.pdf").exists()]
        if not parts:
            print(f"{game.id:24} not built in {folder}")
            continue
        pages = sum(len(pikepdf.open(path).pages) for path in parts)
        plain, tags = seconds(partial(untagged, parts), 3), seconds(partial(tagged, parts), 3)
        print(f"{game.id:24} {pages:5} {plain:9.3f} {tags:9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
