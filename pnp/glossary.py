"""The project's glossary (locales/glossary.yaml): one term per concept per language, and the variants a catalog
may not use instead, per game where a game's term differs. `pnp check` flags every catalog entry that uses one."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InputError, Problem, display_path
from .source import Located, format_path, load_yaml

GLOSSARY = "glossary.yaml"
"""The glossary's file name in the locales folder, beside the catalogs."""

_CONCEPT_KEYS = ("term", "forbidden", "games")
_GAME_KEYS = ("term", "forbidden")
_SPACE = re.compile(r"(?<!\\) +")


@dataclass(frozen=True)
class Variant:
    """One forbidden variant of a term in one language: its pattern as written, compiled as a whole word."""

    pattern: str
    regex: re.Pattern[str]


@dataclass(frozen=True)
class Rule:
    """What one concept asks of one language, for the shared strings or for one game."""

    concept: str
    term: str
    forbidden: tuple[Variant, ...]


@dataclass(frozen=True)
class Glossary:
    """The rules per language: shared ones, and per game the ones that replace them."""

    shared: Mapping[str, tuple[Rule, ...]]
    """By language: every concept's rule for shared strings and for every game without an override."""
    games: Mapping[tuple[str, str], tuple[Rule, ...]]
    """By (game id, language): the rules for that game's own strings (overrides in place of the shared rule)."""
    todo: tuple[Problem, ...] = ()
    """Terms a language has not given yet: left empty (`fr: ""`, as `pnp catalog init` writes them), or missing
    where every other language gives one."""

    def rules(self, lang: str, game: str | None) -> tuple[Rule, ...]:
        """The rules an entry follows: its game's when it belongs to one game, else the shared ones."""
        if game is not None and (game, lang) in self.games:
            return self.games[game, lang]
        return self.shared.get(lang, ())

    def violations(self, text: str, lang: str, game: str | None) -> list[tuple[Rule, str]]:
        """Each forbidden variant a translation uses, with the rule it breaks, in the order they stand."""
        found: list[tuple[int, Rule, str]] = []
        for rule in self.rules(lang, game):
            for variant in rule.forbidden:
                for match in variant.regex.finditer(text):
                    found.append((match.start(), rule, " ".join(match.group().split())))
        return [(rule, words) for _, rule, words in sorted(found, key=lambda f: f[0])]


def compile_variant(pattern: str) -> re.Pattern[str]:
    """A forbidden variant as a regex: case-insensitive, whole words only (`\\w` is Unicode's, so Cyrillic and
    accented letters count as letters), and a space in the pattern matches any run of spaces, no-break ones too."""
    body = _SPACE.sub(r"\\s+", pattern)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)


def load_glossary(locales: Path, langs: Iterable[str], games: Iterable[str], root: Path | None = None) -> Glossary:
    """Read and validate the glossary strictly: an unknown key, language or game, a term missing for a language
    with forbidden variants, or a pattern that is not a regular expression is an error at its line (exit 2)."""
    path = locales / GLOSSARY
    shown = display_path(path, root)
    if not path.exists():
        raise InputError(Problem(shown, None, "", "glossary not found: the catalogs are checked against it"))
    doc = load_yaml(path, shown)
    return _Validator(doc, tuple(langs), tuple(games)).glossary()


class _Validator:
    def __init__(self, doc: Located, langs: tuple[str, ...], games: tuple[str, ...]) -> None:
        self.doc, self.langs, self.games = doc, langs, games
        self.problems: list[Problem] = list(doc.problems)
        self.todo: list[Problem] = []

    def fail(self, path: tuple[str | int, ...], message: str) -> None:
        self.problems.append(Problem(self.doc.file, self.doc.line(path), format_path(path), message))

    def mapping(self, value: Any, path: tuple[str | int, ...], allowed: Iterable[str] | None = None,
                what: str = "key") -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, "expected a mapping")
            return {}
        out = {}
        allowed = tuple(allowed) if allowed is not None else None
        for key, item in value.items():
            if not isinstance(key, str) or (allowed is not None and key not in allowed):
                choices = f" (expected one of: {', '.join(allowed)})" if allowed is not None else ""
                self.fail((*path, key), f"unknown {what} {key!r}{choices}")
                continue
            out[key] = item
        return out

    def text(self, value: Any, path: tuple[str | int, ...]) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.fail(path, "expected text")
            return None
        return value

    def terms(self, value: Any, path: tuple[str | int, ...]) -> dict[str, str]:
        out = {}
        given = self.mapping(value, path, self.langs, "language")
        for lang, item in given.items():
            if item is None or item == "":  # left for the translator to fill
                self.todo.append(Problem(self.doc.file, self.doc.line((*path, lang)), format_path((*path, lang)),
                                         "term not given yet"))
                continue
            term = self.text(item, (*path, lang))
            if term is not None:
                out[lang] = term
        if path[-1] == "term" and len(path) == 3 and given:  # a shared term: one every language keeps to
            others = [lang for lang in self.langs if lang in given]
            for lang in self.langs:
                if lang not in given and len(others) == len(self.langs) - 1 and len(others) > 1:
                    self.todo.append(Problem(self.doc.file, self.doc.line(path), format_path((*path, lang)),
                                             "term not given yet (every other language gives one)"))
        return out

    def variants(self, value: Any, path: tuple[str | int, ...]) -> dict[str, tuple[Variant, ...]]:
        out = {}
        for lang, items in self.mapping(value, path, self.langs, "language").items():
            if not isinstance(items, list) or not items:
                self.fail((*path, lang), "expected a list of patterns")
                continue
            found = []
            for index, item in enumerate(items):
                pattern = self.text(item, (*path, lang, index))
                if pattern is None:
                    continue
                try:
                    re.compile(pattern)  # its own error, at a position in the pattern as written
                    found.append(Variant(pattern, compile_variant(pattern)))
                except re.error as exc:
                    at = "" if exc.pos is None else f" at position {exc.pos}"
                    self.fail((*path, lang, index), f"pattern {pattern!r} is not a regular expression ({exc.msg}{at})")
                    continue
                if found[-1].regex.search(""):
                    self.fail((*path, lang, index), f"pattern {pattern!r} matches empty text")
            out[lang] = tuple(found)
        return out

    def glossary(self) -> Glossary:
        top = self.mapping(self.doc.data, (), ("concepts",))
        if "concepts" not in top and isinstance(self.doc.data, dict):
            self.fail((), "missing key 'concepts'")
        shared: dict[str, list[Rule]] = {lang: [] for lang in self.langs}
        per_game: dict[tuple[str, str], dict[str, Rule]] = {}
        concepts = self.mapping(top.get("concepts", {}), ("concepts",), None, "concept")
        for name, body in concepts.items():
            path: tuple[str | int, ...] = ("concepts", name)
            fields = self.mapping(body, path, _CONCEPT_KEYS)
            if "term" not in fields and isinstance(body, dict):
                self.fail(path, "missing key 'term'")
            terms = self.terms(fields.get("term", {}), (*path, "term"))
            forbidden = self.variants(fields.get("forbidden", {}), (*path, "forbidden"))
            self.need_terms(forbidden, terms, (*path, "forbidden"))
            for lang in terms:
                shared[lang].append(Rule(name, terms[lang], forbidden.get(lang, ())))
            games = self.mapping(fields.get("games", {}), (*path, "games"), self.games, "game")
            for game, override in games.items():
                gpath = (*path, "games", game)
                gfields = self.mapping(override, gpath, _GAME_KEYS)
                gterms = self.terms(gfields.get("term", {}), (*gpath, "term"))
                gforbidden = self.variants(gfields.get("forbidden", {}), (*gpath, "forbidden"))
                self.need_terms(gforbidden, {**terms, **gterms}, (*gpath, "forbidden"))
                for lang in set(gterms) | set(gforbidden):
                    term = gterms.get(lang, terms.get(lang))
                    if term is not None:
                        rule = Rule(name, term, gforbidden.get(lang, ()))
                        per_game.setdefault((game, lang), {})[name] = rule
        if self.problems:
            raise InputError(sorted(self.problems, key=lambda p: p.line or 0))
        games_rules = {key: tuple(overrides.get(rule.concept, rule) for rule in shared[key[1]])
                       + tuple(rule for name, rule in overrides.items()
                               if name not in {r.concept for r in shared[key[1]]})
                       for key, overrides in per_game.items()}
        return Glossary({lang: tuple(rules) for lang, rules in shared.items()}, games_rules, tuple(self.todo))

    def need_terms(self, forbidden: Mapping[str, Any], terms: Mapping[str, str], path: tuple[str | int, ...]) -> None:
        for lang in forbidden:
            if lang not in terms:
                self.fail((*path, lang), f"forbidden variants in {lang} need the term in {lang} (under term:)")
