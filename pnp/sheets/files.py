"""Sheet PDFs on disk: one sheet rendered and written, its page repeated where identical, and the kit merged."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject

from ..i18n import Translator
from ..model import Game
from ..output import atomic_write_bytes
from ..pdf import write_pdf
from ..render import FONTS_DIR, Project
from .render import page_copies, sheet_html

KIT_ORDER = ("rulebook", "player-aid", "dice", "cards", "mats", "score-pad")
"""Print order: read the rules first, then make the components."""
DUPLEX = ("cards",)
"""Parts printed double-sided: they must start on the front of a sheet."""


def write_sheet(project: Project, game: Game, tr: Translator, kind: str, target: Path, paper: str = "a4",
                die_size: float = 16.0) -> list[str]:
    """Render one sheet to `target` (atomically); returns WeasyPrint's warnings."""
    html = sheet_html(project, game, tr, kind, paper, die_size)
    warnings = write_pdf(html, target, [project.root, FONTS_DIR], project.templates)
    copies = page_copies(game, kind)
    if copies > 1:
        # The same page for every pair of players: drawn once, then repeated in the file.
        reader = PdfReader(target)
        writer = PdfWriter(clone_from=reader)
        for _ in range(copies - 1):
            for page in reader.pages:
                writer.add_page(page)
        _write(writer, target)
    return warnings


def write_kit(parts: list[tuple[str, str, Path]], target: Path, title: str, author: str, lang: str) -> Path:
    """Merge (kind, bookmark title, pdf) parts in KIT_ORDER into `target`, atomically."""
    writer = PdfWriter()
    order = {kind: i for i, kind in enumerate(KIT_ORDER)}
    for kind, name, path in sorted(parts, key=lambda p: order[p[0]]):
        if kind in DUPLEX and len(writer.pages) % 2:
            # Card fronts and backs pair up only if the fronts fall on odd pages: pad with a blank side.
            last = writer.pages[-1].mediabox
            writer.add_blank_page(float(last.width), float(last.height))
        writer.append(path, outline_item=name, import_outline=True)
    writer.add_metadata({"/Title": title, "/Author": author, "/Producer": "pnp"})
    writer.root_object[NameObject("/Lang")] = TextStringObject(lang)
    return _write(writer, target)


def _write(writer: PdfWriter, target: Path) -> Path:
    buffer = io.BytesIO()
    writer.write(buffer)
    return atomic_write_bytes(target, buffer.getvalue())
