"""The layout check: a finished PDF read back for the faults a reader sees and nobody should have to look for.

Each finding names the page and the text. The rules, as the build applies them (`RULEBOOK`, `SHEET`):

- **heading**: a heading at the foot of a page, parted from what it heads: the last text of the page while the
  next page goes on, or followed by fewer than FOLLOWED lines of its section while the next page goes on with that
  section (its first line is not a new section's heading, at a bookmark). A heading is a line set in PT Sans, bold
  or larger than the body text (the most common size of the document), or a line at a bookmark's destination.
- **near-empty**: a page whose content covers less than 15 % of the printable height (the page less 10 mm at
  top and bottom). Content is every text line (its font size × 1.4 high) and every drawing and image, less the
  running header and footer. Rulebooks only, and on every page, the last one included: a last page holding a
  few lines is what "pull the last page back" asks to fix. Sheets are not measured: their art pages, card
  backs and duplex blank pages are sparse by design.
- **footnote**: a footnote (a line that starts with a marker, `*`, `†`, `‡`, `§` or a superscript digit,
  followed by its text) on a page that holds no use of its marker, while an earlier page does.
- **outside**: a character outside the printable area (10 mm margins; the sheets' footer ruler is inside
  them).
- **overlap**: characters drawn over characters of another line or another box: their glyphs' boxes overlapping
  by a third of the smaller, or, between two lines, by a third of the narrower across and 0.15 of the smaller
  size up and down (a legend's descenders in the names under it). And text drawn over a fill it does not stand
  out from (under 3:1, the contrast large text needs): a legend run into a table's dark header. A character's fill
  is the last drawing painted before it whose bounds hold the character's middle, judged only where that is a
  plain rectangle of one opaque colour: bounds say nothing certain of a ring, a rounded box or a picture.
- **lone**: a line of one character in a table cell or a column: a single character (or up to three signs,
  no letter or digit: «(+») with nothing on its baseline within 0.9 of its size, under or over a line of the same
  block, overlapping it across (a wrapped «y» or «(+»).
"""

from __future__ import annotations

import ctypes
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

MM = 72 / 25.4
"""Points in a millimetre."""
MARGIN = 10 * MM
"""The printable area: what a home printer prints, 10 mm in from each edge."""
LEAST_FULL = 0.15
"""The share of the printable height a rulebook page must fill."""
LINE_HEIGHT = 1.4
"""A text line's height, in font sizes, when measuring how full a page is."""
MARKERS = "*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰"
"""Footnote markers, as the templates write them (Gang of Dice's cards table: «… *» and «* A card of our own…»)."""
RUNNING_OUTSIDE = "running header or footer outside the printable area"
GRAZE = 1 * MM
"""A glyph may overhang the margin by this much: the ruler's «0», centred on its tick at the margin."""
RUNNING = 25 * MM
"""Running headers and footers stand this close to the top or bottom edge."""
FOLLOWED = 3
"""The fewest lines of its section a heading at the foot of a page must have under it when the section goes on
over the page (rulebook.css keeps as many: `orphans: 3`); fewer, and the heading reads as stranded."""
CONTRAST = 3.0
"""The least contrast text must have with the fill it is drawn on: WCAG's ratio of relative luminances for large
text. The sheets' darkest text on their lightest fills, and their white on the pads' blue, stand above 7."""

HEADING, NEAR_EMPTY, FOOTNOTE = "heading", "near-empty", "footnote"
OUTSIDE, OVERLAP, LONE = "outside", "overlap", "lone"
KINDS = (HEADING, NEAR_EMPTY, FOOTNOTE, OUTSIDE, OVERLAP, LONE)
RULEBOOK = frozenset(KINDS)
"""The rules a rulebook is checked against: every one."""
SHEET = frozenset({FOOTNOTE, OUTSIDE, OVERLAP})
"""The rules a sheet is checked against: its pages are sparse, its tables hold one-digit cells by design."""


@dataclass(frozen=True)
class Finding:
    """One fault on one page: its kind (KINDS), the page (from 1) and what it says, with the text."""

    page: int
    kind: str
    message: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.message}"


@dataclass(frozen=True)
class Char:
    """A printed character: its box (left, bottom, right, top in points, y upwards), baseline, size and font."""

    text: str
    left: float
    bottom: float
    right: float
    top: float
    baseline: float
    size: float
    font: str
    index: int

    @property
    def sans(self) -> bool:
        return "sans" in self.font.lower()

    @property
    def bold(self) -> bool:
        return "bold" in self.font.lower()


@dataclass
class Line:
    """The characters on one baseline that belong together: a run, split from its neighbours by a wide gap."""

    chars: list[Char] = field(default_factory=list)

    @property
    def text(self) -> str:
        out, last = "", None
        for c in self.chars:
            if last is not None and c.left - last.right > 0.2 * c.size:
                out += " "
            out += c.text
            last = c
        return out

    @property
    def left(self) -> float:
        return min(c.left for c in self.chars)

    @property
    def right(self) -> float:
        return max(c.right for c in self.chars)

    @property
    def baseline(self) -> float:
        return self.chars[0].baseline

    @property
    def size(self) -> float:
        return max(c.size for c in self.chars)

    @property
    def top(self) -> float:
        return self.baseline + self.size * 0.8

    @property
    def bottom(self) -> float:
        return self.baseline - self.size * 0.25


@dataclass(frozen=True)
class Ink:
    """A character's colour (red, green, blue from 0 to 255) and where its text is in the page's painting order."""

    colour: tuple[int, int, int]
    layer: int


@dataclass(frozen=True)
class Fill:
    """A drawing that covers what it is painted over: its place in the page's painting order, its bounds (left,
    bottom, right, top), and its colour where it is a plain rectangle of one opaque colour, else None."""

    layer: int
    left: float
    bottom: float
    right: float
    top: float
    colour: tuple[int, int, int] | None

    def holds(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.bottom <= y <= self.top


@dataclass
class Page:
    """One page read back: its size, characters, runs on each baseline, and the boxes of its drawings."""

    number: int
    width: float
    height: float
    chars: list[Char]
    drawings: list[tuple[float, float, float, float]]  # left, bottom, right, top
    marks: list[float] = field(default_factory=list)  # bookmark destinations' heights
    runs: list[Line] = field(default_factory=list)
    rows: list[Line] = field(default_factory=list)  # every character on one baseline, left to right
    running: set[int] = field(default_factory=set)  # indices into rows: the running header and footer
    inks: dict[int, Ink] = field(default_factory=dict)
    """By character index, the ink of each character that a plain fill under it may not let stand out (CONTRAST):
    the only ones _unreadable judges, against `fills`."""
    fills: list[Fill] = field(default_factory=list)
    """The drawings that cover what they are painted over, in painting order (read where there are inks)."""


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return f"«{text if len(text) <= limit else text[:limit - 1] + '…'}»"


_last_read: tuple[bytes, list[Page]] | None = None
"""The PDF read last from bytes: a render reads its pages once for the pull-back and again for the check."""


def read(source: bytes | Path) -> list[Page]:
    """Every page's characters and drawings, read with PDFium (pages are not to be changed by the caller)."""
    global _last_read
    if isinstance(source, bytes) and _last_read is not None and _last_read[0] == source:
        return _last_read[1]
    pages = _read(source)
    if isinstance(source, bytes):
        _last_read = (source, pages)
    return pages


def _read(source: bytes | Path) -> list[Page]:
    import pypdfium2 as pdfium  # type: ignore[import-untyped]
    import pypdfium2.raw as raw  # type: ignore[import-untyped]

    document = pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    pages = []
    try:
        marks: dict[int, list[float]] = defaultdict(list)
        for bookmark in document.get_toc():
            dest = bookmark.get_dest()
            if dest is not None and dest.get_index() is not None:
                _, view = dest.get_view()
                if len(view) >= 2:
                    marks[dest.get_index()].append(float(view[1]))
        name = ctypes.create_string_buffer(128)
        flags = ctypes.c_int()
        boxes = [ctypes.c_double() for _ in range(4)]
        x, y = ctypes.c_double(), ctypes.c_double()
        matrix = raw.FS_MATRIX()
        rgba = [ctypes.c_uint() for _ in range(4)]
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            textpage = page.get_textpage()
            objects = list(page.get_objects(max_depth=1))
            bounds = [obj.get_bounds() for obj in objects]
            drawings = [b for obj, b in zip(objects, bounds, strict=True) if obj.type != raw.FPDF_PAGEOBJ_TEXT]
            # A character's colour is read only where the bounds of a plain fill that text near it does not stand
            # out from hold its middle, and its place in the painting order only where it is such text: the rest
            # _unreadable need not judge.
            plain = _grid(_risky(objects, bounds, rgba))
            layers: dict[int, int] = {}
            chars, inks = [], {}
            font, font_at = "", -1
            for k in range(textpage.count_chars()):
                code = raw.FPDFText_GetUnicode(textpage, k)
                if code in (0, 0xFFFE, 0xFFFF) or raw.FPDFText_IsGenerated(textpage, k) or not chr(code).strip():
                    continue
                raw.FPDFText_GetCharBox(textpage, k, *boxes)
                raw.FPDFText_GetCharOrigin(textpage, k, x, y)
                raw.FPDFText_GetMatrix(textpage, k, ctypes.byref(matrix))
                scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
                if font_at != k - 1 or not font:
                    raw.FPDFText_GetFontInfo(textpage, k, name, len(name), ctypes.byref(flags))
                    font = name.value.decode("latin-1").partition("+")[2] or name.value.decode("latin-1")
                font_at = k
                left, right, bottom, top = (b.value for b in boxes)
                if plain:
                    mx, my = (left + right) / 2, (bottom + top) / 2
                    under = [f for f in plain.get((int(mx // CELL), int(my // CELL)), ()) if f.holds(mx, my)]
                    if under:
                        raw.FPDFText_GetFillColor(textpage, k, *rgba)
                        colour = (rgba[0].value, rgba[1].value, rgba[2].value)
                        if any(contrast(colour, f.colour) < CONTRAST for f in under if f.colour is not None):
                            if not layers:
                                layers.update((_address(obj.raw), i) for i, obj in enumerate(objects))
                            layer = layers.get(_address(raw.FPDFText_GetTextObject(textpage, k)))
                            if layer is not None:  # else text a drawing holds (an SVG's): part of the drawing
                                inks[k] = Ink(colour, layer)
                chars.append(Char(chr(code), left, bottom, right, top, y.value,
                                  raw.FPDFText_GetFontSize(textpage, k) * scale, font, k))
            # What covers what: only where a character is to be judged.
            fills = _fills(objects, rgba) if inks else []
            textpage.close()
            page.close()
            pages.append(Page(index + 1, width, height, chars, drawings, marks.get(index, []), inks=inks,
                              fills=fills))
    finally:
        document.close()
    for page in pages:
        page.rows, page.runs = _lines(page.chars)
    _mark_running(pages)
    return pages


def _address(pointer: Any) -> int:
    """A PDFium object's address: the text a character belongs to, found among the page's objects."""
    return ctypes.cast(pointer, ctypes.c_void_p).value or 0


def _fills(objects: list[Any], rgba: list[ctypes.c_uint]) -> list[Fill]:
    """Every drawing that covers what it is painted over, in painting order: filled paths (with their colour
    where they are plain rectangles of one opaque colour), images, shadings and forms."""
    import pypdfium2.raw as raw

    out = []
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    for layer, obj in enumerate(objects):
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            continue
        if obj.type == raw.FPDF_PAGEOBJ_PATH:
            raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroke))
            if not mode.value:
                continue  # only stroked: a rule covers no text
        left, bottom, right, top = obj.get_bounds()
        out.append(Fill(layer, left, bottom, right, top, _plain(obj, rgba)))
    return out


def _risky(objects: list[Any], bounds: list[tuple[float, float, float, float]], rgba: list[ctypes.c_uint]
           ) -> list[Fill]:
    """The plain fills (`_plain`) that a text of the page whose bounds meet theirs does not stand out from."""
    import pypdfium2.raw as raw

    texts: dict[tuple[int, int, int], list[tuple[float, float, float, float]]] = defaultdict(list)
    for obj, box in zip(objects, bounds, strict=True):
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            raw.FPDFPageObj_GetFillColor(obj.raw, *rgba)
            texts[(rgba[0].value, rgba[1].value, rgba[2].value)].append(box)
    unread: dict[tuple[int, int, int], list[tuple[float, float, float, float]]] = {}
    """For a fill's colour, the bounds of the texts that do not stand out from it."""
    out = []
    for layer, (obj, box) in enumerate(zip(objects, bounds, strict=True)):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        raw.FPDFPageObj_GetFillColor(obj.raw, *rgba)
        colour = (rgba[0].value, rgba[1].value, rgba[2].value)
        if colour not in unread:
            unread[colour] = [b for text, boxes in texts.items() if contrast(text, colour) < CONTRAST for b in boxes]
        left, bottom, right, top = box
        if any(b[0] < right and left < b[2] and b[1] < top and bottom < b[3] for b in unread[colour]):
            plain = _plain(obj, rgba)
            if plain is not None:
                out.append(Fill(layer, left, bottom, right, top, plain))
    return out


def _plain(obj: Any, rgba: list[ctypes.c_uint]) -> tuple[int, int, int] | None:
    """The colour of a path that is one upright rectangle filled with one opaque colour (then its bounds are where
    it is painted); None for any other drawing."""
    import pypdfium2.raw as raw

    count = raw.FPDFPath_CountSegments(obj.raw) if obj.type == raw.FPDF_PAGEOBJ_PATH else 0
    if count not in (4, 5):
        return None
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroke))
    raw.FPDFPageObj_GetFillColor(obj.raw, *rgba)
    red, green, blue, alpha = (c.value for c in rgba)
    matrix = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj.raw, ctypes.byref(matrix))
    if not mode.value or alpha != 255 or abs(matrix.b) > 1e-6 or abs(matrix.c) > 1e-6:
        return None
    x, y = ctypes.c_float(), ctypes.c_float()
    xs, ys = set(), set()
    for i in range(count):
        segment = raw.FPDFPath_GetPathSegment(obj.raw, i)
        if raw.FPDFPathSegment_GetType(segment) != (raw.FPDF_SEGMENT_MOVETO if i == 0 else raw.FPDF_SEGMENT_LINETO):
            return None
        raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        xs.add(round(x.value, 2))
        ys.add(round(y.value, 2))
    return (red, green, blue) if len(xs) == len(ys) == 2 else None


def _lines(chars: list[Char]) -> tuple[list[Line], list[Line]]:
    """The rows (every character on a baseline) and runs, top first: a row split where a gap is over 0.9 of the
    size, as between a table's cells."""
    by_baseline: dict[float, list[Char]] = defaultdict(list)
    for c in chars:
        by_baseline[round(c.baseline * 2) / 2].append(c)
    rows, runs = [], []
    for key in sorted(by_baseline, reverse=True):
        row = sorted(by_baseline[key], key=lambda c: (c.left, c.index))
        rows.append(Line(row))
        run = Line([row[0]])
        for c in row[1:]:
            if c.left - run.chars[-1].right > 0.9 * max(c.size, run.chars[-1].size):
                runs.append(run)
                run = Line([c])
            else:
                run.chars.append(c)
        runs.append(run)
    return rows, runs


def _mark_running(pages: list[Page]) -> None:
    """Running headers and footers: rows near the top or bottom edge at a height and size that recur on at least
    half the pages of a document of two or more (the page number, the game's name, the section's)."""
    if len(pages) < 2:
        return
    seen: Counter[tuple[float, float]] = Counter()
    for page in pages:
        seen.update({(round(r.baseline), round(r.size, 1)) for r in page.rows
                     if r.baseline < RUNNING or r.baseline > page.height - RUNNING})
    for page in pages:
        for i, r in enumerate(page.rows):
            if (r.baseline < RUNNING or r.baseline > page.height - RUNNING) \
                    and 2 * seen[(round(r.baseline), round(r.size, 1))] >= len(pages):
                page.running.add(i)


def check(source: bytes | Path, rules: Iterable[str] = RULEBOOK) -> list[Finding]:
    """The findings on a PDF (its bytes or its path), page by page, for the rules asked for (KINDS).

    Raises ValueError when PDFium cannot read it.
    """
    from pypdfium2 import PdfiumError

    try:
        pages = read(source)
    except PdfiumError as exc:
        raise ValueError(f"not a PDF that can be read ({exc})") from None
    return check_pages(pages, frozenset(rules))


def check_pages(pages: Sequence[Page], rules: frozenset[str] = RULEBOOK) -> list[Finding]:
    """The findings on pages already read."""
    sizes = Counter(round(c.size, 1) for page in pages for c in page.chars)
    body = sizes.most_common(1)[0][0] if sizes else 10.0
    findings: list[Finding] = []
    for i, page in enumerate(pages):
        following = next((p for p in pages[i + 1:] if _body_rows(p)), None)
        if HEADING in rules and following is not None:
            findings += _stranded_heading(page, body, following)
        if NEAR_EMPTY in rules:
            findings += _near_empty(page)
        if OUTSIDE in rules:
            findings += _outside(page)
        if OVERLAP in rules:
            findings += _overlap(page) + _unreadable(page)
        if LONE in rules:
            findings += _lone(page)
    if FOOTNOTE in rules:
        findings += _footnotes(pages)
    findings = _once(findings)
    return sorted(findings, key=lambda f: (f.page, KINDS.index(f.kind)))


def _once(findings: list[Finding]) -> list[Finding]:
    """A running header or footer outside the margins is told once, on its first page, with the pages it is on."""
    kept: list[Finding] = []
    pages: dict[str, list[int]] = defaultdict(list)
    first: dict[str, int] = {}
    for f in findings:
        if f.kind == OUTSIDE and f.message.startswith(RUNNING_OUTSIDE):
            key = re.sub(r"«.*»", "", f.message)
            if key not in first:
                first[key] = len(kept)
                kept.append(f)
            pages[key].append(f.page)
        else:
            kept.append(f)
    for key, at in first.items():
        on = pages[key]
        where = f"pages {on[0]}–{on[-1]}" if len(on) > 1 and on == list(range(on[0], on[-1] + 1)) \
            else "page" + ("s " if len(on) > 1 else " ") + ", ".join(map(str, on))
        kept[at] = Finding(kept[at].page, OUTSIDE, f"{kept[at].message} (on {where})")
    return kept


def _body_rows(page: Page) -> list[Line]:
    return [r for i, r in enumerate(page.rows) if i not in page.running]


def _heading(row: Line, body: float, marks: list[float]) -> bool:
    """A heading's line: words in PT Sans, bold or larger than the body; or where a bookmark points. A line of
    signs alone (a list's «3.», an example's «+» between dice) heads nothing."""
    if not any(c.text.isalpha() for c in row.chars):
        return False
    if _at_mark(row, marks):
        return True
    return all(c.sans for c in row.chars) and (all(c.bold for c in row.chars) and row.size >= body - 0.1
                                                or row.size > body + 0.4)


def _at_mark(row: Line, marks: list[float]) -> bool:
    """Whether a bookmark points at this line: a section's heading."""
    return any(row.baseline - 2 <= mark <= row.baseline + row.size * 1.6 for mark in marks)


def _stranded_heading(page: Page, body: float, following: Page) -> list[Finding]:
    """A heading at the foot of the page, with nothing under it, or with fewer than FOLLOWED lines under it while
    the next page goes on with its section: «Setup» and one sentence, the rest of Setup over the page."""
    rows = _body_rows(page)
    last = next((i for i in range(len(rows) - 1, -1, -1) if _heading(rows[i], body, page.marks)), None)
    if last is None or len(rows) - 1 - last >= FOLLOWED:
        return []
    under = len(rows) - 1 - last
    if under:
        first = _body_rows(following)[0]
        if _heading(first, body, []) and _at_mark(first, following.marks):
            return []  # the next page opens a section of its own: this one ended here
    # The whole heading, if it wraps: the heading lines just above it.
    heading = rows[last]
    text = [heading.text]
    for row in reversed(rows[:last]):
        if not _heading(row, body, []) or row.baseline - heading.baseline > 2 * row.size * len(text):
            break
        text.insert(0, row.text)
    lines = f"{under} line{'s' if under > 1 else ''}"
    where = f"heading at the foot of the page with {lines} of its section, the rest on the next" if under else \
        "heading at the foot of the page, what it heads on the next"
    return [Finding(page.number, HEADING, f"{where}: {_quote(' '.join(text))}")]


def fill(page: Page) -> float:
    """The share of the printable height (the page less MARGIN at top and bottom) that the page's content covers:
    its lines of text and its drawings, the running header and footer left out."""
    low, high = MARGIN, page.height - MARGIN
    spans = [(r.bottom, r.top) for r in _body_rows(page)]
    running = [page.rows[i] for i in page.running]
    for _, bottom, _, top in page.drawings:
        # A rule or box that belongs to the running header (a line under it) is left out with it.
        if any(r.bottom - 6 <= top and bottom <= r.top + 6 for r in running):
            continue
        spans.append((bottom, top))
    covered, reach = 0.0, low
    for bottom, top in sorted((max(b, low), min(t, high)) for b, t in spans):
        if top <= reach:
            continue
        covered += top - max(bottom, reach)
        reach = top
    return covered / (high - low)


def _near_empty(page: Page) -> list[Finding]:
    share = fill(page)
    if share >= LEAST_FULL:
        return []
    first = _body_rows(page)
    shown = _quote(" ".join(r.text for r in first[:3])) if first else "(no text)"
    return [Finding(page.number, NEAR_EMPTY, f"page {share:.0%} full (under {LEAST_FULL:.0%}): {shown}")]


def _outside(page: Page) -> list[Finding]:
    found = []
    limit = GRAZE
    for i, row in enumerate(page.rows):
        out = [c for c in row.chars if c.left < MARGIN - limit or c.right > page.width - MARGIN + limit
               or c.bottom < MARGIN - limit or c.top > page.height - MARGIN + limit]
        if out:
            over = max(max(MARGIN - c.left, c.right - page.width + MARGIN, MARGIN - c.bottom,
                           c.top - page.height + MARGIN) for c in out)
            what = RUNNING_OUTSIDE if i in page.running else "text outside the printable area"
            found.append(Finding(page.number, OUTSIDE, f"{what} (10 mm margins), {over / MM:.1f} mm over: "
                                                       f"{_quote(row.text)}"))
    return found


def _overlap(page: Page) -> list[Finding]:
    """Characters over characters drawn apart (not neighbours): boxes overlapping by a third of the smaller; or, of
    two lines, by a third of the narrower across and 0.15 of the smaller size up and down (descenders in the line
    below)."""
    cell = 12.0
    grid: dict[tuple[int, int], list[Char]] = defaultdict(list)
    pairs: set[tuple[int, int]] = set()
    where = {c.index: run for run in page.runs for c in run.chars}
    for c in page.chars:
        for gx in range(int(c.left // cell), int(c.right // cell) + 1):
            for gy in range(int(c.bottom // cell), int(c.top // cell) + 1):
                for d in grid[(gx, gy)]:
                    if abs(d.index - c.index) <= 2 or (d.index, c.index) in pairs:
                        continue
                    w = min(c.right, d.right) - max(c.left, d.left)
                    h = min(c.top, d.top) - max(c.bottom, d.bottom)
                    smaller = min((c.right - c.left) * (c.top - c.bottom), (d.right - d.left) * (d.top - d.bottom))
                    if w > 0 and h > 0 and smaller > 0 and (
                            w * h > smaller / 3 or where[c.index] is not where[d.index]
                            and w > min(c.right - c.left, d.right - d.left) / 3 and h > 0.15 * min(c.size, d.size)):
                        pairs.add((d.index, c.index))
                grid[(gx, gy)].append(c)
    found, told = [], set()
    for a, b in sorted(pairs):
        runs = (id(where[a]), id(where[b]))
        if runs in told:
            continue
        told.add(runs)
        found.append(Finding(page.number, OVERLAP, f"text drawn over other text: {_quote(where[b].text)} over "
                                                   f"{_quote(where[a].text)}"))
    return found


CELL = 24.0
"""The side of a square of the grid that finds the fills under a character, in points."""


def _grid(fills: list[Fill]) -> dict[tuple[int, int], list[Fill]]:
    """The fills by the squares of the page they reach, each square's in painting order."""
    grid: dict[tuple[int, int], list[Fill]] = defaultdict(list)
    for f in fills:
        (left, bottom), (right, top) = _square(f.left, f.bottom), _square(f.right, f.top)
        for gx in range(left, right + 1):
            for gy in range(bottom, top + 1):
                grid[(gx, gy)].append(f)
    return grid


def _square(x: float, y: float) -> tuple[int, int]:
    return int(x // CELL), int(y // CELL)


def _under(grid: dict[tuple[int, int], list[Fill]], c: Char, layer: int) -> Fill | None:
    """The last fill painted before `layer`, the character's text, whose bounds hold its middle."""
    x, y = (c.left + c.right) / 2, (c.bottom + c.top) / 2
    return next((f for f in reversed(grid.get(_square(x, y), ())) if f.layer < layer and f.holds(x, y)), None)


def _unreadable(page: Page) -> list[Finding]:
    """Text drawn over a fill it does not stand out from (CONTRAST), once a line: the fill under a character is the
    last painted before it whose bounds hold its middle, and only a plain rectangle's colour is judged."""
    if not page.inks:
        return []
    grid = _grid(page.fills)
    found = []
    for run in page.runs:
        worst = CONTRAST
        for c in run.chars:
            ink = page.inks.get(c.index)
            under = _under(grid, c, ink.layer) if ink is not None else None
            if ink is not None and under is not None and under.colour is not None:
                worst = min(worst, contrast(ink.colour, under.colour))
        if worst < CONTRAST:
            found.append(Finding(page.number, OVERLAP, f"text drawn over a fill it does not stand out from (contrast "
                                                       f"{worst:.1f}:1): {_quote(run.text)}"))
    return found


@lru_cache(maxsize=256)
def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    def luminance(rgb: tuple[int, int, int]) -> float:
        linear = [v / 255 / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _lone(page: Page) -> list[Finding]:
    """A run of one character (a wrapped cell's last «/», «)» or «1») that continues or is continued by a run of
    the same block: a line just above or below it, within 1.6 sizes, overlapping it across."""
    found = []
    runs = page.runs
    for run in runs:
        if not _lone_run(run):
            continue
        c = run.chars[0]
        for other in runs:
            if other is run or not 0 < abs(other.baseline - c.baseline) <= 1.6 * c.size:
                continue
            if other.left <= c.right and c.left <= other.right and abs(other.size - c.size) < 0.5:
                above = [r for r in runs if r is not run and 0 < r.baseline - c.baseline <= 1.6 * c.size
                         and r.left <= c.right and c.left <= r.right]
                context = above[0].text if above else other.text
                found.append(Finding(page.number, LONE, f"a line holding one character: {_quote(run.text)} "
                                                        f"(by {_quote(context, 40)})"))
                break
    return found


def _lone_run(run: Line) -> bool:
    """One character, or up to three signs and no letter or digit («(+», «/ »): nothing a reader can read alone."""
    return len(run.chars) == 1 or len(run.chars) <= 3 and not any(c.text.isalnum() for c in run.chars)


def _footnotes(pages: Sequence[Page]) -> list[Finding]:
    """A footnote whose marker is used only on earlier pages."""
    used: dict[str, list[int]] = defaultdict(list)
    found = []
    for page in pages:
        notes = []
        for run in page.runs:
            first = run.chars[0].text
            if first in MARKERS and len(run.chars) > 1:
                notes.append((first, run))
            for c in run.chars[1:] if first in MARKERS and len(run.chars) > 1 else run.chars:
                if c.text in MARKERS:
                    used[c.text].append(page.number)
        for mark, run in notes:
            if page.number not in used[mark] and used[mark]:
                found.append(Finding(page.number, FOOTNOTE, f"footnote on another page than its marker "
                                                            f"{mark} (page {used[mark][-1]}): {_quote(run.text)}"))
    return found


def describe(findings: Sequence[Finding]) -> str:
    """«3 findings: 2 heading, 1 lone»."""
    kinds = Counter(f.kind for f in findings)
    return f"{len(findings)} finding{'' if len(findings) == 1 else 's'}: " + ", ".join(
        f"{n} {kind}" for kind, n in sorted(kinds.items(), key=lambda kv: KINDS.index(kv[0])))




def rules_for(path: Path) -> frozenset[str] | None:
    """The rules a built file is checked against, by its name; None for a kit, merged from files checked already."""
    if path.name == "kit.pdf":
        return None
    return RULEBOOK if path.name == "rulebook.pdf" else SHEET


def check_folder(out: Path) -> tuple[list[Path], list[tuple[Path, Finding]]]:
    """Every built PDF under `out` (the rulebooks and sheets; not the kits) and its findings, in path order.

    Raises ValueError naming a file PDFium cannot read.
    """
    checked, found = [], []
    for path in sorted(out.rglob("*.pdf")):
        rules = rules_for(path)
        if rules is None or not path.is_file():
            continue
        try:
            findings = check(path, rules)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None
        checked.append(path)
        found += [(path, finding) for finding in findings]
    return checked, found
