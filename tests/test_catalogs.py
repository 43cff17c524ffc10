"""Catalogs: complete on main, and every kind of unready entry is caught and located."""

from __future__ import annotations

import re

import pytest

from pnp.catalogs import check_catalogs
from pnp.i18n import po_path, read_catalog, translator


def test_catalogs_are_complete(project):
    assert [str(f) for f in check_catalogs(project.root, project.locales)] == []


def _edit_entry(path, msgid_line: str, change):
    """Apply `change` to the text of the .po entry whose msgid line is `msgid_line`."""
    text = path.read_text(encoding="utf-8")
    entries = text.split("\n\n")
    for i, entry in enumerate(entries):
        if f"\n{msgid_line}\n" in f"\n{entry}\n":
            entries[i] = change(entry)
            break
    else:
        raise AssertionError(f"no entry {msgid_line}")
    path.write_text("\n\n".join(entries), encoding="utf-8")
    return text.split("\n").index(msgid_line) + 1


def test_fuzzy_entry_is_reported_with_its_line(project_copy):
    path = po_path(project_copy.locales, "es")
    line = _edit_entry(path, 'msgid "Components"', lambda e: e.replace('msgid "Components"', '#, fuzzy\nmsgid "Components"'))
    findings = [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert findings == [f"locales/es/LC_MESSAGES/pnp.po:{line + 1}: fuzzy: 'Components'"]


def test_untranslated_entry_is_reported(project_copy):
    path = po_path(project_copy.locales, "ca")
    _edit_entry(path, 'msgid "Components"', lambda e: re.sub(r'msgstr ".*"', 'msgstr ""', e))
    findings = [f.problem for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert findings == ["untranslated"]


def test_placeholder_mismatch_is_reported(project_copy):
    path = po_path(project_copy.locales, "ru")
    _edit_entry(path, 'msgid "Total of {n} or more"', lambda e: e.replace("{n}", "{m}").replace('msgid "Total of {m} or more"', 'msgid "Total of {n} or more"'))
    findings = [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert len(findings) == 1 and "placeholders ['m'] differ from ['n']: 'Total of {n} or more'" in findings[0]


def test_a_missing_plural_form_is_untranslated(project_copy):
    path = po_path(project_copy.locales, "ru")
    _edit_entry(path, 'msgid "{n} consecutive value"', lambda e: re.sub(r'msgstr\[2\] ".*"', 'msgstr[2] ""', e))
    assert [f.problem for f in check_catalogs(project_copy.root, project_copy.locales)] == ["untranslated"]


def test_russian_declares_three_plural_forms(project):
    catalog = read_catalog(project.locales, "ru", project.root)
    assert catalog.num_plurals == 3
    tr = translator(project.locales, "ru", project.root)
    forms = [tr.ngettext("{n} consecutive value", "{n} consecutive values", n) for n in (1, 3, 5, 21, 22, 25)]
    assert forms[0] == forms[3] and forms[1] == forms[4] and forms[2] == forms[5]
    assert len({forms[0], forms[1], forms[2]}) == 3


@pytest.mark.parametrize("lang, joined, thousand, percent", [
    ("en", "4, 5, and 6", "1,000", "58.3%"), ("es", "4, 5 y 6", "1.000", "58,3\xa0%"),
    ("ca", "4, 5 i 6", "1.000", "58,3\xa0%"), ("ru", "4, 5 и 6", "1\xa0000", "58,3\xa0%"),
])
def test_numbers_and_lists_follow_the_locale(project, lang, joined, thousand, percent):
    tr = translator(project.locales, lang, project.root)
    assert tr.value([4, 5, 6]) == joined
    assert tr.number(1000) == thousand
    assert tr.percent(7 / 12) == percent


def test_broken_catalog_names_file_and_line(project_copy):
    from pnp.errors import InputError

    path = po_path(project_copy.locales, "es")
    lines = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith('msgid "Components"'))
    lines[index + 1] = lines[index + 1].replace("msgstr", "msgtsr")  # a misspelt keyword
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_catalog(project_copy.locales, "es", project_copy.root)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line) == ("locales/es/LC_MESSAGES/pnp.po", index + 2)
    assert "misformatted keyword" in problem.message


def test_a_form_used_only_for_one_may_say_one_in_words(project_copy):
    """Spanish and Catalan use their first form for n = 1 only: "un valor" needs no {n}; Russian's serves 21 too."""
    es = po_path(project_copy.locales, "es")
    _edit_entry(es, 'msgid "{n} consecutive value"', lambda e: re.sub(r'msgstr\[0\] ".*"', 'msgstr[0] "Un valor consecutivo"', e))
    ru = po_path(project_copy.locales, "ru")
    _edit_entry(ru, 'msgid "{n} consecutive value"', lambda e: re.sub(r'msgstr\[0\] ".*"', 'msgstr[0] "Одно значение подряд"', e))
    findings = [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert len(findings) == 1 and findings[0].startswith("locales/ru/LC_MESSAGES/pnp.po:")
    assert "placeholders [] differ from ['n']: '{n} consecutive value'" in findings[0]
    assert translator(project_copy.locales, "es", project_copy.root).format(
        translator(project_copy.locales, "es", project_copy.root).ngettext("{n} consecutive value", "{n} consecutive values", 1),
        n=1) == "Un valor consecutivo"


def test_a_rules_sentence_may_say_one_in_words_for_its_own_count(project_copy):
    """The extractor names a rules sentence's count (`#. count: neutral_dice`): that one may go, no other."""
    es = po_path(project_copy.locales, "es")
    text = es.read_text(encoding="utf-8")
    assert "#. count: neutral_dice" in text and "Lanza un dado neutral a la arena." in text  # as shipped
    assert [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)] == []
    es.write_text(text.replace("Lanza un dado neutral a la arena.", "Lanza un dado neutral a la {x}."), encoding="utf-8")
    findings = [f.problem for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert findings == ["placeholders ['x'] differ from ['neutral_dice']"]


def test_a_translation_cannot_reach_into_the_data_and_the_build_refuses_it(project_copy):
    """A placeholder is a plain name: `{x[0].__init__…}` in a msgstr stops the build before anything renders."""
    from helpers import run

    path = po_path(project_copy.locales, "es")
    text = path.read_text(encoding="utf-8")
    hostile = "{faces_on_one_die[0].__init__.__globals__[os].environ[HOME]}"
    msgid = text.index('"Each of these faces appears only once')
    start = text.index("{faces_on_one_die}", text.index("msgstr", msgid))
    path.write_text(text[:start] + hostile + text[start + len("{faces_on_one_die}"):], encoding="utf-8")
    code, out, err = run("--root", str(project_copy.root), "build", "dicemants", "--lang", "es")
    assert (code, out) == (2, "")
    located = err.split(": placeholder")[0]
    assert located.startswith("error: locales/es/LC_MESSAGES/pnp.po:")
    assert int(located.rsplit(":", 1)[1]) == text[:msgid].count("\n")  # the entry's msgid line
    assert f"placeholder {hostile} is not a plain name" in err
    assert "/root" not in err and "Traceback" not in err
    assert not (project_copy.root / "output").exists()


def test_the_formatter_takes_plain_names_only(project):
    tr = translator(project.locales, "ca", project.root)
    assert tr.format("{n} i {m}", n=1, m=[2, 3]) == "1 i 2 i 3"
    for hostile in ("{n.real}", "{n[0]}", "{n!r}"):
        with pytest.raises(ValueError, match="plain name|no conversion"):
            tr.format(hostile, n=[1])
