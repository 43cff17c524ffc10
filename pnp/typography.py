"""Typography per language (locales/typography.yaml), applied to every page a build renders.

Every string a reader sees reaches the page through one template render (`templating.render_template`): the
catalogs' sentences, the sentences code generates, the values filled into them and the templates' own words.
The rules therefore run once over the rendered HTML, on its text only: never inside a tag or its attributes, a
`<style>` or `<script>`, a URL or a `{placeholder}`. Inline tags (`<strong>3</strong> dados`) are seen through,
so a rule sees the sentence as the reader reads it; any other tag (a cell, a paragraph, a line break) ends the
text a rule may look across.

Each rule only ever sets one character to what its language wants (a space to a no-break one, ' to ’) or adds
the space before `%`, so a second run finds nothing left to do.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import InputError, Problem, display_path
from .project import SOURCE, catalog_languages, is_language
from .source import Located, format_path, load_yaml

TYPOGRAPHY = "typography.yaml"
"""The rules' file name in the locales folder, beside the catalogs and the glossary."""

SPACES = {"space": " ", "no-break": "\u00a0", "narrow": "\u202f"}
"""The spaces a rule may ask for, by the name the rules file gives them."""

DASHES = ("\u2013", "\u2014")
"""The dashes a rule may ask for: en dash (2–6) and em dash (—)."""

RULES = ("number-and-word", "before-percent", "apostrophe", "plus-join", "range-dash", "spaced-dash", "short-words",
         "labels", "hyphen-joins", "number-words")
"""The rules every language gives, in the order they run (number-words fills `{n:word}` placeholders)."""

OPTIONAL_RULES = ("before-marks", "inside-quotes")
"""Rules a language may give (French: a space before `: ; ! ?` and inside « »); left out, they are off."""

DEFAULTS: dict[str, Any] = {
    "number-and-word": "no-break", "before-percent": False, "apostrophe": True, "plus-join": "no-break",
    "range-dash": "\u2013", "spaced-dash": {"mark": "\u2013", "before": "no-break"}, "short-words": False,
    "labels": False, "hyphen-joins": False, "number-words": False, "before-marks": False, "inside-quotes": False,
}
"""What a rule left empty (`number-words:` with no value), or a language with a catalog but no entry, gets until
its translator decides: the conservative choice most languages share. `pnp check` lists each as to do."""

MARKS = ":;!?"
"""The marks `before-marks` may name: the ones French sets apart from the word before them."""

GENDERS = ("m", "f", "n")
"""The genders a number word may take (`{n:word-f}`: una, dues, одна); m is the one a bare `{n:word}` takes."""

WORD_SPEC = re.compile(r"(?P<case>word|Word)(?:-(?P<gender>[mfn]))?")
"""The one format a placeholder may carry: `{n:word}` says a count in words where the language's style does
(`Word`: capitalised, to open a sentence), with the noun's gender after a hyphen (`{n:word-f}`)."""

INLINE = frozenset({"a", "abbr", "b", "bdi", "bdo", "cite", "data", "dfn", "em", "i", "kbd", "mark", "q", "s",
                    "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "tspan"})
"""Tags a sentence runs through: text on either side of one reads as one line of words."""

_BREAK = "\x00"
"""Stands for any other tag in the text the rules read: nothing matches across it."""
_OPAQUE = "\x01"
"""Stands for an entity that decodes to more than one character: kept as written."""

_MARKUP = re.compile(
    r"<!--.*?-->"
    r"|<(?P<raw>style|script|textarea|pre|code)\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>.*?</(?P=raw)\s*>"
    r"|<!\[CDATA\[.*?\]\]>|<![^>]*>|<\?.*?\?>"
    r"|</?(?P<tag>[A-Za-z][\w:.-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>",
    re.S | re.I)
"""A comment, a raw-text element whole (styles, scripts, code: never typeset), a declaration, or one tag."""
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_KEPT = re.compile(r"\{[^{}\s]*\}|(?:https?://|mailto:|www\.)[^\s\x00\x01<>]+", re.I)
"""Text no rule touches: a placeholder before it is filled, a URL."""

_SPACE = "[ \u00a0\u202f]"
_LETTER = r"[^\W\d_]"


@dataclass(frozen=True)
class Language:
    """One language's rules, as the rules file gives them (None: the rule is off)."""

    lang: str
    number_and_word: str | None = None
    """The space between a number and the word after it."""
    before_percent: str | None = None
    """The space between a number and %, added where none is written."""
    apostrophe: bool = False
    """A straight apostrophe between letters becomes ’."""
    plus_join: str | None = None
    """The space after «(+»."""
    range_dash: str | None = None
    """The dash between two numbers."""
    spaced_dash: tuple[str, str] | None = None
    """(mark, space before it) for a dash standing between spaces."""
    short_words: tuple[tuple[str, ...], str] | None = None
    """(words, space after them): one- and two-letter words kept with the word after them."""
    labels: tuple[tuple[str, ...], str] | None = None
    """(words, space after them): words that name a thing by its number or letter (Player 1, die A), kept with it."""
    hyphen_joins: tuple[str, ...] = ()
    """Words that, joined to the word before by a hyphen (apuntar-te), never start a line: no break at that hyphen."""
    number_words: tuple[tuple[str, str, str], ...] = ()
    """The words for 1, 2, 3…, each in the GENDERS (m, f, n), as far as the language's style spells counts out;
    beyond them, digits."""
    before_marks: tuple[str, str] | None = None
    """(marks, space before them): `Attention\u00a0!`, added where none is written."""
    inside_quotes: str | None = None
    """The space inside « and »: `«\u00a0Bonjour\u00a0»`, added where none is written."""

    def number_word(self, n: int, gender: str = "m") -> str | None:
        """`n` in words for a noun of `gender` (`dues` for 2, f, in Catalan), or None where the style wants digits."""
        if not 1 <= n <= len(self.number_words):
            return None
        return self.number_words[n - 1][GENDERS.index(gender)]

    @property
    def edits(self) -> tuple[Callable[[str], list[tuple[int, str, bool]]], ...]:
        return _compiled(self)


@dataclass(frozen=True)
class Typography:
    """Every language's rules."""

    languages: dict[str, Language]
    todo: tuple[Problem, ...] = ()
    """The rules a language has not given yet (empty, or the whole language missing): printed by DEFAULTS."""

    def __getitem__(self, lang: str) -> Language:
        return self.languages[lang]


# ---------------------------------------------------------------------------------------------------------------
# The rules. Each finds, in a run of text, the characters to set: (index, new character, inserted before it?).

Edit = tuple[int, str, bool]


def _setter(pattern: str, new: str, flags: int = 0) -> Callable[[str], list[Edit]]:
    """A rule that sets the character each match of `pattern` (one character wide) to `new`."""
    regex = re.compile(pattern, flags)

    def edits(text: str) -> list[Edit]:
        return [(m.start(), new, False) for m in regex.finditer(text) if m.group() != new]

    return edits


def number_and_word(space: str) -> Callable[[str], list[Edit]]:
    """`16 mm`, `3 dados`, `21 diamonds`: a number and the word after it never part at a line end.

    A number already bound to the word before it is a label (`Игрок\u00a03`, `Jugador\u00a01`), not a count: it
    stays free of the word after it, so no chain of bound words (`Игрок 3 набирают`) stretches a justified line.
    """
    regex = re.compile(rf"(?<![\w\u00a0\u202f])\d+(?:[.,\u00a0\u202f]\d+)*({_SPACE})(?={_LETTER})")

    def edits(text: str) -> list[Edit]:
        return [(m.start(1), space, False) for m in regex.finditer(text) if m.group(1) != space]

    return edits


def before_percent(space: str) -> Callable[[str], list[Edit]]:
    """`58,3 %`: the space before a percent sign after a number is `space`, added where none is written."""
    return _space_before(re.compile(rf"(?<=\d)({_SPACE}?)%"), space)


def _space_before(regex: re.Pattern[str], space: str) -> Callable[[str], list[Edit]]:
    """Edits that make the space `regex` finds in group 1 before a mark `space`, inserting it where none is."""
    def edits(text: str) -> list[Edit]:
        out: list[Edit] = []
        for m in regex.finditer(text):
            if not m.group(1):
                out.append((m.start(), space, True))
            elif m.group(1) != space:
                out.append((m.start(), space, False))
        return out

    return edits


def apostrophe() -> Callable[[str], list[Edit]]:
    """`l’aranya`, `Dead Man’s Dice`: a straight apostrophe between two letters is the typographic one, and so is
    one that ends a plural possessive (`the owners’ hands`: after an s, before a space or a stop)."""
    return _setter(rf"(?<={_LETTER})'(?=[^\W_])|(?<=[^\W\d_][sS])'(?=[\s\x00.,;:!?)]|\Z)", "\u2019")


def plus_join(space: str) -> Callable[[str], list[Edit]]:
    """`(+ camí tallat)`: a join never breaks after its plus sign."""
    return _setter(rf"(?<=\(\+){_SPACE}", space)


def range_dash(mark: str) -> Callable[[str], list[Edit]]:
    """`2–6`: a hyphen or dash between two numbers is the language's range dash."""
    return _setter(r"(?<=\d)[-\u2010\u2011\u2012\u2013\u2014](?=\d)", mark)


def spaced_dash(mark: str, space: str) -> Callable[[str], list[Edit]]:
    """`слово — слово`: a hyphen or dash standing between spaces (after a word, before more text) is the
    language's dash, and the space before it never breaks, so no line starts with the dash."""
    sources = "-\u2013" + (mark if mark != "\u2013" else "")
    regex = re.compile(rf"(?<=[^\s\x00\x01])({_SPACE})([{re.escape(sources)}])(?={_SPACE})")

    def edits(text: str) -> list[Edit]:
        out: list[Edit] = []
        for m in regex.finditer(text):
            if m.group(1) != space:
                out.append((m.start(1), space, False))
            if m.group(2) != mark:
                out.append((m.start(2), mark, False))
        return out

    return edits


def short_words(words: Iterable[str], space: str) -> Callable[[str], list[Edit]]:
    """`в\u00a0доме`, `и\u00a0на\u00a0столе`: a one- or two-letter preposition, conjunction or particle keeps
    with the word after it (whatever its case: «В начале»)."""
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    regex = re.compile(rf"(?<![\w\-\u2010\u2019'\u00ad])(?:{alternatives})({_SPACE})(?=[^\s\x00])", re.I)

    def edits(text: str) -> list[Edit]:
        return [(m.start(1), space, False) for m in regex.finditer(text) if m.group(1) != space]

    return edits


def labels(words: Iterable[str], space: str) -> Callable[[str], list[Edit]]:
    """`Player\u00a01`, `round\u00a010`, `die\u00a0A`: a word that names a thing by its number or letter keeps
    with that number or letter (a lone capital), whatever its case."""
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    regex = re.compile(rf"(?<![\w\-\u2019'])(?:{alternatives})({_SPACE})(?=\d|[A-Z](?![\w]))", re.I)

    def edits(text: str) -> list[Edit]:
        return [(m.start(1), space, False) for m in regex.finditer(text) if m.group(1) != space]

    return edits


def before_marks(marks: str, space: str) -> Callable[[str], list[Edit]]:
    """`Attention\u00a0!`, `Règle\u00a0:`: the space before these marks after a word is `space`, added where
    none is written; a mark inside a word or a number (`10:30`, `?!`) is left alone."""
    kinds = re.escape(marks)
    return _space_before(re.compile(rf"(?<=[^\s\x00\x01{kinds}])({_SPACE}?)[{kinds}](?=[\s\x00\u00bb\"”){kinds}]|\Z)"),
                         space)


def inside_quotes(space: str) -> Callable[[str], list[Edit]]:
    """`«\u00a0Bonjour\u00a0»`: the space inside guillemets is `space`, added where none is written."""
    opening = re.compile(rf"«({_SPACE}?)(?=[^\s\x00])")
    closing = re.compile(rf"(?<=[^\s\x00])({_SPACE}?)»")

    def edits(text: str) -> list[Edit]:
        out: list[Edit] = []
        for m in opening.finditer(text):
            out.append((m.end(), space, True) if not m.group(1) else (m.start(1), space, False))
        for m in closing.finditer(text):
            out.append((m.start(), space, True) if not m.group(1) else (m.start(1), space, False))
        return [edit for edit in out if edit[2] or text[edit[0]] != space]

    return edits


WORD_JOINER = "\u2060"
"""No line breaks on either side of it; it takes no room and prints nothing."""


def hyphen_joins(words: Iterable[str]) -> Callable[[str], list[Edit]]:
    """`apuntar-te`, `apuntar-te’ls`: a weak pronoun joined to its verb by a hyphen never starts a line (Catalan
    would have to repeat the hyphen there): a word joiner after the hyphen, so the line breaks elsewhere."""
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    regex = re.compile(rf"(?<=[^\W\d_]-)(?:{alternatives})(?![^\W\d_])", re.I)

    def edits(text: str) -> list[Edit]:
        return [(m.start(), WORD_JOINER, True) for m in regex.finditer(text)]

    return edits


@lru_cache(maxsize=16)
def _compiled(language: Language) -> tuple[Callable[[str], list[Edit]], ...]:
    """The language's rules as functions, in the order they run."""
    rules: list[Callable[[str], list[Edit]]] = []
    if language.plus_join:
        rules.append(plus_join(language.plus_join))
    if language.range_dash:
        rules.append(range_dash(language.range_dash))
    if language.spaced_dash:
        rules.append(spaced_dash(*language.spaced_dash))
    if language.labels:  # before number-and-word: a number bound to its label stays free of the next word
        rules.append(labels(*language.labels))
    if language.number_and_word:
        rules.append(number_and_word(language.number_and_word))
    if language.before_percent:
        rules.append(before_percent(language.before_percent))
    if language.short_words:
        rules.append(short_words(*language.short_words))
    if language.apostrophe:
        rules.append(apostrophe())
    if language.hyphen_joins:
        rules.append(hyphen_joins(language.hyphen_joins))
    if language.before_marks:
        rules.append(before_marks(*language.before_marks))
    if language.inside_quotes:
        rules.append(inside_quotes(language.inside_quotes))
    return tuple(rules)


# ---------------------------------------------------------------------------------------------------------------
# Applying them: to plain text, and to the text of an HTML page.


def _run(language: Language, chars: list[str], spans: list[tuple[int, int, str | None]]) -> None:
    """Apply every rule to the text `chars` in turn, in place; `spans` follows each character to where it stands in
    the source, with the character it was there (None for one a rule added, which takes no room in the source)."""
    for rule in language.edits:
        text = "".join(chars)
        kept = [False] * len(text)
        for m in _KEPT.finditer(text):
            kept[m.start():m.end()] = [True] * (m.end() - m.start())
        for index, new, insert in sorted(rule(text), reverse=True):
            if any(kept[max(index - 1, 0):index + 2]):  # in a URL or placeholder, or right beside one
                continue
            if insert:
                at = spans[index][0]
                chars.insert(index, new)
                spans.insert(index, (at, at, None))
            else:
                chars[index] = new


def typeset(text: str, language: Language | None) -> str:
    """Plain text (a title, a bookmark) set by the language's rules."""
    if language is None or not text:
        return text
    chars = list(text)
    spans: list[tuple[int, int, str | None]] = [(i, i + 1, c) for i, c in enumerate(text)]
    _run(language, chars, spans)
    return "".join(chars)


def typeset_html(markup: str, language: Language | None) -> str:
    """An HTML page with the language's rules applied to its text: tags, attributes, styles, scripts, URLs and
    placeholders stay exactly as they were."""
    if language is None or not language.edits:
        return markup
    chars: list[str] = []
    spans: list[tuple[int, int, str | None]] = []

    def text(start: int, end: int) -> None:
        at = start
        for entity in _ENTITY.finditer(markup, start, end):
            chars.extend(markup[at:entity.start()])
            spans.extend((i, i + 1, markup[i]) for i in range(at, entity.start()))
            decoded = html.unescape(entity.group())
            char = decoded if len(decoded) == 1 and decoded != entity.group() else _OPAQUE
            chars.append(char)
            spans.append((entity.start(), entity.end(), char))
            at = entity.end()
        chars.extend(markup[at:end])
        spans.extend((i, i + 1, markup[i]) for i in range(at, end))

    position = 0
    for match in _MARKUP.finditer(markup):
        text(position, match.start())
        tag = match.group("tag")
        if tag is None or tag.lower() not in INLINE:
            chars.append(_BREAK)
            spans.append((match.start(), match.start(), _BREAK))
        position = match.end()
    text(position, len(markup))
    _run(language, chars, spans)
    # The changes written back into the markup, in order; everything between them is copied as it was.
    pieces, position = [], 0
    for char, (start, end, was) in zip(chars, spans, strict=True):
        if char != was:
            pieces.append(markup[position:start])
            pieces.append(char)
            position = end
    pieces.append(markup[position:])
    return "".join(pieces)


def _shown(value: Any) -> str:
    """A rule's default as the rules file would write it."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    return "false" if value is False else "true" if value is True else str(value)


# ---------------------------------------------------------------------------------------------------------------
# The rules file, read strictly: every problem located to its line and field (exit 2).


def load_typography(locales: Path, root: Path | None = None, required: bool = True) -> Typography | None:
    """Read locales/typography.yaml strictly: a missing rule, an unknown key or language (one without a catalog),
    a space or dash it does not know, or a short word that is not one or two letters is an error at its line (exit
    2). A rule left empty, or a language with a catalog and no entry, prints by DEFAULTS and is listed in `todo`.

    A project without the file (`required=False`: a build) prints its pages as written; `pnp check` requires it.
    """
    path = locales / TYPOGRAPHY
    shown = display_path(path, root)
    if not path.exists():
        if not required:
            return None
        raise InputError(Problem(shown, None, "", "typography rules not found: every page is set by them"))
    try:
        stat = path.stat()
    except OSError as exc:
        raise InputError(Problem(shown, None, "", f"cannot read the typography rules: {exc.strerror}")) from None
    return _load(path, shown, stat.st_mtime_ns, stat.st_size, (SOURCE, *catalog_languages(locales)))


@lru_cache(maxsize=8)
def _load(path: Path, shown: str, mtime: int, size: int, langs: tuple[str, ...]) -> Typography:
    """The rules file read once per process for as long as it and the project's languages stay the same."""
    return _Validator(load_yaml(path, shown), langs).typography()


class _Validator:
    def __init__(self, doc: Located, langs: tuple[str, ...]) -> None:
        self.doc, self.langs = doc, langs
        self.problems: list[Problem] = list(doc.problems)
        self.todo: list[Problem] = []

    def fail(self, path: tuple[str | int, ...], message: str) -> None:
        self.problems.append(Problem(self.doc.file, self.doc.line(path), format_path(path), message))

    def mapping(self, value: Any, path: tuple[str | int, ...], keys: tuple[str, ...], what: str,
                optional: tuple[str, ...] = ()) -> dict[str, Any]:
        """A mapping with these keys (and any of `optional`): an unknown key and a missing one are both errors."""
        if not isinstance(value, dict):
            self.fail(path, "expected a mapping")
            return {}
        out = {}
        for key, item in value.items():
            if key not in keys and key not in optional:
                self.fail((*path, key), f"unknown {what} {key!r} (expected one of: {', '.join(keys + optional)})")
            else:
                out[key] = item
        for key in keys:
            if key not in value:
                self.fail(path, f"missing {what} {key!r}")
        return out

    def space(self, value: Any, path: tuple[str | int, ...], off: bool = True) -> str | None:
        if value is False and off:
            return None
        if isinstance(value, str) and value in SPACES:
            return SPACES[value]
        self.fail(path, f"expected a space ({', '.join(SPACES)}){' or false' if off else ''}, found {value!r}")
        return None

    def dash(self, value: Any, path: tuple[str | int, ...], off: bool = True) -> str | None:
        if value is False and off:
            return None
        if isinstance(value, str) and value in DASHES:
            return value
        self.fail(path, f"expected a dash ({' or '.join(DASHES)}){' or false' if off else ''}, found {value!r}")
        return None

    def flag(self, value: Any, path: tuple[str | int, ...]) -> bool:
        if isinstance(value, bool):
            return value
        self.fail(path, f"expected true or false, found {value!r}")
        return False

    def language(self, lang: str, body: Any, told: bool = False) -> Language:
        path: tuple[str | int, ...] = ("languages", lang)
        if body is None:  # the language named, nothing given yet
            body = dict.fromkeys(RULES + OPTIONAL_RULES)
        rules = self.mapping(body, path, RULES, "rule", OPTIONAL_RULES)
        for rule, value in list(rules.items()):
            if value is None:  # left empty: the default prints until the translator decides
                if not told:
                    where = (*path, rule)
                    self.todo.append(Problem(self.doc.file, self.doc.line(where), format_path(where),
                                             f"not given yet (printed as {_shown(DEFAULTS[rule])} meanwhile)"))
                rules[rule] = DEFAULTS[rule]
        spaced = None
        if "spaced-dash" in rules and rules["spaced-dash"] is not False:
            dpath = (*path, "spaced-dash")
            fields = self.mapping(rules["spaced-dash"], dpath, ("mark", "before"), "key")
            mark = self.dash(fields.get("mark"), (*dpath, "mark"), off=False) if "mark" in fields else None
            before = self.space(fields.get("before"), (*dpath, "before"), off=False) if "before" in fields else None
            spaced = (mark, before) if mark and before else None
        short = None
        if "short-words" in rules and rules["short-words"] is not False:
            short = self.short_words(rules["short-words"], (*path, "short-words"))
        named = None
        if "labels" in rules and rules["labels"] is not False:
            named = self.short_words(rules["labels"], (*path, "labels"), longest=None)
        joins: tuple[str, ...] = ()
        if "hyphen-joins" in rules and rules["hyphen-joins"] is not False:
            joins = self.word_list(rules["hyphen-joins"], (*path, "hyphen-joins"))
        words: tuple[tuple[str, str, str], ...] = ()
        if "number-words" in rules and rules["number-words"] is not False:
            words = self.number_words(rules["number-words"], (*path, "number-words"))
        return Language(
            lang,
            number_and_word=self.space(rules["number-and-word"], (*path, "number-and-word"))
            if "number-and-word" in rules else None,
            before_percent=self.space(rules["before-percent"], (*path, "before-percent"))
            if "before-percent" in rules else None,
            apostrophe=self.flag(rules["apostrophe"], (*path, "apostrophe")) if "apostrophe" in rules else False,
            plus_join=self.space(rules["plus-join"], (*path, "plus-join")) if "plus-join" in rules else None,
            range_dash=self.dash(rules["range-dash"], (*path, "range-dash")) if "range-dash" in rules else None,
            spaced_dash=spaced,
            short_words=short,
            labels=named,
            hyphen_joins=joins,
            number_words=words,
            before_marks=self.before_marks(rules.get("before-marks", False), (*path, "before-marks")),
            inside_quotes=self.space(rules.get("inside-quotes", False), (*path, "inside-quotes")),
        )

    def before_marks(self, value: Any, path: tuple[str | int, ...]) -> tuple[str, str] | None:
        """`{marks: ":;!?", before: no-break}`: the marks and the space before them, or false."""
        if value is False:
            return None
        fields = self.mapping(value, path, ("marks", "before"), "key")
        before = self.space(fields["before"], (*path, "before"), off=False) if "before" in fields else None
        marks = fields.get("marks")
        if "marks" in fields and (not isinstance(marks, str) or not marks or set(marks) - set(MARKS)):
            self.fail((*path, "marks"), f"expected some of the marks {MARKS!r}, found {marks!r}")
            return None
        return (marks, before) if isinstance(marks, str) and before else None

    def number_words(self, value: Any, path: tuple[str | int, ...]) -> tuple[tuple[str, str, str], ...]:
        """The words for 1, 2, 3… in order: each a word, or a mapping of genders to words (m required, and the
        word of a gender not given)."""
        if not isinstance(value, list) or not value:
            self.fail(path, "expected a list of the words for 1, 2, 3… (or false)")
            return ()
        out = []
        for index, item in enumerate(value):
            where = (*path, index)
            forms = {"m": item} if isinstance(item, str) else item
            if not isinstance(forms, dict):
                self.fail(where, f"expected a word or a mapping of genders ({', '.join(GENDERS)}) to words")
                continue
            words = {}
            for gender, word in forms.items():
                if gender not in GENDERS:
                    self.fail((*where, gender), f"unknown gender {gender!r} (expected one of: {', '.join(GENDERS)})")
                elif not isinstance(word, str) or not re.fullmatch(r"[^\W\d_]+(?:[ -][^\W\d_]+)*", word):
                    self.fail((*where, gender), f"expected a word, found {word!r}")
                else:
                    words[gender] = word
            if "m" not in forms:
                self.fail(where, f"missing the word for {index + 1} without a gender (m)")
            elif "m" in words:
                m = words["m"]
                out.append((m, words.get("f", m), words.get("n", m)))
        return tuple(out)

    def word_list(self, value: Any, path: tuple[str | int, ...], longest: int | None = None) -> tuple[str, ...]:
        """A list of distinct words, lower-cased (of one or two letters where `longest` is 2)."""
        if not isinstance(value, list) or not value:
            self.fail(path, "expected a list of words")
            return ()
        what = "a word of one or two letters" if longest == 2 else "a word"
        out: list[str] = []
        for index, word in enumerate(value):
            if not isinstance(word, str) or not re.fullmatch(rf"[^\W\d_]{{1,{longest or ''}}}", word):
                self.fail((*path, index), f"expected {what}, found {word!r}")
            elif word.lower() in out:
                self.fail((*path, index), f"{word!r} is listed twice")
            else:
                out.append(word.lower())
        return tuple(out)

    def short_words(self, value: Any, path: tuple[str | int, ...],
                    longest: int | None = 2) -> tuple[tuple[str, ...], str] | None:
        """A list of words (of one or two letters, unless `longest` is None) and the space after them."""
        fields = self.mapping(value, path, ("words", "after"), "key")
        after = self.space(fields["after"], (*path, "after"), off=False) if "after" in fields else None
        words = self.word_list(fields["words"], (*path, "words"), longest) if "words" in fields else ()
        return (words, after) if words and after else None

    def typography(self) -> Typography:
        top = self.mapping(self.doc.data, (), ("languages",), "key")
        body = top.get("languages")
        languages = {}
        if body is not None:
            # Every language with a catalog has rules (to do where none are given); one without a catalog yet may.
            others = tuple(key for key in body if isinstance(key, str) and is_language(key)) if isinstance(
                body, dict) else ()
            given = self.mapping(body, ("languages",), (), "language", tuple(dict.fromkeys(self.langs + others)))
            for lang in dict.fromkeys(self.langs + tuple(given)):  # one with a catalog and no entry: to do
                if lang not in given:
                    self.todo.append(Problem(self.doc.file, self.doc.line(("languages",)), f"languages.{lang}",
                                             "no typography given yet (the defaults print meanwhile): "
                                             "`pnp catalog init` writes the entry to fill"))
                languages[lang] = self.language(lang, given.get(lang), told=lang not in given)
        if self.problems:
            raise InputError(sorted(self.problems, key=lambda p: p.line or 0))
        return Typography(languages, tuple(self.todo))
