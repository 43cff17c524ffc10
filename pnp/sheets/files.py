"""Sheet PDFs: one sheet rendered with its page repeated where identical, written once; the kit merged."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader, PdfWriter

from ..i18n import Translator
from ..model import Game
from ..output import atomic_write_bytes
from ..pdf import render_pdf
from ..project import FONTS_DIR, Project
from ..templating import template_file, template_folders
from .kinds import sheet, sheet_html
from .merge import TaggedMerge
from .options import Options


def sheet_pdf(project: Project, game: Game, tr: Translator, kind: str, paper: str = "a4",
              options: Options | None = None) -> tuple[bytes, list[str]]:
    """One sheet as PDF bytes, every copy in it; returns them with WeasyPrint's warnings."""
    made = sheet(game, kind)
    html = sheet_html(project, game, tr, kind, paper, options)
    data, warnings = render_pdf(html, [project.root, FONTS_DIR], project.templates, template_folders(project, game),
                                template_file(project, game, made.template), project.root)
    copies = made.copies(game)
    if copies > 1:
        # The same page for every pair of players: drawn once, then repeated in the file before it is written.
        reader = PdfReader(io.BytesIO(data))
        writer = PdfWriter(clone_from=reader)
        for _ in range(copies - 1):
            for page in reader.pages:
                writer.add_page(page)
        data = _bytes(writer)
    return data, warnings


def write_sheet(project: Project, game: Game, tr: Translator, kind: str, target: Path, paper: str = "a4",
                options: Options | None = None) -> list[str]:
    """Render one sheet and write it to `target` once, whole; returns WeasyPrint's warnings."""
    data, warnings = sheet_pdf(project, game, tr, kind, paper, options)
    atomic_write_bytes(target, data)
    return warnings


def page_count(path: Path) -> int:
    """Pages in a PDF just made, as PDFium counts them: it reads the page tree alone, where pypdf would parse the
    whole file (a tenth of a second a rulebook, for every part of every kit)."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    document = pdfium.PdfDocument(str(path))
    try:
        return len(document)
    finally:
        document.close()


def write_kit(parts: list[tuple[str, bool, Path]], target: Path, title: str, author: str, lang: str,
              guide: tuple[str, bytes] | None = None) -> Path:
    """Merge (bookmark title, duplex, pdf) parts, in print order, into `target`, written once, whole, tagged: each
    part's structure tree kept under the kit's (pnp.sheets.merge), so a screen reader reads the kit as the parts.

    `guide` is (bookmark title, PDF of two pages): the what-to-print page, which opens the kit, and the
    page that says it is intentionally blank, used wherever a duplex part must start on a front.
    """
    kit = TaggedMerge()
    if guide is not None:
        kit.append(guide[1], guide[0], pages=[0], outline=False)
    for name, duplex, path in parts:
        if duplex and kit.page_count % 2:
            # Card fronts and backs pair up only if the fronts fall on odd pages: pad with a blank side.
            if guide is not None:
                kit.append(guide[1], None, pages=[1])
            else:
                last = kit.pdf.pages[-1].mediabox
                kit.blank(float(last[2]) - float(last[0]), float(last[3]) - float(last[1]))
        kit.append(path, name)
    return atomic_write_bytes(target, kit.write(lang, title, author))


def _bytes(writer: PdfWriter) -> bytes:
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
