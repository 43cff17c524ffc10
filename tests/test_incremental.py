"""Incremental builds: a file is made again exactly when something it was made from changed, and comes out the same."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from helpers import run, stub_renders

from pnp.build import EVERY, build
from pnp.project import Project
from pnp.sheets.pads import INTRO

GAMES = ["dice-arena", "dead-mans-dice"]
LANGS = ["en", "es"]
KINDS = ["score-pad", "player-aid"]


def stand_in(html: str, *args, **kwargs) -> tuple[bytes, list[str]]:
    """A two-page PDF carrying a hash of the HTML it stands for: the pages are made as in a build, the PDF is not."""
    writer = pypdf.PdfWriter()
    writer.add_blank_page(595, 842)
    writer.add_blank_page(595, 842)  # a kit's what-to-print page is followed by its blank side
    writer.add_metadata({"/Subject": hashlib.sha256(html.encode()).hexdigest()})
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), []


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr("pnp.sheets.files.render_pdf", stand_in)  # first, so the module is imported with the real one
    monkeypatch.setattr("pnp.pdf.render_pdf", stand_in)  # the rulebooks and what-to-print pages, looked up as they render
    # The score pads' legends measured as the room they are given: WeasyPrint lays each out otherwise, a third of the
    # time these builds take; what is made again, and when, does not depend on the measure.
    monkeypatch.setattr("pnp.sheets.kinds.box_height", lambda *args, **kwargs: INTRO)


def names(out: Path, paths: list[Path]) -> list[str]:
    return [p.relative_to(out).as_posix() for p in paths]


def every(games=GAMES, langs=LANGS, kinds=KINDS) -> list[str]:
    return [f"{g}/{lang}/{k}.pdf" for g in games for lang in langs for k in kinds]


def make(project: Project, out: Path, **kwargs):
    return build(project, GAMES, LANGS, out=out, kinds=KINDS, workers=1, **kwargs)


def test_a_second_build_with_nothing_changed_makes_nothing_and_reads_no_rules(project_copy, tmp_path, fast,
                                                                               monkeypatch):
    out = tmp_path / "out"
    first = make(project_copy, out)
    assert names(out, first.written) == every() and first.fresh == []
    assert first.summary == "0 up to date, 8 built"
    monkeypatch.setattr("pnp.rules.load_games", lambda *a, **k: pytest.fail("the rules were read again"))
    again = make(project_copy, out)
    assert (again.written, names(out, again.fresh)) == ([], every())
    assert again.summary == "8 up to date, 0 built"


def test_a_rules_edit_of_one_game_makes_that_games_files_only(project_copy, tmp_path, fast):
    out = tmp_path / "out"
    make(project_copy, out)
    rules = project_copy.rules / "dice-arena.yaml"
    rules.write_text(rules.read_text().replace("  neutral_dice: 1\n", "  neutral_dice: 2\n"))
    again = make(project_copy, out)
    assert names(out, again.written) == every(games=["dice-arena"])
    assert names(out, again.fresh) == every(games=["dead-mans-dice"])


def test_a_catalog_edit_makes_that_languages_files_only(project_copy, tmp_path, fast):
    out = tmp_path / "out"
    make(project_copy, out)
    catalog = project_copy.locales / "es" / "LC_MESSAGES" / "pnp.po"
    catalog.write_text(catalog.read_text() + "\n# a translator's note\n")
    again = make(project_copy, out)
    assert names(out, again.written) == every(langs=["es"])


def test_a_template_edit_makes_what_uses_it(project_copy, tmp_path, fast):
    out = tmp_path / "out"
    make(project_copy, out)
    pad = project_copy.templates / "sheets" / "score-pad.html"
    pad.write_text(pad.read_text() + "\n{# a designer's note #}\n")
    assert names(out, make(project_copy, out).written) == every(kinds=["score-pad"])
    # A stylesheet every sheet includes: every sheet.
    css = project_copy.templates / "sheets" / "sheets.css"
    css.write_text(css.read_text() + "\n/* tightened */\n")
    assert names(out, make(project_copy, out).written) == every()


def test_a_template_added_where_an_include_looks_makes_what_would_include_it(project_copy, tmp_path, fast):
    out = tmp_path / "out"
    make(project_copy, out)
    (project_copy.templates / "sheets" / "player-aid-extra.html").write_text("<p>A house rule.</p>\n")
    assert names(out, make(project_copy, out).written) == every(kinds=["player-aid"])


def test_force_makes_everything_and_a_changed_output_is_made_again(project_copy, tmp_path, fast):
    out = tmp_path / "out"
    make(project_copy, out)
    assert names(out, make(project_copy, out, force=True).written) == every()
    (out / "dice-arena" / "es" / "score-pad.pdf").write_bytes(b"%PDF edited by hand")
    (out / "dead-mans-dice" / "en" / "player-aid.pdf").unlink()
    assert names(out, make(project_copy, out).written) == ["dice-arena/es/score-pad.pdf",
                                                           "dead-mans-dice/en/player-aid.pdf"]


def test_other_options_or_paper_are_other_inputs(project_copy, tmp_path, fast):
    from pnp.sheets import Options

    out = tmp_path / "out"
    make(project_copy, out)
    assert names(out, make(project_copy, out, options=Options(sticker_size=14.0)).written) == every()
    letter = build(project_copy, GAMES, LANGS, "letter", out, kinds=KINDS, workers=1)
    assert names(out, letter.written) == [f"{g}/{lang}/letter/{k}.pdf" for g in GAMES for lang in LANGS for k in KINDS]


def test_a_kit_is_made_again_when_one_of_its_parts_is(project_copy, tmp_path, fast):
    out = tmp_path / "out"
    first = build(project_copy, ["dice-arena"], ["en"], out=out, kinds=EVERY, workers=1)
    parts = names(out, first.written)
    assert parts[-1] == "dice-arena/en/kit.pdf"
    aid = project_copy.templates / "sheets" / "player-aid.html"
    aid.write_text(aid.read_text() + "\n{# note #}\n")
    again = build(project_copy, ["dice-arena"], ["en"], out=out, kinds=EVERY, workers=1)
    assert names(out, again.written) == ["dice-arena/en/player-aid.pdf", "dice-arena/en/kit.pdf"]


def test_the_command_line_says_what_was_up_to_date_and_what_was_built(project_copy, tmp_path, fast):
    argv = ["--root", str(project_copy.root), "build", "dice-arena", "--lang", "en", "--out", str(tmp_path)]
    code, out, err = run(*argv)
    assert (code, out) == (0, "0 up to date, 8 built\n")
    made = [line for line in err.splitlines() if line.startswith("[")]
    assert len(made) == 8  # one line per file made: six PDFs, the web page and its fonts
    warnings = [line for line in err.splitlines() if not line.startswith("[")]
    # Up to date: nothing made, and the warnings found when the files were made are told again.
    assert run(*argv) == (0, "8 up to date, 0 built\n", "".join(f"{w}\n" for w in warnings))
    code, out, err = run(*argv, "--force")
    assert (code, out) == (0, "0 up to date, 8 built\n") and [ln for ln in err.splitlines() if ln.startswith("[")] == made


def test_an_up_to_date_build_command_imports_no_renderer_rules_or_engine(project, tmp_path, monkeypatch):
    """A `pnp build` with nothing to do answers from the manifest: in a fresh interpreter it imports neither
    WeasyPrint, pypdf, Jinja2, Babel, the rules loader nor any game's engine (a no-op build costs its start-up)."""
    stub_renders(monkeypatch)
    argv = ["--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(tmp_path)]
    assert run(*argv)[:2] == (0, "0 up to date, 8 built\n")
    probe = "import sys; from pnp.cli import main; main(sys.argv[1:]); print(*sorted(sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    summary, loaded = done.stdout.split("\n", 1)
    assert summary == "8 up to date, 0 built"
    heavy = {"weasyprint", "pypdf", "pypdfium2", "jinja2", "babel", "yaml", "svgwrite", "matplotlib", "numpy",
             "scipy", "pnp.rules", "pnp.i18n", "pnp.templating"}
    assert sorted(heavy & set(loaded.split())) == []
    assert [name for name in loaded.split() if name.startswith("pnp.games.") and name.count(".") > 2] == []


def test_a_file_made_again_is_byte_identical_to_a_cold_builds(made, project_copy, tmp_path):
    """Real PDFs: a goal changed and changed back, the incremental build gives the cold build's bytes (the cold
    build is the run's own, of the same files in the project itself)."""
    warm = tmp_path / "warm"
    asked = dict(langs=["en"], kinds=["score-pad"], workers=1)
    cold = made("dead-mans-dice", "score-pad")
    rules = project_copy.rules / "dead-mans-dice.yaml"
    original = rules.read_text()
    assert "  goal: 100\n" in original
    rules.write_text(original.replace("  goal: 100\n", "  goal: 120\n"))
    build(project_copy, ["dead-mans-dice"], out=warm, **asked)
    rules.write_text(original)
    again = build(project_copy, ["dead-mans-dice"], out=warm, **asked)
    assert names(warm, again.written) == ["dead-mans-dice/en/score-pad.pdf"]
    assert (warm / "dead-mans-dice/en/score-pad.pdf").read_bytes() == cold.read_bytes()


# ------------------------------------------------------------------ engine derivations, kept on disk by the rules


def test_a_derivation_is_made_once_per_rules_and_read_back_from_disk(tmp_path):
    from dataclasses import dataclass

    from pnp import derived

    @dataclass(frozen=True)
    class Rules:
        goal: int
        faces: frozenset[str]

    calls = []

    @derived.kept("test-examples")
    def examples(rules: Rules) -> tuple[str, ...]:
        calls.append(rules)
        return tuple(sorted(rules.faces)) * rules.goal

    with derived.using(tmp_path):
        assert examples(Rules(2, frozenset({"skull", "diamond"}))) == ("diamond", "skull") * 2
        assert examples(Rules(2, frozenset({"diamond", "skull"}))) == ("diamond", "skull") * 2  # read back
        assert examples(Rules(3, frozenset({"skull"}))) == ("skull",) * 3
    assert len(calls) == 2 and len(list(tmp_path.glob("test-examples.*.pickle"))) == 2
    with derived.using(None):  # no folder in use (the suite keeps one for the whole run): derived again, in memory
        examples(Rules(2, frozenset({"skull", "diamond"})))
    assert len(calls) == 3


def test_the_set_order_of_a_process_does_not_change_the_key():
    from pnp.derived import canonical

    assert canonical(frozenset({"b", "a", "c"})) == ["set", ["a", "b", "c"]]
    assert canonical({"x": frozenset({2, 1})}) == ["dict", [["x", ["set", [1, 2]]]]]


def test_a_games_examples_come_from_the_disk_once_derived(tmp_path, monkeypatch):
    from pnp import derived
    from pnp.games import find_spec
    from pnp.games.dead_mans_dice import book, engine
    from pnp.rules import load_games

    game = load_games(Path(__file__).parent.parent / "rules", None, ["dead-mans-dice"])[0]
    spec_book = find_spec("dead-mans-dice").book
    with derived.using(tmp_path):
        book._derived.cache_clear()
        first = spec_book.snapshot(game, __import__("helpers").tr("en"))
        book._derived.cache_clear()  # a new process: nothing in memory
        monkeypatch.setattr(engine, "derive_examples", lambda rules: pytest.fail("derived again"))
        assert spec_book.snapshot(game, __import__("helpers").tr("en")) == first
    book._derived.cache_clear()
