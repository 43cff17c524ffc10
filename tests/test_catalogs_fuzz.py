"""Mutated real catalogs: each load either succeeds, and then every translation formats, or fails with located errors."""

from __future__ import annotations

import re
from dataclasses import dataclass

from helpers import PROJECT
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import InputError
from pnp.i18n import load_translator, names, po_path, read_po

LANGS = ("es", "ca", "ru")
CATALOGS = {lang: po_path(PROJECT.locales, lang).read_bytes().split(b"\n") for lang in LANGS}
"""The real catalogs, as lines of bytes."""

PLACEHOLDER = re.compile(rb"\{[^{}]*\}")
WITH_PLACEHOLDERS = {lang: [i for i, line in enumerate(lines) if PLACEHOLDER.search(line)]
                     for lang, lines in CATALOGS.items()}
WITH_QUOTES = {lang: [i for i, line in enumerate(lines) if b'"' in line] for lang, lines in CATALOGS.items()}

INSERTED = [s.encode() for s in ('"', "\\", "{", "}", "{}", "#", "\t", "\r", " ", "\x00", "\x01", "\x7f", "\u0085",
                                 "\u202e", "\u200b", "\u2028", "\ufeff", "\ue000", "é", "я", "[", ":", "%", "\n",
                                 "msgid ", "msgstr[9] ", "\\q", "\\n", "\\\"")] + [b"\xff", b"\xc3", b"\xe2\x80"]
"""Characters and fragments a slip of the keyboard, a bad copy or a hostile hand may put into a catalog."""

PLACEHOLDERS = [b"{}", b"{x}", b"{0}", b"{name.real}", b"{name[0]}", b"{name!r}", b"{name:>5}", b"{name",
                b"name}", b"{{name}}", b"{ name }", b"{% if 1 %}", b"{name.__class__.__init__.__globals__}", b""]
"""What a placeholder may be changed into (`name` stands for its own name)."""

QUOTES = [b"", b'""', b"\\"]
"""What a quote may be changed into: deleted, doubled, or made an escape."""


@dataclass(frozen=True)
class Mutation:
    """One edit of a real catalog, shown short when a case fails: the language, the line (0-based) and the change."""

    lang: str
    kind: str
    line: int
    at: int = 0
    text: bytes = b""

    def apply(self) -> bytes:
        lines = list(CATALOGS[self.lang])
        line = lines[self.line]
        if self.kind == "delete a line":
            del lines[self.line]
        elif self.kind == "change a placeholder":
            found = PLACEHOLDER.search(line)
            assert found is not None
            lines[self.line] = PLACEHOLDER.sub(self.text.replace(b"name", found.group()[1:-1]), line, count=1)
        elif self.kind == "insert a character":
            lines[self.line] = line[:self.at] + self.text + line[self.at:]
        else:  # break a quote
            lines[self.line] = line[:self.at] + self.text + line[self.at + 1:]
        return b"\n".join(lines)


@st.composite
def mutations(draw: st.DrawFn) -> Mutation:
    """Delete a line, change a placeholder, insert a character or break a quote, anywhere in a real catalog."""
    lang = draw(st.sampled_from(LANGS))
    lines = CATALOGS[lang]
    kind = draw(st.sampled_from(["delete a line", "change a placeholder", "insert a character", "break a quote"]))
    if kind == "delete a line":
        return Mutation(lang, kind, draw(st.integers(0, len(lines) - 1)))
    if kind == "change a placeholder":
        return Mutation(lang, kind, draw(st.sampled_from(WITH_PLACEHOLDERS[lang])), text=draw(st.sampled_from(PLACEHOLDERS)))
    if kind == "insert a character":
        index = draw(st.integers(0, len(lines) - 1))
        return Mutation(lang, kind, index, draw(st.integers(0, len(lines[index]))), draw(st.sampled_from(INSERTED)))
    index = draw(st.sampled_from(WITH_QUOTES[lang]))
    at = draw(st.sampled_from([m.start() for m in re.finditer(rb'"', lines[index])]))
    return Mutation(lang, kind, index, at, draw(st.sampled_from(QUOTES)))


@settings(max_examples=24, deadline=None, derandomize=True)
@given(mutations())
def test_a_mutated_catalog_loads_or_fails_located(mutation):
    shown = f"locales/{mutation.lang}/LC_MESSAGES/pnp.po"
    data = mutation.apply()
    try:
        catalog = read_po(data, mutation.lang, shown)
        tr = load_translator(catalog, mutation.lang, shown)
    except InputError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file == shown and problem.line is not None, problem
            assert 1 <= problem.line <= data.count(b"\n") + 1, problem
        return
    # Loaded: every translation the build may print fills its English text's placeholders without an error.
    for message in catalog:
        if message.id and not message.fuzzy:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            values = {name: 1 for i in ids for name in names(i)}
            for form in message.string if isinstance(message.string, tuple) else (message.string,):
                tr.format(form, **values)
