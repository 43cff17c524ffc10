"""Catalogs: complete on main, read strictly, and every bad or unready entry is caught and located."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po as babel_read_po
from helpers import ROOT, run, tr

from pnp.catalogs import check_catalogs
from pnp.errors import InputError
from pnp.i18n import (
    MAX_PROBLEMS,
    plural_forms,
    plural_forms_problem,
    po_path,
    read_catalog,
    read_po,
    singular_forms,
    translator,
)

BAD = sorted((Path(__file__).parent / "bad_catalogs").glob("*/*.po"))
"""One small catalog per error case, in a folder named for its language; `# expect:` lines give its errors."""

# The real catalogs are complete: `pnp check` on the real project says so, exit 0 (tests/test_cli.py), the same
# check_catalogs, run once per suite.


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


def test_an_empty_plural_form_is_refused_by_check_and_build(project_copy):
    """Babel would print the English for the numbers that take an empty form: "2–6 players" in a Russian book."""
    path = po_path(project_copy.locales, "ru")
    _edit_entry(path, 'msgid "{n:Word} consecutive value"', lambda e: re.sub(r'msgstr\[2\] ".*"', 'msgstr[2] ""', e))
    problem = "msgstr[2]: empty, so n = 0, 5, 6… would print in English"
    assert [f.problem for f in check_catalogs(project_copy.root, project_copy.locales)] == [problem]
    with pytest.raises(InputError, match=re.escape(problem)):
        translator(project_copy.locales, "ru", project_copy.root)


def test_russian_declares_three_plural_forms(project):
    catalog = read_catalog(project.locales, "ru", project.root)
    assert catalog.num_plurals == 3
    tr = translator(project.locales, "ru", project.root)
    forms = [tr.ngettext("{n:Word} consecutive value", "{n:Word} consecutive values", n) for n in (1, 3, 5, 21, 22, 25)]
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
    assert tr.percent(5 / 16) == percent.replace("58,3", "31,3").replace("58.3", "31.3")  # an exact half rounds up


def test_broken_catalog_names_file_and_line(project_copy):
    path = po_path(project_copy.locales, "es")
    lines = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith('msgid "Components"'))
    lines[index + 1] = lines[index + 1].replace("msgstr", "msgtsr")  # a misspelt keyword
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_catalog(project_copy.locales, "es", project_copy.root)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line) == ("locales/es/LC_MESSAGES/pnp.po", index + 2)
    assert problem.message == "unknown keyword 'msgtsr'"


def test_a_form_used_only_for_one_may_say_one_in_words(project_copy):
    """Spanish and Catalan use their first form for n = 1 only: "un valor" needs no {n}; Russian's serves 21 too."""
    es = po_path(project_copy.locales, "es")
    _edit_entry(es, 'msgid "{n:Word} consecutive value"', lambda e: re.sub(r'msgstr\[0\] ".*"', 'msgstr[0] "Un valor consecutivo"', e))
    ru = po_path(project_copy.locales, "ru")
    _edit_entry(ru, 'msgid "{n:Word} consecutive value"', lambda e: re.sub(r'msgstr\[0\] ".*"', 'msgstr[0] "Одно значение подряд"', e))
    findings = [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert len(findings) == 1 and findings[0].startswith("locales/ru/LC_MESSAGES/pnp.po:")
    assert "placeholders [] differ from ['n']: '{n:Word} consecutive value'" in findings[0]
    assert translator(project_copy.locales, "es", project_copy.root).format(
        translator(project_copy.locales, "es", project_copy.root).ngettext("{n:Word} consecutive value", "{n:Word} consecutive values", 1),
        n=1) == "Un valor consecutivo"


@pytest.mark.parametrize("lang, first, problems", [
    ("es", "el dado {first}", []),  # the first form is for one die only: no range to end
    ("ru", "кубик {first}", ["msgstr[0]: placeholders ['first', 'n'] differ from ['first', 'last', 'n']"]),
])
def test_a_form_for_one_needs_no_name_only_the_english_plural_prints(lang, first, problems):
    from babel.messages.catalog import Message

    from pnp.i18n import message_issues

    ids = ("the {n:word} die, {first}", "the {n:word} dice, {first} to {last}")
    forms = {"es": (first, "los {n:word} dados, del {first} al {last}"),
             "ru": (first + " {n}", "{n:word} кубика, {first}–{last}", "{n:word} кубиков, {first}–{last}")}[lang]
    message = Message(ids, forms, flags=("python-brace-format",), lineno=7)
    assert [i.problem for i in message_issues(message, lang)] == problems


def test_a_rules_sentence_may_say_one_in_words_for_its_own_count(project_copy):
    """The extractor names a rules sentence's count (`#. count: neutral_dice`): that one may go, no other."""
    es = po_path(project_copy.locales, "es")
    text = es.read_text(encoding="utf-8")
    assert "#. count: neutral_dice" in text and "El primer jugador lanza el dado neutral a la arena." in text  # as shipped
    assert [str(f) for f in check_catalogs(project_copy.root, project_copy.locales)] == []
    es.write_text(text.replace("El primer jugador lanza el dado neutral a la arena.", "El primer jugador lanza el dado neutral a la {x}."), encoding="utf-8")
    findings = [f.problem for f in check_catalogs(project_copy.root, project_copy.locales)]
    assert findings == ["msgstr[0]: placeholders ['x'] differ from ['neutral_dice']"]


def test_a_translation_cannot_reach_into_the_data_and_the_build_refuses_it(project_copy):
    """A placeholder is a plain name: `{x[0].__init__…}` in a msgstr stops the build before anything renders."""
    path = po_path(project_copy.locales, "es")
    text = path.read_text(encoding="utf-8")
    hostile = "{faces_on_one_die[0].__init__.__globals__[os].environ[HOME]}"
    msgid = text.index('"The {faces_on_one_die} each appear')
    start = text.index("{faces_on_one_die}", text.index("msgstr", msgid))
    path.write_text(text[:start] + hostile + text[start + len("{faces_on_one_die}"):], encoding="utf-8")
    code, out, err = run("--root", str(project_copy.root), "build", "dicemants", "--lang", "es")
    assert (code, out) == (2, "")
    located = err.split(": placeholder")[0]
    assert located.startswith("error: locales/es/LC_MESSAGES/pnp.po:")
    assert int(located.rsplit(":", 1)[1]) == text[:start].count("\n") + 1  # the line of the placeholder
    assert f"placeholder {hostile} is not a plain name" in err
    assert "/root" not in err and "Traceback" not in err
    assert not (project_copy.root / "output").exists()


def test_the_formatter_takes_plain_names_only(project):
    tr = translator(project.locales, "ca", project.root)
    assert tr.format("{n} i {m}", n=1, m=[2, 3]) == "1 i 2 i 3"
    for hostile in ("{n.real}", "{n[0]}", "{n!r}"):
        with pytest.raises(ValueError, match="plain name|no conversion"):
            tr.format(hostile, n=[1])


# ---------------------------------------------------------------------------------------------------------------
# The bad-input corpus: each file of tests/bad_catalogs/ stops `pnp build` with exactly its located errors.


def expectations(path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8", "replace")
    return [line[len("# expect: "):] for line in text.splitlines() if line.startswith("# expect: ")]


@pytest.fixture
def small_project(tmp_path) -> Path:
    """A project with one rules file and no catalog: each corpus case brings its own."""
    (tmp_path / "rules").mkdir()
    shutil.copy(ROOT / "rules" / "dicemants.yaml", tmp_path / "rules" / "dicemants.yaml")
    return tmp_path


@pytest.mark.parametrize("path", BAD, ids=[f"{p.parent.name}/{p.stem}" for p in BAD])
def test_bad_catalog_stops_the_build_with_its_located_errors(small_project, path):
    lang = path.parent.name
    expected = expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    target = po_path(small_project / "locales", lang)
    target.parent.mkdir(parents=True)
    shutil.copy(path, target)
    before = sorted(small_project.rglob("*"))
    code, out, err = run("--root", str(small_project), "build", "dicemants", "--lang", lang, "-q")
    assert (code, out) == (2, ""), err
    got = err.splitlines()
    assert len(got) == len(expected), got
    for want, actual in zip(expected, got, strict=True):
        assert actual.startswith(f"error: locales/{lang}/LC_MESSAGES/pnp.po:{want}"), (actual, want)
    assert "Traceback" not in err
    assert sorted(small_project.rglob("*")) == before  # nothing written


def test_the_build_stops_when_a_catalog_is_missing(small_project):
    """C10: a language asked for with no catalog: a language exists when its catalog does."""
    code, out, err = run("--root", str(small_project), "build", "dicemants", "--lang", "es", "-q")
    assert (code, out, err) == (2, "", "pnp build: argument --lang: invalid choice: 'es' (choose from 'en')\n")
    assert not (small_project / "output").exists()


def _msgfmt(path: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is not on the PATH: scripts/install.sh installs GNU gettext")
    return subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True)


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_gnu_msgfmt_accepts_the_real_catalogs(project, lang):
    """What translators' tools check (`msgfmt -c`: syntax, header, plural forms, brace placeholders) passes too."""
    result = _msgfmt(po_path(project.locales, lang))
    assert result.returncode == 0, result.stderr


def test_gnu_msgfmt_refuses_the_corpus_cases_it_is_said_to():
    """The reader is at least as strict as msgfmt where msgfmt has a say: the cases marked so, msgfmt refuses too."""
    marked = [p for p in BAD if "# msgfmt -c: refuses it too" in p.read_bytes().decode("utf-8", "replace")]
    assert len(marked) >= 20
    assert [p.name for p in marked if _msgfmt(p).returncode == 0] == []


# ---------------------------------------------------------------------------------------------------------------
# The strict reader: the real catalogs read as Babel reads them; what Babel forgave is refused.


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_the_reader_reads_the_real_catalogs_as_babel_does(project, lang):
    path = po_path(project.locales, lang)
    ours = read_catalog(project.locales, lang, project.root)
    with path.open("rb") as fh:
        babels = babel_read_po(fh, locale=lang)

    def entries(catalog):
        return [(m.id, m.string, m.context, m.flags, m.auto_comments, m.user_comments, m.lineno, m.locations)
                for m in catalog]

    assert entries(ours) == entries(babels)
    assert (ours.plural_forms, ours.mime_headers, ours.header_comment) == (
        babels.plural_forms, babels.mime_headers, babels.header_comment)


def test_windows_line_ends_and_a_byte_order_mark_read_the_same(project):
    data = po_path(project.locales, "ca").read_bytes()
    plain = read_po(data, "ca", "ca.po")
    other = read_po(b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"), "ca", "ca.po")
    assert [(m.id, m.string, m.lineno) for m in other] == [(m.id, m.string, m.lineno) for m in plain]


def test_a_file_of_garbage_reports_a_bounded_number_of_problems():
    data = b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n' + b"garbage\n" * 500
    with pytest.raises(InputError) as caught:
        read_po(data, "es", "es.po")
    problems = caught.value.problems
    assert len(problems) == MAX_PROBLEMS + 1
    assert str(problems[-1]) == "es.po:23: and 481 more problems from here on"  # 500 lines and the header's


@pytest.mark.parametrize(("lang", "nplurals"), [("es", 2), ("ca", 2), ("ru", 3), ("fr", 2), ("pl", 3), ("el", 2),
                                                 ("ja", 1), ("ar", 6), ("cy", 6), ("pt_BR", 2)])
def test_the_plural_rule_made_from_cldr_is_cldrs(lang, nplurals):
    """The rule `pnp catalog init` declares gives every number from 0 to 200 the form CLDR gives it, with as many
    forms as those numbers use (Spanish: two; CLDR's third is for millions)."""
    declared, rule, problem = plural_forms_problem(plural_forms(lang), lang)
    assert problem is None and declared == nplurals and f"nplurals={declared}; plural={rule};" == plural_forms(lang)


def test_only_spanish_and_catalan_have_a_form_that_means_one_alone():
    assert [sorted(singular_forms(lang)) for lang in ("es", "ca", "ru")] == [[0], [0], []]


def test_a_wrong_russian_plural_rule_is_refused_in_the_real_catalog(project_copy):
    """C05b: three forms declared, the rule of two: the rulebook would print «2–6 игрока» for six players."""
    path = po_path(project_copy.locales, "ru")
    text = path.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms:')
    end = text.index("\n", text.index('"n%100>=20', start))
    path.write_text(text[:start] + '"Plural-Forms: nplurals=3; plural=(n != 1);\\n"' + text[end:], encoding="utf-8")
    with pytest.raises(InputError) as caught:
        translator(project_copy.locales, "ru", project_copy.root)
    [problem] = caught.value.problems
    assert problem.line == text[:start].count("\n") + 1
    assert problem.message.startswith("plural=(n != 1) gives form 1 for n = 0, where CLDR's ru rule gives form 2 (many)")


# ---------------------------------------------------------------------------------------------------------------
# Entries that are not ready print in English, and say so; markup in a translation prints as text.


def test_a_fuzzy_entry_prints_in_english_and_the_translator_says_so(project_copy):
    """C07: the build compiles a fuzzy entry out; the translator lists it, located, for the build to warn."""
    path = po_path(project_copy.locales, "es")
    text = path.read_text(encoding="utf-8")
    anchor = 'msgctxt "dicemants"\nmsgid "A press-your-luck dice game of greed in an old diamond mine."'
    path.write_text(text.replace(anchor, "#, fuzzy\n" + anchor), encoding="utf-8")
    tr = translator(project_copy.locales, "es", project_copy.root)
    tagline = "A press-your-luck dice game of greed in an old diamond mine."
    assert tr.pgettext("dicemants", tagline) == tagline
    line = text[:text.index(anchor)].count("\n") + 3  # the msgid's line, below the flag added
    assert [str(p) for p in tr.unready] == [
        f"locales/es/LC_MESSAGES/pnp.po:{line}: fuzzy, printed in English: {tagline!r}"]
    from pnp.build import build

    report = build(project_copy, ["dead-mans-dice"], ["es"], out=project_copy.root / "output", workers=1,
                   kinds=["score-pad"])  # the warning is the language's, whatever is made
    assert report.warnings == [f"locales/es/LC_MESSAGES/pnp.po:{line}: fuzzy, printed in English: {tagline!r}"]


def test_markup_in_a_translation_prints_as_text(project_copy):
    """C06: HTML, a remote stylesheet and Jinja's doubled braces in a msgstr reach the page as the characters typed."""
    from helpers import game

    from pnp.rulebook import rulebook_html

    path = po_path(project_copy.locales, "es")
    text = path.read_text(encoding="utf-8")
    shipped = 'msgstr "Un juego de dados de riesgo y avaricia en una vieja mina de diamantes."'
    hostile = '<img src=\\"file:///etc/passwd\\"><link rel=\\"stylesheet\\" href=\\"http://example.com/x.css\\"> {{ 7*7 }}'
    path.write_text(text.replace(shipped, f'msgstr "{hostile}"'), encoding="utf-8")
    html = rulebook_html(project_copy, game("dicemants"), translator(project_copy.locales, "es", project_copy.root))
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;&lt;link rel=&#34;stylesheet&#34;" in html
    assert "{ 7*7 }" in html and "<img src=\"file:" not in html


def test_a_sentence_printed_in_english_for_want_of_a_translation_counts_in_english(project_copy):
    """A fuzzy entry prints its English; its `{n:word}` says «two», never the reader's «dos» inside English."""
    path = po_path(project_copy.locales, "es")
    text = path.read_text(encoding="utf-8")
    anchor = 'msgid "All {n:word} diamond goes into your bag."'
    assert anchor in text
    path.write_text(text.replace(anchor, "#, fuzzy\n" + anchor), encoding="utf-8")
    tr = translator(project_copy.locales, "es", project_copy.root)
    put = tr.ngettext("All {n:word} diamond goes into your bag.", "All {n:word} diamonds go into your bag.", 3)
    assert tr.format(put, n=3) == "All three diamonds go into your bag."
    lost = tr.ngettext("All {n:word} diamond in your bag goes to the lost zone.",
                       "All {n:word} diamonds in your bag go to the lost zone.", 3)
    assert "tres diamantes" in tr.format(lost, n=3)  # a translated sentence: Spanish words


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_a_translation_the_same_as_its_source_is_a_translation(lang):
    """Dice Arena's face «X» is X in every language: it is translated, so never highlighted or set as English."""
    from pnp.i18n import English

    said = tr(lang).pgettext("dice-arena", "X")
    assert said == "X" and not isinstance(said, English)
    assert isinstance(tr(lang).gettext("No such sentence in any catalog."), English)
