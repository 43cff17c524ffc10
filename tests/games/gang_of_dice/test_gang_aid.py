"""Gang of Dice's player aid: the deck beside the quick reference, from the rules data, inside each aid's box."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from gang_readback import characters
from helpers import game, html_text, spaced, tr

from pnp.games.gang_of_dice.cards import colour_name, colour_rule, condition_text
from pnp.games.gang_of_dice.spec import cards
from pnp.sheets import sheet_html
from pnp.sheets.aid import aid_boxes, per_page
from pnp.sheets.page import Frame


def test_the_aid_lists_every_card_by_colour_with_what_triggers_it_and_what_it_costs(project):
    g, t = game("gang-of-dice"), tr("en")
    words = spaced(html_text(sheet_html(project, g, t, "player-aid")))
    assert words.count("The game at a glance") == per_page(g) and "Your turn" not in words
    deck = cards(g)
    # Each colour as the cards show it, in the deck's order of colours, then its cards by their number.
    colours = list(dict.fromkeys(card.colour for card in deck))
    listed = " ".join(
        f"{colour_name(group[0], t)} {spaced(t.typeset(colour_rule(group[0], t)))} "
        + " ".join(f"{deck.index(card) + 1} {spaced(t.typeset(condition_text(card, t)))}" for card in group)
        for group in ([card for card in deck if card.colour == colour] for colour in colours))
    assert words.count(f"Warning cards Trigger the card and you lose the round. {listed}") == per_page(g)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_word_of_an_aid_stays_inside_its_box(gang_pdf, paper):
    """The reference and the faces on the left, the deck on the right, fit the aid (Letter is the shorter page)."""
    frame = Frame.of(paper)
    boxes = aid_boxes(frame, per_page(game("gang-of-dice")))
    pdf = pdfium.PdfDocument(gang_pdf("player-aid", paper=paper))
    for page in pdf:
        inside = [c for c in characters(page) if frame.body.y < c[2] < frame.body.bottom]
        assert inside and all(any(b.x < left and right < b.right and b.y < top and bottom < b.bottom
                                  for b in boxes) for _, left, top, right, bottom in inside)
