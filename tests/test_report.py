"""The balance report (`pnp report`): labels of compared versions, the progress bar, reproducibility, one PDF read
back, and bad --compare files located."""

from __future__ import annotations

import io
from dataclasses import replace

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from helpers import PROJECT, ROOT, game, pdf_text, run, spaced, tr

from pnp import report
from pnp.cli import Bar


def test_differences_name_the_changed_params():
    dicemants = game("dicemants")
    other = replace(dicemants, params=replace(dicemants.params, goal=25, max_dice=5))
    assert report.differences(dicemants, other) == ("goal: 21; max_dice: 6", "goal: 25; max_dice: 5")


def test_differences_without_a_changed_param_name_the_files_and_what_differs():
    dicemants = game("dicemants")
    other = replace(dicemants, file="variants/dicemants.yaml", players=(2, 4))
    assert report.differences(dicemants, other) == ("rules/dicemants.yaml (players)",
                                                    "variants/dicemants.yaml (players)")


def test_progress_bar_redraws_one_line_and_ends_it():
    stream, now = io.StringIO(), [0.0]
    bar = Bar(4, stream, clock=lambda: now[0])
    for step in range(4):
        now[0] = step * 0.05  # the second game comes too soon after the first to be drawn
        bar()
    bar.close()
    assert stream.getvalue().split("\r")[1:] == [
        "[#######.......................] 1/4 games",
        "[######################........] 3/4 games",
        "[##############################] 4/4 games\n",
    ]


@pytest.fixture(scope="module")
def arena():
    """Dice Arena's report results, two games a simulation (the report draws and renders them as for thousands)."""
    return report.measure(report.Version(game("dice-arena"), ""), 2, seed=1)


def test_the_same_seed_plays_the_same_games(arena):
    again = report.measure(report.Version(game("dice-arena"), ""), 2, seed=1)
    assert (again.tables, again.matrix) == (arena.tables, arena.matrix)
    assert [t.players for t in arena.tables] == [2, 3, 4, 5]
    assert arena.strategies == ("single", "fill-3", "odds-50")
    assert [arena.matrix[i][i] for i in range(3)] == [None, None, None]
    assert arena.matrix[0][1] + arena.matrix[1][0] == pytest.approx(1)  # a win goes to one strategy or the other


def test_report_pdf_is_a4_with_every_chart_as_vector_art_in_the_readers_language(tmp_path, arena):
    html, pdf, warnings = report.write_report(PROJECT, [arena], tr("ca"), tmp_path, 2, 1)
    assert warnings == []
    text = pdf_text(pdf)
    catalan = tr("ca")  # the report's own words, from the Catalan catalog
    for words in ("Wins by seat", "Share of the wins", "Length of the game", "Throws in the game",
                  "Strategies against each other", "Against", "A single throw", "The strike"):
        assert catalan.gettext(words) != words and spaced(catalan.gettext(words)) in text, words
    assert "Jugadors" in text and "50 %" in text and "50%" not in text  # the catalog's words, Catalan numbers
    document = pdfium.PdfDocument(str(pdf))
    try:
        sizes = {tuple(round(v) for v in document[i].get_size()) for i in range(len(document))}
        kinds = [obj.type for i in range(len(document)) for obj in document[i].get_objects()]
    finally:
        document.close()
    assert sizes == {(595, 842)}
    assert raw.FPDF_PAGEOBJ_IMAGE not in kinds and kinds.count(raw.FPDF_PAGEOBJ_PATH) > 200
    assert html.read_text(encoding="utf-8").count("<svg") == 5  # seats, length, strategies, and the game's two


def test_compared_versions_are_labelled_in_charts_and_tables(arena):
    other = replace(game("dice-arena"), params=replace(game("dice-arena").params, neutral_dice=2))
    first, second = report.differences(game("dice-arena"), other)
    assert (first, second) == ("neutral_dice: 1", "neutral_dice: 2")
    both = [replace(arena, version=report.Version(game("dice-arena"), first)),
            replace(arena, version=report.Version(other, second))]
    svg = report.seats_chart(both, tr("en"))
    assert svg.count(">neutral_dice: 1<") == 1 and svg.count(">neutral_dice: 2<") == 1  # each panel's title
    rows = report._seat_rows(both, tr("en"))
    assert [row[:2] for row in rows[:4]] == [["2", first], ["2", second], ["3", first], ["3", second]]


@pytest.mark.parametrize("content, expected", [
    ("id: dicemants\n", "{file}:4: id: a rules file of dicemants, where dice-arena is being reported on"),
    ("id: [dice-arena\n", "{file}:2: YAML syntax:"),
    (None, "{file}: rules file not found"),
])
def test_bad_compare_file_is_located_and_nothing_is_written(tmp_path, content, expected):
    other = tmp_path / "other.yaml"
    if content is not None:
        other.write_text(content if "dicemants" not in content else
                         (ROOT / "rules/dicemants.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run("--root", str(ROOT), "report", "dice-arena", "--games", "1", "--compare", str(other),
                         "--out", str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in err and out == ""
    assert err.startswith("error: " + expected.format(file=other)), err
    assert not (tmp_path / "out").exists()


def test_an_output_folder_that_is_a_file_is_told_before_any_game_is_played(tmp_path):
    taken = tmp_path / "out"
    taken.write_text("not a folder", encoding="utf-8")
    code, out, err = run("--root", str(ROOT), "report", "dice-arena", "--out", str(taken))
    assert (code, out, err) == (2, "", f"error: {taken}: is a file, where the build needs a folder\n")
