"""Catalogs and locale formatting: rulebook sentences in the reader's language."""

from __future__ import annotations

import bisect
import gettext
import io
import re
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, localcontext
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.numbers import format_decimal, format_percent

from .errors import InputError, Problem, display_path
from .model import Choice, Sentence, Text
from .project import SOURCE, catalog_languages
from .project import drawable as project_drawable
from .typography import WORD_SPEC, Language, load_typography, typeset, typeset_html

DOMAIN = "pnp"
"""One catalog per language holds every string: templates, Python and rules files."""

PLURAL_SAMPLES = range(201)
"""The numbers a catalog's plural rule must agree with CLDR's on: every ending Russian has, twice over."""

CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories in the order gettext numbers a language's forms."""

MAX_PROBLEMS = 20
"""The most errors one catalog reports: a file of garbage would otherwise print one per line."""

ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short", "unit-narrow"]
"""The list styles of babel.lists.format_list: `and` lists, `or` lists and lists of units."""


def po_path(locales: Path, lang: str) -> Path:
    """Where a language's catalog lives."""
    return locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


# ---------------------------------------------------------------------------------------------------------------
# The strict .po reader. Babel's reader forgives what GNU msgfmt refuses (an unclosed string loses its last
# character, `\q` stays as typed, a header line without a colon hides the charset), so a catalog is read here,
# line by line, and anything msgfmt would refuse or that would print other than it reads is an error located to
# its line. What is read becomes a Babel Catalog, as Babel's reader would have made it.


class PoCatalog(Catalog):
    """A catalog as read from its .po file, with the line of every piece of every translation."""

    def __init__(self, lang: str) -> None:
        super().__init__(locale=lang, charset="utf-8", fuzzy=False)
        self.translation_lines: dict[tuple[str, str | None], tuple[tuple[tuple[int, str], ...], ...]] = {}
        """For each entry (msgid, context): each form's pieces as (line, text), as written in the file."""


_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}
"""The escapes a catalog string may use: the ones Babel and GNU gettext read alike and that print can show."""

_STRING = re.compile(r'"((?:[^"\\]|\\[\\"nt])*)"[ \t]*\Z')
_UNESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[([0-9]{1,3})\])?(?![\w\[])[ \t]*(.*)\Z")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_HEADER_LINE = re.compile(r"([A-Za-z][A-Za-z0-9-]*):[ \t]*(.*?)[ \t]*\Z")
_CHARSET = re.compile(r"charset\s*=\s*\"?([^\s;\"]*)", re.IGNORECASE)
_LINE_NUMBER = re.compile(r"[0-9]{1,9}")
_PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*([0-9]{1,3})\s*;\s*plural\s*=\s*(.+?)\s*;?\s*\Z")


class _BadLine(Exception):
    """A line the reader cannot take; its message names what is wrong."""


@dataclass
class _Part:
    """One keyword of an entry (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]): its line and its string, in
    pieces, each with its own line."""

    line: int
    pieces: list[tuple[int, str]]

    @property
    def text(self) -> str:
        return "".join(piece for _, piece in self.pieces)


@dataclass
class _Entry:
    """One entry as read: its comments, then its keywords."""

    comments: list[str] = field(default_factory=list)
    context: _Part | None = None
    msgid: _Part | None = None
    plural: _Part | None = None
    strings: list[_Part] = field(default_factory=list)


def _string(text: str, column: int) -> str:
    """A quoted string's value; `column` is where it starts on its line, for messages."""
    match = _STRING.match(text)
    if match:
        body = match.group(1)
        return _UNESCAPE.sub(lambda m: _ESCAPES[m.group(1)], body) if "\\" in body else body
    if not text.startswith('"'):
        raise _BadLine(f"expected a string in double quotes, found {text[:20]!r}")
    i = 1
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            if text[i + 1] not in _ESCAPES:
                raise _BadLine(f"unknown escape \\{text[i + 1]} at column {column + i} "
                               "(a string may use \\n, \\t, \\\\ and \\\")")
            i += 2
        elif text[i] == '"':
            raise _BadLine(f"text after the closing quote at column {column + i}: {text[i + 1:].strip()[:20]!r} "
                           "(write \\\" for a quote inside a string)")
        else:
            i += 1
    raise _BadLine("unclosed string: the line ends before its closing quote")


class _Reader:
    """Reads a .po file's lines into entries; each line that breaks the format is a problem, with its line."""

    def __init__(self) -> None:
        self.entries: list[_Entry] = []
        self.problems: list[tuple[int, str]] = []
        self.entry: _Entry | None = _Entry()
        """The entry being read; None while skipping the rest of a broken one."""
        self.part: _Part | None = None
        """The keyword a string on its own line continues."""

    def read(self, lines: list[str]) -> list[_Entry]:
        for number, raw in enumerate(lines, 1):
            line = raw[:-1] if raw.endswith("\r") else raw
            bad = _CONTROL.search(line)
            if bad:
                self.fail(number, f"control character U+{ord(bad.group()):04X} at column {bad.start() + 1}")
                continue
            stripped = line.strip(" \t")
            try:
                if not stripped:
                    if self.entry is None:  # a blank line ends a broken entry
                        self.entry = _Entry()
                elif stripped.startswith("#"):
                    self.comment(number, stripped)
                elif stripped.startswith('"'):
                    self.continuation(number, stripped, len(line) - len(line.lstrip(" \t")) + 1)
                else:
                    self.keyword(number, stripped, len(line) - len(line.lstrip(" \t")) + 1)
            except _BadLine as exc:
                self.fail(number, str(exc))
        self.finish()
        return self.entries

    def fail(self, number: int, message: str) -> None:
        self.problems.append((number, message))
        self.entry, self.part = None, None

    def finish(self) -> None:
        """The entry read so far is whole: keep it, or say what it lacks."""
        entry, self.part = self.entry, None
        if entry is None or (entry.msgid is None and entry.context is None):
            return
        if entry.msgid is None:
            assert entry.context is not None
            self.fail(entry.context.line, "msgctxt without a msgid after it")
        elif not entry.strings:
            self.fail(entry.msgid.line, f"{'msgid_plural' if entry.plural else 'msgid'} without a msgstr after it")
        else:
            self.entries.append(entry)

    def comment(self, number: int, line: str) -> None:
        if line.startswith("#-"):
            raise _BadLine("a merge conflict marker (#-#-#-#-#): resolve the conflict first")
        if self.entry is None or self.entry.msgid is not None or self.entry.context is not None:
            if self.entry is not None and self.entry.msgid is None:
                raise _BadLine("a comment between msgctxt and msgid")
            self.finish()
            self.entry = _Entry()
        if not line.startswith(("#~", "#|")):  # obsolete entries and previous msgids print nothing
            self.entry.comments.append(line)

    def continuation(self, number: int, line: str, column: int) -> None:
        if self.entry is None:
            return  # the rest of a broken entry
        if self.part is None:
            raise _BadLine("a string with no msgctxt, msgid or msgstr before it")
        self.part.pieces.append((number, _string(line, column)))

    def keyword(self, number: int, line: str, column: int) -> None:
        match = _KEYWORD.match(line)
        if not match:
            raise _BadLine(f"unknown keyword {(line.split(maxsplit=1) or [line])[0][:20]!r}")
        name, index, rest = match.groups()
        keyword = name if index is None else f"{name}[{index}]"
        if index is not None and name != "msgstr":
            raise _BadLine(f"{keyword}: only msgstr takes an index")
        if not rest:
            raise _BadLine(f"{keyword} without a string")
        if name in ("msgctxt", "msgid"):
            if self.entry is None or self.entry.msgid is not None:
                self.finish()
                self.entry = _Entry()
        if self.entry is None:
            return  # the rest of a broken entry
        entry = self.entry
        part = _Part(number, [(number, _string(rest, column + match.start(3)))])
        if name == "msgctxt":
            if entry.context is not None:
                raise _BadLine("a second msgctxt in one entry")
            entry.context = part
        elif name == "msgid":
            entry.msgid = part
        elif entry.msgid is None:
            raise _BadLine(f"{keyword} without a msgid before it")
        elif name == "msgid_plural":
            if entry.plural is not None or entry.strings:
                raise _BadLine("msgid_plural must follow the msgid, once")
            entry.plural = part
        elif index is None:
            if entry.plural is not None:
                raise _BadLine("msgstr in an entry with msgid_plural: write msgstr[0], msgstr[1]…")
            if entry.strings:
                raise _BadLine("a second msgstr in one entry")
            entry.strings.append(part)
        else:
            if entry.plural is None:
                raise _BadLine(f"{keyword} in an entry without msgid_plural: write msgstr")
            if int(index) != len(entry.strings):
                raise _BadLine(f"{keyword} where msgstr[{len(entry.strings)}] is due")
            entry.strings.append(part)
        self.part = part


def _decode(data: bytes, shown: str) -> str:
    """A catalog's text: its bytes must be UTF-8 (a byte-order mark is allowed)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1
        raise InputError(Problem(shown, line, "", f"byte 0x{data[exc.start]:02x} at column {column} is not UTF-8: "
                                 "a catalog is UTF-8 throughout (charset=UTF-8)")) from None
    return text.removeprefix("\ufeff")


def read_po(data: bytes, lang: str, shown: str) -> PoCatalog:
    """Read one .po catalog strictly: any line msgfmt would refuse, a charset other than the bytes' (UTF-8), or a
    Plural-Forms rule other than CLDR's for the language is an error with its line; all are raised at once."""
    reader = _Reader()
    entries = reader.read(_decode(data, shown).split("\n"))
    problems = reader.problems
    catalog = PoCatalog(lang)
    nplurals = _read_header(entries, catalog, lang, problems)
    seen: dict[tuple[str, str | None], int] = {}
    for entry in entries[1:] if entries and _is_header(entries[0]) else entries:
        assert entry.msgid is not None
        msgid, context = entry.msgid.text, entry.context.text if entry.context else None
        if not msgid:
            problems.append((entry.msgid.line, 'an empty msgid is the header\'s: only the first entry has one'))
            continue
        if (msgid, context) in seen:
            first = seen[msgid, context]
            problems.append((entry.msgid.line, f"a second entry for {msgid[:40]!r}, first at line {first}"))
            continue
        seen[msgid, context] = entry.msgid.line
        if entry.plural is not None and nplurals is not None and len(entry.strings) != nplurals:
            if len(entry.strings) < nplurals:
                problems.append((entry.strings[-1].line, f"msgstr[{len(entry.strings)}] missing: "
                                 f"the Plural-Forms header declares {nplurals} forms"))
            else:
                problems.append((entry.strings[nplurals].line, f"msgstr[{nplurals}] is beyond the {nplurals} forms "
                                 "the Plural-Forms header declares"))
            continue
        _add_message(catalog, entry, msgid, context)
    if problems:
        raise InputError(_capped([Problem(shown, line, "", message) for line, message in sorted(problems)]))
    return catalog


def _is_header(entry: _Entry) -> bool:
    return entry.msgid is not None and entry.msgid.text == "" and entry.context is None and entry.plural is None


def _read_header(entries: list[_Entry], catalog: PoCatalog, lang: str, problems: list[tuple[int, str]]) -> int | None:
    """Check the header entry (charset, Plural-Forms, Language) and give it to the catalog; the number of plural
    forms it declares, or None if its Plural-Forms cannot be trusted."""
    if not entries or not _is_header(entries[0]):
        line = entries[0].msgid.line if entries and entries[0].msgid else 1
        problems.append((line, 'the catalog must open with its header (msgid "") declaring its charset and '
                               "Plural-Forms"))
        return None
    header = entries[0]
    assert header.msgid is not None
    fields: dict[str, tuple[str, str, int]] = {}  # by lower-case name: the name as written, value, line
    starts, offset = [], 0  # where each piece of the header text starts, to find a field's line
    for _, piece in header.strings[0].pieces:
        starts.append(offset)
        offset += len(piece)
    text = header.strings[0].text
    offset = 0
    for row in text.split("\n"):
        line = header.strings[0].pieces[bisect.bisect_right(starts, offset) - 1][0]
        offset += len(row) + 1
        if not row.strip():
            continue
        match = _HEADER_LINE.match(row)
        if not match:
            problems.append((line, f"header line {row[:40]!r} is not `Name: value`"))
            continue
        name = match.group(1).lower()
        if name in fields:
            problems.append((line, f"a second {match.group(1)} header, first at line {fields[name][2]}"))
            continue
        fields[name] = (match.group(1), match.group(2), line)
    nplurals, plural_expr = None, ""
    for name, (written, value, line) in fields.items():
        problem = None
        if name == "content-type":
            charset = _CHARSET.search(value)
            if charset is None:
                problem = "the header declares no charset: write Content-Type: text/plain; charset=UTF-8"
            elif charset.group(1).lower() not in ("utf-8", "utf8"):
                problem = (f"charset={charset.group(1)} does not match the file, whose bytes are UTF-8: "
                           "declare charset=UTF-8")
        elif name == "plural-forms":
            nplurals, plural_expr, problem = plural_forms_problem(value, lang)
        elif name == "language" and value and value.replace("-", "_").lower() != lang:
            problem = f"Language: {value}, but this is the {lang} catalog"
        if problem is None:
            try:
                catalog.mime_headers = [(name, value)]
            except ValueError as exc:
                problem = f"{written}: {exc}"
        if problem:
            problems.append((line, problem))
    if "content-type" not in fields:
        problems.append((header.msgid.line, "the header declares no charset: add Content-Type: text/plain; "
                                            "charset=UTF-8"))
    if "plural-forms" not in fields:
        problems.append((header.msgid.line, f"the header has no Plural-Forms: {lang} needs "
                                            f"{plural_forms(lang)}"))
    elif nplurals is not None:  # the rule checked, exactly as written, is the one compiled into the .mo
        # Babel has no setter for these (catalogs.pin_plural_forms does the same).
        catalog._num_plurals, catalog._plural_expr = nplurals, plural_expr  # type: ignore[assignment]
    catalog.header_comment = "\n".join(f"# {c[1:].strip()}".rstrip() for c in header.comments
                                       if not c.startswith(("#,", "#.", "#:")))
    catalog.fuzzy = "fuzzy" in _flags(header.comments)
    return nplurals


def plural_forms_problem(value: str, lang: str) -> tuple[int | None, str, str | None]:
    """Check a Plural-Forms value against CLDR's rule for the language on PLURAL_SAMPLES: (nplurals, the rule,
    what is wrong or None); nplurals is None when the rule cannot be used."""
    match = _PLURAL_FORMS.match(value)
    if not match:
        return None, "", f"Plural-Forms {value[:40]!r} must read nplurals=N; plural=EXPRESSION;"
    nplurals, expr = int(match.group(1)), match.group(2)
    shown = expr if len(expr) <= 120 else expr[:119] + "…"
    hint = f"; write Plural-Forms: {plural_forms(lang)}"
    try:
        rule = gettext.c2py(expr)
    except ValueError as exc:
        return None, expr, f"plural={shown} is not a plural rule ({exc}){hint}"
    forms = cldr_forms(lang)
    if nplurals != max(forms) + 1:
        return None, expr, f"nplurals={nplurals}, but CLDR gives {lang} {max(forms) + 1} plural forms{hint}"
    categories = _cldr_categories(lang)
    for n, form in zip(PLURAL_SAMPLES, forms, strict=True):
        try:
            got = rule(n)
        except ArithmeticError as exc:
            return None, expr, f"plural={shown} fails for n = {n} ({exc}){hint}"
        if got != form:
            return None, expr, (f"plural={shown} gives form {got} for n = {n}, where CLDR's {lang} rule gives "
                                f"form {form} ({categories[form]}){hint}")
    return nplurals, expr, None


@cache
def plural_forms(lang: str) -> str:
    """The gettext Plural-Forms a catalog of `lang` declares, made from CLDR's rule for the numbers a rulebook
    prints (PLURAL_SAMPLES): Spanish has two forms there (CLDR's third is for millions), Russian three."""
    from babel.plural import _GettextCompiler  # Babel's own CLDR-to-C compiler (its to_gettext adds `other`)

    rule, categories = Locale.parse(lang).plural_form, _cldr_categories(lang)
    compiler = _GettextCompiler()
    cases = [(compiler.compile(ast), categories.index(tag)) for tag, ast in rule.abstract  # type: ignore[no-untyped-call]
             if tag in categories[:-1]]
    expr = "".join(f"{condition} ? {form} : " for condition, form in cases) + str(len(categories) - 1)
    expr = expr.replace("((0 == 0)) && ", "").replace(" && ((0 == 0))", "")  # `v = 0`: whole numbers only
    return f"nplurals={len(categories)}; plural=({expr});"


@cache
def _cldr_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories the language uses for PLURAL_SAMPLES, in gettext's order of forms."""
    rule = Locale.parse(lang).plural_form
    used = {rule(n) for n in PLURAL_SAMPLES}
    return tuple(c for c in CLDR_CATEGORIES if c in used)


@cache
def cldr_forms(lang: str) -> tuple[int, ...]:
    """The plural form CLDR gives each number of PLURAL_SAMPLES in the language (forms numbered as gettext does)."""
    rule, categories = Locale.parse(lang).plural_form, _cldr_categories(lang)
    return tuple(categories.index(rule(n)) for n in PLURAL_SAMPLES)


@cache
def singular_forms(lang: str) -> frozenset[int]:
    """The plural forms of a language that only ever stand for n = 1 (Spanish and Catalan: the first; Russian: none,
    since its first form also serves 21, 31…)."""
    forms = cldr_forms(lang)
    return frozenset(form for form in set(forms) if [n for n in PLURAL_SAMPLES if forms[n] == form] == [1])


def _flags(comments: list[str]) -> list[str]:
    return [flag.strip() for c in comments if c.startswith("#,") for flag in c[2:].split(",") if flag.strip()]


def _add_message(catalog: PoCatalog, entry: _Entry, msgid: str, context: str | None) -> None:
    """The entry as a Babel message, placed as Babel's reader places it (lineno: the msgid's line)."""
    assert entry.msgid is not None
    locations = []  # where the English stands (`#: file:line`); `pnp catalog update` writes them anew
    for comment in entry.comments:
        if comment.startswith("#:"):
            for place in comment[2:].split():
                name, _, number = place.rpartition(":")
                if name and _LINE_NUMBER.fullmatch(number):
                    locations.append((name, int(number)))
    auto = [c[2:].strip() for c in entry.comments if c.startswith("#.") and c[2:].strip()]
    user = [c[1:].strip() for c in entry.comments if not c.startswith(("#,", "#.", "#:"))]
    ids: str | tuple[str, str] = msgid if entry.plural is None else (msgid, entry.plural.text)
    strings = entry.strings[0].text if entry.plural is None else tuple(part.text for part in entry.strings)
    catalog[ids] = Message(ids, strings, locations, _flags(entry.comments), auto, user,
                           lineno=entry.msgid.line, context=context)
    catalog.translation_lines[msgid, context] = tuple(tuple(part.pieces) for part in entry.strings)


def _capped(problems: list[Problem]) -> list[Problem]:
    """At most MAX_PROBLEMS problems, the last saying how many more there are."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = problems[MAX_PROBLEMS]
    return [*problems[:MAX_PROBLEMS],
            Problem(rest.file, rest.line, "", f"and {len(problems) - MAX_PROBLEMS} more problems from here on")]


def read_catalog(locales: Path, lang: str, root: Path | None = None) -> PoCatalog:
    """Read one language's .po catalog strictly (see read_po); a missing file is an error too."""
    path = po_path(locales, lang)
    shown = display_path(path, root)
    return read_po(_catalog_bytes(path, shown), lang, shown)


def _catalog_bytes(path: Path, shown: str) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(Problem(shown, None, "", "catalog not found (run `pnp catalog update`)")) from None
    except OSError as exc:
        raise InputError(Problem(shown, None, "", f"cannot read the catalog: {exc.strerror}")) from None


# ---------------------------------------------------------------------------------------------------------------
# What a translation may hold: the checks every load makes (`pnp build`) and `pnp check` reports.


@dataclass(frozen=True)
class EntryIssue:
    """One catalog entry that would print wrong (`wrong`: the build refuses it) or is not ready (fuzzy or
    untranslated: printed in English, and `pnp check` fails)."""

    line: int | None
    msgid: str
    problem: str
    wrong: bool


def names(text: str) -> set[str]:
    """The placeholder names of a sentence (its English text); ValueError if its braces are broken."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def worded(text: str) -> set[str]:
    """The placeholders a sentence says in words (`{n:word}`, `{n:Word-f}`…)."""
    return {name for _, name, spec, _ in string.Formatter().parse(text) if name and spec}


def placeholder_problems(text: str) -> list[tuple[str, str]]:
    """What is wrong with a sentence's placeholders as such, each with the text at fault: broken braces, or
    anything but a plain name."""
    try:
        fields = [(name, conversion, spec) for _, name, spec, conversion in string.Formatter().parse(text)
                  if name is not None]
    except ValueError as exc:
        return [(f"broken braces ({exc})", "")]
    problems = []
    for name, conversion, spec in fields:
        if not name.isidentifier() or conversion or (spec and not WORD_SPEC.fullmatch(spec)):
            whole = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            problems.append((f"placeholder {whole} is not a plain name or a count in words ({{n:word}})", whole))
    return problems


def _line_of(lines: tuple[tuple[int | None, str], ...], text: str = "") -> int | None:
    """The line of the piece of a translation that holds `text` (its start), else of its first words."""
    for line, piece in lines:
        if text and text[:20] in piece:
            return line
    return next((line for line, piece in lines if piece), lines[0][0])


_PRINTS_AS_SPACE = {c: " " for c in range(0x3001) if unicodedata.category(chr(c)) == "Zs" or c in (0x0A, 0xAD)}
"""Spaces of every width (no-break, thin…), the line break and the soft hyphen: all print (Zs ends below U+3001)."""


_UNPRINTABLE = {"Cc": "a control character", "Cf": "a format character", "Cs": "a surrogate",
                "Co": "a private-use character", "Cn": "an unassigned code point", "Zl": "a line separator",
                "Zp": "a paragraph separator"}
"""The Unicode categories a translation may not hold, each with what to call a character that has no name."""


def _unprintable(text: str) -> str | None:
    """The first character of a translation that would not print as written: a control, format or bidi character
    (a right-to-left override reverses the rest of the line), a line or paragraph separator, an unassigned or
    private-use code point. A line break (\\n) and a soft hyphen are allowed."""
    if text.translate(_PRINTS_AS_SPACE).isprintable():  # what Python calls printable, spaces of every width too
        return None
    for char in text:
        if char in "\n\u00ad":
            continue
        category = unicodedata.category(char)
        if category in _UNPRINTABLE:
            return f"U+{ord(char):04X} ({unicodedata.name(char, _UNPRINTABLE[category])})"
    return None


def message_issues(message: Message, lang: str, pieces: tuple[tuple[tuple[int | None, str], ...], ...] | None = None,
                   counts: set[str] | None = None) -> list[EntryIssue]:
    """What keeps one entry from printing right in `lang`.

    `pieces` gives each form's lines (else the msgid's line locates every issue); `counts` names the values
    whose number picks the form (the sentence's `n`, else its `count:` comments): a form that only ever stands
    for one (Spanish "un dado") may say it in words rather than print its count.
    """
    first = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    if message.fuzzy:
        return [EntryIssue(message.lineno, first, "fuzzy", False)]
    forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    if not any(forms):
        return [EntryIssue(message.lineno, first, "untranslated", False)]
    ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
    try:
        wanted = set().union(*(names(i) for i in ids))
    except ValueError as exc:
        return [EntryIssue(message.lineno, first, f"broken braces in the msgid ({exc})", True)]
    if counts is None:
        from .extract import COUNT  # here, not above: the extractor reads rules files, which name the games

        counts = {c[len(COUNT):] for c in message.auto_comments if c.startswith(COUNT)}
    only_one = singular_forms(lang) if message.pluralizable else frozenset()
    issues = []
    for index, form in enumerate(forms):
        lines = pieces[index] if pieces and index < len(pieces) else ((message.lineno, form or ""),)
        tag = f"msgstr[{index}]: " if message.pluralizable else ""
        if not form:
            numbers = [n for n, f in zip(PLURAL_SAMPLES, cldr_forms(lang), strict=True) if f == index][:3]
            issues.append(EntryIssue(lines[0][0], first, f"{tag}empty, so n = {', '.join(map(str, numbers))}… "
                                                         "would print in English", True))
            continue
        for line, piece in lines:
            bad = _unprintable(piece)
            if bad:
                issues.append(EntryIssue(line, first, f"{tag}character {bad} would not print as written", True))
        problems = placeholder_problems(form)
        if not problems:
            got = names(form)
            # A form used for exactly one thing may say "one" in words rather than print the count ("un dado"),
            # and needs no name the English singular does not print either (a range's end: "{first} to {last}").
            singular = names(ids[0]) if index in only_one else wanted
            if got != wanted and not (index in only_one and singular - ({"n"} | counts) <= got <= wanted):
                problems = [(f"placeholders {sorted(got)} differ from {sorted(wanted)}", "")]
            # msgfmt -c compares formats too: a count in words where the English prints digits is refused there.
            for name in sorted(worded(form) - set().union(*(worded(i) for i in ids))):
                problems.append((f"{{{name}:word}} where the English has {{{name}}}: say it in digits, or have the "
                                 "English say it in words", "{" + name + ":"))
            # A run-in head (`**Strike:**`) is set in bold only where the translation marks it too.
            if form.count("**") != ids[0].count("**"):
                problems.append(("the English marks a run-in head in bold (`**…**`): mark it the same way", "*"))
        issues.extend(EntryIssue(_line_of(lines, at), first, f"{tag}{problem}", True) for problem, at in problems)
    return issues


def catalog_issues(catalog: Catalog, lang: str) -> list[EntryIssue]:
    """Every entry of a catalog that would print wrong or is not ready, in file order."""
    from .extract import PER_GAME  # here, not above: the extractor reads rules files, which name the games

    lines = catalog.translation_lines if isinstance(catalog, PoCatalog) else {}
    issues = []
    for message in catalog:
        if PER_GAME in message.auto_comments and not message.fuzzy and not any(
                message.string if isinstance(message.string, (tuple, list)) else (message.string,)):
            # A shared string's entry for one game, left empty: the entry without a context prints. Its msgid
            # must still parse, as every msgid must.
            ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            try:
                for text in ids:
                    names(text)
            except ValueError as exc:
                issues.append(EntryIssue(message.lineno, ids[0], f"broken braces in the msgid ({exc})", True))
            continue
        if message.id:
            first = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            issues.extend(message_issues(message, lang, lines.get((first, message.context))))
    return issues


def font_gaps(catalog: Catalog) -> list[EntryIssue]:
    """Every translation holding a character no shipped font draws (project.drawable: PT, and Noto behind it),
    each character named once per entry: it would print from whatever font the machine has, or as a box."""
    drawable = project_drawable()
    gaps = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        missing = sorted({char for form in forms if form for char in form
                          if ord(char) not in drawable and char not in "\n\u00ad" and not char.isspace()})
        if missing:
            first = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            named = ", ".join(f"«{c}» (U+{ord(c):04X} {unicodedata.name(c, '?')})" for c in missing[:5])
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            gaps.append(EntryIssue(message.lineno, first, f"the shipped fonts cannot draw {named}{more}", False))
    return gaps


class Compiled(gettext.GNUTranslations):
    """A catalog compiled in memory, that a render worker is handed whole rather than reading and checking the
    catalog again: pickled as its entries and headers, its plural rule made again from its Plural-Forms."""

    def __reduce__(self) -> tuple[Any, ...]:
        return _compiled, (self._info, self._charset, self._catalog)  # type: ignore[attr-defined]


def _compiled(info: dict[str, str], charset: str | None, catalog: dict[Any, str]) -> Compiled:
    made = Compiled.__new__(Compiled)
    gettext.NullTranslations.__init__(made)
    made._info, made._charset, made._catalog = info, charset, catalog  # type: ignore[attr-defined]
    forms = info.get("plural-forms")  # as GNUTranslations reads it
    rule = forms.split(";")[1].split("plural=")[1] if forms else "n != 1"
    made.plural = gettext.c2py(rule)  # type: ignore[attr-defined]
    return made


def compile_catalog(catalog: Catalog) -> gettext.GNUTranslations:
    """The catalog compiled to .mo bytes in memory and loaded as translations; fuzzy entries are left out, and so
    are plural entries left empty (Babel writes them with the English forms, which would hide the entry without
    a context that a per-game entry falls back to)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    translations = Compiled(buf)
    compiled = getattr(translations, "_catalog", {})
    for message in catalog:
        forms = message.string
        if message.pluralizable and isinstance(forms, (tuple, list)) and not any(forms):
            key = message.id[0] if message.context is None else f"{message.context}\x04{message.id[0]}"
            for index in range(len(forms)):
                compiled.pop((key, index), None)
    return translations


class _Values(string.Formatter):
    """Fills `{name}` placeholders with the rules data's values, formatted for the locale.

    A placeholder is a plain name and nothing more: no attribute, index or conversion, so no sentence (a
    translation above all) can reach into the objects behind the values. Its one format is `word` (see
    typography.WORD_SPEC): a count said in words where the language's style does (`{n:word-f}` → «una»).
    """

    def __init__(self, tr: Translator, english: bool = False):
        super().__init__()
        self.tr = tr
        self.english = english

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        if not field_name.isidentifier():
            raise ValueError(f"placeholder {{{field_name}}} is not a plain name")
        return kwargs[field_name], field_name

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion:
            raise ValueError(f"placeholders take no conversion (!{conversion})")
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec:
            spec = WORD_SPEC.fullmatch(format_spec)
            if spec is None:
                raise ValueError(f"placeholders take no format but word (:{format_spec})")
            if isinstance(value, int) and not isinstance(value, bool):
                return self.tr.count(value, spec.group("gender") or "m", spec.group("case") == "Word",
                                     english=self.english)
        return self.tr.value(value)


class Either(tuple):  # type: ignore[type-arg]
    """Values any one of which will do, for a `{placeholder}`: told as a list joined by *or* (`4, 5, or 6`)."""


class English(str):
    """A sentence the catalog has no translation for, so it prints in English: its counts are said in English
    words too («two», never «два» inside an English sentence)."""


MISSING = ("\ue000", "\ue001")
"""Around a sentence printed in English for want of a translation, in a build that marks them (`pnp build
--allow-incomplete`): private-use characters no catalog may hold, which survive placeholders and escaping and
become a highlight on the page (MISSING_MARK) or nothing outside it."""

MISSING_MARK = ('<mark class="pnp-missing" style="background-color: #ffd966; color: #1a1a1a">', "</mark>")
"""How a missing translation shows on the page: its English, highlighted."""

_UNMARKED = re.compile(r"<(svg|title|style|script)\b.*?</\1\s*>|<[^>]*>", re.S | re.I)
"""Where a highlight cannot go: inside a tag, a drawing, the page's title, a style or a script."""


def mark_missing(markup: str) -> str:
    """The page with each sentence printed in English for want of a translation highlighted (MISSING_MARK)."""
    if MISSING[0] not in markup:
        return markup
    markup = _UNMARKED.sub(lambda m: unmark(m.group()), markup)
    return markup.replace(MISSING[0], MISSING_MARK[0]).replace(MISSING[1], MISSING_MARK[1])


def unmark(text: str) -> str:
    """Text without the missing-translation marks (a PDF's title, a bookmark)."""
    return text.replace(MISSING[0], "").replace(MISSING[1], "")


@dataclass
class Translator:
    """The reader's language: translated sentences, numbers and lists formatted the local way."""

    lang: str
    translations: gettext.NullTranslations
    unready: tuple[Problem, ...] = ()
    """Entries of the catalog that are fuzzy or untranslated, and so print in English: for the build to warn."""
    typography: Language | None = None
    """The language's typography (locales/typography.yaml), applied to every page rendered in it; None: none."""
    english: Language | None = None
    """English typography: the number words of a sentence that falls back to English."""
    font_gaps: tuple[Problem, ...] = ()
    """Translations holding characters no shipped font draws: for the build to warn."""
    mark: bool = False
    """Sentences printed in English for want of a translation are highlighted on the page (MISSING)."""

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    def _fallback(self, out: str, *sources: str, key: str | tuple[str, int] = "") -> str:
        """`out` marked as English where the catalog gave back the source itself (no translation). A translation
        that is the same as its source («X») is a translation: `key` is looked up to tell them apart."""
        if self.lang == SOURCE or not any(out is source for source in sources) or self._has(key or sources[0]):
            return out
        return English(f"{MISSING[0]}{out}{MISSING[1]}" if self.mark else out)

    def gettext(self, message: str) -> str:
        return self._fallback(self.translations.gettext(message), message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._fallback(self.translations.ngettext(singular, plural, n), singular, plural, key=(singular, 0))

    def pgettext(self, context: str, message: str) -> str:
        return self._fallback(self.translations.pgettext(context, message), message, key=f"{context}\x04{message}")

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._fallback(self.translations.npgettext(context, singular, plural, n), singular, plural,
                              key=(f"{context}\x04{singular}", 0))

    def game_gettext(self, game: str, message: str) -> str:
        """A shared string as one game says it: the catalog's entry with the game's id as msgctxt if it has a
        translation, else the entry without a context (a game whose terms differ, say «кость», has its own)."""
        if self._has(f"{game}\x04{message}"):
            return self.pgettext(game, message)
        return self.gettext(message)

    def game_ngettext(self, game: str, singular: str, plural: str, n: int) -> str:
        """game_gettext for a string with plural forms."""
        if self._has((f"{game}\x04{singular}", 0)):
            return self.npgettext(game, singular, plural, n)
        return self.ngettext(singular, plural, n)

    def _has(self, key: str | tuple[str, int]) -> bool:
        """Whether the compiled catalog holds a translation under this key (gettext's own lookup falls back to
        the English, never to the entry without a context)."""
        return key in getattr(self.translations, "_catalog", {})

    def number(self, n: int | float) -> str:
        """A number the local way; a negative one with a true minus sign (−7), as print wants."""
        text: str = format_decimal(n, locale=self.lang)
        return "\u2212" + text[1:] if text.startswith("-") else text

    def count(self, n: int, gender: str = "m", capital: bool = False, english: bool = False) -> str:
        """A count as the language's style says it in prose: a word for the small ones its typography lists
        («un», «dues», «одна»), digits beyond them; `capital` opens a sentence with it; `english`: in a sentence
        printed in English for want of a translation."""
        words = self.english if english else self.typography
        word = words.number_word(n, gender) if words else None
        if word is None:
            return self.number(n)
        return word[:1].upper() + word[1:] if capital else word

    def percent(self, value: float, decimals: int = 1) -> str:
        """A percentage the local way (`58.3%`, `58,3 %`), with a fixed number of decimals."""
        pattern = self.locale.percent_formats[None].pattern
        pattern = re.sub(r"0(?=[^0#]*%)", "0." + "0" * decimals, pattern, count=1) if decimals else pattern
        with localcontext(rounding=ROUND_HALF_UP):  # an exact half rounds up (31.25 % → 31.3 %), as tables print
            return format_percent(value, pattern, locale=self.lang)

    def decimal(self, value: float, decimals: int) -> str:
        """A number with a fixed number of decimals, the local way (`1.50`, `1,50`)."""
        with localcontext(rounding=ROUND_HALF_UP):
            return format_decimal(value, "#,##0." + "0" * decimals, locale=self.lang)

    def join(self, items: list[str], style: ListStyle = "standard") -> str:
        """A list the local way: `A, B and C`, `A, B y C`, `A, B i C`, `A, B и C`."""
        return format_list(list(items), style=style, locale=self.lang)

    def named_numbers(self, values: Sequence[int], style: ListStyle = "standard") -> str:
        """Numbers named as nouns, listed the local way, each with the article the language puts before one: `2 or
        4`, «un 2 o un 4», `2 или 4` (the catalog's pattern for one, msgctxt `number as a noun`)."""
        # TRANSLATORS: a number named as a noun, in a list ("Any die showing 4 or 5"): write the article your
        # language repeats before each number («un {value}» makes «un 4 o un 5»), or {value} alone.
        pattern = self.pgettext("number as a noun", "{value}")
        return self.join([self.format(pattern, value=self.number(v)) for v in values], style)

    def value(self, value: Any) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (int, float)):
            return self.number(value)
        if isinstance(value, Either):
            return self.join([self.value(v) for v in value], style="or")
        if isinstance(value, (list, tuple)):
            return self.join([self.value(v) for v in value])
        if isinstance(value, Text):  # a name from the rules data, e.g. a face
            return self.text(value, {})
        return str(value)

    def text(self, text: Sentence | None, values: dict[str, Any]) -> str:
        """A rules-file sentence in this language, its placeholders filled from the rules data."""
        if text is None:
            return ""
        if isinstance(text, Choice):  # a sentence that follows a rules flag
            text = text.then if values[text.flag] else text.otherwise
        if text.plural is not None and text.n is not None:
            message = self.npgettext(text.context, text.msgid, text.plural, int(values[text.n]))
        else:
            message = self.pgettext(text.context, text.msgid)
        return _Values(self, isinstance(message, English)).format(message, **values)

    def format(self, message: str, **values: Any) -> str:
        """A translated template or code string with `{name}` placeholders filled the local way."""
        return _Values(self, isinstance(message, English)).format(message, **values)

    def typeset(self, text: str) -> str:
        """Plain text that reaches the reader outside a page (a PDF's title, a bookmark), set by the language's
        typography."""
        return typeset(unmark(text), self.typography)

    def typeset_html(self, markup: str) -> str:
        """A rendered page with the language's typography applied to its text (see pnp/typography.py)."""
        return mark_missing(typeset_html(markup, self.typography))


def load_translator(catalog: Catalog, lang: str, shown: str, typography: Language | None = None,
                    english: Language | None = None) -> Translator:
    """A Translator from a catalog read: refused, every wrong entry located, if any translation would print wrong;
    fuzzy and untranslated entries print in English and are listed in `unready`."""
    issues = catalog_issues(catalog, lang)
    wrong = [Problem(shown, i.line, "", f"{i.problem}: {i.msgid[:60]!r}") for i in issues if i.wrong]
    if wrong:
        raise InputError(_capped(wrong))
    unready = tuple(Problem(shown, i.line, "", f"{i.problem}, printed in English: {i.msgid[:60]!r}")
                    for i in issues if not i.wrong)
    gaps = tuple(Problem(shown, i.line, "", f"{i.problem}: {i.msgid[:60]!r}") for i in font_gaps(catalog))
    return Translator(lang, compile_catalog(catalog), unready, typography, english, gaps)


def translator(locales: Path, lang: str, root: Path | None = None) -> Translator:
    """A Translator for one language; English reads the source strings as they are. Every catalog is read
    strictly and checked before anything renders (`pnp build` and every command that prints in a language)."""
    known = (SOURCE, *catalog_languages(locales))
    if lang not in known:
        raise InputError(f"unknown language '{lang}' (choose from {', '.join(known)}; a language exists when "
                         f"{display_path(po_path(locales, lang), root)} does: `pnp catalog init {lang}` makes it)")
    rules = load_typography(locales, root, required=False)  # read strictly, before anything renders
    typography = rules.languages.get(lang) if rules is not None else None
    if lang == SOURCE:
        return Translator(lang, gettext.NullTranslations(), typography=typography)
    english = rules.languages.get(SOURCE) if rules is not None else None
    shown = display_path(po_path(locales, lang), root)
    data = _catalog_bytes(po_path(locales, lang), shown)
    return _translator(lang, shown, data, typography, english)


@lru_cache(maxsize=16)
def _translator(lang: str, shown: str, data: bytes, typography: Language | None, english: Language | None
                ) -> Translator:
    """A catalog read, checked and compiled once per process for as long as its bytes and typography stay."""
    return load_translator(read_po(data, lang, shown), lang, shown, typography, english)
