"""The glossary: locales/glossary.yaml, read strictly; `pnp check` flags a catalog entry that uses a forbidden
variant of a term, by the terms of the game the entry belongs to; shared sheet strings follow each game's term."""

from __future__ import annotations

import re

import pytest
from helpers import pdf_text, run

from pnp.catalogs import check_catalogs, extract
from pnp.errors import InputError
from pnp.extract import PER_GAME
from pnp.games import game_ids
from pnp.glossary import GLOSSARY, compile_variant, load_glossary
from pnp.i18n import po_path, read_catalog, translator

RU = "locales/ru/LC_MESSAGES/pnp.po"


def _replace(path, old: str, new: str) -> int:
    """Replace the one occurrence of `old` in a catalog; the line it stands on."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_the_real_glossary_loads_and_the_catalogs_keep_to_it(project):
    glossary = load_glossary(project.locales, ("es", "ca", "ru"), game_ids(), project.root)
    assert {rule.concept for rule in glossary.rules("ru", None)} >= {"die", "bank", "print-and-play"}
    assert [f for f in check_catalogs(project.root, project.locales) if "glossary" in f.problem] == []


def test_a_forbidden_variant_fails_check_with_file_line_and_term(project_copy):
    path = po_path(project_copy.locales, "ru")
    found = re.search(r'msgid "Your turn ends and you bank nothing\."\n(msgstr "[^"\n]*")\n', path.read_text("utf-8"))
    assert found, "the entry the test edits is in the Russian catalog, on one line"
    line = _replace(path, found.group(1), 'msgstr "Ход заканчивается, засчитать нечего."')
    code, out, err = run("--root", str(project_copy.root), "check", "-q")
    assert code == 1
    assert err.splitlines()[0] == (f"error: {RU}:{line}: glossary: «засчитать» where the glossary says "
                                   "«записать в счёт»: 'Your turn ends and you bank nothing.'")
    assert err.splitlines()[-1] == "check failed: 1 catalog entry not ready"


@pytest.mark.parametrize("text", ["Печатная версия", "печатная\xa0версия", "ПЕЧАТНОЙ ВЕРСИИ"])
def test_variants_match_whole_words_in_any_case_and_across_no_break_spaces(text):
    regex = compile_variant(r"печатн\w+ верси\w+")
    assert regex.search(f"Это {text}.")
    assert not compile_variant("кост(ь|и)").search("костюм")  # a word boundary that knows Cyrillic


def _entry(locales, game_folder: str, word: str):
    """The first single-line Russian entry of a game's package whose translation holds `word`: (line, msgid, text)."""
    catalog = read_catalog(locales, "ru")
    for message in catalog:
        pieces = catalog.translation_lines.get((message.id, message.context), ())
        if (isinstance(message.id, str) and message.locations and len(pieces) == 1 and word in pieces[0][0][1]
                and all(f.startswith(f"pnp/games/{game_folder}/") for f, _ in message.locations)):
            return pieces[0][0][0], message.id, pieces[0][0][1]
    raise AssertionError(f"no entry of {game_folder} with {word}")


def test_dead_mans_dice_says_kost_and_only_its_own_entries_are_held_to_it(project_copy):
    ru = po_path(project_copy.locales, "ru")
    pirate_line, pirate_id, pirate = _entry(project_copy.locales, "dead_mans_dice", "кост")
    miner_line, miner_id, miner = _entry(project_copy.locales, "dicemants", "кубик")
    text = ru.read_text(encoding="utf-8").splitlines()
    # «кубик» in a Dead Man's Dice entry breaks its own term; «кость» in a Dicemants entry the shared one.
    text[pirate_line - 1] = text[pirate_line - 1].replace(re.search(r"кост\w*", pirate).group(), "кубики", 1)
    text[miner_line - 1] = text[miner_line - 1].replace(re.search(r"кубик\w*", miner).group(), "кости", 1)
    ru.write_text("\n".join(text) + "\n", encoding="utf-8")
    findings = sorted(str(f) for f in check_catalogs(project_copy.root, project_copy.locales))
    assert findings == sorted([
        f"{RU}:{pirate_line}: glossary: «кубики» where the glossary says «кость»: {_short(pirate_id)!r}",
        f"{RU}:{miner_line}: glossary: «кости» where the glossary says «кубик»: {_short(miner_id)!r}",
    ])


def _short(msgid: str) -> str:
    return msgid if len(msgid) <= 60 else msgid[:57] + "..."


def test_a_shared_sheet_string_left_to_the_shared_entry_is_held_to_each_games_term(project_copy):
    """Emptying Dead Man's Dice's own entry leaves it the shared «кубики»: the check says which entry to fill."""
    ru = po_path(project_copy.locales, "ru")
    _replace(ru, 'msgctxt "dead-mans-dice"\nmsgid "Stickers for blank dice"\nmsgstr "Наклейки на\xa0чистые кости"',
             'msgctxt "dead-mans-dice"\nmsgid "Stickers for blank dice"\nmsgstr ""')
    shared = ru.read_text(encoding="utf-8").splitlines().index('msgstr "Наклейки на\xa0чистые кубики"') + 1
    findings = [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert findings == [f"{RU}:{shared}: glossary: «кубики» where the glossary says «кость» in dead-mans-dice "
                        "(translate its msgctxt \"dead-mans-dice\" entry): 'Stickers for blank dice'"]


@pytest.mark.parametrize("yaml, problem", [
    ("concepts:\n  die:\n    term: {ru: кубик}\n    colour: red\n",
     "locales/glossary.yaml:4: concepts.die.colour: unknown key 'colour' (expected one of: term, forbidden, games)"),
    ("concepts:\n  die:\n    term: {ru: кубик}\n    forbidden:\n      ru: ['кост(ь']\n",
     "locales/glossary.yaml:5: concepts.die.forbidden.ru[0]: pattern 'кост(ь' is not a regular expression "
     "(missing ), unterminated subpattern at position 4)"),
    ("concepts:\n  die:\n    term: {ru: кубик}\n    games:\n      pirates:\n        term: {ru: кость}\n",
     "locales/glossary.yaml:5: concepts.die.games.pirates: unknown game 'pirates' (expected one of: "
     "dicemants, gang-of-dice, dice-arena, dead-mans-dice)"),
    ("concepts:\n  die:\n    term: {es: dado}\n    forbidden:\n      ru: ['кост\\w*']\n",
     "locales/glossary.yaml:5: concepts.die.forbidden.ru: forbidden variants in ru need the term in ru (under term:)"),
    ("concepts:\n  die:\n    term: {de: Würfel}\n",
     "locales/glossary.yaml:3: concepts.die.term.de: unknown language 'de' (expected one of: es, ca, ru)"),
])
def test_a_broken_glossary_is_a_located_error(tmp_path, yaml, problem):
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / GLOSSARY).write_text(yaml, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_glossary(tmp_path / "locales", ("es", "ca", "ru"), game_ids(), tmp_path)
    assert [str(p) for p in caught.value.problems] == [problem]


def test_pnp_check_stops_on_a_broken_glossary_with_exit_2(project_copy):
    (project_copy.locales / GLOSSARY).write_text("concepts:\n  die:\n    term: {de: Würfel}\n", encoding="utf-8")
    code, out, err = run("--root", str(project_copy.root), "check", "-q")
    assert code == 2
    assert err.splitlines() == ["error: locales/glossary.yaml:3: concepts.die.term.de: unknown language 'de' "
                                "(expected one of: es, ca, ru)"]


def test_shared_sheet_strings_have_an_optional_entry_per_game(project):
    template = extract(project.root)
    per_game = [m for m in template if m.id and PER_GAME in m.auto_comments]
    assert {m.context for m in per_game} == set(game_ids())
    assert {m.id for m in per_game if m.context == "dead-mans-dice"} >= {"Stickers for blank dice",
                                                                          "Paper dice are {size} mm."}


def test_a_per_game_entry_falls_back_to_the_shared_one(project):
    tr = translator(project.locales, "ru", project.root)
    assert tr.game_gettext("dead-mans-dice", "Stickers for blank dice") == "Наклейки на\xa0чистые кости"
    assert tr.game_gettext("dicemants", "Stickers for blank dice") == "Наклейки на\xa0чистые кубики"
    assert translator(project.locales, "en").game_gettext("dicemants", "Stickers") == "Stickers"


def test_an_empty_per_game_plural_entry_falls_back_to_the_shared_one(tmp_path):
    """Compiled, an empty plural entry is a tuple of empty forms: it must not hide the shared translation."""
    from babel.messages.catalog import Catalog

    from pnp.i18n import load_translator

    catalog = Catalog(locale="es")
    ids = ("{n:word} die each.", "{n:word} dice each.")
    catalog.add(ids, ("{n:word} dado cada uno.", "{n:word} dados cada uno."), flags=("python-brace-format",))
    catalog.add(ids, ("", ""), context="dicemants", flags=("python-brace-format",), auto_comments=(PER_GAME,))
    tr = load_translator(catalog, "es", "es.po")
    assert tr.format(tr.game_ngettext("dicemants", *ids, 1), n=1) == "1 dado cada uno."  # not "1 die each."
    assert tr.game_gettext("dicemants", "Stickers") == "Stickers"


def test_the_per_game_term_reaches_the_pdf(made, project):
    """Dead Man's Dice's stickers say «кость» in Russian, read back from the PDF; another game's, from the same
    template, «кубик», in the HTML it is printed from."""
    from helpers import game, html_text

    from pnp.sheets import sheet_html

    pirates = pdf_text(made("dead-mans-dice", "stickers", "ru")).lower()
    assert "обычные кости" in pirates or "чистые кости" in pirates, pirates[:400]
    assert "кубик" not in pirates
    miners = html_text(sheet_html(project, game("dicemants"), translator(project.locales, "ru", project.root),
                                  "stickers")).lower()
    assert "кубик" in miners and not re.search(r"(?<!\w)кост(ь|и|ей)(?!\w)", miners)
