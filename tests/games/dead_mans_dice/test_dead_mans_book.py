"""Dead Man's Dice's Book: the resolve contract, narration, worked examples, odds, simulation and a rule change."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import LANGS, fold, game, html, html_text, run, tr

from pnp.games.dead_mans_dice.book import DeadMansBook, dead_mans_rules, example_view, examples, rival_names
from pnp.games.dead_mans_dice.engine import SKULL, YOU, Die, DieKind, Kind, placing_chance
from pnp.games.dead_mans_dice.narrate import Teller
from pnp.games.dead_mans_dice.spec import pirates
from pnp.games.dead_mans_dice.symbols import badge_uri
from pnp.games.events import event
from pnp.rulebook import rulebook_html
from pnp.rules import load_game

BOOK = DeadMansBook()


def resolve(project, *args):
    return run("--root", str(project.root), "resolve", "dead-mans-dice", *args)


def resolved(project, *args):
    code, out, err = resolve(project, *args, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


@pytest.mark.parametrize("args, expected", [
    # Your 1, roll 2: next up. Rival 0's 4 fits neither way; rival 1's 5 totals 7 with 2. Take it (top 5), then
    # rival 1's 6 under it (next up from 5): 2 dice. Rival 0's 4 never fits 2, 5 or 6.
    ("--pile 1 --rival 5,4 --rival 6,5 --roll 2",
     {"placed": True, "isolated": False, "top": "2", "plunder_now": [1], "max_plunder": 2}),
    # 1 on 2: no match, not next up, 3 is not 7: isolated, the top stays your Jolly Roger 2.
    ("--pile J2 --rival 4 --roll 1",
     {"placed": False, "isolated": True, "top": "J2", "plunder_now": [], "max_plunder": 0}),
    # 4 on 3 (next up, and 7). Rival 0's Jolly Roger 5 is next up from 4 but never plundered; rival 1's 4 fits not.
    ("--pile 3 --rival 2,J5 --rival 1,4 --roll 4",
     {"placed": True, "isolated": False, "top": "4", "plunder_now": [], "max_plunder": 0}),
    # A skull goes on a 4; as a 1 on top it lets you take the rival's 2 (next up).
    ("--pile 4 --rival 2 --roll skull",
     {"placed": True, "isolated": False, "top": "skull", "plunder_now": [0], "max_plunder": 1}),
    # An empty pile: the 1 starts a new pile, then the rival's 6 totals 7; the 3 under it fits not the 6.
    ("--pile - --rival 3,6 --roll 1",
     {"placed": True, "isolated": False, "top": "1", "plunder_now": [0], "max_plunder": 1}),
])
def test_resolve_json_follows_the_contract(project, args, expected):
    assert resolved(project, *args.split()) == expected


@pytest.mark.parametrize("args, score", [
    ("--pile 3,skull", 20),  # (3 + 7) x 2
    ("--pile skull,3", 10),  # the skull buried: 7 + 3
    ("--pile 2,5 --jolly-roger-in-hand", 0),  # 7, keelhauled: - 7
    ("--pile - --jolly-roger-in-hand", -7),
])
def test_resolve_end_of_round_scores_the_pile(project, args, score):
    assert resolved(project, *args.split(), "--end-of-round") == {"score": score}


@pytest.mark.parametrize("args, message", [
    ("--pile 3,x --rival 2 --roll 3", "--pile: 'x' is not a die: write 1 to 6 for a regular die, J2 to J6 for a "
     "Jolly Roger die showing that number, or skull"),
    ("--pile 3 --rival 2 --roll J1", "--roll: 'J1': a Jolly Roger die shows the skull and crossbones in place of 1: "
     "write skull"),
    ("--pile 3 --rival 2 --roll 7", "--roll: '7': a regular die has no 7"),
    ("--pile 3 --rival J2,J5 --roll 3", "rival 1's pile holds 2 Jolly Roger dice, but a Jolly Roger die is never "
     "plundered, so a pile holds only its owner's (1)"),
    ("--pile J3 --rival 2 --roll skull", "you cannot roll a Jolly Roger die: yours is already in your pile"),
    ("--pile 3,4 --rival 2,J5 --rival 1,3 --roll 3", "3 pirates hold 2 regular dice each: not enough for these piles "
     "and your roll, with a die still in each rival's hand"),
    ("--pile 3 --roll 3", "at least one --rival is required: each rival's pile (- for an empty pile)"),
    ("--pile 3 --rival 2", "--roll is required: the die you rolled (or --end-of-round to score your pile)"),
    ("--pile 3 --rival 2 --roll 3 --end-of-round", "--end-of-round scores --pile alone: leave out --roll and --rival"),
    ("--pile 3,J4 --end-of-round --jolly-roger-in-hand", "a pirate has 1 Jolly Roger die: it cannot be in your pile "
     "and in your hand, and a rival's is never plundered"),
])
def test_resolve_refuses_bad_input_with_exit_2(project, args, message):
    assert resolve(project, *args.split()) == (2, "", f"pnp resolve dead-mans-dice: {message}\n")


@pytest.mark.parametrize("lang", LANGS)
def test_resolve_tells_the_outcome_in_the_readers_language(project, lang):
    t = tr(lang)
    code, out, _ = resolve(project, "--pile", "3", "--rival", "2,J5", "--rival", "1,4", "--roll", "4", "--lang", lang)
    assert code == 0
    assert out.splitlines() == [
        t.format(t.gettext("You roll a regular die and get a {face}."), face=4),
        t.format(t.gettext("It is the next number up from your {top}, so it goes on your pile."), top=3),
        t.format(t.gettext("{name}'s top die, a {face}, is the next number up from your {top}, but it is a Jolly Roger "
                           "die, which can never be plundered."), name=t.format(t.gettext("Rival {n}"), n=1),
                 face=5, top=4),
        t.gettext("No rival's top die can be plundered right away."),
    ]
    code, out, _ = resolve(project, "--pile", "2,5", "--end-of-round", "--jolly-roger-in-hand", "--lang", lang)
    assert out.splitlines() == [
        t.format(t.ngettext("Your pile is worth {n} doubloon.", "Your pile is worth {n} doubloons.", 7), n=7),
        t.format(t.ngettext("Your Jolly Roger die is still in your hand: you are keelhauled and lose {n} doubloon, so "
                            "you score {score} for the round.",
                            "Your Jolly Roger die is still in your hand: you are keelhauled and lose {n} doubloons, so "
                            "you score {score} for the round.", 7), n=7, score=0),
    ]
    code, out, _ = resolve(project, "--pile", "-", "--end-of-round", "--jolly-roger-in-hand", "--lang", lang)
    assert out.splitlines() == [  # an empty pile: nothing to add up, only the penalty
        t.format(t.gettext("Your pile is empty and your Jolly Roger die is still in your hand: you are keelhauled and "
                           "score {n}."), n=-7),
    ]


def test_resolve_in_english_says_what_may_be_plundered(project):
    code, out, _ = resolve(project, "--pile", "1", "--rival", "5,4", "--rival", "6,5", "--roll", "2")
    assert out.splitlines()[-2:] == ["Right away, you may plunder the top die of Rival 2.",
                                     "Plundering in the best order, you can take up to two dice this turn."]


def test_odds_json_is_exact(project):
    code, out, _ = run("--root", str(project.root), "odds", "dead-mans-dice", "--json")
    got = json.loads(out)
    assert code == 0 and got["game"] == "dead-mans-dice"
    placement, isolation = got["tables"]
    # Regular die on a 1: 1, 2 or 6 (3 of 6); the Jolly Roger die: skull, 2 or 6. On a 6: 6 or 1 / skull or 6.
    assert placement == {"id": "placement", "rows": [
        {"top": 1, "regular": "1/2", "jolly_roger": "1/2"}, {"top": 2, "regular": "1/2", "jolly_roger": "2/3"},
        {"top": 3, "regular": "1/3", "jolly_roger": "1/2"}, {"top": 4, "regular": "1/2", "jolly_roger": "2/3"},
        {"top": 5, "regular": "1/2", "jolly_roger": "2/3"}, {"top": 6, "regular": "1/3", "jolly_roger": "1/3"}]}
    # On a 1 with two regular dice: 1 - 1/6 x (1/2 + 1/2 + 1/3) = 7/9 (see the engine test).
    assert isolation["id"] == "isolation" and isolation["rows"][0] == {
        "top": 1, "regular": "1/2", "jolly_roger": "1/2", "two_regular": "7/9", "jolly_roger_and_regular": "3/4"}
    rules = dead_mans_rules(game("dead-mans-dice"))
    assert all(Fraction(row["regular"]) == placing_chance(rules, DieKind.REGULAR, face) for row, face in
               zip(placement["rows"], ("one", "two", "three", "four", "five", "six"), strict=True))


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_the_examples_and_the_odds(lang):
    t = tr(lang)
    markup = html("dead-mans-dice", lang)
    text = html_text(markup)
    for title in ("Who goes first", "A match", "The next number up, then a plunder chain", "Isolated",
                  "A skull and crossbones goes on any top die", "A new pile, and your own die plundered back",
                  "The last die, one more plunder, and the end of the round"):
        assert f"<h3>{t.typeset(t.gettext(title))}</h3>" in markup  # headings are set by the typography too
    # Every page is set by its language's typography (pnp/typography.py): `7\u00a0y`, `и\u00a0кость`.
    assert t.typeset(t.format(t.gettext("A total of {total}, and a Jolly Roger die you cannot plunder"),
                              total=7)) in text
    assert f"<th>{t.gettext('Regular die')}</th><th>{t.gettext('Jolly Roger die')}</th>" in markup
    # The joined head of the isolation table is a sentence of its own, its count in words.
    joined = t.format(t.npgettext("odds column", "Jolly Roger die and {n:word} regular die",
                                  "Jolly Roger die and {n:word} regular dice", 1), n=1)
    assert f"<th>{t.typeset(joined)}</th>" in markup
    # The last example's scores have a lead-in, so they read as part of the example.
    assert f'<p class="story lead">{t.typeset(t.gettext("Scoring the round:"))}</p><ul class="scores">' in markup
    # The placement row for a 3 on top: 33.3 % for a regular die, 50.0 % for the Jolly Roger die.
    row = " ".join([t.number(3), t.percent(1 / 3), t.percent(0.5)])
    assert fold(row) in text
    meg = pirates(game("dead-mans-dice"))[2]  # the third pirate's dice: framed in her colour, with her badge
    assert markup.count('class="example dmd"') == 8 and f"border-color: {meg.colour}" in markup
    # The badge only adorns the die (drawn as a background: an artifact in the tagged PDF).
    badge = badge_uri(meg.symbol, meg.colour)
    assert f'<span class="art who" style="background-image: url({badge})"></span>' in markup


def test_an_example_view_shows_owners_kinds_and_hands():
    g = game("dead-mans-dice")
    example = next(e for e in examples(g) if e.id == "total")
    view = example_view(example, g, dead_mans_rules(g), tr("en"))
    you, ann, meg = (o.colour for o in pirates(g)[:3])  # the first three players' colours and symbols, from the data
    cutlass, anchor, parrot = (o.symbol for o in pirates(g)[:3])
    # Before: your 5; Ann's 2 under her Jolly Roger 5; Meg's 5. You roll a 2 and take Meg's 5.
    assert [(z.label, z.faces, z.tags) for z in view.before_zones] == [
        ("You", ("five",), (cutlass,)), ("Ann", ("two", "five"), (anchor, anchor)), ("Meg", ("five",), (parrot,))]
    assert [(z.faces, z.tints) for z in view.after] == [
        (("five", "two", "five"), (you, you, meg)), (("two", "five"), (ann, ann)), ((), ())]
    assert view.extra["seats"] == ((cutlass, you), (anchor, ann), (parrot, meg))
    assert (view.roll.tags, view.roll.tints) == ((cutlass,), (you,))
    assert view.extra["before_jolly"] == ((False,), (False, True), (False,))
    assert view.extra["before_hands"][0] == ((you, True), (you, False))  # both dice, before the roll
    assert (view.roll.faces, view.extra["roll_jolly"]) == (("two",), (False,))
    assert view.before == ("In your hand: your Jolly Roger die and one regular die.",)
    # Each number said as the pictures show it; Meg's pile is emptied by the plunder, Ann's Jolly Roger die guarded.
    # The column beside the pictures keeps each number with the word before it (no line opens with `2.`).
    assert view.extra["story"] == ("You roll a regular die and get a\u00a02. It totals\u00a07 with your\u00a05, so it goes "
                                   "on your pile. Ann's top die, a\u00a05, totals\u00a07 with your\u00a02, but it is a Jolly "
                                   "Roger die, which can never be plundered. You plunder the only die in Meg's pile, "
                                   "a\u00a05: it totals\u00a07 with your\u00a02. Nothing more can be plundered, so your "
                                   "turn ends.",)
    assert view.extra["after"] == ()


def test_the_stories_say_what_a_skull_counts_as_once_and_whose_top_die_is_taken():
    g = game("dead-mans-dice")
    rules, t = dead_mans_rules(g), tr("en")
    told = {e.id: example_view(e, g, rules, t).sentences for e in examples(g)}
    assert told["first-player"] == (
        "A skull and crossbones counts as 1, so Ann and Meg tie for the lowest number: everyone rolls their base die "
        "again.",
        # The reader is told again that the re-rolled base die is the skull: the whole point of the example.
        "This time your base die is the skull and crossbones, the lowest number, so you take the first turn.")
    # The skull goes where a 1 could not (the rule shown, not a match); on it, only a 2 (next up from 1) or a 6
    # (1 + 6 = 7) could be plundered: the rule taught where it applies.
    assert told["skull"][1:] == (
        "A 1 could not go on your 2, but a skull and crossbones goes on your pile whatever the top die shows.",
        "On top, it counts as 1, so you could plunder only a 2 or a 6. No rival's top die shows either, so your turn "
        "ends.")  # "it": the face just named twice is not named a third time
    # The die just plundered is named as the new top die, before the next plunder; a pile it empties is said by
    # "the only die" ("last die" is the last in your hand).
    assert told["next"][2:5] == (
        "You plunder the only die in Ann's pile, a 5: it totals 7 with your 2.",
        "The 5 is now your top die, so you may plunder again.",
        "You plunder the top die of Meg's pile, Ann's 2: it totals 7 with your 5.")  # Ann's die, on Meg's pile
    assert told["new-pile"][2] == "You take back your own 2 from Meg's pile: it is the next number up from your 1."


def test_the_last_example_scores_every_pile_in_words():
    g = game("dead-mans-dice")
    view = example_view(next(e for e in examples(g) if e.id == "last-die"), g, dead_mans_rules(g), tr("en"))
    # The scores and what follows run at full width under the pictures and the story's column.
    assert view.extra["story"][-1].endswith("Your hand is empty, so the round ends, and every pirate scores their pile.")
    # Each pile's worth with the sum a reader checks against the picture; the scores end the example.
    (kind, lines), = view.extra["after"]
    assert kind == "scores" and lines == (
        "Your pile is worth\u00a014 doubloons (2\u00a0+\u00a05\u00a0+\u00a05\u00a0+\u00a02).",
        "Ann's pile is worth\u00a011 doubloons (4\u00a0+\u00a07). The skull and crossbones on top doubles it to\u00a022.",
        "Meg's pile is empty and her Jolly Roger die is still in her hand: she is keelhauled and scores\u00a0\u22127.")
    assert view.extra["scores_lead"] == "Scoring the round:"


def test_the_reviewed_examples_are_current(project):
    assert run("--root", str(project.root), "examples", "dead-mans-dice", "--diff") == (0, "", "")
    assert BOOK.warnings(game("dead-mans-dice")) == []


def test_a_rule_change_flows_to_examples_odds_and_every_language(project_copy, project):
    rules = project_copy.rules / "dead-mans-dice.yaml"
    text = rules.read_text()
    rules.write_text(text.replace("  pile_total: 7\n", "  pile_total: 8\n").replace("  skull_value: 7\n",
                                                                                    "  skull_value: 10\n"))
    code, out, _ = run("--root", str(project_copy.root), "examples", "dead-mans-dice", "--diff")
    assert code == 1
    assert "-[total] A total of 7, and a Jolly Roger die you cannot plunder" in out
    assert "+[total] A total of 8, and a Jolly Roger die you cannot plunder" in out
    assert "+  | Meg's pile is worth 11 doubloons (1\u00a0+ 10)." in out  # her 1 and a skull now worth 10
    _, odds, _ = run("--root", str(project_copy.root), "odds", "dead-mans-dice", "--json")
    # A regular die on a 1 now fits by 1 or 2 only (1 + 7 = 8, but no die shows 7): 1/3.
    assert json.loads(odds)["tables"][0]["rows"][0] == {"top": 1, "regular": "1/3", "jolly_roger": "1/3"}
    changed = load_game(rules, "rules/dead-mans-dice.yaml")
    effects = changed.section("effects").blocks
    for lang in LANGS:
        t = tr(lang)
        before = html_text(html("dead-mans-dice", lang))
        after = html_text(rulebook_html(project, changed, t))
        # As the page prints them: set by the language's typography (`8\u00a0with`).
        placing = t.typeset(t.text(effects[1].items[2].text, changed.values))  # "totals {pile_total} with the top die."
        worth = t.typeset(t.text(changed.face("jolly-roger").effect, changed.values))  # "It is worth {skull_value:word} ..."
        assert t.number(8) in placing and t.count(10) in worth  # a value in prose is said in words (ten, diez)
        for sentence in (placing, worth):
            assert sentence in after and sentence not in before
        title = t.gettext("A total of {total}, and a Jolly Roger die you cannot plunder")
        assert t.typeset(t.format(title, total=8)) in after and t.typeset(t.format(title, total=7)) not in after


def test_the_rulebook_says_whose_dice_placing_the_last_die_broadsides_and_credits():
    g = game("dead-mans-dice")
    assert (g.year, g.values["skull_number"]) == (None, 1)
    assert [(d.id, d.paper) for d in g.dice] == [("jolly-roger", False), ("regular", False)]
    markup = html("dead-mans-dice", "en")
    text = html_text(markup)  # set by the English typography: ’, a number kept with its word, re-roll never broken
    for head in ("Knocking over your own pile:", "Broadside:", "Plunder:"):  # run-in heads, in bold
        assert f"<strong>{head}</strong>" in markup
    for sentence in (
        "Game design: Martin H. Samuel. Original edition: Games Above Board.",
        # What you need: the dice, counted, whose colours tell them apart (or blank dice with the sticker sets), and
        # the optional player aid.
        "three ordinary six-sided dice per player (6\u00a0to 18\u00a0in all), a different colour for each player, or "
        "blank 16\u00a0mm dice with the kit\u2019s sticker sets the kit\u2019s sticker sheet: a skull and crossbones for "
        "each Jolly Roger die score pad pencil one player aid per player (optional)",
        # The Jolly Roger die told once (the components show its faces): by the sticker that makes it.
        "Each player takes their own dice, all of one colour: one Jolly Roger die two regular dice Put a "
        "skull-\u2060and-\u2060crossbones sticker on the 1\u00a0of each Jolly Roger die. If you use blank 16\u00a0mm dice "
        "instead, the kit has a sticker set for each player, marked with a colour band and a player symbol (cutlass, "
        "anchor, parrot, barrel, compass, hook). The kit has no paper dice, because paper dice cannot be stacked into a "
        "pile. The symbols let colour-blind players tell the dice apart; with ordinary dice, choose colours that "
        "everyone can distinguish.",
        "The player with the lowest number takes the first turn (a skull and crossbones counts as 1). If players tie "
        "for the lowest number, everyone re-\u2060rolls their base die. Play then goes clockwise.",
        "If the die can go on your pile (see the next section), you must put it there.",
        "When your turn ends, the next player clockwise takes a turn.",
        "Knocking over your own pile: the dice you plundered go back to their owners\u2019 hands, and your own dice "
        "go back to your hand. Your turn ends at once, and you start a new pile on your next turn.",
        # What the engine does: the victim restarts at once, then the die that knocked the pile over lands as usual.
        "Broadside: if your die knocks over a rival\u2019s pile, you lose seven doubloons when the round is scored. Any "
        "plundered dice in that pile go back to their owners\u2019 hands; the rival takes back their own dice and at once "
        "rolls one of them to start a new pile. Then your turn goes on as usual: your die goes on your pile if it can.",
        "A skull and crossbones can go on your pile whatever the top die shows. On top of a pile, it counts as 1.",
        "If it cannot, you are isolated: it goes back to your hand and your turn ends.",  # the quick reference
        "Nothing comes after 6: the numbers never wrap around to 1.",
        "If several players reach 100\u00a0doubloons in the same round, they share the win, even if their totals differ.",
        "A die that can go on your pile must go there.",
        "You may also plunder your own dice back from a rival\u2019s pile.",
        "When a player places their last die, the round ends as soon as that player has finished plundering. Then "
        "each player scores their pile.",
        "A total may go below zero.",
        "Lose seven doubloons for each rival\u2019s pile you knocked over in the round (broadside).",
        "Scoring and winning",
    ):
        assert sentence in text
    assert "As soon as a player has no dice left in their hand" not in text
    assert "goes first and rolls another die" not in text and "On each turn, a player rolls" not in text


def test_simulation_is_reproducible_by_seed(project):
    args = ("--root", str(project.root), "simulate", "dead-mans-dice", "--games", "6", "--players", "3")
    first, again, other = run(*args, "--seed", "5"), run(*args, "--seed", "5"), run(*args, "--seed", "6")
    assert first == again and first[0] == 0 and first[1] != other[1]
    lines = first[1].splitlines()
    assert lines[0] == "6 games, 3 players, seed 5 (seats rotate between games)"
    assert lines[1].startswith("  jolly-early (Jolly Roger die as the base; plunders the longest chain): ")
    assert lines[2].startswith("  jolly-last (Jolly Roger die last; plunders the longest chain): ")
    assert lines[3].startswith("  greedy    (the die most likely to go on; plunders the longest chain): ")
    assert lines[4].startswith("  skull-keeper (")
    assert [line.split(" per game")[0].strip() for line in lines[6:]] == [
        "rounds", "turns", "rounds topped by the first pirate (%)"]


def test_who_goes_first_says_this_time_after_a_tie_and_a_skulls_number_once():
    g = game("dead-mans-dice")
    rules = dead_mans_rules(g)
    teller = Teller(g, rules, tr("en"), rival_names(tr("en")))
    jolly, regular = Die(YOU, DieKind.JOLLY_ROGER), Die(1, DieKind.REGULAR)

    def base(player, face, die=regular):
        return event(Kind.BASE, player=player, die=die, face=face)

    # Ann and Meg tie on 2; then Ann's 1 is lowest: no skull, so no "counts as".
    tied = [base(YOU, "five", jolly), base(1, "two"), base(2, "two"), event(Kind.BASE_TIE, players=(1, 2), number=2),
            base(YOU, "four", jolly), base(1, "one"), base(2, "three"), event(Kind.FIRST, player=1, number=1)]
    assert teller.tell(tied) == ["Ann and Meg tie for the lowest number, 2, so everyone rolls their base die again.",
                                 "This time Ann has the lowest number, 1, and goes first."]
    # No tie: your skull and crossbones is the lowest, and the sentence says what it counts as.
    alone = [base(YOU, SKULL, jolly), base(1, "three"), base(2, "two"), event(Kind.FIRST, player=YOU, number=1)]
    assert teller.tell(alone) == ["A skull and crossbones counts as 1, so you have the lowest number: you take the "
                                  "first turn."]
