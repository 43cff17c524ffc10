"""Art for other tools (`pnp export`): every die face, sticker and card alone as SVG and PNG with a manifest, a
Tabletop Simulator deck and dice, and print-on-demand card PDFs (PDF/X-4, trim and bleed boxes set)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .draw.faces import face_svg
from .errors import InputError, Problem
from .games import find_spec
from .games.gamespec import Deck
from .i18n import Translator
from .model import Die, Game
from .pdf import render_pdf
from .project import FONTS_DIR, Project
from .sheets import dice
from .sheets.kinds import common_context, sheet
from .sheets.options import BLANK_DIE, Options
from .sheets.page import Frame, Placed
from .templating import render_template, template_file, template_folders

FORMATS = ("svg", "png")
"""The picture formats of the single items; the deck sheets are PNG and the print files PDF whatever is asked."""
DPI = 300
"""The PNGs' resolution unless asked otherwise: what card and sticker printers ask for."""
DPI_RANGE = (10, 1200)
"""The resolutions `--dpi` accepts: below 10 a face is a few pixels, above 1200 a card's PNG passes 30 MB."""
TTS_GRID = (10, 7)
"""Tabletop Simulator's custom deck: one image of at most 10 columns by 7 rows of cards, read left to right."""
TTS_MAX_PX = 4096
"""The largest side TTS loads a deck image at on every graphics setting; the sheet's resolution is capped to fit."""
# TTS's Knowledge Base, "Custom Dice" (kb.tabletopsimulator.com/custom-content/custom-dice/), gives the layout
# only as the template images shipped in the game's folder (Tabletop Simulator/Modding/Dice Templates) and shown
# as pictures on that page: no text says where each face goes. This cross is the common unfolded cube, not
# checked against TTS's template: check one die in TTS (README).
TTS_DIE_NET = {0: (1, 0), 1: (0, 1), 2: (1, 1), 3: (2, 1), 4: (3, 1), 5: (1, 2)}
"""A custom d6's image for TTS: a cross of six squares in a 4 × 3 grid, (column, row) per side: top (side 0),
then the four around it left to right, then the bottom (side 5); opposite sides opposite on the cube."""
POD = "pod"
"""The print-on-demand folder: the cards one a page, fronts and backs in separate files, PDF/X-4."""
MANIFEST = ("id", "kind", "die", "card", "face", "position", "count", "name", "svg", "png", "width_mm",
            "height_mm", "bleed_mm", "px_width", "px_height", "number", "colour", "rule", "condition",
            "back_title", "back_text")
"""The manifest's columns, in order; one row per die face, sticker, card front and back and deck image."""


@dataclass(frozen=True)
class Row:
    """One line of the manifest: a picture (or a face of a die pointing at its picture) and what it shows."""

    id: str
    kind: str
    """`die-face`, `sticker`, `card-front`, `card-back`, `tts-deck`, `tts-back`, `tts-die`."""
    width_mm: float
    height_mm: float
    svg: str = ""
    png: str = ""
    die: str = ""
    card: str = ""
    face: str = ""
    position: int | str = ""
    count: int = 1
    name: str = ""
    bleed_mm: float = 0.0
    px_width: int | str = ""
    px_height: int | str = ""
    text: dict[str, str] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """The row as the manifest writes it: every column, the card's words in theirs."""
        values = asdict(self)
        values.update(values.pop("text"))
        return {column: values.get(column, "") for column in MANIFEST}


def px(mm: float, dpi: int) -> int:
    """Pixels for a length in millimetres at `dpi`, rounded to the nearest."""
    return round(mm * dpi / 25.4)


def export_folder(project: Project, game: Game, out: Path | None) -> Path:
    """Where a game's export goes: `--out`, else `output/<game>/export/`; one folder per language in it."""
    return out if out is not None else project.root / "output" / game.id / "export"


def export(project: Project, game: Game, tr: Translator, out: Path, formats: Sequence[str] = FORMATS,
           dpi: int = DPI, options: Options | None = None) -> Path:
    """Write the game's export in the reader's language into `out/<lang>/`, all at once: made aside, then put in
    place whole, so an interrupted export leaves the folder as it was. Returns the language's folder."""
    options = (options or Options()).checked()
    target = out / tr.lang
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".pnp-export-", dir=out))
    try:
        maker = _Maker(project, game, tr, staging, tuple(formats), dpi, options)
        rows = maker.faces() + maker.stickers() + maker.cards()
        maker.manifest(rows)
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=".pnp-export-old-", dir=out))
            os.replace(target, old / "was")
        os.replace(staging, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


class _Maker:
    """Makes one language's export in a staging folder."""

    def __init__(self, project: Project, game: Game, tr: Translator, folder: Path, formats: tuple[str, ...],
                 dpi: int, options: Options) -> None:
        self.project, self.game, self.tr, self.folder = project, game, tr, folder
        self.formats, self.dpi, self.options = formats, dpi, options

    def _write(self, relative: str, data: bytes | str) -> str:
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        return relative

    def _pdf(self, html: str, template: str = "", variant: str | None = None) -> bytes:
        folders = template_folders(self.project, self.game)
        data, warnings = render_pdf(html, [self.project.root, FONTS_DIR], self.project.templates, folders,
                                    template, self.project.root, variant=variant)
        if warnings:  # a picture for another tool is made as strictly as a sheet
            raise InputError(Problem(template or "pnp export", None, "", f"WeasyPrint: {warnings[0]}"))
        return data

    def _pictures(self, svgs: list[str], names: list[str], width: float, height: float,
                  html: str | None = None, template: str = "", formats: tuple[str, ...] = FORMATS,
                  pdf: bytes | None = None) -> list[tuple[str, str, int, int]]:
        """Each picture as SVG and PNG, as asked: (svg file, png file, pixel width, height). The PNGs are `pdf`, or
        the PDF of `html` (the SVGs alone on pages of their size when None), rendered at the export's resolution."""
        formats = tuple(f for f in formats if f in self.formats)
        made = []
        pngs: list[bytes] = []
        if "png" in formats:
            if pdf is None:
                pdf = self._pdf(html if html is not None else _pages_html(svgs, width, height), template)
            pngs = [_png(image, self.dpi) for image in rasterise(pdf, self.dpi, width, height,
                                                                 transparent=html is None)]
        for i, name in enumerate(names):
            svg = self._write(f"{name}.svg", svgs[i]) if "svg" in formats else ""
            png = self._write(f"{name}.png", pngs[i]) if pngs else ""
            made.append((svg, png, px(width, self.dpi) if png else 0, px(height, self.dpi) if png else 0))
        return made

    # --- Dice ------------------------------------------------------------------

    def faces(self) -> list[Row]:
        """Every face a die shows, drawn once at the blank dice's size; a row per face of every die."""
        used = [f for f in self.game.faces if any(f.id in d.faces for d in self.game.dice)]
        svgs = [face_svg(f.art, BLANK_DIE, pips=f.pips) for f in used]
        made = dict(zip((f.id for f in used),
                        self._pictures(svgs, [f"faces/{f.id}" for f in used], BLANK_DIE, BLANK_DIE), strict=True))
        rows = []
        for die in self.game.dice:
            for position, face_id in enumerate(die.faces, 1):
                svg, png, w, h = made[face_id]
                rows.append(Row(f"{die.id}-{position}", "die-face", BLANK_DIE, BLANK_DIE, svg, png, die=die.id,
                                face=face_id, position=position, count=die.to_make(self.game.players[1]),
                                name=self.tr.text(self.game.face(face_id).name, self.game.values),
                                px_width=w or "", px_height=h or ""))
        if "png" in self.formats:
            rows += [self._tts_die(die, {f: m[1] for f, m in made.items()}) for die in self.game.dice]
        return rows

    def _tts_die(self, die: Die, pngs: dict[str, str]) -> Row:
        """The die's six faces on TTS's custom d6 image (TTS_DIE_NET), opposite faces as on the real die."""
        from PIL import Image

        edge = px(BLANK_DIE, self.dpi)
        sides = dice.net_sides(die)
        order = [sides[s] for s in ("top", "left", "front", "right", "back", "bottom")]
        sheet_image = Image.new("RGBA", (4 * edge, 3 * edge), (255, 255, 255, 0))
        for side, position in enumerate(order):
            column, row = TTS_DIE_NET[side]
            with Image.open(self.folder / pngs[die.faces[position]]) as face:
                sheet_image.paste(face, (column * edge, row * edge))
        png = self._write(f"tts/dice/{die.id}.png", _png(sheet_image, self.dpi))
        return Row(f"tts-die-{die.id}", "tts-die", 4 * BLANK_DIE, 3 * BLANK_DIE, png=png, die=die.id,
                   name=self.tr.text(die.name, self.game.values), px_width=4 * edge, px_height=3 * edge)

    def stickers(self) -> list[Row]:
        """Every different sticker of the stickers sheet, alone at the sticker size, drawn by its template."""
        counts: dict[tuple[str, int], int] = {}
        owners: dict[int, Any] = {}
        for conversion in dice.conversions(self.game):
            counts[(conversion.face, 0)] = counts.get((conversion.face, 0), 0) + conversion.count
        for die_set in dice.blank_sets(self.game):
            number = die_set.owner.number if die_set.owner else 0
            owners[number] = die_set.owner
            for face_id in die_set.die.faces:
                counts[(face_id, number)] = counts.get((face_id, number), 0) + 1
        if not counts:
            return []
        size = self.options.sticker_size
        frame = Frame("sticker", f"{size}mm {size}mm", size, size)
        stickers = [dice.Sticker(face_id, size, owners.get(number)) for face_id, number in counts]
        made = sheet(self.game, "stickers")
        # The sheet's own helpers, laid out for a page of paper; the pages are then one sticker each.
        context = self._context(frame, made.layout(self.game, self.tr, Frame.of("a4"), self.options))
        context["pages"] = [[Placed(0.0, 0.0, s)] for s in stickers]
        html = render_template(self.project, self.tr, made.template, context, self.game)
        names = [f"stickers/{face_id}" + (f"-player-{number}" if number else "") for face_id, number in counts]
        pictures = self._pictures(layers(html), names, size, size, html,
                                  template_file(self.project, self.game, made.template))
        return [Row(name.split("/")[1], "sticker", size, size, svg, png, face=face_id, count=count,
                    name=self.tr.text(self.game.face(face_id).name, self.game.values),
                    px_width=w or "", px_height=h or "")
                for (face_id, _), count, name, (svg, png, w, h) in zip(counts, counts.values(), names, pictures,
                                                                        strict=True)]

    # --- Cards -----------------------------------------------------------------

    def _context(self, frame: Frame, layout: dict[str, Any]) -> dict[str, Any]:
        context = common_context(self.game, self.tr, frame)
        context.update(layout)
        context["bare"] = True
        return context

    def card_html(self, deck: Deck, backs: bool) -> str:
        """The cards one a page, each page the card and its bleed, drawn by the game's card template."""
        w, h = deck.trim[0] + 2 * deck.bleed, deck.trim[1] + 2 * deck.bleed
        frame = Frame("card", f"{w}mm {h}mm", w, h)
        context = self._context(frame, deck.layout(self.game, self.tr, frame, backs))
        return render_template(self.project, self.tr, deck.template, context, self.game)

    def cards(self) -> list[Row]:
        """Every card front and the back: the PNG whole, with its words and bleed; the SVG the art without the
        words (the manifest holds them, for a tool that sets them itself); the TTS deck; the print files."""
        deck = find_spec(self.game.id).deck
        fields = deck.fields(self.game, self.tr) if deck else []
        if deck is None or not fields:
            return []
        template = template_file(self.project, self.game, deck.template)
        w, h = deck.trim[0] + 2 * deck.bleed, deck.trim[1] + 2 * deck.bleed
        fronts, backs = self.card_html(deck, False), self.card_html(deck, True)
        # Each side rendered once, as the printer's file: the PNGs and the TTS deck are its pages.
        pdfs = {side: with_boxes(self._pdf(html, template, variant="pdf/x-4"), deck.bleed)
                for side, html in (("fronts", fronts), ("backs", backs))}
        for side, data in pdfs.items():
            self._write(f"{POD}/cards-{side}.pdf", data)
        digits = len(str(len(fields)))
        names = [f"front-{n:0{digits}}-{f['card']}" for n, f in enumerate(fields, 1)]
        rows = []
        for side, html, files, pdf in (("card-front", fronts, names, pdfs["fronts"]),
                                       ("card-back", backs, ["back"], pdfs["backs"])):
            svgs = layers(html)[:len(files)]
            art = self._pictures(svgs, [f"cards/art/{n}" for n in files], w, h, formats=("svg",))
            whole = self._pictures(svgs, [f"cards/{n}" for n in files], w, h, html, template, formats=("png",),
                                   pdf=pdf)
            for i, name in enumerate(files):
                svg, png, pw, ph = art[i][0], whole[i][1], whole[i][2] or "", whole[i][3] or ""
                text = fields[i] if side == "card-front" else {k: v for k, v in fields[0].items()
                                                               if k.startswith("back_")}
                rows.append(Row(name, side, w, h, svg, png, card=fields[i]["card"] if side == "card-front" else "",
                                count=1 if side == "card-front" else len(fields), bleed_mm=deck.bleed,
                                px_width=pw, px_height=ph, text={k: v for k, v in text.items() if k != "card"}))
        return rows + self._tts_deck(deck, pdfs["fronts"], pdfs["backs"])

    def _tts_deck(self, deck: Deck, fronts: bytes, backs: bytes) -> list[Row]:
        """TTS's custom deck: the fronts on one sheet of 10 × 7 cards trimmed at the cut, left to right and top
        to bottom, the slots after the last card blank; the back alone. Turned upright (TTS's cards stand)."""
        from PIL import Image

        columns, rows_ = TTS_GRID
        portrait = deck.trim[0] > deck.trim[1]
        cw, ch = (deck.trim[1], deck.trim[0]) if portrait else deck.trim
        dpi = tts_dpi(self.dpi, cw, ch)
        cell = (px(cw, dpi), px(ch, dpi))
        sheet_image = Image.new("RGB", (columns * cell[0], rows_ * cell[1]), (255, 255, 255))
        cards = [_trimmed(image, deck, dpi, portrait, cell) for image in
                 rasterise(fronts, dpi, deck.trim[0] + 2 * deck.bleed, deck.trim[1] + 2 * deck.bleed)]
        for i, card in enumerate(cards[:columns * rows_]):
            sheet_image.paste(card, ((i % columns) * cell[0], (i // columns) * cell[1]))
        back = _trimmed(rasterise(backs, dpi, deck.trim[0] + 2 * deck.bleed, deck.trim[1] + 2 * deck.bleed)[0],
                        deck, dpi, portrait, cell)
        sheet_png = self._write("tts/deck.png", _png(sheet_image, dpi))
        back_png = self._write("tts/back.png", _png(back, dpi))
        return [Row("tts-deck", "tts-deck", columns * cw, rows_ * ch, png=sheet_png, count=len(cards),
                    px_width=sheet_image.width, px_height=sheet_image.height),
                Row("tts-back", "tts-back", cw, ch, png=back_png, px_width=back.width, px_height=back.height)]

    def manifest(self, rows: list[Row]) -> None:
        """components.csv and components.json: the same rows, a data sheet for nanDECK, Squib and protograf."""
        records = [row.record() for row in rows]
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=MANIFEST, lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
        self._write("components.csv", text.getvalue())
        self._write("components.json", json.dumps({"game": self.game.id, "lang": self.tr.lang, "dpi": self.dpi,
                                                   "components": records}, ensure_ascii=False, indent=1) + "\n")


def tts_dpi(dpi: int, width: float, height: float) -> int:
    """The deck sheet's resolution: the export's, lowered until 10 × 7 cards fit TTS_MAX_PX on each side."""
    columns, rows = TTS_GRID
    fit = min(TTS_MAX_PX * 25.4 / (columns * width), TTS_MAX_PX * 25.4 / (rows * height))
    return min(dpi, int(fit))


def _trimmed(image: Any, deck: Deck, dpi: int, portrait: bool, cell: tuple[int, int]) -> Any:
    """A card's picture cut at its trim (the bleed off), turned upright, at exactly the cell's pixels."""
    b = deck.bleed * dpi / 25.4
    card = image.convert("RGB").crop((round(b), round(b), image.width - round(b), image.height - round(b)))
    if portrait:
        card = card.rotate(90, expand=True)  # a quarter turn anticlockwise: the card's top edge to its left side
    return card if card.size == cell else card.resize(cell)


def layers(html: str) -> list[str]:
    """Each page's drawing layer of a bare sheet as a standalone SVG document, in page order."""
    found = []
    for start in (m.start() for m in re.finditer(r'<svg class="layer"', html)):
        depth, at = 0, start
        for tag in re.finditer(r"<(/?)svg\b", html[start:]):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                at = start + tag.end() + html[start + tag.end():].index(">") + 1
                break
        svg = html[start:at].replace('<svg class="layer"', '<svg xmlns="http://www.w3.org/2000/svg" '
                                     'xmlns:xlink="http://www.w3.org/1999/xlink"', 1)
        # SVG 1.1 tools (older Inkscape, nanDECK's renderer) read xlink:href only.
        found.append(re.sub(r'<use href="([^"]*)"', r'<use href="\1" xlink:href="\1"', svg) + "\n")
    return found


def _pages_html(svgs: list[str], width: float, height: float) -> str:
    """Each SVG alone on a page of its size, for WeasyPrint to render."""
    pages = "".join(f'<section>{svg}</section>' for svg in svgs)
    return (f"<!DOCTYPE html><html><head><style>@page {{ size: {width}mm {height}mm; margin: 0 }} "
            f"body {{ margin: 0 }} section {{ width: {width}mm; height: {height}mm; break-after: page; "
            f"overflow: hidden }} svg {{ display: block; width: {width}mm; height: {height}mm }}</style></head>"
            f"<body>{pages}</body></html>")


def rasterise(pdf: bytes, dpi: int, width: float, height: float, transparent: bool = False) -> list[Any]:
    """Every page of a PDF as a Pillow image at `dpi`, exactly px(width) × px(height) (PDFium renders it)."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    document = pdfium.PdfDocument(pdf)
    size = (px(width, dpi), px(height, dpi))
    images = []
    try:
        for page in document:
            fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
            image = page.render(scale=dpi / 72, fill_color=fill).to_pil()
            images.append(image if image.size == size else image.resize(size))
            page.close()
    finally:
        document.close()
    return images


def _png(image: Any, dpi: int) -> bytes:
    """PNG bytes that say their resolution, so a tool places the picture at its size."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi), optimize=False)
    return buffer.getvalue()


def with_boxes(pdf: bytes, bleed: float) -> bytes:
    """The PDF with every page's TrimBox `bleed` millimetres in from its edge and its BleedBox the whole page,
    as printers read where to cut and how far the colour runs. WeasyPrint sets both, but from CSS `bleed`, which
    would put the page's content at the trim; pnp's card pages are drawn bleed and all."""
    from importlib.resources import files

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        RectangleObject,
        StreamObject,
        TextStringObject,
    )

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter(clone_from=reader)
    writer.pdf_header = reader.pdf_header  # PDF/X-4 is PDF 1.6
    if "/OutputIntents" not in writer.root_object:
        # PDF/X needs the printing condition the colours are meant for: WeasyPrint names one only from a CMYK
        # profile the page declares; pnp's colours are sRGB, so its sRGB profile (shipped with WeasyPrint) is it.
        profile = StreamObject()
        profile.set_data((files("weasyprint.pdf") / "sRGB2014.icc").read_bytes())
        profile[NameObject("/N")] = NumberObject(3)
        name = TextStringObject("sRGB IEC61966-2.1")
        writer.root_object[NameObject("/OutputIntents")] = ArrayObject([DictionaryObject({
            NameObject("/Type"): NameObject("/OutputIntent"), NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): name, NameObject("/Info"): name,
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/DestOutputProfile"): writer._add_object(profile)})])
    # The version in the Info dictionary too, as the XMP has it: WeasyPrint writes it there only for PDF/X-1a and
    # X-3, and printers' preflights read it from either.
    writer.add_metadata({"/GTS_PDFXVersion": "PDF/X-4"})
    b = bleed * 72 / 25.4
    for page in writer.pages:
        box = page.mediabox
        left, bottom, right, top = (float(box.left), float(box.bottom), float(box.right), float(box.top))
        page.trimbox = RectangleObject([left + b, bottom + b, right - b, top - b])
        page.bleedbox = RectangleObject([left, bottom, right, top])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
