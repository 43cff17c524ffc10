"""Counts come from the rules data: add a die or a card to a copy of the rules and the sheets follow."""

from __future__ import annotations

from sheet_readback import paths, reader, text

from pnp.build import build


def _stickers(path, size=16.0) -> int:
    return sum(
        1 for page in reader(path).pages for p in paths(page)
        if p.stroked and not p.dashed and (box := p.as_rect()) and abs(box[2] - size) < 0.1 and abs(box[3] - size) < 0.1
    )


def test_a_new_die_gets_its_stickers_and_its_net(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace(
        "  - {id: F, name: Die F, count: 1, faces: [diamond, diamond, thief, void, void, void]}\n",
        "  - {id: F, name: Die F, count: 1, faces: [diamond, diamond, thief, void, void, void]}\n"
        "  - {id: G, name: Die G, count: 2, faces: [diamond, skull, void, void, void, void]}\n",
    ))
    out = project_copy.root / "output"
    build(project_copy, ["dicemants"], ["en"], out=out, kinds=["dice"], workers=1)
    pdf = out / "dicemants" / "en" / "dice.pdf"
    assert _stickers(pdf) == (6 + 2) * 6  # die G has two copies
    words = text(pdf)
    assert "Die G (1/2)" in words and "Die G (2/2)" in words


def test_a_new_card_is_printed_with_its_back(project_copy):
    rules = project_copy.rules / "gang-of-dice.yaml"
    rules.write_text(rules.read_text().replace(
        "  - {id: triple, colour: yellow, condition: same_at_least, n: 3, ours: true}\n",
        "  - {id: triple, colour: yellow, condition: same_at_least, n: 3, ours: true}\n"
        "  - {id: total-15, colour: black, condition: total_at_least, n: 15, ours: true}\n",
    ))
    out = project_copy.root / "output"
    build(project_copy, ["gang-of-dice"], ["en"], out=out, kinds=["cards"], workers=1)
    pdf = out / "gang-of-dice" / "en" / "cards.pdf"
    pages = reader(pdf).pages
    assert len(pages) == 2 * 4  # 19 cards: four pages of fronts, each with its backs
    words = text(pdf)
    assert "Total of 15 or more" in words and "19 warning cards" in words and "19/19" in words


def test_more_players_mean_more_columns_and_aids(project_copy):
    rules = project_copy.rules / "dead-mans-dice.yaml"
    rules.write_text(rules.read_text().replace("players: {min: 2, max: 6}", "players: {min: 2, max: 7}"))
    out = project_copy.root / "output"
    build(project_copy, ["dead-mans-dice"], ["en"], out=out, kinds=["score-pad", "player-aid"], workers=1)
    assert "Player 7" in text(out / "dead-mans-dice" / "en" / "score-pad.pdf")
    assert len(reader(out / "dead-mans-dice" / "en" / "player-aid.pdf").pages) == 4  # 7 aids, two to a page
