"""Score pads, mats and player aids read back: what each game's table needs, in the reader's language."""

from __future__ import annotations

import math

import pytest
from helpers import spaced
from helpers import tr as translation
from sheet_readback import A4, LETTER, page_size, paths, reader, text

from pnp.games import find_spec, game_ids
from pnp.i18n import translator
from pnp.rules import load_game
from pnp.sheets.page import Frame


def test_dicemants_pad_has_a_column_pair_per_player_and_the_goal(sheet, project):
    game = load_game(project.rules / "dicemants.yaml")
    words = text(sheet("dicemants", "score-pad"))
    assert f"Goal: {game.params.goal} diamonds" in words
    assert all(f"Player {n}" in words for n in range(1, game.players[1] + 1))
    assert f"Player {game.players[1] + 1}" not in words
    assert words.count("Banked") == game.players[1] + 1  # each player's column, and the legend


def test_gang_of_dice_pad_has_every_round_and_marks_the_bonus_rounds(sheet, project):
    game = load_game(project.rules / "gang-of-dice.yaml")
    pad = find_spec(game.id).score_pad(game, Frame.of("a4"), translation("en"))
    assert [r.number for r in pad.rows if r.kind == "number"] == list(range(1, game.params.rounds + 1))
    assert {r.number: r.note for r in pad.rows if r.note} == {
        n: f"+{dice} bonus dice" for n, dice in game.params.bonus_dice.items()}
    assert [c.label for c in pad.columns[:4]] == ["Round", "Card", "Left on the table", "Rolled"]
    assert [c.head.key for c in pad.columns if c.player == 1] == ["rolled", "score", "triggered", "pool"]
    words = text(sheet("gang-of-dice", "score-pad"))
    for dice in game.params.bonus_dice.values():
        assert f"+{dice} bonus dice" in words
    assert "48 dice (2–3 players) · 36 dice (4 players)" in words  # each pool at the start, from the data
    assert words.count("Pool") >= game.players[1]


def test_dead_mans_dice_pad_ticks_doubled_and_keelhauled_and_counts_broadsides(sheet, project):
    game = load_game(project.rules / "dead-mans-dice.yaml")
    pdf = sheet("dead-mans-dice", "score-pad")
    words = text(pdf)
    assert f"Goal: {game.params.goal} doubloons" in words
    assert f"−{game.params.keelhaul_penalty}" in words and "×2" in words
    pad = find_spec(game.id).score_pad(game, Frame.of("a4"), translation("en"))
    assert [c.label for c in pad.columns if c.player == 1] == [
        "Pile", "×2", f"Keelhauled\u00a0−{game.params.keelhaul_penalty}",
        f"Broadsides\u00a0(−{game.params.broadside_penalty}\u00a0each)", "Total"]  # every head on one line
    ticks = [p for p in paths(reader(pdf).pages[0])
             if p.stroked and p.filled and len(p.subpaths) == 1 and 2.5 < p.box[2] < 2.7 and 2.5 < p.box[3] < 2.7]
    # ×2 and keelhauled are tick boxes (white: not the compass symbol's ring), 2.6 mm: clear of their narrow columns'
    # rules; a broadside cell takes a number.
    assert len(ticks) == 2 * game.players[1] * len(pad.rows)


def test_dice_arena_pad_counts_dice_in_hand(sheet, project):
    words = text(sheet("dice-arena", "score-pad"))
    assert "Dice in hand at the start: 9 for 2 players · 8 for 3 players · 7 for 4 players · 6 for 5 players" in words
    assert words.count("Dice in hand") == 5 + 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pad_rows_fit_the_page(project, paper):
    frame = Frame.of(paper)
    for game_id in game_ids():
        game = load_game(project.rules / f"{game_id}.yaml")
        pad = find_spec(game_id).score_pad(game, frame, translation("ru"))
        assert pad.bottom <= frame.body.bottom + 1e-6
        assert sum(c.w for c in pad.columns) == pytest.approx(frame.body.w)


def test_dicemants_mat_has_its_three_zones(sheet, project):
    pdf = sheet("dicemants", "mats")
    words = text(pdf)
    for zone in ("Lost zone", "Board", "Bag"):
        assert zone in words
    # Dice places: the lost zone and the bag hold every die, the board one roll.
    game = load_game(project.rules / "dicemants.yaml")
    places = [p for p in paths(reader(pdf).pages[0]) if p.dashed and p.stroked and len(p.subpaths) == 1]
    assert len(places) == 6 + game.params.max_dice + 6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_dice_arena_arena_is_four_tiles(sheet, paper):
    """One solid edge stroke on each of four tiles; tests/games/dice_arena/test_arena_tiles.py assembles them."""
    pdf = sheet("dice-arena", "mats", paper=paper)
    for page in reader(pdf).pages:
        edges = [p for p in paths(page) if p.stroked and abs(p.width - 1.0) < 0.01 and len(p.points) > 3]
        assert len(edges) == 1 and not edges[0].dashed
    assert len(reader(pdf).pages) == 4
    assert "Arena" in text(pdf)


def test_mats_only_for_games_with_a_mat(project):
    from pnp.sheets import sheets_for

    with_mat = [g for g in game_ids() if "mats" in {s.kind for s in sheets_for(load_game(project.rules / f"{g}.yaml"))}]
    assert with_mat == ["dicemants", "dice-arena"]


@pytest.mark.parametrize("game_id", game_ids())
def test_one_player_aid_per_player(sheet, project, game_id):
    game = load_game(project.rules / f"{game_id}.yaml")
    per_page = find_spec(game_id).aids_per_page  # two, or three where an aid is short (Dice Arena)
    assert per_page == (3 if game_id == "dice-arena" else 2)
    pages = reader(sheet(game_id, "player-aid")).pages
    assert len(pages) == math.ceil(game.players[1] / per_page)
    aids = [p for page in pages for p in paths(page)
            if p.stroked and not p.dashed and (box := p.as_rect()) and box[2] > 180 and box[3] > 60]
    assert len(aids) == per_page * len(pages)


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_player_aid_in_the_readers_language(project, lang):
    """The aid's words, in the sheet's HTML they are printed from (each game's English aid PDF is read back above and
    in test_access; Russian words are read back from sheet PDFs in test_dice_sheet and the Gang of Dice pad's)."""
    from helpers import html_text

    from pnp.sheets import sheet_html

    game = load_game(project.rules / "dicemants.yaml")
    tr = translator(project.locales, lang, project.root)
    words = html_text(sheet_html(project, game, tr, "player-aid"))
    for face in game.faces:
        assert spaced(tr.text(face.name, game.values)) in spaced(words)
    for item in game.section("reference").blocks[0].items:
        assert spaced(tr.text(item.text, game.values)) in spaced(words)


# A pad, a mat and an aid on each paper; the pad is the one the Gang of Dice pad's tests read on each paper too.
@pytest.mark.parametrize("kind, game_id", [("score-pad", "gang-of-dice"), ("mats", "dicemants"), ("player-aid", "gang-of-dice")])
@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_every_sheet_is_on_the_paper_asked_for(sheet, kind, game_id, paper, size):
    assert {page_size(p) for p in reader(sheet(game_id, kind, paper=paper)).pages} == {size}


def test_a_catalog_may_name_one_games_pad_for_what_it_counts(project):
    """The pad's name is asked per game: a game whose pad counts dice may have its own, the others the shared one,
    in the kit's list and on the pad alike."""
    from babel.messages.catalog import Catalog
    from helpers import html_text

    from pnp.i18n import load_translator
    from pnp.sheets import sheet_html
    from pnp.sheets.kinds import SCORE_PAD

    catalog = Catalog(locale="ru")
    catalog.add("Score pad", "Бланк подсчёта очков")
    catalog.add("Score pad", "Бланк учёта кубиков", context="dice-arena")
    tr = load_translator(catalog, "ru", "ru.po")
    arena, miners = (load_game(project.rules / f"{g}.yaml") for g in ("dice-arena", "dicemants"))
    assert (SCORE_PAD.title(tr, arena), SCORE_PAD.title(tr, miners)) == ("Бланк учёта кубиков", "Бланк подсчёта очков")
    assert "Бланк учёта кубиков" in html_text(sheet_html(project, arena, tr, "score-pad"))
