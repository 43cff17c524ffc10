"""Counts come from the rules data: add a die, a card or a player to a copy of the rules and the sheets follow."""

from __future__ import annotations

import re

from helpers import html_text, tr

from pnp.games.gang_of_dice.kit import sides
from pnp.games.gang_of_dice.spec import cards
from pnp.rules import load_game
from pnp.sheets import sheet, sheet_html
from pnp.sheets.dice import die_sets
from pnp.sheets.page import Frame


def test_a_new_die_gets_its_stickers_and_its_net(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace(
        "  - {id: F, name: Die F, count: 1, faces: [diamond, diamond, thief, void, void, void]}\n",
        "  - {id: F, name: Die F, count: 1, faces: [diamond, diamond, thief, void, void, void]}\n"
        "  - {id: G, name: Die G, count: 2, faces: [diamond, skull, void, void, void, void]}\n",
    ))
    game = load_game(rules)
    assert [s.die.id for s in die_sets(game)] == ["A", "B", "C", "D", "E", "F", "G", "G"]  # die G has two copies
    stuck = sheet_html(project_copy, game, tr("en"), "stickers")
    assert len(re.findall(r'<rect class="sticker"', stuck)) == (6 + 2) * 6
    folded = sheet_html(project_copy, game, tr("en"), "paper-dice")
    assert len(re.findall(r'<polygon class="net"', folded)) == 6 + 2
    for markup in (stuck, folded):
        words = html_text(markup)
        assert "Die\u00a0G (1/2)" in words and "Die\u00a0G (2/2)" in words  # a label keeps its letter


def test_a_new_card_is_printed_with_its_back(project_copy):
    rules = project_copy.rules / "gang-of-dice.yaml"
    rules.write_text(rules.read_text().replace(
        "  - {id: triple, colour: yellow, condition: same_at_least, n: 3, ours: true}\n",
        "  - {id: triple, colour: yellow, condition: same_at_least, n: 3, ours: true}\n"
        "  - {id: total-15, colour: black, condition: total_at_least, n: 15, ours: true}\n",
    ))
    game = load_game(rules)
    laid = sides(cards(game), Frame.of("a4"))
    assert [side.back for side in laid] == [False, True] * 4  # 19 cards: four pages of fronts, each with its backs
    assert [len(side.cards) for side in laid] == [6, 6, 6, 6, 6, 6, 1, 1]
    words = html_text(sheet_html(project_copy, game, tr("en"), "cards"))
    assert "Total of 15\u00a0or more" in words and "19\u00a0warning cards" in words and "19/19" in words


def test_an_odd_last_page_is_mirrored_too(project_copy):
    path = project_copy.rules / "gang-of-dice.yaml"
    lines = path.read_text().split("\n")
    # Drop the last card: 17 cards leave five on the last page, so its backs are visibly mirrored.
    index = max(i for i, line in enumerate(lines) if line.startswith("  - {id: ") and "condition:" in line)
    path.write_text("\n".join(lines[:index] + lines[index + 1:]))
    frame = Frame.of("a4")
    fronts, backs = sides(cards(load_game(path)), frame)[-2:]
    assert len(fronts.cards) == len(backs.cards) == 17 % 6
    for (n, _, front), (m, _, back) in zip(fronts.cards, backs.cards, strict=True):
        assert n == m and back.trim.y == front.trim.y
        assert abs(back.trim.x - (frame.width - front.trim.right)) < 1e-9  # flipped on the long edge
    assert any(abs(b.trim.x - f.trim.x) > 1 for (_, _, f), (_, _, b) in zip(fronts.cards, backs.cards, strict=True))


def test_more_players_mean_more_columns_and_aids(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    text = rules.read_text()
    assert "players: {min: 2, max: 6}" in text
    rules.write_text(text.replace("players: {min: 2, max: 6}", "players: {min: 2, max: 7}"))
    game = load_game(rules)
    assert "Player\u00a07" in html_text(sheet_html(project_copy, game, tr("en"), "score-pad"))
    assert sheet(game, "player-aid").copies(game) == 4  # 7 aids, two to a page
