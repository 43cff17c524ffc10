"""Typography per language (locales/typography.yaml, pnp/typography.py): each rule in each language, exact input
to output; a second run changes nothing; markup, URLs and placeholders survive; the rules file is read strictly;
a real Russian rulebook keeps its short words with the word after them on the printed page."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers import LANGS, PROJECT, html, page_texts, run, tr

from pnp.errors import InputError
from pnp.typography import Language, load_typography, typeset, typeset_html

RULES = load_typography(PROJECT.locales)
NB, NARROW = "\u00a0", "\u202f"


def ts(lang: str, text: str) -> str:
    return typeset(text, RULES[lang])


# ---------------------------------------------------------------------------------------------------------------
# One test per rule per language: exact input -> output.

@pytest.mark.parametrize("lang, before, after", [
    ("en", "21 diamonds, 16 mm, 2 in", f"21{NB}diamonds, 16{NB}mm, 2{NB}in"),
    ("es", "3 dados de 16 mm, 2 pulg.", f"3{NB}dados de 16{NB}mm, 2{NB}pulg."),
    ("ca", "3 daus de 16 mm", f"3{NB}daus de 16{NB}mm"),
    ("ru", "3 кубика по 16 мм", f"3{NB}кубика по{NB}16{NB}мм"),
])
def test_a_number_keeps_its_unit_or_noun(lang, before, after):
    assert ts(lang, before) == after
    assert ts(lang, "6 5") == "6 5" and ts(lang, "6 (x)") == "6 (x)"  # a number before a number or a sign: free


@pytest.mark.parametrize("lang, before, after", [
    ("en", f"Player{NB}3 rolls 3 dice with a d6 die", f"Player{NB}3 rolls 3{NB}dice with a d6 die"),
    ("es", f"Jugador{NB}1 tira 3 dados", f"Jugador{NB}1 tira 3{NB}dados"),
    ("ca", f"Jugador{NB}1 tira 3 daus", f"Jugador{NB}1 tira 3{NB}daus"),
    ("ru", f"Игрок{NB}3 набирают 1{NB}000 кубиков", f"Игрок{NB}3 набирают 1{NB}000{NB}кубиков"),
])
def test_a_number_bound_to_the_word_before_it_is_a_label_and_stays_free_of_the_next(lang, before, after):
    assert ts(lang, before) == after


@pytest.mark.parametrize("lang, before, after", [
    ("en", "58.3% and 100 %", "58.3% and 100 %"),  # English: as written (Babel writes 58.3%)
    ("es", "58,3% y 100 %", f"58,3{NB}% y 100{NB}%"),
    ("ca", "58,3% i 100 %", f"58,3{NB}% i 100{NB}%"),
    ("ru", "58,3% и 100 %", f"58,3{NB}% и{NB}100{NB}%"),
])
def test_before_percent(lang, before, after):
    assert ts(lang, before) == after


@pytest.mark.parametrize("lang, before, after", [
    ("en", "the board's dice, the owners' hands. 'Strike'", "the board’s dice, the owners’ hands. 'Strike'"),
    ("es", "Dead Man's Dice", "Dead Man’s Dice"),
    ("ca", "l'aranya, d'un dau, s'acaba, agafa'ls, d'1 a 6", f"l’aranya, d’un dau, s’acaba, agafa’ls, d’1{NB}a 6"),
    ("ru", "Dead Man's Dice", "Dead Man’s Dice"),
])
def test_apostrophe(lang, before, after):
    assert ts(lang, before) == after


@pytest.mark.parametrize("lang, before, after", [
    ("en", "(+ locked way)", f"(+{NB}locked way)"),
    ("es", "(+ camino cortado)", f"(+{NB}camino cortado)"),
    ("ca", "(+ camí tallat)", f"(+{NB}camí tallat)"),
    ("ru", "(+ завал)", f"(+{NB}завал)"),
])
def test_a_plus_join_never_breaks_after_the_plus(lang, before, after):
    assert ts(lang, before) == after


@pytest.mark.parametrize("lang", LANGS)
def test_a_range_takes_an_en_dash(lang):
    assert ts(lang, "2-6, 15—30, 160–250") == "2–6, 15–30, 160–250"
    assert ts(lang, "pick-up, -7") == "pick-up, -7"  # a hyphen in a word, a sign: as written


@pytest.mark.parametrize("lang, before, after", [
    ("en", "a diamond - or a bug – or — this", f"a diamond{NB}– or a bug{NB}– or — this"),
    ("es", "un diamante - o un bicho – o — esto", f"un diamante{NB}— o un bicho{NB}— o{NB}— esto"),
    ("ca", "un diamant - o un bitxo – o — això", f"un diamant{NB}— o un bitxo{NB}— o{NB}— això"),
    ("ru", "алмаз - это кубик, мешок – это", f"алмаз{NB}— это кубик, мешок{NB}— это"),
])
def test_a_spaced_dash_is_the_languages_dash_and_never_opens_a_line(lang, before, after):
    assert ts(lang, before) == after


@pytest.mark.parametrize("lang, before, after", [
    ("en", "a die in a cup", "a die in a cup"),
    ("es", "a la mesa y a ti", "a la mesa y a ti"),
    ("ca", "a la taula i a tu", "a la taula i a tu"),
    ("ru", "В начале и в конце, на столе из-за угла, а не о том. Я у окна",
     f"В{NB}начале и{NB}в{NB}конце, на{NB}столе из-за угла, а{NB}не{NB}о{NB}том. Я у{NB}окна"),
])
def test_short_words_keep_with_the_next_word_in_russian_only(lang, before, after):
    assert ts(lang, before) == after


@pytest.mark.parametrize("lang, before, after", [
    ("en", "Player 1 and Player 12 win in round 10 with die A; tiers 4, 5, and 6. Aplayer 3",
     f"Player{NB}1 and Player{NB}12 win in round{NB}10 with die{NB}A; tiers{NB}4, 5, and 6. Aplayer 3"),
    ("es", "el jugador 2 gana la ronda 7 con el dado B", f"el jugador{NB}2 gana la ronda{NB}7 con el dado{NB}B"),
    ("ca", "el jugador 2 i el dau A", f"el jugador{NB}2 i el dau{NB}A"),
    ("ca", "mostri un 3, un 4 o un 5; un dau", f"mostri un{NB}3, un{NB}4 o un{NB}5; un dau"),  # a number as a noun
    ("es", "salga un 4 o un 5", f"salga un{NB}4 o un{NB}5"),
    ("ru", "Игрок 3 набирает в раунде 10", f"Игрок{NB}3 набирает в{NB}раунде{NB}10"),
])
def test_a_label_keeps_with_its_number_or_letter_and_leaves_the_next_word_free(lang, before, after):
    assert ts(lang, before) == after


WJ = "\u2060"


@pytest.mark.parametrize("lang, before, after", [
    ("ca", "d'apuntar-te'ls i plantar-te, porta-la; Sant-Joan, vint-i-u, rock-and-roll",
     f"d’apuntar-{WJ}te’ls i plantar-{WJ}te, porta-{WJ}la; Sant-Joan, vint-i-u, rock-and-roll"),
    ("es", "plantar-te", "plantar-te"),
    ("en", "then re-roll or stop; re-rolls, re-rolled, pre-rolled-up", f"then re-{WJ}roll or stop; re-{WJ}rolls, "
     f"re-{WJ}rolled, pre-{WJ}rolled-up"),
])
def test_a_word_joined_by_a_hyphen_never_starts_a_line_where_the_language_says_so(lang, before, after):
    assert ts(lang, before) == after
    assert ts(lang, after) == after


FRENCH = Language("fr", before_marks=(":;!?", NB), inside_quotes=NB)


@pytest.mark.parametrize("before, after", [
    ("Attention ! Règle: lancez; «Bonjour» dit-il ?", f"Attention{NB}! Règle{NB}: lancez{NB}; «{NB}Bonjour{NB}» "
                                                      f"dit-il{NB}?"),
    ("Quoi?! « Oui »", f"Quoi{NB}?! «{NB}Oui{NB}»"),
    ("à 10:30, http://a.b/c?x=1 et {n}: rien", "à 10:30, http://a.b/c?x=1 et {n}: rien"),
])
def test_french_sets_a_no_break_space_before_two_part_marks_and_inside_guillemets(before, after):
    assert typeset(before, FRENCH) == after
    assert typeset(after, FRENCH) == after


def test_a_language_may_ask_for_the_narrow_no_break_space(tmp_path):
    text = (PROJECT.locales / "typography.yaml").read_text()
    (tmp_path / "typography.yaml").write_text(text.replace("before-percent: no-break", "before-percent: narrow"))
    rules = load_typography(tmp_path)
    assert typeset("58,3% y 100 %", rules["es"]) == f"58,3{NARROW}% y 100{NARROW}%"


# ---------------------------------------------------------------------------------------------------------------
# Idempotence and what the pass never touches.

SAMPLE = ("<p>Hay 3 dados - en la <strong>mesa</strong> de 16 mm, l'aranya (+ camí) 58,3% 2-6 с кубиком и в "
          "<em>доме</em>, {n} dados.</p>")


@pytest.mark.parametrize("lang", LANGS)
def test_twice_changes_nothing(lang):
    once = typeset_html(SAMPLE, RULES[lang])
    assert once != SAMPLE and typeset_html(once, RULES[lang]) == once
    assert typeset(ts(lang, SAMPLE), RULES[lang]) == ts(lang, SAMPLE)


@pytest.mark.parametrize("game_id, lang", [("dicemants", "ru"), ("gang-of-dice", "es"), ("dice-arena", "ca"),
                                           ("dead-mans-dice", "en")])
def test_a_rendered_rulebook_is_already_set(game_id, lang):
    markup = html(game_id, lang)  # rendered, so set once already
    assert typeset_html(markup, RULES[lang]) == markup


def test_tags_attributes_styles_urls_and_placeholders_survive():
    markup = ('<html><head><style>p::before { content: "3 mm - 2-6 l\'a"; }</style>'
              '<script>var a = "3 dados";</script></head><body>'
              '<!-- 3 dados - l\'a -->'
              '<p title="3 dados - l\'a 2-6" data-x=\'в доме\'>3 <img alt="3 dados" src="data:image/svg+xml;base64,'
              'PHN2Zy8+"> dados</p>'
              '<p>See https://example.com/2-6/l\'a and www.example.org/a-1-2 and {n} dados, {count} %</p>'
              '<p>3</p> <p>dados</p><td>2</td>\n<td>dados</td>'
              '<p>3 <strong>dados</strong> and l&#39;aranya &amp; 5&nbsp;dice, 2 &lt;b&gt; x</p>'
              '<pre>3 dados</pre><code>2-6</code></body></html>')
    out = typeset_html(markup, RULES["es"])
    tags = re.findall(r"<[^>]*>", markup)
    assert re.findall(r"<[^>]*>", out) == tags  # every tag and attribute exactly as it was
    assert out == markup.replace("3 <strong>dados</strong> and l&#39;aranya", f"3{NB}<strong>dados</strong> and l’aranya")
    # The text outside the untouchables: a number across an inline tag, an apostrophe written as an entity.
    assert f"3{NB}<strong>dados" in out and "l’aranya" in out and "5&nbsp;dice" in out
    # Not across a block (a paragraph, a cell), not in a comment, style, script, pre, code or attribute.
    assert "<p>3</p> <p>dados</p><td>2</td>\n<td>dados</td>" in out
    assert "{n} dados" in out and "{count} %" in out  # placeholders before formatting: their values are set later


def test_a_placeholder_value_is_set_once_filled():
    t = tr("es")
    assert t.typeset(t.format("{n} dados", n=3)) == f"3{NB}dados"
    assert t.typeset("{n} dados") == "{n} dados"


# ---------------------------------------------------------------------------------------------------------------
# Counts in words: `{n:word}` says a small count as the language does, with the noun's gender; digits beyond.

@pytest.mark.parametrize("lang, spec, words", [
    ("en", "word", ["one", "two", "three", "ten", "11", "21"]),
    ("es", "word", ["un", "dos", "tres", "diez", "11", "21"]),
    ("es", "word-f", ["una", "dos", "tres", "diez", "11", "21"]),
    ("ca", "word", ["un", "dos", "tres", "deu", "11", "21"]),
    ("ca", "word-f", ["una", "dues", "tres", "deu", "11", "21"]),
    ("ru", "word", ["один", "два", "три", "десять", "11", "21"]),  # counts to ten, as Russian style has it
    ("ru", "word-f", ["одна", "две", "три", "десять", "11", "21"]),
    ("ru", "word-n", ["одно", "два", "три", "десять", "11", "21"]),
])
def test_a_small_count_is_said_in_words_with_its_gender(lang, spec, words):
    assert [tr(lang).format(f"{{n:{spec}}}", n=n) for n in (1, 2, 3, 10, 11, 21)] == words


def test_a_count_opening_a_sentence_is_capitalised_and_only_counts_take_words():
    assert tr("ca").format("{n:Word-f} tirades. {n:Word-f}.", n=2) == "Dues tirades. Dues."
    assert tr("en").format("{n:Word} rolls; {m:Word} rolls", n=3, m=12) == "Three rolls; 12 rolls"
    assert tr("es").format("{n:word}", n=0) == "0" and tr("ru").format("{n:word}", n=-1) == "\u22121"
    assert tr("en").format("{name:word}", name="Ann") == "Ann"  # a name is a name, whatever its format
    with pytest.raises(ValueError, match=r"no format but word \(:words\)"):
        tr("en").format("{n:words}", n=2)


def test_a_language_without_number_words_prints_digits(tmp_path):
    text = (PROJECT.locales / "typography.yaml").read_text()
    (tmp_path / "typography.yaml").write_text(text.replace("number-words: [one, two,", "number-words: false\n#", 1))
    import gettext

    from pnp.i18n import Translator
    english = Translator("en", gettext.NullTranslations(), typography=load_typography(tmp_path)["en"])
    assert english.format("{n:Word} rolls", n=2) == "2 rolls"


# ---------------------------------------------------------------------------------------------------------------
# The rules file, read strictly (exit 2, located).

def _broken(tmp_path, old: str, new: str):
    text = (PROJECT.locales / "typography.yaml").read_text()
    assert old in text
    (tmp_path / "typography.yaml").write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        load_typography(tmp_path)
    return [str(p) for p in caught.value.problems]


def _line(old: str) -> int:
    return (PROJECT.locales / "typography.yaml").read_text().split(old)[0].count("\n") + 1


@pytest.mark.parametrize("old, new, message", [
    ("number-and-word: no-break", "number-and-word: nbsp", "expected a space (space, no-break, narrow) or false"),
    ("range-dash: \"–\"", "range-dash: \"-\"", "expected a dash (– or —) or false, found '-'"),
    ("apostrophe: true", "apostrophe: yes please", "expected true or false"),
    ("words: [а, в,", "words: [а, при,", "expected a word of one or two letters, found 'при'"),
    ("words: [а, в,", "words: [а, а,", "'а' is listed twice"),
    ("spaced-dash: {mark: \"–\", before: no-break}", "spaced-dash: {mark: \"–\"}", "missing key 'before'"),
    ("[{m: un, f: una}, dos,", "[{m: un, x: una}, dos,", "unknown gender 'x' (expected one of: m, f, n)"),
    ("[{m: un, f: una}, dos,", "[{f: una}, dos,", "missing the word for 1 without a gender (m)"),
    ("[{m: un, f: una}, dos,", "[{m: un, f: una}, 2,", "expected a word or a mapping of genders"),
    ("[{m: un, f: una}, dos,", "[{m: un, f: un1}, dos,", "expected a word, found 'un1'"),
    ("number-words: [one, two, three, four, five, six, seven, eight, nine, ten]", "number-words: one two three",
     "expected a list of the words for 1, 2, 3"),
    ("hyphen-joins: [me, te,", "hyphen-joins: [me, 2,", "languages.ca.hyphen-joins[1]: expected a word, found 2"),
    ("hyphen-joins: [me, te,", "hyphen-joins: [me, me,", "'me' is listed twice"),
    ("hyphen-joins: [roll,", "hyphen-joins: roll,", "languages.en.hyphen-joins: expected a list of words"),
    ("labels: {after: no-break, words: [player,", "labels: {after: no-break, words: [2player,",
     "languages.en.labels.words[0]: expected a word, found '2player'"),
])
def test_a_broken_rule_is_located(tmp_path, old, new, message):
    problems = _broken(tmp_path, old, new)
    assert len(problems) == 1 and message in problems[0], problems
    assert problems[0].startswith(f"{tmp_path / 'typography.yaml'}:{_line(old)}: languages."), problems


def test_an_unknown_rule_is_located_and_the_missing_one_named(tmp_path):
    problems = _broken(tmp_path, "    number-and-word: no-break\n", "    number-of-words: no-break\n")
    line = _line("    number-and-word: no-break\n")
    assert problems == [
        f"{tmp_path / 'typography.yaml'}:{line - 1}: languages.en: missing rule 'number-and-word'",
        f"{tmp_path / 'typography.yaml'}:{line}: languages.en.number-of-words: unknown rule 'number-of-words' "
        "(expected one of: number-and-word, before-percent, apostrophe, plus-join, range-dash, spaced-dash, "
        "short-words, labels, hyphen-joins, number-words, before-marks, inside-quotes)"]


def test_a_language_with_a_catalog_and_no_rules_prints_by_the_defaults_and_is_to_do(project_copy):
    """The Catalan entry renamed: Catalan (its catalog there) prints by the defaults, listed as to do; an entry for
    a language without a catalog yet (French) is read; a code Babel does not know is refused."""
    path = project_copy.locales / "typography.yaml"
    text = path.read_text()
    path.write_text(text.replace("  ca:\n", "  fr:\n"))
    rules = load_typography(project_copy.locales)
    assert list(rules.languages) == ["en", "es", "ru", "ca", "fr"]  # in the file's order, then the rest
    assert rules["ca"] == Language("ca", number_and_word=NB, apostrophe=True, plus_join=NB, range_dash="–",
                                   spaced_dash=("–", NB))
    assert [str(p) for p in rules.todo] == [
        f"{path}:{_line('languages:')}: languages.ca: no typography given yet (the defaults print meanwhile): "
        "`pnp catalog init` writes the entry to fill"]
    path.write_text(text.replace("  ca:\n", "  xx:\n"))
    with pytest.raises(InputError) as caught:
        load_typography(project_copy.locales)
    assert "languages.xx: unknown language 'xx'" in str(caught.value)
    assert RULES.languages.keys() == set(LANGS) and RULES.todo == ()


def test_a_broken_rules_file_stops_the_build_before_anything_is_drawn(project_copy):
    path = project_copy.locales / "typography.yaml"
    path.write_text(path.read_text().replace("plus-join: no-break", "plus-join: wide", 1))
    code, out, err = run("--root", str(project_copy.root), "build", "dicemants", "--lang", "en", "-q")
    assert (code, out) == (2, "")
    assert err.startswith(f"error: locales/typography.yaml:{_line('plus-join: no-break')}: languages.en.plus-join: "
                          "expected a space"), err
    assert "Traceback" not in err and not (project_copy.root / "output").exists()
    path.unlink()
    code, _, err = run("--root", str(project_copy.root), "check", "-q")
    assert code == 2 and "locales/typography.yaml: typography rules not found" in err


def test_a_project_without_the_file_prints_as_written(tmp_path):
    shutil.copytree(PROJECT.locales, tmp_path / "locales", ignore=shutil.ignore_patterns("typography.yaml"))
    assert load_typography(tmp_path / "locales", required=False) is None


# ---------------------------------------------------------------------------------------------------------------
# The printed page.

SHORT = {"а", "в", "во", "вы", "да", "до", "за", "и", "из", "к", "ко", "мы", "на", "не", "ни", "но", "о", "об", "он",
         "от", "по", "с", "со", "ты", "у"}


def test_a_russian_rulebook_never_ends_a_line_with_a_short_word(made):
    text = "\n".join(page_texts(made("dicemants", "rulebook", "ru")))
    assert f"Азартная игра в{NB}кубики о{NB}жадности и{NB}риске в{NB}старой алмазной шахте." in text
    assert f"21{NB}алмаз" in text
    ends = [line for line in text.split("\n") if line.split(" ")[-1].lower() in SHORT]
    assert ends == []
