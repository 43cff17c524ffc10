"""Engine meets rulebook: resolve, narration, worked examples, odds, simulation and a rule change end to end."""

from __future__ import annotations

import io
import json
import re

import pypdf
import pytest

from pnp.build import build
from pnp.cli import main
from pnp.i18n import translator
from pnp.model import LANGS
from pnp.narrate import narrate
from pnp.play import dicemants_rules, example_views, examples
from pnp.rules import load_game


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def pdf_text(path) -> str:
    """The PDF's text on one line: words hyphenated at a line end joined again."""
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(path).pages)
    return " ".join(re.sub(r"-\n", "", text).split())


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


def test_resolve_rejects_bad_faces_and_counts(project):
    code, _, err = run("--root", str(project.root), "resolve", "dicemants", "ruby")
    assert code == 2 and "unknown face ruby" in err
    code, _, err = run("--root", str(project.root), "resolve", "dicemants", "void", "void", "void", "--bag", "4")
    assert code == 2 and "more than the 6 dice" in err


def test_narration_in_english_is_exact(project):
    game = load_game(project.rules / "dicemants.yaml")
    example = next(e for e in examples(game) if e.id == "bug-fallback")
    tr = translator(project.locales, "en", project.root)
    assert narrate(example.resolution, game, tr) == [
        "2 bugs act, from left to right.",
        "The bat sends the closest diamond to the lost zone.",
        "With no diamond left on the board, the snake takes the diamond put in your bag most recently.",
        "You may re-roll the 2 dice left on the board, or stop and bank your bag.",
    ]


@pytest.mark.parametrize("lang", ["es", "ca", "ru"])
def test_resolve_tells_the_outcome_in_the_readers_language(project, lang):
    tr = translator(project.locales, lang, project.root)
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "thief", "diamond", "locked", "--lang", lang)
    assert code == 0
    assert out.splitlines()[0] == tr.gettext("The thief acts.")
    assert "The " not in out


def test_printed_examples_are_possible_and_cover_every_goal(project):
    game = load_game(project.rules / "dicemants.yaml")
    chosen = examples(game)
    assert all(e.resolution.possible for e in chosen)
    assert [e.id for e in chosen if e.id.startswith("pinned-")] == ["pinned-1", "pinned-2", "pinned-3", "pinned-4", "pinned-6"]
    tr = translator(project.locales, "en", project.root)
    assert [v.title for v in example_views(game, tr)][:5] == [f"From the original rules, example {n}" for n in range(1, 6)]
    covered = {g for e in chosen for g in e.covers}
    assert {"locked-thief", "locked-bug", "locked-plain", "bug-fallback", "tnt-empty-lost", "tnt-return",
            "pick-alone", "void-streak", "skull-big-bag"} <= covered


def test_check_warns_about_impossible_source_examples_and_passes(project):
    code, out, err = run("--root", str(project.root), "check")
    assert code == 0
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 2
    assert warnings[0].startswith("warning: rules/dicemants.yaml:") and "examples[4]: no set of the game's dice can show pick void diamond snake diamond bat" in warnings[0]
    assert "examples[6]" in warnings[1]


def test_odds_table_is_computed_and_localized(built):
    en = pdf_text(built / "dicemants" / "en" / "rulebook.pdf")
    ru = pdf_text(built / "dicemants" / "ru" / "rulebook.pdf")
    # One die: skull only on die A (1/6) showing its skull (1/6): 1/36 = 2.8 %; the roll ends the turn 7/12 = 58.3 %.
    assert "58.3%" in en and "2.8%" in en
    assert "58,3 %" in ru  # a no-break space in the PDF, folded by pdf_text


def test_simulation_is_reproducible_by_seed(project):
    first = run("--root", str(project.root), "simulate", "dicemants", "--games", "60", "--players", "3", "--seed", "5")
    again = run("--root", str(project.root), "simulate", "dicemants", "--games", "60", "--players", "3", "--seed", "5")
    other = run("--root", str(project.root), "simulate", "dicemants", "--games", "60", "--players", "3", "--seed", "6")
    assert first == again and first[0] == 0
    assert first[1] != other[1]
    assert first[1].startswith("60 games, 3 players, seed 5")
    wins = [int(line.split(": ")[1].split()[0]) for line in first[1].splitlines() if "wins in" in line]
    assert sum(wins) == 60


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

    old = build(project, ["dicemants"], list(LANGS), out=project_copy.root / "before")
    new = build(project_copy, ["dicemants"], list(LANGS), out=project_copy.root / "after")
    assert len(old.written) == len(new.written) == 4
    game = load_game(rules)
    for lang, before, after in zip(LANGS, old.written, new.written):
        tr = translator(project.locales, lang, project.root)
        goal_sentence = tr.text(game.section("end").blocks[0].text, game.values)
        assert tr.number(25) in goal_sentence
        assert goal_sentence in pdf_text(after) and goal_sentence not in pdf_text(before)
        skull_lead = tr.gettext("The skull acts.")
        pick_lead = tr.gettext("The broken pick acts and every other face is ignored.")
        # Source example 6 (pick ... skull ...) is now resolved by the pick.
        assert pdf_text(before).count(pick_lead) + 1 == pdf_text(after).count(pick_lead)
        assert pdf_text(before).count(skull_lead) == pdf_text(after).count(skull_lead) + 1


def test_flipping_the_bug_flag_changes_text_and_examples(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("  bug_takes_from_bag: true\n", "  bug_takes_from_bag: false\n"))
    game = load_game(rules)
    assert "bug-fallback" not in {g for e in examples(game) for g in e.covers}
    report = build(project_copy, ["dicemants"], ["en"], out=project_copy.root / "output")
    text = pdf_text(report.written[0])
    assert "with no diamond left on the board, it takes nothing." in text
    assert "from your bag if none is left on the board" not in text
    assert dicemants_rules(game).bug_takes_from_bag is False


def test_build_and_check_flag_examples_that_changed_since_review(project_copy):
    rules = project_copy.rules / "dicemants.yaml"
    rules.write_text(rules.read_text().replace("  void_streak_limit: 2\n", "  void_streak_limit: 3\n"))
    code, out, err = run("--root", str(project_copy.root), "build", "dicemants", "--lang", "en", "-q")
    assert code == 0
    assert err == ("warning: the worked examples of dicemants changed since they were last reviewed: "
                   "see `pnp examples dicemants --diff` before printing\n")
    code, _, err = run("--root", str(project_copy.root), "check", "-q")
    assert code == 1 and "rules/dicemants.examples.txt: the worked examples changed" in err
    assert run("--root", str(project_copy.root), "examples", "dicemants", "--accept", "-q")[0] == 0
    assert run("--root", str(project_copy.root), "check", "-q") == (0, "", "")


@pytest.mark.parametrize("lang", LANGS)
def test_bugs_speak_with_their_own_sentences(project, lang):
    game = load_game(project.rules / "dicemants.yaml")
    tr = translator(project.locales, lang, project.root)
    code, out, _ = run("--root", str(project.root), "resolve", "dicemants", "diamond", "bat", "snake", "--bag", "1", "--lang", lang)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == tr.text(game.face("bat").says("sends"), game.values)
    assert lines[2] == tr.text(game.face("snake").says("reaches"), game.values)
