"""Catalogs and locale formatting: rulebook sentences in the reader's language."""

from __future__ import annotations

import gettext
import io
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import format_decimal, format_percent

from .errors import InputError, Problem, display_path
from .model import LANGS, Choice, Sentence, Text

DOMAIN = "pnp"
"""One catalog per language holds every string: templates, Python and rules files."""

PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "ca": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
"""The gettext plural rule each catalog must declare (Russian has three forms)."""

ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short", "unit-narrow"]
"""The list styles of babel.lists.format_list: `and` lists, `or` lists and lists of units."""


def po_path(locales: Path, lang: str) -> Path:
    """Where a language's catalog lives."""
    return locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(locales: Path, lang: str, root: Path | None = None) -> Catalog:
    """Parse one .po catalog; a syntax error names the file and line."""
    path = po_path(locales, lang)
    shown = display_path(path, root)
    if not path.exists():
        raise InputError(Problem(shown, None, "", "catalog not found (run `pnp catalog update`)"))
    try:
        with path.open("rb") as fh:
            return read_po(fh, locale=lang, abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        line = getattr(exc, "lineno", None)  # Babel counts lines from 0
        message = str(exc).rsplit(" on ", 1)[0] if line is not None else str(exc)
        raise InputError(Problem(shown, None if line is None else line + 1, "", f"catalog syntax: {message}")) from None


def compile_catalog(catalog: Catalog) -> gettext.GNUTranslations:
    """The catalog compiled to .mo bytes in memory and loaded as translations; fuzzy entries are left out."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


class _Values(string.Formatter):
    """Fills `{name}` placeholders with the rules data's values, formatted for the locale.

    A placeholder is a plain name and nothing more: no attribute, index, conversion or format, so no
    sentence (a translation above all) can reach into the objects behind the values.
    """

    def __init__(self, tr: Translator):
        super().__init__()
        self.tr = tr

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        if not field_name.isidentifier():
            raise ValueError(f"placeholder {{{field_name}}} is not a plain name")
        return kwargs[field_name], field_name

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion:
            raise ValueError(f"placeholders take no conversion (!{conversion})")
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        return self.tr.value(value)


def placeholder_problems(text: str, allowed: set[str]) -> list[str]:
    """What is wrong with a sentence's placeholders: broken braces, anything but a plain name, a name not allowed."""
    try:
        fields = [(name, conversion, spec) for _, name, spec, conversion in string.Formatter().parse(text)
                  if name is not None]
    except ValueError as exc:
        return [f"broken braces ({exc})"]
    problems = []
    for name, conversion, spec in fields:
        if not name.isidentifier() or conversion or spec:
            whole = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            problems.append(f"placeholder {{{whole}}} is not a plain name")
        elif name not in allowed:
            problems.append(f"placeholder {{{name}}} is not in the English text")
    return problems


def catalog_problems(catalog: Catalog, shown: str) -> list[Problem]:
    """Translations that would print wrong or reach into the data: checked on every load, before anything renders."""
    problems = []
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        allowed = {name for i in ids for _, name, _, _ in string.Formatter().parse(i) if name}
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for problem in dict.fromkeys(p for form in forms if form for p in placeholder_problems(form, allowed)):
            problems.append(Problem(shown, message.lineno, "", f"{problem}: {ids[0][:60]!r}"))
    return problems


@dataclass
class Translator:
    """The reader's language: translated sentences, numbers and lists formatted the local way."""

    lang: str
    translations: gettext.NullTranslations

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.translations.npgettext(context, singular, plural, n)

    def number(self, n: int | float) -> str:
        """A number the local way; a negative one with a true minus sign (−7), as print wants."""
        text: str = format_decimal(n, locale=self.lang)
        return "\u2212" + text[1:] if text.startswith("-") else text

    def percent(self, value: float, decimals: int = 1) -> str:
        """A percentage the local way (`58.3%`, `58,3 %`), with a fixed number of decimals."""
        pattern = self.locale.percent_formats[None].pattern
        pattern = re.sub(r"0(?=[^0#]*%)", "0." + "0" * decimals, pattern, count=1) if decimals else pattern
        return format_percent(value, pattern, locale=self.lang)

    def decimal(self, value: float, decimals: int) -> str:
        """A number with a fixed number of decimals, the local way (`1.50`, `1,50`)."""
        return format_decimal(value, "#,##0." + "0" * decimals, locale=self.lang)

    def join(self, items: list[str], style: ListStyle = "standard") -> str:
        """A list the local way: `A, B and C`, `A, B y C`, `A, B i C`, `A, B и C`."""
        return format_list(list(items), style=style, locale=self.lang)

    def value(self, value: Any) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (int, float)):
            return self.number(value)
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
        return _Values(self).format(message, **values)

    def format(self, message: str, **values: Any) -> str:
        """A translated template or code string with `{name}` placeholders filled the local way."""
        return _Values(self).format(message, **values)


def translator(locales: Path, lang: str, root: Path | None = None) -> Translator:
    """A Translator for one language; English reads the source strings as they are."""
    if lang == "en":
        return Translator(lang, gettext.NullTranslations())
    if lang not in LANGS:
        raise InputError(f"unknown language '{lang}' (choose from {', '.join(LANGS)})")
    catalog = read_catalog(locales, lang, root)
    problems = catalog_problems(catalog, display_path(po_path(locales, lang), root))
    if problems:
        raise InputError(problems)
    return Translator(lang, compile_catalog(catalog))
