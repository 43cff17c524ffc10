"""PDF by WeasyPrint: only project files and data: URIs are read, and any other URL is located in its template."""

from __future__ import annotations

import base64
import logging
import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, unquote_to_bytes, urljoin, urlparse

from . import layout, stamps
from .errors import InputError, Problem, display_path

REFERENCE = re.compile(r"""(?:(?:@import\s+)?url\(\s*|\b(?:href|src)\s*=\s*|@import\s+)(["']?)([^"'()\s>]+)\1""",
                       re.IGNORECASE)
"""A URL in HTML or CSS: url(…), href=…, src=…, @import "…"."""


def _same(a: str, b: str) -> bool:
    """Two URLs naming the same resource (file: URLs compared as paths)."""
    if a == b:
        return True
    pa, pb = urlparse(a), urlparse(b)
    return pa.scheme.lower() == pb.scheme.lower() == "file" and unquote(pa.path) == unquote(pb.path)


def _data(uri: str) -> str:
    """The text inside a data: URI (an SVG, a stylesheet), or '' when it cannot be read."""
    head, _, payload = uri.partition(",")
    try:
        raw = base64.b64decode(payload) if head.endswith(";base64") else unquote_to_bytes(payload)
        return raw.decode("utf-8", "replace")
    except ValueError:
        return ""


def _refers(text: str, base: str, url: str, depth: int = 0) -> bool:
    """Whether a line of a template refers to `url`, itself or inside a data: URI (an SVG's own image links)."""
    for _, ref in REFERENCE.findall(text):
        if _same(ref, url) or _same(urljoin(base, ref), url):
            return True
        if ref.lower().startswith("data:") and depth < 2 and _refers(_data(ref), ref, url, depth + 1):
            return True
    return False


def locate(url: str, base: Path, folders: Sequence[Path], root: Path | None = None) -> tuple[str, int] | None:
    """The template file and line that refer to `url`, searching the template folders; None if none does."""
    base_uri = base.resolve().as_uri() + "/"
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.suffix in (".html", ".css") and p.is_file()):
            try:
                lines = path.read_text(encoding="utf-8").split("\n")
            except (OSError, UnicodeDecodeError):
                continue
            for number, line in enumerate(lines, 1):
                if _refers(line, base_uri, url):
                    return display_path(path, root), number
    return None


@cache
def _fetcher_class() -> type:
    """The project-only URL fetcher (WeasyPrint is imported on the first render, not by every command)."""
    from weasyprint.urls import FatalURLFetchingError, URLFetcher

    class ProjectOnlyFetcher(URLFetcher):  # type: ignore[misc]  # weasyprint has no type hints: URLFetcher is Any
        """Fetches data: URIs and files under the allowed folders; refuses everything else, the network above all.

        Every refusal is kept: WeasyPrint swallows errors inside an SVG image, and those must stop the build too.
        """

        def __init__(self, allowed: list[Path]) -> None:
            super().__init__(allowed_protocols={"file", "data"})
            self.allowed = [p.resolve() for p in allowed]
            self.refused: list[tuple[str, str]] = []
            """Each URL refused, and where a file: URL really leads when that is not what it says."""

        def fetch(self, url: str, headers: Any = None) -> Any:
            scheme = url.split(":", 1)[0].lower()
            if scheme == "data":
                return super().fetch(url, headers)
            if scheme == "pnp-face":  # a face picture, defined once for every page that shows it
                from .templating import face_data

                data = face_data(url)
                if data is not None:
                    return super().fetch(data, headers)
            real = ""
            if scheme == "file":
                named = Path(unquote(urlparse(url).path))
                path = named.resolve()
                if any(path.is_relative_to(folder) for folder in self.allowed):
                    stamps.note(named)  # a font or picture the page uses: its change remakes the page
                    return super().fetch(url, headers)
                real = f" (a link to {path})" if path != named.absolute() else ""
            self.refused.append((url, real))
            raise FatalURLFetchingError(url)

    return ProjectOnlyFetcher


class _Warnings(logging.Handler):
    """Collects WeasyPrint's warnings, so the build reports them with the file they are about."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


PULL_BACK_BELOW = 0.3
"""A last page whose content covers less than this share of it (layout.fill) is worth pulling back (see
render_pdf's `tighter`); the layout check's near-empty page (layout.LEAST_FULL) is a stricter 15 %."""

PX = 0.75
"""Points in a CSS pixel, WeasyPrint's unit."""
BELOW_LINE = 5 * layout.MM
"""How far below its laid-out box a line's glyphs may reach as the PDF is read (layout.Line.bottom)."""


def reach(document: Any) -> float:
    """How far down the last page of a laid-out document its content reaches, as a share of the printable height
    (the page less layout.MARGIN at top and bottom), a descender's depth more: never less than layout.fill finds
    on the PDF, which counts only the lines and drawings within that reach. The running header and footer (page
    margin boxes) are left out, as the fill leaves them out."""
    from weasyprint.formatting_structure import boxes

    page = document.pages[-1]
    lowest, stack = 0.0, [box for box in page._page_box.children if not isinstance(box, boxes.MarginBox)]
    while stack:
        box = stack.pop()
        lowest = max(lowest, float(box.position_y + box.margin_height()))
        stack.extend(getattr(box, "children", ()))
    height = float(page.height) * PX
    return (lowest * PX + BELOW_LINE - layout.MARGIN) / (height - 2 * layout.MARGIN)


WORD_JOINER = "\u2060"
"""Joins the letters of a word no line may break: it takes no room, prints nothing and is not in the text a
reader copies out of the PDF."""

SHORTEST = 7
"""The shortest word kept whole (see `whole_last_words`). The rulebook hyphenates no word under eight letters
(rulebook.css: `hyphenate-limit-chars: 8 4 4`); seven keeps a page set with WeasyPrint's looser default limits whole
too («plun-» / «der.»)."""

_LAST_WORD = re.compile(
    rf"(?P<word>[^\W\d_]{{{SHORTEST},}})"  # shorter words are never hyphenated
    r"(?P<tail>(?:[^\w<>]|</?(?:strong|em|span|a|b|i|sup|sub)\b[^<>]*>)*</(?:p|li|td|dd|figcaption)>)")


_TEXT = re.compile(r"(<(style|script|title|h[1-6])\b.*?</\2\s*>|<[^>]*>)", re.S | re.I)
"""A style, script, title or heading element whole (the title and the headings are the PDF's metadata and
bookmarks, and a heading is never hyphenated), or one tag: what lies between them is running text."""

_NAME = re.compile(rf"(?:(?<=[^\W\d_] )|(?<=[^\W\d_][,;] ))[^\W\d_]{{{SHORTEST},}}(?![^\W\d_])")
"""A word long enough to be hyphenated after a word and a space: a name when it is capitalised and the word before
is not (Роджером, Ravensburger)."""

_ENDING = "aeiouàèéíïòóúüsаеёиоуыэюяйь"
"""Letters a term's word may end in that change with its number or case (targeta, targetes; кирка, кирки, сломанная,
сломанной): its stem is the word without up to two of them."""


_LAST_NUMBER = re.compile(r"(?<=[^\W\d_]) (?=\d{1,3}(?:[^\w<>]|</?(?:strong|em|span|a|b|i)\b[^<>]*>)*"
                          r"</(?:p|li|td|dd|figcaption)>)")
"""The space before a short number that ends a paragraph («it counts as 1.»): no break there, so the number is
never left alone on the last line."""

_RANGE = re.compile(r"(?<=\d)([\u2013\u2014])(?=\d)|(?<=[^\W_])(/)(?=[^\W_])")
"""A range of numbers (160–250) or a unit with a slash (g/m²): a line never breaks after its dash or slash."""

_POSSESSIVE = re.compile(r"[^\W\d_]{2,}[’']s(?![^\W\d_])")
"""A possessive (pirate’s): never hyphenated, as English typesetters have it."""


PDF_VARIANT: str | None = "pdf/ua-1"
"""Every PDF tagged for accessibility: WeasyPrint's PDF/UA-1 variant, its tagging (a structure tree of headings,
lists, tables with header cells, figures with their alternative text; /Lang and /MarkInfo) plus the XMP metadata
PDF/UA asks for (the title, the conformance). It draws the pages as an untagged render does (scripts/same_look.py)."""


_LANG = re.compile(r"<html\b[^>]*\blang=[\"']?([\w-]+)", re.I)

LIMITS = (4, 4)
"""The fewest letters a hyphenation leaves before and after the break (rulebook.css: hyphenate-limit-chars)."""


@cache
def _patterns(lang: str) -> Any:
    """The language's hyphenation patterns, as WeasyPrint reads them (pyphen), or None."""
    import pyphen

    found = pyphen.language_fallback(lang)
    return pyphen.Pyphen(lang=found, left=LIMITS[0], right=LIMITS[1]) if found else None


@lru_cache(maxsize=4096)
def _whole(lang: str, word: str) -> str:
    """`word` with its letters joined, where that leaves the language's patterns no break inside it (English,
    Catalan); else as it is: patterns that break at one letter (Spanish «1n») would find more breaks in a joined
    word than in the word, since the joiners count as letters towards the hyphenation limits. Kept per word: the
    same words end paragraphs in every page of a build."""
    patterns = _patterns(lang)
    joined = WORD_JOINER.join(word)
    return joined if patterns is None or not list(patterns.iterate(joined)) else word


@lru_cache(maxsize=4096)
def _breaks(lang: str, word: str) -> bool:
    """Whether the language's patterns, within the rulebook's limits (LIMITS), may hyphenate `word` at all."""
    patterns = _patterns(lang)
    return patterns is not None and bool(list(patterns.iterate(word)))


def _joiner(lang: str) -> Callable[[str], str]:
    """The page's way of keeping a word whole (see `_whole`)."""
    return lambda word: _whole(lang, word)


@lru_cache(maxsize=64)
def term_words(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    """The words of the game's terms in any of their forms: each word's stem (less up to two letters of _ENDING)
    and up to three letters more (кубик: кубиков; pic trencat: trencats; targeta: targetes)."""
    stems = set()
    for term in terms:
        for word in re.findall(r"[^\W\d_]+", term):
            stem = re.sub(f"[{_ENDING}]{{1,2}}$", "", word.lower())
            if len(stem) >= 3 and len(word) + 3 >= SHORTEST:
                stems.add(re.escape(stem))
    if not stems:
        return None
    alternatives = "|".join(sorted(stems, key=len, reverse=True))
    return re.compile(rf"(?<![^\W\d_])(?:{alternatives})[^\W\d_]{{0,3}}(?![^\W\d_])", re.IGNORECASE)


def whole_last_words(html: str, terms: Sequence[str] = ()) -> str:
    """Every paragraph, list item and cell with its last word kept whole, and every name, possessive and game term
    in running text: a hyphenated last word would leave a fragment of a word alone on the paragraph's last line
    («plun-» / «der.»), and a name, a possessive or a term of the game (`terms`: its faces, dice…, in any of their
    forms, see `term_words`) is never hyphenated («Родже-ром», «pir-ate’s», «pic tren-cat», «куби-ков»); a range of
    numbers never breaks after its dash («160– / 250 g/m²»), nor a paragraph before its last short number («counts as /
    1.»).

    The word's letters are joined (WORD_JOINER), not wrapped in an inline box, which would change how WeasyPrint
    breaks the line before it; the page's language (`<html lang>`) decides where joining keeps a word whole."""
    found = _LANG.search(html)
    lang = found.group(1) if found else "en"
    join = _joiner(lang)
    kept = term_words(tuple(terms))

    def term(match: re.Match[str]) -> str:
        word = match.group()
        if len(word) < SHORTEST:
            return word
        joined = join(word)
        if joined != word or not _breaks(lang, word):
            return joined
        # Joining would not keep it whole (Spanish, «ней-тральный»): a box that never is. Only where the word has a
        # break: WeasyPrint 70 sets a paragraph's first words one per line when its first line ends at an inline box.
        return f'<span style="hyphens: manual">{word}</span>'

    def name(match: re.Match[str]) -> str:
        word, text = match.group(), match.string
        before = text[:match.start()].rstrip(" ,;")
        return join(word) if word[0].isupper() and word[1:].islower() and before[-1:].islower() else word

    pieces = _TEXT.split(html)
    out = []
    for index, piece in enumerate(pieces):
        if index % 3 == 0:  # text between tags
            piece = _RANGE.sub(lambda m: m.group() + WORD_JOINER, piece)
            piece = _POSSESSIVE.sub(lambda m: join(m.group()), _NAME.sub(name, piece))
            out.append(kept.sub(term, piece) if kept is not None else piece)
        elif index % 3 == 1:  # the tag or element itself
            out.append(piece)
    return _LAST_WORD.sub(lambda m: join(m["word"]) + m["tail"], _LAST_NUMBER.sub("\u00a0", "".join(out)))


_fonts: Any = None
"""One WeasyPrint font configuration per process: the @font-face fonts are loaded once, not on every render
(the PDFs come out byte for byte the same)."""


def _font_configuration() -> Any:
    global _fonts
    if _fonts is None:
        from weasyprint.text.fonts import FontConfiguration

        _fonts = FontConfiguration()
    return _fonts


def render_pdf(html: str, allowed: list[Path], base_url: Path, templates: Sequence[Path] = (),
               template: str = "", root: Path | None = None,
               tighter: Callable[[], str] | None = None, variant: str | None = PDF_VARIANT,
               terms: Sequence[str] = ()) -> tuple[bytes, list[str]]:
    """Render HTML to PDF bytes; returns them with WeasyPrint's warnings.

    A URL outside `allowed` stops the render: the error names the file and line of `templates` (the template
    folders) that refer to it, else `template`, the page's own template.

    `tighter` makes the same page set a little tighter: when the last page is nearly empty, it is rendered too and
    kept if it needs fewer pages, so a few lines are pulled back rather than left alone on a page.

    `variant` is WeasyPrint's PDF variant: tagged for accessibility (PDF_VARIANT) unless asked otherwise, `pdf/x-4`
    for a printer, None for a plain PDF.

    `terms` are the game's own words, never hyphenated (see `whole_last_words`).
    """
    from weasyprint import HTML
    from weasyprint.urls import FatalURLFetchingError

    handler = _Warnings()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    fetcher = _fetcher_class()(allowed)
    data = b""
    try:
        fonts = _font_configuration()
        html = whole_last_words(html, terms)
        document = HTML(string=html, base_url=str(base_url), url_fetcher=fetcher).render(font_config=fonts)
        pulled = tighter is not None and len(document.pages) > 1

        def pull_back() -> Any:  # the tighter document, when it needs fewer pages
            assert tighter is not None
            tight = HTML(string=whole_last_words(tighter(), terms), base_url=str(base_url),
                         url_fetcher=fetcher).render(font_config=fonts)
            return tight if len(tight.pages) < len(document.pages) else None

        # A last page the laid-out boxes show short enough is pulled back before any PDF is written; else the PDF
        # tells (layout.fill), and the tighter one replaces it if it needs fewer pages.
        short = pulled and reach(document) < PULL_BACK_BELOW
        kept = pull_back() if short else None
        data = (kept or document).write_pdf(pdf_variant=variant, uncompressed_pdf=False)
        if pulled and not short and layout.fill(layout.read(data)[-1]) < PULL_BACK_BELOW:
            kept = pull_back()
            if kept is not None:
                data = kept.write_pdf(pdf_variant=variant, uncompressed_pdf=False)
    except FatalURLFetchingError:
        pass  # the refusal is in fetcher.refused
    finally:
        logger.removeHandler(handler)
    _refusals(fetcher, base_url, templates, template, root)
    return data, handler.messages


def _refusals(fetcher: Any, base_url: Path, templates: Sequence[Path], template: str, root: Path | None) -> None:
    """The first URL the render was refused, as bad input located in the template that refers to it."""
    if fetcher.refused:
        url, real = fetcher.refused[0]
        file, line = locate(url, base_url, templates, root) or (template, None)
        raise InputError(Problem(file, line, "", f"refused to read {url}{real}: only project files and data: URIs "
                                                 "may be used"))


PX_PER_MM = 96 / 25.4
"""CSS pixels in a millimetre: WeasyPrint's laid-out boxes measure in them."""


def box_height(html: str, name: str, allowed: list[Path], base_url: Path, templates: Sequence[Path] = (),
               template: str = "", root: Path | None = None) -> float:
    """The height in millimetres, margins included, of the first box of class `name` on the first page, as
    WeasyPrint lays out the HTML for render_pdf (no PDF is made): what a sheet measures when words of any length
    in any language stand above what it places below them (a score pad's legend). A page without such a box, or
    a refused URL, is bad input located in `template` (the URL as in render_pdf)."""
    from weasyprint import HTML
    from weasyprint.urls import FatalURLFetchingError

    fetcher = _fetcher_class()(allowed)
    height: float | None = None
    try:
        document = HTML(string=whole_last_words(html), base_url=str(base_url),
                        url_fetcher=fetcher).render(font_config=_font_configuration())
        # The laid-out boxes, the tree WeasyPrint draws its pages from, outermost first: the element's own box.
        for box in document.pages[0]._page_box.descendants() if document.pages else ():
            element = getattr(box, "element", None)
            if element is not None and name in (element.get("class") or "").split():
                height = float(box.margin_height()) / PX_PER_MM
                break
    except FatalURLFetchingError:
        pass  # the refusal is in fetcher.refused
    _refusals(fetcher, base_url, templates, template, root)
    if height is None:
        raise InputError(Problem(template, None, "", f"no box of class {name!r} on the page's first side to measure"))
    return height
