"""Dicemants' Book: resolve, narration, worked examples, odds, simulation and a rule change, end to end."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from helpers import LANGS, fold, game, html, html_text, run, tr

from pnp.games.dicemants.book import DicemantsBook, dicemants_rules, example_view, examples
from pnp.games.dicemants.engine import odds
from pnp.games.dicemants.narrate import narrate
from pnp.games.dicemants.spec import narration
from pnp.rulebook import rulebook_html
from pnp.rules import load_game
from pnp.templating import game_context

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
        "The bugs act from left to right.",
        "The bat sends die A, the only diamond on the board, to the lost zone.",
        "With no diamond left on the board, the snake takes the diamond in your bag and sends it to the lost zone.",
        # The example shows the dice: no count; the bag is empty: said, not implied.
        "You may re-roll the dice left on the board or stop, though your bag is empty and you would bank nothing.",
    ]


def test_a_second_bug_does_the_same_and_the_letters_name_the_dice():
    g = game("dicemants")
    example = next(e for e in examples(g) if e.id == "pinned-2")  # diamond void diamond snake diamond bat
    assert example_view(example, g, tr("en"), 2).sentences == (
        "The bugs act from left to right.",
        "Dice E and F are equally close to the snake, so the one on the left, die E, goes to the lost zone.",
        "Then the bat does the same with die F.",
        "The remaining diamond, die A, goes into your bag.",
        "You may re-roll the dice left on the board or stop and bank your bag.",
    )


@pytest.mark.parametrize(("faces", "bag", "told"), [
    (["diamond", "spider", "diamond", "bat", "void"], 0, [
        "The bugs act from left to right.",
        "Dice A and B are equally close to the spider, so the one on the left, die A, goes to the lost zone.",
        "Then the bat does the same with die B.",
    ]),
    (["diamond", "void", "spider", "diamond", "diamond"], 0, [  # no tie: the closer one, on the right
        "The spider sends the diamond closest to it, die D, to the lost zone.",
    ]),
    (["skull", "locked", "pick"], 0, ["The skull outranks the locked way and the broken pick, which do nothing."]),
    (["thief", "locked"], 0, ["The thief finds no diamond to steal."]),  # locked combines with the thief
    (["thief"], 1, ["The thief sends your only diamond to the lost zone.",
                     "You may re-roll the last die on the board or stop, though your bag is empty and you would "
                     "bank nothing."]),
    (["spider", "diamond", "bat"], 2, [
        "The bugs act from left to right.",
        "The spider sends die A, the only diamond on the board, to the lost zone.",
        "With no diamond left on the board, the bat takes the diamond you put in your bag most recently and sends it "
        "to the lost zone.",
    ]),
    (["snake", "void"], 0, ["The snake finds no diamond to take."]),
    (["skull", "spider", "thief", "diamond"], 2, [
        "The skull outranks the spider and the thief, which do nothing.",
        "Every diamond on the board and in your bag goes to the lost zone: three diamonds in all.",
        "Your turn ends and you bank nothing.",
    ]),
    (["thief", "void"], 0, ["The thief finds no diamond to steal."]),
    (["diamond", "thief", "diamond"], 0, ["The thief sends both your diamonds to the lost zone."]),
    (["tnt", "diamond"], 0, ["TNT acts, and every other face is ignored, so your diamond does not go into your bag."]),
    (["pick", "void", "diamond"], 0, ["The broken pick acts and every other face is ignored.",
                                      "Die A, the one closest to the pick, goes to the lost zone.",
                                      "You must re-roll the dice left on the board."]),
    (["void", "void"], 1, ["Every die shows void.",
                           "You may re-roll the dice left on the board or stop and bank your bag."]),
    (["void"], 1, ["Every die shows void.",
                   "You may re-roll the last die on the board or stop and bank your bag."]),
    # The sentence before counted the whole bag: the bank is not counted again; with an older bag, it is.
    (["diamond"], 0, ["The only diamond, die A, goes into your bag.",
                      "With no die left on the board, your turn ends and you bank your bag."]),
    (["diamond"], 2, ["The only diamond, die A, goes into your bag.",
                      "With no die left on the board, your turn ends and you bank three diamonds."]),
    (["diamond", "diamond", "locked"], 0, ["Both diamonds go into your bag.",
                                           "The locked way ends your turn: you bank your bag."]),
    (["diamond", "locked"], 1, ["The only diamond, die A, goes into your bag.",
                                "The locked way ends your turn: you bank two diamonds."]),
    (["void", "locked"], 1, ["The locked way ends your turn: you bank one diamond."]),
])
def test_each_roll_is_told_in_its_own_words(faces, bag, told):
    g = game("dicemants")
    sentences = narrate(dicemants_rules_resolve(g, faces, bag), g, tr("en"))
    assert sentences[:len(told)] == told


def dicemants_rules_resolve(g, faces, bag):
    from pnp.games.dicemants.engine import resolve_roll

    return resolve_roll(dicemants_rules(g), faces, bag=bag)


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_resolve_tells_the_outcome_in_the_readers_language(project, lang):
    t = tr(lang)
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "thief", "diamond", "locked", "--lang", lang)
    assert code == 0
    assert out.splitlines() == [
        t.gettext("The thief sends your only diamond to the lost zone."),
        t.gettext("The locked way ends your turn: you bank nothing."),
    ]


def test_printed_examples_are_possible_and_cover_every_goal():
    g = game("dicemants")
    chosen = examples(g)
    assert all(e.resolution.possible for e in chosen)
    assert [e.id for e in chosen if e.id.startswith("pinned-")] == ["pinned-1", "pinned-2", "pinned-3", "pinned-4", "pinned-6"]
    view = BOOK.examples(g, tr("en"))
    # The source's own numbers: its examples 5 and 7 cannot happen with the real dice, and are left out.
    assert [v.title for v in view.examples][:5] == [f"Example {n}" for n in (1, 2, 3, 4, 6)]
    assert view.intro.endswith(" Unless an example says otherwise, your bag and the lost zone are empty before the "
                               "roll. The numbered examples come from the original rules. Examples 5 and 7 of those "
                               "rules are left out because no roll of the real dice can produce them.")
    covered = {goal for e in chosen for goal in e.covers}
    assert {"locked-thief", "locked-bug", "locked-plain", "bug-fallback", "tnt-empty-lost", "tnt-return",
            "pick-alone", "void-streak", "skull-big-bag"} <= covered


def test_a_possible_source_example_is_printed_and_the_line_says_which_are_left_out(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("  - [diamond, diamond, skull, spider, tnt, locked]\n",
                                               "  - [diamond, diamond, skull, snake, tnt, locked]\n"))
    view = BOOK.examples(load_game(rules), tr("en"))
    assert [v.title for v in view.examples if v.id.startswith("pinned-")][-2:] == ["Example 6", "Example 7"]
    assert view.intro.endswith(" The numbered examples come from the original rules. Example 5 of those rules is "
                               "left out because no roll of the real dice can produce it.")
    # Every source roll possible: the intro still says where the numbered examples come from, and nothing more.
    rules.write_text(rules.read_text().replace("  - [pick, void, diamond, snake, diamond, bat]\n", ""))
    view = BOOK.examples(load_game(rules), tr("en"))
    assert view.intro.endswith(" are empty before the roll. The numbered examples come from the original rules.")


@pytest.mark.first  # the first rulebook of the run: it pays the exact solve every later Dicemants rulebook reads
def test_the_rulebook_states_the_draw_the_forced_re_roll_the_row_and_the_lost_zone():
    text = html_text(html("dicemants", "en")).replace("\u00a0", " ").replace("\u2060", "")  # the words, however bound
    for sentence in (
        "cup or opaque pouch to draw the dice from",
        "Keep the dice that are not in play in a cup or an opaque pouch, and draw them without looking.",
        "Choose how many dice to roll, from one to six, and draw them at random.",
        "Each re-roll makes a new row in the same way.",
        # The empty board is tested first: a broken pick that empties it leaves nothing to re-roll.
        "If the board is empty, your turn ends and you bank your bag. Otherwise, if TNT or a broken pick acted, you "
        "must re-roll every die left on the board. After any other roll that did not end your turn, choose: re-roll "
        "all the dice left on the board, or stop and bank your bag. To re-roll, go back to step 2.",
        # The locked way stated once in full, its tiers derived from the precedence, the lone locked way with it;
        # the face row gives a short label, and the table one pointer to the precedence.
        "A locked way is the one exception: it also acts alongside tiers 4, 5, and 6, or on its own. "
        "Resolve the roll as usual; then your turn ends and you bank your bag.",
        "locked way Ends your turn once the roll is resolved (not if TNT or a broken pick acts).",
        "For each face\u2019s full effect, and which face acts first, see \u201cFaces and precedence\u201d.",
        "stop at the first tier with a face on the board. Only that tier acts; the faces of the tiers after it in the "
        "list are ignored.",
        "Precedence: only the first tier with a face on the board acts; a locked way also acts with tiers 4, 5, and 6, "
        "or alone.",
        # RULES-NOTES: every turn draws from all the dice, so they go back at its end.
        "Then put all the dice back in the cup or pouch, pass the mat on, and the player on your left takes a turn.",
        "TNT and a broken pick make you re-roll the dice left on the board.",
        # Where distances are counted (step 2), not after the steps.
        "To find the die closest to another, count positions along this row; if two are equally close, take the one "
        "on the left. Positions do not close up: when a die leaves the row, its place stays "
        "empty for the rest of that roll and still counts when you measure distances. Each re-roll makes a new row",
        "When several dice are lost at once (a skull, a thief), the board\u2019s dice go first, from left to right, then the "
        "dice of your bag, in the order they went into it. This order decides which die TNT brings back.",
        # Page 1's faces table: short labels, the full effect told once, in the precedence.
        "TNT The die lost most recently comes back, and you re-roll. skull Every diamond goes to the lost zone, and "
        "your turn ends. broken pick The die closest to it goes to the lost zone, and you re-roll. thief Every diamond "
        "goes to the lost zone. spider A bug: it sends a diamond to the lost zone.",
        "snake A bug, like the spider.",
        "bat A bug, like the spider.",
        "Each bug in turn sends the diamond closest to it on the board to the lost zone; with no diamond left on the "
        "board, it sends the diamond you put in your bag most recently to the lost zone instead.",
        "The lost zone is a row too, kept in the order the dice were lost, so you can always tell which die was lost "
        "most recently.",
    ):
        assert sentence in text
    assert "the closest diamond" not in text and "closest die is" not in text
    cup = next(part for part in game("dicemants").parts if part.id == "cup")
    assert cup.count == 1


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
        "What the first roll of a turn does, by the number of dice you roll.")
    headers = ["Dice rolled", "The roll ends your turn", "and you bank nothing", "and you bank diamonds",
               "The skull acts", "Diamonds in your bag after the roll, on average"]
    assert lines[1].split() == " ".join(t.gettext(h) for h in headers).split()
    assert lines[2].split() == ["1", "58,3", "%", "8,3", "%", "50,0", "%", "2,8", "%", "0,50"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_the_bust_and_banking_split(lang):
    t = tr(lang)
    markup = html("dicemants", lang)
    assert f'<th colspan="2">{t.gettext("The roll ends your turn")}</th>' in markup
    heads = [t.typeset(t.gettext(h)) for h in ("and you bank nothing", "and you bank diamonds")]  # as typeset
    assert f"<th>{heads[0]}</th><th>{heads[1]}</th>" in markup
    text = html_text(markup)
    # Three dice: 10.3 % bust, 16.1 % end banking, 1.03 diamonds kept on average; the skull's share of the bust
    # (7.8 %) is not printed beside it, where readers would add the two.
    row = " ".join([t.number(3), t.percent(0.10339506), t.percent(0.16126543), t.decimal(1.02916, 2)])
    assert fold(row) in text
    assert f"<th>{t.gettext('The skull acts')}</th>" not in markup  # the column, not words a story may share


def test_a_rule_change_flows_to_every_language_and_shows_as_a_diff(project_copy, project, unsolved):
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
        each = t.pgettext("dicemants face in a list", "the {face}")
        skull_lead = t.typeset(t.format(t.ngettext("The skull outranks {faces}, which does nothing.",
                                         "The skull outranks {faces}, which do nothing.", 2),
                              faces=t.join([t.format(each, face=t.text(changed.face(f).name, {}))
                                            for f in ("pick", "locked")])))
        pick_lead = t.typeset(t.gettext("The broken pick acts and every other face is ignored."))
        # Source example 6 (pick ... skull ...) is now resolved by the pick.
        assert before.count(pick_lead) + 1 == after.count(pick_lead)
        assert before.count(skull_lead) == after.count(skull_lead) + 1


def test_flipping_the_bug_flag_changes_text_and_examples(project_copy, project, unsolved):
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
    assert code == 2 and "unknown strategy reckless (choose from cautious, balanced, greedy, optimal)" in err


@pytest.mark.parametrize("lang", LANGS)
def test_bugs_speak_with_their_own_sentences(project, lang):
    g = game("dicemants")
    t = tr(lang)
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "diamond", "bat", "snake", "--bag", "1", "--lang", lang)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == t.text(narration(g, "bat", "only"), {**g.values, "die": "A"})
    assert lines[2] == t.text(narration(g, "snake", "reaches_one"), g.values)


def test_every_example_has_zones_and_sentences():
    g = game("dicemants")
    for number, example in enumerate(examples(g), 1):
        view = example_view(example, g, tr("ca"), number)
        assert view.roll.faces == example.faces and len(view.roll.tags) == len(example.faces)
        assert [z.label for z in view.after] == [tr("ca").gettext(z) for z in ("Bag", "Board", "Lost zone")]
        assert view.sentences


def test_a_bug_sentence_may_name_its_die_and_nothing_else(project_copy):
    from pnp.errors import InputError

    rules = project_copy.rules / "dicemants.yaml"
    text = rules.read_text()
    rules.write_text(text.replace("      idle: The bat finds no diamond to take.\n",
                                  "      idle: The bat finds no diamond, die {die}, to take.\n")
                         .replace("      then: Then the snake does the same with die {die}.\n",
                                  "      then: Then the snake does the same with die {die} ({goal}).\n"))
    with pytest.raises(InputError) as caught:
        load_game(rules)
    message = str(caught.value)
    assert "faces[3].narration.then: placeholder {goal} is not one a bug's sentence may hold ({die})" in message
    assert "faces[4].narration.idle: placeholder {die} is not one a bug's sentence may hold (none)" in message


@pytest.mark.parametrize(("count", "hidden"), [(1, True), (2, False)])
def test_the_components_table_drops_how_many_only_when_every_count_is_one(project_copy, project, count, hidden):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("{id: F, name: Die F, count: 1,", f"{{id: F, name: Die F, count: {count},"))
    markup = rulebook_html(project, load_game(rules), tr("en"))
    head = re.search(r'<table class="data dice">\s*<thead><tr>(.*?)</tr></thead>', markup, re.S)
    assert head is not None
    assert re.findall(r"<th>([^<]*)</th>", head.group(1)) == (["Die", "Faces"] if hidden else ["Die", "How many", "Faces"])


def test_an_example_says_what_the_bag_and_the_lost_zone_hold_unless_they_are_empty():
    """A thief, a skull or a bug may take from the bag, and TNT brings back from the lost zone: the intro says both
    are empty unless an example says otherwise, and an example that starts otherwise says so."""
    g = game("dicemants")
    before = {e.id: example_view(e, g, tr("en"), i).before for i, e in enumerate(examples(g), 1)}
    assert before["locked-bug"] == before["pick-alone"] == before["pinned-1"] == ()
    # The streak's ending banks the bag: the example starts with diamonds in it.
    assert before["void-streak"] == ("Your bag holds two diamonds.", "Your previous roll showed nothing but voids.")
    assert before["skull-big-bag"] == ("Your bag holds three diamonds.",)
    assert before["tnt-return"] == ("The lost zone holds one die.",)
    assert "Unless an example says otherwise, your bag and the lost zone are empty before the roll." in \
        BOOK.examples(g, tr("en")).intro


def test_the_dice_head_also_needed_and_the_tiers_are_read_from_tier_one():
    text = html_text(html("dicemants", "en")).replace("\u00a0", " ").replace("\u2060", "")
    assert ("the six dice, A to F: blank 16 mm dice with the kit\u2019s stickers, or the kit\u2019s paper dice "
            "mat (bag, board, and lost zone)") in text
    assert "pencil cup or opaque pouch to draw the dice from one player aid per player (optional)" in text
    assert "go down this list from tier 1 and stop at the first tier with a face on the board" in text
    assert "highest tier" not in text and "tiers below" not in text  # tier 1 acts first: «below» reads both ways
    # The faces table in the order of the precedence, tier 1 first, the locked way after (it adds to tiers); a
    # tier's faces told with "or".
    assert [f.id for f in game_context(game("dicemants"), tr("en"))["effects"]()] == [
        "tnt", "skull", "pick", "thief", "spider", "snake", "bat", "diamond", "void", "locked"]
    assert text.index("TNT The die lost") < text.index("diamond A diamond:") < text.index("locked way Ends your turn")
    assert "spider, snake, or bat (+ locked way)" in text and "diamond or void (+ locked way)" in text
    # The all-void rule is the turn's step 4, between resolving the roll and the choice to re-roll.
    assert ("Resolve the roll by precedence (see the next section). If two rolls in a row show nothing but voids, "
            "your turn ends at once and you bank your bag. A roll that shows any other face breaks the run. If the board is empty")\
        in text
    assert "The first player to reach 21 diamonds at the end of their turn wins at once." in text


def test_a_tier_the_locked_way_does_not_join_comes_before_those_it_joins(project_copy):
    """The locked way's face row names the faces of the tiers it does not join as those that keep it from acting:
    true only while those tiers come first."""
    from pnp.errors import InputError

    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("    faces: [spider, snake, bat]\n    with_locked: true\n",
                                               "    faces: [spider, snake, bat]\n"))
    with pytest.raises(InputError) as caught:
        load_game(rules)
    line = rules.read_text().splitlines().index("  - tier: bug") + 1  # the tier's mapping: its with_locked is missing
    message = (f"{rules}:{line}: precedence[4].with_locked: a tier a locked way does not act with must come before "
               "every tier it acts with")
    assert str(caught.value) == message
    code, _, err = run("--root", str(project_copy.root), "check")  # on the command line: one located line, exit 2
    assert code == 2 and "Traceback" not in err and "rules/dicemants.yaml:" in err and "precedence[4].with_locked" in err


def test_any_one_of_some_values_is_told_with_or_in_every_language():
    from pnp.i18n import Either

    assert [tr(lang).value(Either((4, 5, 6))) for lang in ("en", "es", "ca", "ru")] == [
        "4, 5, or 6", "4, 5 o 6", "4, 5 o 6", "4, 5 или 6"]
    assert tr("en").value((4, 5, 6)) == "4, 5, and 6"  # a plain list: all of them
    values = game("dicemants").values
    assert values["locked_tiers"] == (4, 5, 6)
    assert [tr("en").value(name) for name in values["overrules_locked"]] == ["TNT", "skull", "broken pick"]
    assert isinstance(values["overrules_locked"], Either)
