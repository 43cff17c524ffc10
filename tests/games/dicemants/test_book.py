"""Dicemants' Book: resolve, narration, worked examples, odds, simulation and a rule change, end to end."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import fold, game, html, html_text, run, tr

from pnp.games.dicemants.book import DicemantsBook, dicemants_rules, example_view, examples
from pnp.games.dicemants.engine import odds
from pnp.games.dicemants.narrate import narrate
from pnp.games.dicemants.spec import narration
from pnp.model import LANGS
from pnp.rulebook import rulebook_html
from pnp.rules import load_game

BOOK = DicemantsBook()


def test_resolve_json_source_example_2(project):
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "diamond", "void", "diamond", "snake", "diamond", "bat", "--json")
    got = json.loads(out)
    assert code == 0
    assert {k: got[k] for k in ("tier", "bag", "board", "lost", "reroll", "turn_over", "banked", "possible")} == {
        "tier": "bug", "bag": ["diamond"], "board": ["void", "snake", "bat"], "lost": ["diamond", "diamond"],
        "reroll": "optional", "turn_over": False, "banked": None, "possible": True,
    }
    assert [e["kind"] for e in got["events"]] == ["tier", "to_lost", "to_lost", "to_bag"]
    assert [(e["cause"], e["position"]) for e in got["events"] if e["kind"] == "to_lost"] == [("snake", 2), ("bat", 4)]


def test_resolve_json_impossible_and_alias(project):
    _, out, _ = run("--root", str(project.root), "resolve", "dicemants", "diamond", "diamond", "skull", "spider", "tnt", "locked", "--json")
    got = json.loads(out)
    assert (got["tier"], got["reroll"], got["possible"], got["lost"], len(got["board"])) == ("tnt", "mandatory", False, [], 6)
    _, out, _ = run("--root", str(project.root), "resolve", "dicemants", "diamond", "bug", "--bag", "1", "--lost", "2", "--json")
    got = json.loads(out)
    # The bug takes the board diamond, the closest; the diamond already in the bag stays.
    assert (got["tier"], got["bag"], got["board"], len(got["lost"])) == ("bug", ["diamond"], ["bug"], 3)


def test_resolve_rejects_bad_faces_counts_and_games(project):
    code, _, err = run("--root", str(project.root), "resolve", "dicemants", "ruby")
    assert code == 2 and err.startswith("pnp resolve dicemants: unknown face ruby (faces: bat, bug, diamond,")
    code, _, err = run("--root", str(project.root), "resolve", "dicemants", "void", "void", "void", "--bag", "4")
    assert (code, err) == (2, "pnp resolve dicemants: 3 rolled + 4 in the bag + 0 lost is more than the 6 dice of the game\n")
    code, _, err = run("--root", str(project.root), "resolve", "yahtzee", "x")
    assert code == 2 and "invalid choice: 'yahtzee'" in err


def test_narration_in_english_is_exact():
    g = game("dicemants")
    example = next(e for e in examples(g) if e.id == "bug-fallback")
    assert narrate(example.resolution, g, tr("en")) == [
        "The two bugs act, from left to right.",
        "The bat sends the diamond closest to it to the lost zone.",
        "With no diamond left on the board, the snake takes the diamond put in your bag most recently.",
        "You may re-roll the two dice left on the board, or stop and bank your bag.",
    ]


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_resolve_tells_the_outcome_in_the_readers_language(project, lang):
    t = tr(lang)
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "thief", "diamond", "locked", "--lang", lang)
    assert code == 0
    assert out.splitlines() == [
        t.gettext("The thief acts."),
        t.format(t.ngettext("You lose {n:word} diamond to the lost zone.", "You lose {n:word} diamonds to the lost zone.", 1), n=1),
        t.gettext("The locked way ends your turn."),
        t.gettext("You bank nothing."),
    ]


def test_printed_examples_are_possible_and_cover_every_goal():
    g = game("dicemants")
    chosen = examples(g)
    assert all(e.resolution.possible for e in chosen)
    assert [e.id for e in chosen if e.id.startswith("pinned-")] == ["pinned-1", "pinned-2", "pinned-3", "pinned-4", "pinned-6"]
    view = BOOK.examples(g, tr("en"))
    # The source's own numbers: its examples 5 and 7 cannot happen with the real dice, and are left out.
    assert [v.title for v in view.examples][:5] == [f"From the original rules, example {n}" for n in (1, 2, 3, 4, 6)]
    assert view.intro.endswith(" Examples 5 and 7 of the original rules are left out: no set of the real dice can "
                               "show them.")
    covered = {goal for e in chosen for goal in e.covers}
    assert {"locked-thief", "locked-bug", "locked-plain", "bug-fallback", "tnt-empty-lost", "tnt-return",
            "pick-alone", "void-streak", "skull-big-bag"} <= covered


def test_a_possible_source_example_is_printed_and_the_line_says_which_are_left_out(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("  - [diamond, diamond, skull, spider, tnt, locked]\n",
                                               "  - [diamond, diamond, skull, snake, tnt, locked]\n"))
    view = BOOK.examples(load_game(rules), tr("en"))
    assert [v.title for v in view.examples if v.id.startswith("pinned-")][-2:] == [
        "From the original rules, example 6", "From the original rules, example 7"]
    assert view.intro.endswith(" Example 5 of the original rules is left out: no set of the real dice can show it.")


def test_the_rulebook_states_the_draw_the_forced_re_roll_the_row_and_the_lost_zone():
    text = html_text(html("dicemants", "en"))
    for sentence in (
        "cup or opaque bag to draw the dice from",
        "Keep the dice that are not in play in a cup or an opaque bag, and draw them without looking.",
        "If TNT or a broken pick acted, you must re-roll every die left on the board. After any other roll that did "
        "not end your turn, choose: re-roll all the dice left on the board, or stop and bank your bag. To re-roll, go back to step 2. If the board is "
        "empty, your turn ends and you bank your bag.",
        "Positions do not close up: when a die leaves the row, its place stays empty for the rest of that roll, and "
        "distances count the places as they were rolled.",
        "When several dice are lost at once (a skull, a thief), the board\u2019s dice go first, from left to right, then the "
        "dice of your bag, in the order they went into it. This order decides which die TNT brings back.",
        "spider A bug. It sends the diamond closest to it on the board to the lost zone or, with none left there, the "
        "diamond put in your bag most recently.",
        "Each one sends the diamond closest to it on the board to the lost zone; with no diamond left on the board, it "
        "takes the diamond you put in your bag most recently.",
    ):
        assert sentence in text
    assert "the closest diamond" not in text
    cup = game("dicemants").parts[-1]
    assert (cup.id, cup.count) == ("cup", 1)


def test_odds_json_is_the_exact_first_roll_table(project):
    code, out, _ = run("--root", str(project.root), "odds", "dicemants", "--json")
    assert code == 0
    got = json.loads(out)
    assert got["game"] == "dicemants" and [t["id"] for t in got["tables"]] == ["first-roll"]
    rows = got["tables"][0]["rows"]
    assert [row["dice"] for row in rows] == [1, 2, 3, 4, 5, 6]
    # One die: skull, lone pick or lone locked way bust (3/36); a lone diamond is banked (1/2).
    assert rows[0] == {"dice": 1, "turn_ends": "7/12", "bust": "1/12", "ends_banking": "1/2", "skull": "1/36",
                       "kept_mean": "1/2"}
    rules = dicemants_rules(game("dicemants"))
    for row in rows:
        exact = odds(rules, row["dice"])
        assert {k: Fraction(v) for k, v in row.items() if k != "dice"} == {
            "turn_ends": exact.turn_ends, "bust": exact.bust, "ends_banking": exact.ends_banking,
            "skull": exact.skull, "kept_mean": exact.expected_bag}
        assert Fraction(row["bust"]) + Fraction(row["ends_banking"]) == Fraction(row["turn_ends"])
        assert all(str(Fraction(v)) == v for k, v in row.items() if k != "dice")  # lowest terms


def test_odds_text_in_the_readers_language(project):
    code, out, _ = run("--root", str(project.root), "odds", "dicemants", "--lang", "ru")
    t = tr("ru")
    lines = out.splitlines()
    assert code == 0 and lines[0] == t.gettext(
        "The chances of the first roll of a turn, for each number of dice, computed exactly from the faces of the dice.")
    headers = ["Dice rolled", "The roll ends your turn", "and you bank nothing", "and you bank diamonds",
               "The skull acts", "Diamonds kept, on average"]
    assert lines[1].split() == " ".join(t.gettext(h) for h in headers).split()
    assert lines[2].split() == ["1", "58,3", "%", "8,3", "%", "50,0", "%", "2,8", "%", "0,50"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_the_bust_and_banking_split(lang):
    t = tr(lang)
    markup = html("dicemants", lang)
    assert f'<th colspan="2">{t.gettext("The roll ends your turn")}</th>' in markup
    assert f"<th>{t.gettext('and you bank nothing')}</th><th>{t.gettext('and you bank diamonds')}</th>" in markup
    text = html_text(markup)
    # Three dice: 10.3 % bust, 16.1 % end banking, 7.8 % skull, 1.03 diamonds kept on average.
    row = " ".join([t.number(3), t.percent(0.10339506), t.percent(0.16126543), t.percent(0.0783179), t.decimal(1.02916, 2)])
    assert fold(row) in text


def test_a_rule_change_flows_to_every_language_and_shows_as_a_diff(project_copy, project):
    rules = project_copy.rules / "dicemants.yaml"
    text = rules.read_text()
    # The goal goes up, and the skull now ranks below the broken pick.
    text = text.replace("  goal: 21\n", "  goal: 25\n")
    skull = text[text.index("  - tier: skull\n"):text.index("  - tier: pick\n")]
    pick = text[text.index("  - tier: pick\n"):text.index("  - tier: thief\n")]
    text = text.replace(skull + pick, pick + skull)
    rules.write_text(text)

    code, out, _ = run("--root", str(project_copy.root), "examples", "dicemants", "--diff")
    assert code == 1
    assert "-  tier skull; re-roll none; turn over, banked 0" in out
    assert "+  tier pick; re-roll mandatory; turn goes on" in out

    changed = load_game(rules, "rules/dicemants.yaml")
    for lang in LANGS:
        t = tr(lang)
        before = html_text(html("dicemants", lang))
        after = html_text(rulebook_html(project, changed, t))
        goal_sentence = t.typeset(t.text(changed.section("end").blocks[0].text, changed.values))  # as printed
        assert t.number(25) in goal_sentence
        assert goal_sentence in after and goal_sentence not in before
        skull_lead = t.gettext("The skull acts.")
        pick_lead = t.gettext("The broken pick acts and every other face is ignored.")
        # Source example 6 (pick ... skull ...) is now resolved by the pick.
        assert before.count(pick_lead) + 1 == after.count(pick_lead)
        assert before.count(skull_lead) == after.count(skull_lead) + 1


def test_flipping_the_bug_flag_changes_text_and_examples(project_copy, project):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("  bug_takes_from_bag: true\n", "  bug_takes_from_bag: false\n"))
    g = load_game(rules)
    assert "bug-fallback" not in {goal for e in examples(g) for goal in e.covers}
    text = html_text(rulebook_html(project, g, tr("en")))
    assert "with no diamond left on the board, it takes nothing." in text
    assert "from your bag if none is left on the board" not in text
    assert dicemants_rules(g).bug_takes_from_bag is False


def test_build_and_check_flag_examples_that_changed_since_review(project_copy, monkeypatch):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("  void_streak_limit: 2\n", "  void_streak_limit: 3\n"))
    monkeypatch.setattr("pnp.cli.build", lambda *args, **kwargs: __import__("pnp.build").build.Report(games=["dicemants"]))
    code, out, err = run("--root", str(project_copy.root), "build", "dicemants", "--lang", "en", "-q")
    assert (code, out) == (0, "")
    assert err == ("warning: the worked examples of dicemants changed since they were last reviewed: "
                   "see `pnp examples dicemants --diff` before printing\n")
    monkeypatch.setattr("pnp.catalogs.check_catalogs", lambda root, locales: [])
    code, _, err = run("--root", str(project_copy.root), "check", "-q")
    assert code == 1 and "rules/dicemants.examples.txt: the worked examples changed" in err
    assert run("--root", str(project_copy.root), "examples", "dicemants", "--accept", "-q") == (0, "", "")
    assert run("--root", str(project_copy.root), "check", "-q") == (0, "", "")


def test_simulation_is_reproducible_by_seed(project):
    first = run("--root", str(project.root), "simulate", "dicemants", "--games", "12", "--players", "3", "--seed", "5")
    again = run("--root", str(project.root), "simulate", "dicemants", "--games", "12", "--players", "3", "--seed", "5")
    other = run("--root", str(project.root), "simulate", "dicemants", "--games", "12", "--players", "3", "--seed", "6")
    assert first == again and first[0] == 0
    assert first[1] != other[1]
    lines = first[1].splitlines()
    assert lines[0] == "12 games, 3 players, seed 5 (seats rotate between games)"
    assert lines[1].startswith("  cautious  (roll 3, stop at 2 in the bag): ")
    wins = [int(line.split(": ")[1].split()[0]) for line in lines if "wins in" in line]
    assert sum(wins) == 12
    code, _, err = run("--root", str(project.root), "simulate", "dicemants", "--strategy", "reckless")
    assert code == 2 and "unknown strategy reckless (choose from cautious, balanced, greedy)" in err


@pytest.mark.parametrize("lang", LANGS)
def test_bugs_speak_with_their_own_sentences(project, lang):
    g = game("dicemants")
    t = tr(lang)
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "diamond", "bat", "snake", "--bag", "1", "--lang", lang)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == t.text(narration(g, "bat", "sends"), g.values)
    assert lines[2] == t.text(narration(g, "snake", "reaches"), g.values)


def test_every_example_has_zones_and_sentences():
    g = game("dicemants")
    for number, example in enumerate(examples(g), 1):
        view = example_view(example, g, tr("ca"), number)
        assert view.roll.faces == example.faces and len(view.roll.tags) == len(example.faces)
        assert [z.label for z in view.after] == [tr("ca").gettext(z) for z in ("Bag", "Board", "Lost zone")]
        assert view.sentences
