"""Gang of Dice's Book: the resolve contract, narration, examples, odds, simulation and a rule change, end to end."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from fractions import Fraction

import pytest
from helpers import LANGS, fold, game, html, html_text, run, tr

from pnp.cli import parser
from pnp.games.gang_of_dice.book import GangBook, example_view, examples, gang_rules
from pnp.games.gang_of_dice.cards import condition_text
from pnp.games.gang_of_dice.engine import clear_chance, trigger_chance
from pnp.games.gang_of_dice.spec import pool_groups
from pnp.rulebook import rulebook_html
from pnp.rules import load_game

BOOK = GangBook()
G = game("gang-of-dice")


def resolve(*argv: str) -> dict:
    """`pnp resolve gang-of-dice ARGV --json` without the process: the same parser, the same Book."""
    args = parser().parse_args(["resolve", "gang-of-dice", *argv, "--json"])
    return BOOK.resolve(G, args).data


# Every card, a result that triggers it and one that does not, worked out by hand (g: the gangster).
CASES = {
    "total-7": (["5", "2"], 7, ["5", "1", "g"], 6),
    "total-10": (["5", "5"], 10, ["5", "4", "g"], 9),
    "total-11": (["5", "4", "2"], 11, ["5", "5", "g"], 10),
    "total-13": (["5", "5", "3"], 13, ["5", "5", "2", "g"], 12),
    "run-2": (["3", "4"], 7, ["2", "g", "4"], 6),  # the gangster between is not a 3
    "run-3": (["3", "1", "2"], 6, ["1", "2", "g", "4"], 7),
    "odd-1": (["1"], 1, ["2", "4", "g"], 6),
    "odd-2": (["1", "1"], 2, ["1", "2", "g"], 3),  # dice are counted, not values
    "odd-3": (["1", "1", "3"], 5, ["1", "3", "g", "g"], 4),
    "distinct-2": (["1", "2"], 3, ["3", "3", "g"], 6),  # a gangster is no value
    "distinct-3": (["1", "2", "3"], 6, ["1", "2", "g", "g"], 3),
    "pair": (["4", "4"], 8, ["g", "g", "5"], 5),  # two gangsters are not a pair
    "fives-2": (["5", "5"], 10, ["5", "g", "4"], 9),
    "any-1": (["1"], 1, ["2", "3", "g"], 5),
    "any-4-5": (["4"], 4, ["3", "2", "1", "g"], 6),
    "any-3-4-5": (["3"], 3, ["2", "1", "g"], 3),
    "even-2": (["2", "4"], 6, ["2", "g", "1"], 3),  # a gangster is not even
    "triple": (["3", "3", "3"], 9, ["3", "3", "g", "g"], 6),
}


def test_every_card_has_a_case():
    assert set(CASES) == {c.id for c in gang_rules(G).cards}


@pytest.mark.parametrize("card", sorted(CASES))
def test_resolve_dice_judges_every_card(card):
    hit, hit_total, miss, miss_total = CASES[card]
    assert resolve("--card", card, "--dice", *hit) == {"triggered": True, "total": hit_total}
    assert resolve("--card", card, "--dice", *miss) == {"triggered": False, "total": miss_total}


def test_resolve_json_through_the_command_line(project):
    code, out, err = run("--root", str(project.root), "resolve", "gang-of-dice", "--card", "total-11", "--dice",
                         "5", "4", "G", "--json")
    assert (code, json.loads(out), err) == (0, {"triggered": False, "total": 9}, "")
    # Black total of 10: 9, 9 and 9 tie; Ben rolled more dice than Ann and before Cleo. Dan's 10 triggers.
    code, out, _ = run("--root", str(project.root), "resolve", "gang-of-dice", "--card", "total-10", "--result",
                       "Ann=5,4", "Ben=5,4,g", "Cleo=5,3,1", "Dan=5,5", "--json")
    assert (code, json.loads(out)) == (0, {"winner": "Ben", "triggered": ["Dan"]})


def test_resolve_results_judge_the_final_results():
    # A yellow card is judged on the final result here: 5, 5, 1 is 11 and triggers.
    assert resolve("--card", "total-11", "--result", "Ann=5,5,1", "Ben=4,4") == {"winner": "Ben", "triggered": ["Ann"]}
    assert resolve("--card", "pair", "--result", "Ann=2,2", "Ben=g,g,3,3") == {"winner": None,
                                                                                "triggered": ["Ann", "Ben"]}
    # Equal totals and equal dice: the earlier player wins.
    assert resolve("--card", "any-1", "--result", "Ann=5,2", "Ben=4,3")["winner"] == "Ann"
    assert resolve("--card", "any-1", "--result", "Ann=5,2", "--result", "Ben=4,3,g")["winner"] == "Ben"


@pytest.mark.parametrize("argv, message", [
    (["--card", "total-99", "--dice", "5"], "unknown card 'total-99' (cards: total-7, total-10, total-11, total-13, "
                                            "run-2, run-3, odd-1, odd-2, odd-3, distinct-2, distinct-3, pair, "
                                            "fives-2, any-1, any-4-5, any-3-4-5, even-2, triple)"),
    (["--card", "pair", "--dice", "6"], "face '6' is not a face of the die (faces: 1, 2, 3, 4, 5 and g for the "
                                        "gangster)"),
    (["--card", "pair", "--dice", "x"], "face 'x' is not a face of the die"),
    (["--card", "pair", "--result", "Ann="], "--result 'Ann=': Ann rolled no dice"),
    (["--card", "pair", "--result", "Ann"], "--result 'Ann': expected NAME=F,F,… (for example Ann=5,3,g)"),
    (["--card", "pair", "--result", "Ann=1", "Ann=2"], "--result: Ann is given twice"),
    (["--dice", "5"], "--card is needed (cards: total-7, total-10,"),
    (["--card", "pair"], "give either --dice (one result) or --result (one per player), not neither"),
    (["--card", "pair", "--dice", "1", "--result", "A=1"], "give either --dice"),
])
def test_resolve_rejects_bad_input_with_exit_2(project, argv, message):
    code, out, err = run("--root", str(project.root), "resolve", "gang-of-dice", *argv)
    assert (code, out) == (2, "") and err.startswith(f"pnp resolve gang-of-dice: {message}")


@pytest.mark.parametrize("lang", LANGS)
def test_resolve_tells_the_outcome_in_the_readers_language(project, lang):
    t = tr(lang)
    card = gang_rules(G).card("pair")
    code, out, _ = run("--root", str(project.root), "resolve", "gang-of-dice", "--card", "pair", "--dice", "5", "g",
                       "g", "--lang", lang)
    assert code == 0
    assert out.splitlines() == [
        t.format(t.gettext("Warning card ({colour}): {condition}."), colour=t.gettext("black"),
                 condition=condition_text(card, t)),
        t.format(t.ngettext("Roll: {n:word} die, a total of {total}.", "Roll: {n:word} dice, a total of {total}.", 3), n=3, total=5),
        t.gettext("The result does not trigger the card."),
        t.format(t.gettext("Had the gangster shown {values} instead, the card would have triggered."), values=t.named_numbers([5])),
    ]


def test_resolve_results_in_words():
    args = parser().parse_args(["resolve", "gang-of-dice", "--card", "total-10", "--result", "Ann=5,4", "Ben=5,4,g",
                                "Cleo=5,3,1", "Dan=5,5"])
    assert BOOK.tell(G, BOOK.resolve(G, args).outcome, tr("en"))[1:] == [
        "Ann: two dice, a total of 9, clear of the card.",
        "Ben: three dice, a total of 9, clear of the card.",
        "Cleo: three dice, a total of 9, clear of the card.",
        "Dan: two dice, a total of 10, triggers the card.",
        "Ann, Ben, and Cleo tie on 9.",
        "Ben and Cleo rolled the most dice, three each; Ben rolled earlier and wins the tie.",
        "Ben wins the round.",
    ]


# ------------------------------------------------------------------ odds

def test_odds_json_is_the_exact_card_table(project):
    code, out, _ = run("--root", str(project.root), "odds", "gang-of-dice", "--json")
    got = json.loads(out)
    assert code == 0 and got["game"] == "gang-of-dice"
    assert [t["id"] for t in got["tables"]] == ["card-triggers", "card-clear"]
    rows = got["tables"][0]["rows"]
    assert len(rows) == 18 * 8
    # Total of 7 or more: one die cannot; two dice make 7 or more in 10 of 36 rolls; three in 135 of 216.
    assert rows[:3] == [{"card": "total-7", "dice": 1, "probability": "0"},
                        {"card": "total-7", "dice": 2, "probability": "5/18"},
                        {"card": "total-7", "dice": 3, "probability": "5/8"}]
    assert {"card": "any-1", "dice": 2, "probability": "11/36"} in rows  # 1 - (5/6)^2
    clear = got["tables"][1]["rows"]
    # Any 4 or 5, black, re-rolled well: each die escapes unless its three rolls all show 4 or 5.
    assert {"card": "any-4-5", "dice": 2, "probability": "676/729"} in clear
    assert {"card": "any-1", "dice": 2, "probability": "25/36"} in clear  # yellow: re-rolls never help
    rules = gang_rules(G)
    for row in rows:
        assert Fraction(row["probability"]) == trigger_chance(rules, rules.card(row["card"]), row["dice"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_the_card_tables(lang):
    t = tr(lang)
    markup = html("gang-of-dice", lang)
    text = html_text(markup)
    # Two header rows: `Card` alone over the number and the condition, `Dice rolled` over the numbers under it.
    assert (f'<tr><th colspan="2" class="card-head">{t.gettext("Card")}</th><th colspan="8" class="group">'
            f'{t.gettext("Dice rolled")}</th></tr>\n      <tr class="numbers"><th colspan="2"></th><th>{t.number(1)}</th>'
            ) in markup
    rules = gang_rules(G)
    first = rules.cards[0]
    # Card 1 (total of 7 or more), 1 to 8 dice: impossible with one die (a dash), 27.8%, 62.5%, … 99.8%.
    chances = [trigger_chance(rules, first, n) for n in range(1, 9)]
    row = [t.number(1), t.typeset(condition_text(first, t))] + ["\u2014" if c == 0 else t.percent(float(c))
                                                                for c in chances]
    assert fold(" ".join(row)) in text
    assert fold(t.percent(0.625)) in text
    # The black cards again, re-rolled well: a pair with 2 dice ends clear 99.7% of the time.
    assert t.percent(float(clear_chance(rules, rules.card("pair"), 2))) == t.percent(0.997)
    assert markup.count('class="data odds gang-odds') == 2


# ------------------------------------------------------------------ worked examples

def test_examples_narration_in_english_is_exact():
    views = {v.id: v for v in BOOK.examples(G, tr("en")).examples}
    tie = views["tie"]
    assert tie.title == "Equal totals"
    assert tie.before == ("Each player has a pool of 48 dice.",)  # the first round goes unsaid
    # Three roll-and-stop sentences in a row, each framed unlike the one before; the whole set said as "all three".
    assert tie.sentences == (
        "Vito rolls two dice for a total of 9 and stops.",
        "Rosa matches that total with three dice and stops.",
        "So does Carlo, with three dice.",
        "All three players tie on 9.",
        "Rosa and Carlo rolled the most dice, three each; Rosa rolled earlier and wins the tie.",
        "Rosa takes all eight dice on the table and now has 53.",
    )
    # A re-roll never opens a turn: it does not name the player again.
    assert views["yellow-reroll"].sentences == (
        "Vito rolls three dice for a total of 9.",
        "A re-roll of the gangster brings up a 2: the new total is 11.",
        "That triggers the yellow card at once, and Vito loses the round.",
    )
    assert views["black-dodge"].sentences[1:] == (
        "That total would trigger the black card, but only the final result counts.",
        "A re-roll of the 5 brings up a 4: the new total is 6.",
        "That is clear of the card, so Vito stops with one re-roll to spare.",
    )
    # Both turns trigger the yellow card on the first roll: the second says "too", and the two players are "both".
    # Once Vito has triggered it, Rosa wins with any result clear of it: she rolls a single die, and is unlucky. The
    # card is "Any die showing 1": the die that sets it off is told, not a total that plays no part.
    assert views["nobody-wins"].sentences == (
        "Vito rolls three dice and triggers the yellow card at once: one of them shows 1.",
        "Rosa rolls one die and triggers the card too: it shows 1.",
        "Both players triggered the card, so nobody wins the round: the four dice on the table stay there for the "
        "winner of the next round.",
    )
    assert views["gangster"].sentences[-1] == "Had the gangster shown 2 or 4 instead, the card would have triggered."
    assert views["out-of-dice"].before[-1] == "Vito has a pool of 2 dice, and Rosa has 94."
    # The last round: every die of the game is in the pools (96 to start, plus 3 and 6 bonus dice), the first player
    # holding the bonus dice; the game's end gives both counts. The examples are one game: seat 0 started round 1,
    # so Rosa starts the even rounds (6, 10 and 12) and the example says so.
    last = views["last-round"]
    assert last.before[1:] == ("This is a bonus round, so nine bonus dice join the table.", "Rosa starts the round.",
                               "Vito has a pool of 57 dice, and Rosa has 48.")
    assert last.sentences[-2:] == ("Both players triggered the card in the last round, so all 12 dice on the table are "
                                   "discarded.", "Vito ends the game with 56 dice, Rosa with 46: Vito wins.")
    assert [(t.name, len(t.rolls[0].faces)) for t in last.extra["turns"]] == [("Rosa", 2), ("Vito", 1)]
    out = views["out-of-dice"]
    assert out.before[1] == "Rosa starts the round."
    assert [(t.name, len(t.rolls[0].faces)) for t in out.extra["turns"]] == [("Rosa", 3), ("Vito", 2)]
    assert "starts the round" not in " ".join(views["nobody-wins"].before)  # round 9: Vito, the first to roll
    dodge = views["black-dodge"]
    assert [r.fresh for r in dodge.extra["turns"][0].rolls] == [(False, False, False), (True, False, False)]
    assert [r.faces for r in dodge.extra["turns"][0].rolls] == [("five", "two", "gangster"), ("four", "two", "gangster")]
    assert views["bonus-round"].before[1:3] == ("This is a bonus round, so three bonus dice join the table.",
                                                "The four dice left from the round before are still on the table.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_every_example_in_the_readers_language(lang):
    t = tr(lang)
    markup = html("gang-of-dice", lang)
    text = html_text(markup)
    assert f"<h2>{t.gettext('Examples')}</h2>" in markup
    for example in examples(G):
        view = example_view(example, G, t)
        assert f"<h3>{t.typeset(view.title)}</h3>" in markup  # as printed: set by the language's typography
        assert t.typeset(fold(" ".join(view.sentences))) in text
    assert markup.count('<svg class="card-mini"') == len(examples(G))
    assert markup.count("face tiny fresh") == 2  # the gangster re-rolled, then the 5 re-rolled


def test_the_reviewed_snapshot_is_current(project):
    assert run("--root", str(project.root), "examples", "gang-of-dice", "--diff") == (0, "", "")
    assert BOOK.warnings(G) == []


def test_a_rule_change_flows_to_examples_odds_and_text_in_every_language(project_copy, project):
    rules = project_copy.rules / "gang-of-dice.yaml"
    text = rules.read_text()
    assert "condition: total_at_least, n: 11}" in text and "  rerolls: 2\n" in text
    rules.write_text(text.replace("condition: total_at_least, n: 11}", "condition: total_at_least, n: 12}")
                     .replace("  rerolls: 2\n", "  rerolls: 1\n"))

    code, out, _ = run("--root", str(project_copy.root), "examples", "gang-of-dice", "--diff")
    assert code == 1
    # The yellow card now needs 12: the gangster re-rolled must show 3. With one re-roll, the dodge is final.
    assert "-  Vito: 5 4 g = 9 -> 5 4 [2] = 11 (meets); triggers the card" in out
    assert "+  Vito: 5 4 g = 9 -> 5 4 [3] = 12 (meets); triggers the card" in out
    assert "+  | Vito has no re-roll left and ends clear of the card." in out

    code, out, _ = run("--root", str(project_copy.root), "odds", "gang-of-dice", "--json")
    tables = {t["id"]: t["rows"] for t in json.loads(out)["tables"]}
    # Three dice make 12 or more in 20 of 216 rolls (5,5,2 3 ways, 5,4,3 6 ways, 4,4,4; 5,5,3 3, 5,4,4 3; 5,5,4 3;
    # 5,5,5): 3 + 6 + 1 + 3 + 3 + 3 + 1 = 20.
    assert {"card": "total-11", "dice": 3, "probability": "5/54"} in tables["card-triggers"]
    # A pair with 2 dice and one re-roll: 31/36 clear at once, else re-roll both, 31/36 again.
    assert {"card": "pair", "dice": 2, "probability": str(Fraction(31, 36) * (1 + Fraction(5, 36)))} \
        in tables["card-clear"]

    changed = load_game(rules, "rules/gang-of-dice.yaml")
    card = gang_rules(changed).card("total-11")
    for lang in LANGS:
        t = tr(lang)
        before = html_text(html("gang-of-dice", lang))
        after = html_text(rulebook_html(project, changed, t))
        for new in (condition_text(card, t),  # the card table, the card pictured in an example
                    t.text(changed.section("reference").blocks[0].items[1].text, changed.values),  # up to 1 time
                    t.format(t.gettext("A re-roll of the gangster brings up a {new}: the new total is {total}."),
                             new=3, total=12)):
            new = t.typeset(new)  # as printed: set by the language's typography
            assert new in after and new not in before, (lang, new)


def test_pool_groups_join_neighbouring_player_counts_with_the_same_pool():
    assert pool_groups(((2, 48), (3, 48), (4, 36))) == [(48, 2, 3), (36, 4, 4)]
    assert pool_groups(((2, 48), (3, 36), (4, 48))) == [(48, 2, 2), (36, 3, 3), (48, 4, 4)]  # not side by side


def test_a_card_for_one_die_says_one_or_more_like_its_neighbours():
    t = tr("en")
    card = gang_rules(G).card("odd-1")
    assert (card.n, condition_text(card, t)) == (1, "Any odd die")
    assert condition_text(gang_rules(G).card("odd-2"), t) == "Two or more odd dice"


def test_the_rulebook_says_ordinary_dice_the_shared_set_the_winner_and_elimination():
    g = game("gang-of-dice")
    assert (g.values["table_gang"], g.values["gangster_pips"]) == (12, 6)
    markup = html("gang-of-dice", "en").replace("\u2060", "")
    # The print-and-play note leads into its own list, one procedure to an item.
    assert '<aside class="note"><strong>Rolling the shared dice:</strong><ul class="items">' in markup
    text = html_text(markup)  # word joiners are typography, not words
    for sentence in (
        # What you need: the kit's cards, and the shared dice, counted (as under Components), the gangster's face named.
        "Gang die 12\u00a0for the whole table",
        "What you need the 18\u00a0warning cards from the kit 12\u00a0ordinary six-sided dice (the 6\u00a0is the "
        "gangster), or the kit’s paper dice score pad to track every pool pencil one player aid per player (optional)",
        "Your turn ends when you stop or have no re-roll left, or at once if you trigger a yellow card. Your total is "
        "the sum of your dice; leave them on the table in front of you.",
        "Each die has a gangster face; its other faces show the numbers 1\u00a0to 5. Ordinary six-sided dice will do, "
        "with the 6\u00a0as the gangster.",
        "Print-and-play: nobody needs a whole pool of real dice. The table shares 12\u00a0dice, and each pool is just a "
        "number on the score pad.",
        "Of the players who did not trigger the warning card, the one with the highest total wins the round and adds "
        "every die on the table to their pool.",
        # What losing the round means, straight after the turn's steps it completes.
        "leave them on the table in front of you. If you trigger the warning card, you lose the round. Your dice stay "
        "on the table all the same, and the round\u2019s winner takes them too. Ties:",
        # The print-and-play procedures one to a line, in the note that ends the section, in the order of a turn: the
        # groups, the re-roll, the yellow card's check, then the turn's end.
        "Rolling the shared dice: To roll more than 12\u00a0dice, roll them in groups of 12\u00a0and write down how many "
        "dice in each group show each face. A roll made in groups is still one roll. To re-roll some of those dice, "
        "cross their faces off your notes and roll that many dice again. A yellow card is checked only once every group "
        "of a roll (or re-roll) has been rolled, against all the faces written down. When your turn ends, write down "
        "how many dice you rolled, your total, and whether you triggered the card, then pass the dice to the next "
        "player.",
        "If every player triggers the card in round\u00a012, the last round, every die on the table is discarded.",
        "A gangster never counts towards a warning card (see Components).",
        "A player whose pool is empty at the start of a round is eliminated. If only one player still has dice, that "
        "player wins at once.",
        "The highest total clear of the card wins and takes every die on the table.",
        "Players Pool (dice per player) 2–3 48 4 36",  # player counts with the same pool share a row
        "The deck has 18\u00a0cards. Cards marked with an asterisk (*) are our own design; the rest come from the original game.",
        "Consecutive values are numbers one apart: 3\u00a0and 4\u00a0are two consecutive values, and 2, 3, and 4\u00a0are "
        "three.",
        "Odd and even cards count dice, not values: two dice showing 3\u00a0count as two odd dice.",
        "If every player triggers the warning card, nobody wins the round. The dice stay on the table for the winner "
        "of the next round.",
        "If everyone triggers the card, the dice stay for the next round’s winner; in round\u00a012, they are "
        "discarded.",
        "Bonus dice join the table at the start of rounds\u00a010, 11, and 12: 3, 6, and 9, in that order.",
    ):
        assert sentence in text


def test_the_shared_set_and_the_gangster_face_come_from_the_data(project_copy, project):
    rules = project_copy.rules / "gang-of-dice.yaml"
    text = rules.read_text()
    assert text.count("table: 12}") == 1 and text.count("faces: [one, two, three, four, five, gangster]") == 1
    rules.write_text(text.replace("table: 12}", "table: 10}")
                     .replace("faces: [one, two, three, four, five, gangster]",
                              "faces: [gangster, one, two, three, four, five]"))
    after = html_text(rulebook_html(project, load_game(rules), tr("en")))
    assert "The table shares ten dice," in after and "roll them in groups of ten" in after
    assert "Ordinary six-sided dice will do, with the 1\u00a0as the gangster." in after


def test_simulation_is_reproducible_by_seed_for_two_three_and_four_players(project):
    for players in ("2", "3", "4"):
        first = run("--root", str(project.root), "simulate", "gang-of-dice", "--games", "4", "--players", players,
                    "--seed", "5")
        assert first == run("--root", str(project.root), "simulate", "gang-of-dice", "--games", "4", "--players",
                            players, "--seed", "5")
        lines = first[1].splitlines()
        assert first[0] == 0 and lines[0] == f"4 games, {players} players, seed 5 (seats rotate between games)"
        assert lines[1].startswith("  steady    (roll 3, never re-roll): ")
        assert sum(Fraction(line.split(": ")[1].split()[0]) for line in lines if "wins in" in line) == 4
        assert [line.split(" per game")[0].strip() for line in lines[-3:]] == [
            "rounds", "eliminations", "dice rolled per round"]
    code, _, err = run("--root", str(project.root), "simulate", "gang-of-dice", "--strategy", "reckless")
    assert code == 2 and "unknown strategy reckless (choose from steady, careful, dodger, bold)" in err


def test_rules_the_engine_cannot_play_name_the_rules_file(project_copy):
    rules = project_copy.rules / "gang-of-dice.yaml"
    rules.write_text(rules.read_text().replace("  - {id: gangster, name: gangster, art: gangster, value: 0,",
                                               "  - {id: gangster, name: gangster, art: gangster,"))
    code, _, err = run("--root", str(project_copy.root), "odds", "gang-of-dice")
    assert code == 2 and err.startswith("error: rules/gang-of-dice.yaml:21: faces: the engine cannot play these rules")


def test_the_card_table_marks_our_own_cards_with_an_asterisk_set_close():
    markup = html("gang-of-dice", "en")
    ours = [c for c in gang_rules(G).cards if c.ours]
    assert len(ours) == 2
    for card in ours:  # «Two or more even dice*»: no space before the asterisk
        assert f'<td class="condition">{tr("en").typeset(condition_text(card, tr("en")))}*</td>' in markup
    assert " *</td>" not in markup


def translated(lang: str, entries: dict[tuple[str | None, str], str]):
    """The language's real catalog with entries a translator adds or rewrites: (msgctxt, msgid) to msgstr."""
    t = tr(lang)
    if not entries:
        return t
    translations = copy.copy(t.translations)
    translations._catalog = {**translations._catalog,
                             **{(f"{ctx}\x04{msgid}" if ctx else msgid): text for (ctx, msgid), text in entries.items()}}
    return replace(t, translations=translations)


@pytest.mark.parametrize("lang, entries, told", [
    ("en", {}, ("4 or 5", "Any die showing 3, 4, or 5")),
    ("ru", {}, ("4 или 5", "Есть кубик с числом 3, 4 или 5")),
    # Spanish and Catalan repeat the article before each number: the catalog's pattern for one number says so.
    ("es", {("number as a noun", "{value}"): "un {value}", (None, "Any die showing {values}"): "Algún dado con {values}"},
     ("un 4 o un 5", "Algún dado con un 3, un 4 o un 5")),
    ("ca", {("number as a noun", "{value}"): "un {value}",
            (None, "Any die showing {values}"): "Algun dau que mostri {values}"},
     ("un 4 o un 5", "Algun dau que mostri un 3, un 4 o un 5")),
])
def test_a_list_of_numbers_takes_the_article_each_language_repeats(lang, entries, told):
    t = translated(lang, entries)
    assert (t.named_numbers([4, 5], style="or"), condition_text(gang_rules(G).card("any-3-4-5"), t)) == told
