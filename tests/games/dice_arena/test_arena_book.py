"""Dice Arena's Book: the resolve contract, narration, odds, examples in the rulebook, simulation and a rule change."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import LANGS, fold, game, html, html_text, run, tr

from pnp.games.dice_arena import engine
from pnp.games.dice_arena.book import ArenaBook, arena_rules, example_view, examples
from pnp.games.dice_arena.kit import DIAMETER
from pnp.games.views import odds_view
from pnp.rulebook import rulebook_html
from pnp.rules import load_game

BOOK = ArenaBook()


def resolve(project, *argv):
    code, out, err = run("--root", str(project.root), "resolve", "dice-arena", *argv)
    return code, (json.loads(out) if "--json" in argv and code == 0 else out), err


@pytest.mark.parametrize("argv, expected", [
    # A 3 thrown at 3 and 5: the pair of 3s is captured (the thrower's die included); the 5 stays.
    (("--arena", "3", "5", "--throw", "3"),
     {"removed": 0, "captured": 2, "arena": [5], "turn_over": True, "hand": None, "eliminated": None}),
    # An X is removed; nothing matches, so the thrower may throw again: 4 - 1 = 3 dice left.
    (("--arena", "5", "3", "--throw", "1", "--hand", "4"),
     {"removed": 1, "captured": 0, "arena": [3, 5], "turn_over": False, "hand": 3, "eliminated": False}),
    # The last die matches nothing: the hand is empty, the thrower is out.
    (("--arena", "2", "4", "--throw", "5", "--hand", "1"),
     {"removed": 0, "captured": 0, "arena": [2, 4, 5], "turn_over": True, "hand": 0, "eliminated": True}),
    # A strike of 5: two 1s removed (not captured), the 3s captured, the 4 stays; 5 - 5 + 2 = 2 in hand.
    (("--arena", "-", "--throw", "1", "1", "3", "3", "4", "--hand", "5"),
     {"removed": 2, "captured": 2, "arena": [4], "turn_over": True, "hand": 2, "eliminated": False}),
    # Two pairs at once: 2 2 and 5 5 captured together; 3 and 6 stay.
    (("--arena", "-", "--throw", "2", "5", "3", "2", "6", "5"),
     {"removed": 0, "captured": 4, "arena": [3, 6], "turn_over": True, "hand": None, "eliminated": None}),
    # A failed throw: the die is removed; the arena is unchanged and the turn goes on.
    (("--arena", "4", "--throw", "out"),
     {"removed": 1, "captured": 0, "arena": [4], "turn_over": False, "hand": None, "eliminated": None}),
])
def test_resolve_json_follows_the_contract(project, argv, expected):
    code, got, _ = resolve(project, *argv, "--json")
    assert (code, got) == (0, expected)


@pytest.mark.parametrize("argv, message", [
    (("--arena", "3", "3", "--throw", "2"), "the arena cannot hold two dice showing 3: matching dice are captured at once"),
    (("--arena", "1", "--throw", "2"), "the arena cannot hold a die showing 1: it counts as an X and is removed at once"),
    (("--arena", "3", "--throw", "2", "4"), "2 dice thrown into an arena that holds dice: you throw one die at a time; "
                                             "several dice are thrown only into an empty arena (a strike)"),
    (("--arena", "3", "--throw", "7"), "--throw: 7 is not a number on the dice (1 to 6)"),
    (("--arena", "0", "--throw", "2"), "--arena: 0 is not a number on the dice (1 to 6)"),
    (("--arena", "two", "--throw", "2"), "--arena: 'two' is not a number from 1 to 6 (or - alone for an empty arena)"),
    (("--arena", "-", "--throw", "2", "--hand", "3"),
     "the arena is empty, so this is a strike: all 3 dice in the hand are thrown at once, not 1"),
])
def test_resolve_refuses_bad_positions_with_exit_2(project, argv, message):
    code, out, err = resolve(project, *argv, "--json")
    assert (code, out, err) == (2, "", f"pnp resolve dice-arena: {message}\n")


def test_resolve_without_json_tells_the_throw_in_words(project):
    code, out, _ = resolve(project, "--arena", "-", "--throw", "1", "1", "3", "3", "4", "--hand", "5")
    assert code == 0 and out.splitlines() == [
        "You throw your whole hand at once.",
        "Both Xs are removed first, so they never count as a pair.",
        "You capture both 3s.",
        "Your 4 matches nothing and stays in the arena.",
        "You now have two dice in your hand, and the capture ends your turn.",
    ]


@pytest.mark.parametrize("arena, thrown, hand, told", [
    # One group: both dice, or all of a strike's dice alike; the neutral die is named in the same sentence.
    ((3,), (3,), 2, ["You capture both 3s.", "You now have three dice in your hand, and the capture ends your turn."]),
    ((), (2, 2, 2, 6), 4, ["You throw your whole hand at once.", "You capture all three 2s.",
                           "Your 6 matches nothing and stays in the arena."]),
    # Every matching group in one sentence: two, three, and more groups.
    ((), (2, 5, 5, 2), 4, ["You throw your whole hand at once.",
                           "Every matching group is captured: you take the 2s and the 5s."]),
    ((), (4, 2, 2, 3, 3, 4, 6), 7, ["You throw your whole hand at once.",
                                    "Every matching group is captured: you take the 2s, the 3s, and the 4s.",
                                    "Your 6 matches nothing and stays in the arena."]),
    ((), (2, 2, 3, 3, 4, 4, 5, 5), 8, ["You throw your whole hand at once.",
                                       "Every matching group is captured: you take the dice showing 2, 3, 4, and 5."]),
    # Removed dice: a single die is "your die"; a strike's are counted, the Xs never a pair or a match.
    ((4,), (engine.OUTSIDE,), 3, ["Your die lands outside the arena and is removed from the game.",
                                  "You now have two dice in your hand.", "You may throw another die or stop."]),
    ((), (1,), 1, ["You throw your only die.", "Your die shows an X and is removed from the game.",
                   "Your hand is empty, so you are eliminated at once."]),
    ((), (1, 4), 2, ["You throw your whole hand at once.", "One die shows an X and is removed from the game.",
                     "Your 4 matches nothing and stays in the arena."]),
    ((), (1, 1, 1, engine.OUTSIDE, engine.OUTSIDE, 4, 5), 7, [
        "You throw your whole hand at once.", "All three Xs are removed first, so they never count as a match.",
        "Two dice land outside the arena and are removed from the game.",
        "Your 4 and 5 match nothing and stay in the arena."]),
])
def test_narration_tells_each_throw_in_whole_sentences(arena, thrown, hand, told):
    res = engine.resolve_throw(arena_rules(game("dice-arena")), arena, thrown, hand)
    sentences = BOOK.tell(game("dice-arena"), res, tr("en"))
    assert sentences[:len(told)] == told


def test_the_neutral_die_is_captured_in_the_same_sentence_as_its_pair():
    res = engine.resolve_throw(arena_rules(game("dice-arena")), (4,), (4,), 9, neutral=(4,))
    assert BOOK.tell(game("dice-arena"), res, tr("en"))[0] == (
        "You capture both 4s, including the neutral die, which is now yours like any other die.")


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_resolve_tells_the_throw_in_the_readers_language(project, lang):
    t = tr(lang)
    code, out, _ = resolve(project, "--arena", "2", "4", "--throw", "5", "--hand", "1", "--lang", lang)
    assert code == 0 and out.splitlines() == [
        t.format(t.ngettext("Your {numbers} matches nothing and stays in the arena.",
                            "Your {numbers} match nothing and stay in the arena.", 1), numbers=[5]),
        t.gettext("Your hand is empty, so you are eliminated at once."),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_two_dice_that_stay_are_named_one_by_one(lang):
    """Two numbers get a sentence of their own, so that a language can give each its article («Tu 5 y tu 6»)."""
    t = tr(lang)
    res = engine.resolve_throw(arena_rules(game("dice-arena")), (), (4, 5), 2)
    assert t.format(t.gettext("Your {first} and {second} match nothing and stay in the arena."),
                    first=4, second=5) in BOOK.tell(game("dice-arena"), res, t)


def test_odds_json_gives_both_tables_exactly(project):
    code, out, _ = run("--root", str(project.root), "odds", "dice-arena", "--json")
    got = json.loads(out)
    assert code == 0 and got["game"] == "dice-arena"
    single, strike = got["tables"]
    # k different numbers in the arena: k faces capture, the X removes, 5 - k faces stay.
    assert single == {"id": "single-throw", "rows": [
        {"arena": 0, "capture": "0", "removed": "1/6", "nothing": "5/6"},
        {"arena": 1, "capture": "1/6", "removed": "1/6", "nothing": "2/3"},
        {"arena": 2, "capture": "1/3", "removed": "1/6", "nothing": "1/2"},
        {"arena": 3, "capture": "1/2", "removed": "1/6", "nothing": "1/3"},
        {"arena": 4, "capture": "2/3", "removed": "1/6", "nothing": "1/6"},
        {"arena": 5, "capture": "5/6", "removed": "1/6", "nothing": "0"}]}
    assert strike["id"] == "strike" and [row["dice"] for row in strike["rows"]] == list(range(1, 10))
    # Two dice: the same number other than the X in 5 throws of 36; three dice: 80 of 216 (see test_engine).
    assert strike["rows"][:3] == [
        {"dice": 1, "capture": "0", "captured_mean": "0", "all_removed": "1/6"},
        {"dice": 2, "capture": "5/36", "captured_mean": "5/18", "all_removed": "1/36"},
        {"dice": 3, "capture": "10/27", "captured_mean": "55/72", "all_removed": "1/216"}]
    assert strike["rows"][8]["all_removed"] == "1/10077696"  # 6 ** 9
    rules = arena_rules(game("dice-arena"))
    for row in strike["rows"]:
        exact = engine.strike_odds(rules, row["dice"])
        assert (Fraction(row["capture"]), Fraction(row["captured_mean"])) == (exact.capture, exact.captured_mean)


def test_odds_text_in_the_readers_language(project):
    t = tr("ca")
    code, out, _ = run("--root", str(project.root), "odds", "dice-arena", "--lang", "ca")
    lines = out.splitlines()
    assert code == 0 and lines[0] == t.gettext("What a single die does when thrown into an arena whose dice all "
                                               "show different numbers, assuming it lands inside the arena.")
    assert lines[4].split() == ["2", "33,3", "%", "16,7", "%", "50,0", "%"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_the_examples_and_both_odds_tables(lang):
    t = tr(lang)
    markup = html("dice-arena", lang)
    text = html_text(markup)
    g = game("dice-arena")
    for example in BOOK.examples(g, t).examples:  # as the page prints them, set by the language's typography
        assert t.typeset(example.title) in text
        for step in example.extra["steps"]:  # each throw's story under its row of dice
            assert t.typeset(fold(" ".join(step["sentences"]))) in text
    assert markup.count('<div class="example arena-example">') == len(list(engine.Goal))
    assert markup.count("<img class=\"face small\"") > 40 and 'class="face small outside"' in markup
    # Strike of five dice: captures 3115/7776 = 80.1 %, 2.16 dice on average, all removed 1/7776 (<0.1%).
    less = t.format(t.gettext("<{percent}"), percent=t.percent(0.001))  # <0.1%, each language's own way
    row = " ".join([t.number(5), t.percent(3115 / 3888), t.decimal(16775 / 7776, 2), less])
    assert fold(row) in text
    assert t.gettext("Every die is removed") in text and t.gettext("Your die stays in the arena") in text


def test_the_rulebook_says_ordinary_dice_the_arena_in_or_out_and_the_neutral_die():
    g = game("dice-arena")
    assert (g.values["dice_min"], g.values["dice_max"]) == (19, 31)  # 2 x 9 and 5 x 6, and the neutral die
    assert g.values["arena_cm"] == round(DIAMETER / 10) == 36  # the printed arena, as the kit draws it
    assert [(d.id, d.paper, d.blank) for d in g.dice] == [("arena", False, False), ("neutral", False, False)]
    text = html_text(html("dice-arena", "en"))
    for sentence in (
        "This is a throwing game, so play with ordinary six-sided dice. You may mark each 1\u00a0with an X, using "
        "the kit\u2019s optional sticker sheet. Paper dice do not work: they cannot be thrown and cannot knock other "
        "dice out.",
        # What you need: the dice, counted once (as the kit's list to buy counts them), the arena, what glues its
        # tiles, the score pad and its pencil, and the optional player aid.
        "19\u00a0to 31\u00a0ordinary six-sided dice, including the neutral die, depending on the number of players "
        "an arena: a box lid, or the "
        "printed arena (four tiles glued or taped together) glue stick or clear tape (for the printed arena) score pad pencil "
        "one player aid per player (optional)",
        # Checking the arena: a match takes the neutral die only when it is in a matching group.
        "Look for dice that show the same number. If any do, take all of them into your hand (every matching group "
        "at once, and the neutral die too, if it is in a matching group), and your turn ends.",
        "Check the arena (see the next section). If the check did not end your turn, throw another die (go back to "
        "step\u00a01) or stop: the dice in the arena stay there for the next player. When your turn ends, the next player clockwise takes a turn.",
        "Put the arena in the middle of the table: a box lid is best. The printed arena, 36\u00a0cm across, comes as "
        "four tiles that you glue or tape together. You can also draw a circle at least as large on paper.",
        # The cocked die as the arena tile says it: the printed arena has no wall.
        "In or out: a die is in the arena when more than half of it lies inside the edge. A cocked die (one leaning "
        "on another die, or on the rim of a box lid) is thrown again by the same player.",
        "How to throw: throw from outside the arena, keeping the throw low so that the dice roll.",  # as the tile says
        "Strike: if the arena is empty at the start of your turn, you must throw all the dice in your hand at once. "
        "Then check the arena as usual: if nothing matches, your hand is empty and you are eliminated at once.",
        "Failed throw: every die that leaves the arena is removed from the game, whether it is the die you threw or a "
        "die it knocked out.",
        "If no dice match, they all stay in the arena, and your turn goes on (see Playing a turn, step\u00a03).",
        "The youngest player goes first. Play goes clockwise. The first player throws the neutral die into the arena. "
        "If it shows an X or lands outside, throw it again.",
        "Game design: Dieter Nüßle. Original edition: Ravensburger (2012).",  # the year with the edition
    ):
        assert sentence in text
    assert "Player die" in text and "Arena die" not in text  # the components name no die the rules never use
    markup = html("dice-arena", "en")
    assert "Original title: <em>Strike</em>." in markup
    for head in ("Strike:", "Failed throw:", "In or out:", "How to throw:"):  # run-in heads, set in bold
        assert f"<strong>{head}</strong> " in markup


def test_the_printed_single_throw_starts_from_one_die_in_the_arena():
    """A turn opens on an empty arena with a strike, never a single throw: the rulebook leaves that row out, the
    `pnp odds` table keeps it."""
    (printed,) = [t for t in BOOK.printed_odds(game("dice-arena")) if t.id == "single-throw"]
    (whole,) = [t for t in BOOK.odds(game("dice-arena")) if t.id == "single-throw"]
    assert [dict(row)["arena"] for row in printed.rows] == [1, 2, 3, 4, 5]
    assert printed.rows == whole.rows[1:] and dict(whole.rows[0])["arena"] == 0


def test_printed_cells_never_round_a_possible_event_to_zero():
    (strike,) = [t for t in BOOK.printed_odds(game("dice-arena")) if t.id == "strike"]
    rows = odds_view(strike, tr("en")).rows
    assert [row[3] for row in rows] == ["16.7%", "2.8%", "0.5%", "0.1%"] + ["<0.1%"] * 5
    assert rows[0][1] == "\u2014"  # one die never captures: a true zero, printed as a dash


def test_examples_snapshot_is_reviewed(project):
    assert run("--root", str(project.root), "examples", "dice-arena", "--diff") == (0, "", "")
    assert BOOK.warnings(game("dice-arena")) == []


def test_example_views_carry_each_throw():
    g, t = game("dice-arena"), tr("en")
    second = next(x for x in examples(g) if x.goal == engine.Goal.SECOND_THROW)
    view = example_view(second, g, t)
    steps = view.extra["steps"]
    assert [s["throw"].label for s in steps] == ["Throw 1", "Throw 2"]
    # Arena 3; a 6 stays (arena 3 6), then a 3 captures both 3s (arena 6).
    assert [(s["arena_before"].faces, s["throw"].faces, s["arena"].faces, s["captured"].faces) for s in steps] == [
        (("three",), ("six",), ("three", "six"), ()), (("three", "six"), ("three",), ("six",), ("three", "three"))]
    neutral = example_view(examples(g)[0], g, t)
    assert neutral.before == ("It is the first turn of the game. The neutral die shows 4 in the arena.",
                              "You have nine dice in your hand.")
    assert neutral.extra["steps"][0]["captured"].tags == ("neutral", "")


def test_every_example_sizes_its_columns_for_the_widest_zone_of_any_example():
    """The columns line up from one example to the next: each zone is as wide as its most dice anywhere (the
    strike of six dice, the two pairs captured, the three dice left in the arena)."""
    g, t = game("dice-arena"), tr("en")
    views = BOOK.examples(g, t).examples
    assert {str(v.extra["widths"]) for v in views} == {
        str({"arena_before": 2, "throw": 6, "arena": 3, "captured": 4, "removed": 2})}
    markup = html("dice-arena", "en")
    assert markup.count('style="width: 48mm"') == sum(len(v.extra["steps"]) for v in views)  # six dice thrown


def test_simulation_is_reproducible_by_seed(project):
    argv = ("--root", str(project.root), "simulate", "dice-arena", "--games", "20", "--players", "3", "--seed", "4")
    first, again = run(*argv), run(*argv)
    other = run(*argv[:-1], "5")
    assert first == again and first[0] == 0 and first[1] != other[1]
    lines = first[1].splitlines()
    assert lines[0] == "20 games, 3 players, seed 4 (seats rotate between games)"
    assert [line.split("(")[0].strip() for line in lines[1:4]] == ["single", "fill-3", "odds-50"]
    assert lines[3].startswith("  odds-50   (throw while the capture chance is at least 50%): ")
    assert sum(int(line.split(": ")[1].split()[0]) for line in lines[1:4]) == 20
    assert [line.split(" per game")[0].strip() for line in lines[5:]] == ["throws", "turns", "removed"]


MOVED = (
    ("  removed_value: 1\n", "  removed_value: 6\n"),
    ("{id: x, name: X, art: x, value: 1,", "{id: x, name: X, art: x, value: 6,"),
    ("{id: six, name: six, art: pips, pips: 6, value: 6}", "{id: one, name: one, art: pips, pips: 1, value: 1}"),
    ("faces: [x, two, three, four, five, six]", "faces: [one, two, three, four, five, x]"),
    ("per_player_by_count: {2: 9, 3: 8, 4: 7, 5: 6}", "per_player_by_count: {2: 7, 3: 6, 4: 5, 5: 4}"),
)
"""The X moved to the 6, and two dice fewer per player."""


def test_a_rule_change_flows_to_examples_odds_and_every_language(project_copy, project):
    rules = project_copy.rules / "dice-arena.yaml"
    text = rules.read_text()
    for old, new in MOVED:
        assert old in text
        text = text.replace(old, new)
    rules.write_text(text)
    changed = load_game(rules, "rules/dice-arena.yaml")
    assert BOOK.warnings(changed) == []

    code, out, _ = run("--root", str(project_copy.root), "examples", "dice-arena", "--diff")
    assert code == 1
    assert "-  throw 1: removed 1, captured 0; arena 3 5; hand 3; turn goes on" in out
    # The numbers other than the X are now 1 to 5, and mid-game hands half of 7 dice.
    assert "+  throw 6: removed 1, captured 0; arena 2 4; hand 2; turn goes on" in out
    code, out, _ = run("--root", str(project_copy.root), "odds", "dice-arena", "--json")
    strike = json.loads(out)["tables"][1]["rows"]
    assert [row["dice"] for row in strike] == list(range(1, 8))
    code, out, _ = run("--root", str(project_copy.root), "resolve", "dice-arena", "--arena", "1", "--throw", "6",
                       "--json")
    assert json.loads(out)["removed"] == 1

    for lang in LANGS:
        t = tr(lang)
        before = html_text(html("dice-arena", lang))
        after = html_text(rulebook_html(project, changed, t))
        x_sentence = t.typeset(t.text(changed.section("overview").blocks[2].text, changed.values))
        assert t.number(6) in x_sentence and x_sentence in after and x_sentence not in before
        start = t.typeset(t.format(t.ngettext("You have {n:word} die in your hand.", "You have {n:word} dice in your hand.", 7),
                                   n=7))
        assert start in after and start not in before  # the neutral die example: a two-player hand of 7
        strike_9 = fold(" ".join([t.number(9), t.percent(5020825 / 5038848)]))
        assert strike_9 in before and strike_9 not in after  # no hand holds 9 dice any more


def test_failed_throws_come_from_the_rules_file(project_copy):
    rules = project_copy.rules / "dice-arena.yaml"
    rules.write_text(rules.read_text().replace("  leave_arena_chance: 0\n", "  leave_arena_chance: 10\n"))
    code, out, _ = run("--root", str(project_copy.root), "odds", "dice-arena", "--json")
    single, strike = json.loads(out)["tables"]
    # 9/10 of the dice land inside, each face 3/20: two dice in the arena capture 3/10; the X (3/20) and a failed
    # throw (1/10) remove 1/4; the other three faces (9/20) stay. A strike of 2 removes both in (1/4)^2 = 1/16.
    assert single["rows"][2] == {"arena": 2, "capture": "3/10", "removed": "1/4", "nothing": "9/20"}
    assert strike["rows"][1]["all_removed"] == "1/16"
    code, out, _ = run("--root", str(project_copy.root), "odds", "dice-arena")
    assert out.splitlines()[0].endswith(" different numbers, if each die lands outside the arena 10.0% of the time.")
    code, out, _ = run("--root", str(project_copy.root), "simulate", "dice-arena", "--games", "5", "--seed", "2")
    assert code == 0 and out.startswith("5 games, 2 players, seed 2")


def test_check_warns_when_the_x_picture_and_the_x_number_disagree(project_copy):
    rules = project_copy.rules / "dice-arena.yaml"
    rules.write_text(rules.read_text().replace("  removed_value: 1\n", "  removed_value: 6\n"))
    assert BOOK.warnings(load_game(rules, "rules/dice-arena.yaml")) == [
        "rules/dice-arena.yaml:23: faces.x: drawn as an X but its value is 1, while params.removed_value is 6"]


def test_rules_the_engine_cannot_play_are_reported_in_the_rules_file(project_copy):
    from pnp.errors import InputError

    rules = project_copy.rules / "dice-arena.yaml"
    rules.write_text(rules.read_text().replace("  removed_value: 1\n", "  removed_value: 7\n"))
    with pytest.raises(InputError, match=r"rules/dice-arena.yaml:15: params: the engine cannot play these rules: "
                                         r"removed: 7 is not a number on the dice \[1, 2, 3, 4, 5, 6\]"):
        arena_rules(load_game(rules, "rules/dice-arena.yaml"))
