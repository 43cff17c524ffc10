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
from ..project import FONTS_DIR, Project
from .kinds import sheet, sheet_html


def write_sheet(project: Project, game: Game, tr: Translator, kind: str, target: Path, paper: str = "a4",
                die_size: float = 16.0) -> list[str]:
    """Render one sheet to `target` (atomically); returns WeasyPrint's warnings."""
    html = sheet_html(project, game, tr, kind, paper, die_size)
    warnings = write_pdf(html, target, [project.root, FONTS_DIR], project.templates)
    copies = sheet(game, kind).copies(game)
    if copies > 1:
        # The same page for every pair of players: drawn once, then repeated in the file.
        reader = PdfReader(target)
        writer = PdfWriter(clone_from=reader)
        for _ in range(copies - 1):
            for page in reader.pages:
                writer.add_page(page)
        _write(writer, target)
    return warnings


def write_kit(parts: list[tuple[str, bool, Path]], target: Path, title: str, author: str, lang: str) -> Path:
    """Merge (bookmark title, duplex, pdf) parts, in print order, into `target`, atomically."""
    writer = PdfWriter()
    for name, duplex, path in parts:
        if duplex and len(writer.pages) % 2:
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
