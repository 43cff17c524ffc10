"""The Dicemants reference engine: pinned examples, dice, odds, invariants, examples, play through the shared tools."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from helpers import game
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.chance import play, replay, sample, simulate, walk
from pnp.games.dicemants.book import dicemants_rules
from pnp.games.dicemants.engine import (
    STRATEGIES,
    DicemantsEngine,
    DicemantsRules,
    DieInPlay,
    Kind,
    Phase,
    Reroll,
    Roll,
    Stop,
    apply_action,
    apply_chance,
    assign_dice,
    chance_outcomes,
    coverage_goals,
    derive_examples,
    is_chance,
    legal_actions,
    new_game,
    odds,
    pool,
    resolve_roll,
)

R = dicemants_rules(game("dicemants"))
"""The rules as the rules file states them: the engine has no dice of its own."""
ENGINE = DicemantsEngine(R)


def changed(**changes) -> DicemantsRules:
    """The real rules with some changed: a rule change as the engine sees it."""
    return replace(R, **changes)


def test_the_engine_plays_the_rules_file():
    """The engine's dice, tiers and numbers are the rules file's, field for field."""
    from pnp.games.dicemants.spec import params, precedence

    g = game("dicemants")
    assert R.dice == tuple((d.id, d.faces) for d in g.dice)
    assert R.dice[0] == ("A", ("diamond", "diamond", "diamond", "diamond", "skull", "void"))
    assert R.tiers == tuple(t.id for t in precedence(g))
    assert R.bugs == frozenset({"spider", "snake", "bat"})
    assert (R.goal, R.max_dice, R.void_streak_limit) == (params(g).goal, params(g).max_dice, params(g).void_streak_limit)
    assert R.bug_takes_from_bag is g.flags["bug_takes_from_bag"] and R.players == g.players
D, V = "diamond", "void"

# The seven examples of the original rules, at turn start (empty bag and lost zone).
PINNED = {
    1: ("diamond diamond void void diamond void",
        dict(tier="plain", locked=False, bag=(D, D, D), board=(V, V, V), lost=(), reroll="optional",
             turn_over=False, banked=None, possible=True, assignment=("A", "B", "C", "D", "E", "F"))),
    2: ("diamond void diamond snake diamond bat",
        dict(tier="bug", locked=False, bag=(D,), board=(V, "snake", "bat"), lost=(D, D), reroll="optional",
             turn_over=False, banked=None, possible=True, assignment=("A", "C", "E", "B", "F", "D"))),
    3: ("diamond diamond void spider diamond locked",
        dict(tier="bug", locked=True, bag=(D, D), board=(V, "spider", "locked"), lost=(D,), reroll="none",
             turn_over=True, banked=2, possible=True, assignment=("A", "B", "D", "C", "F", "E"))),
    4: ("diamond diamond void thief diamond void",
        dict(tier="thief", locked=False, bag=(), board=(V, "thief", V), lost=(D, D, D), reroll="optional",
             turn_over=False, banked=None, possible=True, assignment=("A", "B", "C", "F", "D", "E"))),
    5: ("pick void diamond snake diamond bat",
        dict(tier="pick", locked=False, bag=(), board=("pick", D, "snake", D, "bat"), lost=(V,),
             reroll="mandatory", turn_over=False, banked=None, possible=False, assignment=None)),
    6: ("pick diamond void skull diamond locked",
        dict(tier="skull", locked=False, bag=(), board=("pick", V, "skull", "locked"), lost=(D, D), reroll="none",
             turn_over=True, banked=0, possible=True, assignment=("B", "C", "D", "A", "F", "E"))),
    7: ("diamond diamond skull spider tnt locked",
        dict(tier="tnt", locked=False, bag=(), board=(D, D, "skull", "spider", "tnt", "locked"), lost=(),
             reroll="mandatory", turn_over=False, banked=None, possible=False, assignment=None)),
}


def kinds(events):
    return [e.kind for e in events]


@pytest.mark.parametrize("number", sorted(PINNED))
def test_pinned_example(number):
    faces, expected = PINNED[number]
    res = resolve_roll(R, faces.split())
    assert {name: getattr(res, name) for name in expected} == expected


def test_pinned_example_events():
    ex2 = resolve_roll(R, PINNED[2][0].split())
    lost = [(e["position"], e["cause"], e["cause_position"]) for e in ex2.events if e.kind == "to_lost"]
    assert lost == [(2, "snake", 3), (4, "bat", 5)]  # ties go left; each bug takes the closest diamond
    ex5 = resolve_roll(R, PINNED[5][0].split())
    assert [(e["position"], e["cause_position"]) for e in ex5.events if e.kind == "to_lost"] == [(1, 0)]
    assert ex5.events[-1].kind == "reroll" and ex5.events[-1]["mandatory"] and len(ex5.events[-1]["dice"]) == 5
    ex6 = resolve_roll(R, PINNED[6][0].split())
    assert ex6.events[0]["ignored"] == ("pick", "plain")
    assert ex6.events[-1].as_dict() == {"kind": "turn_end", "reason": "skull", "banked": 0}
    ex7 = resolve_roll(R, PINNED[7][0].split())
    assert kinds(ex7.events) == ["tier", "from_lost_none", "reroll"]


def test_swapping_skull_and_pick_changes_example_6():
    other = changed(tiers=("tnt", "pick", "skull", "thief", "bug", "plain"))
    res = resolve_roll(other, PINNED[6][0].split())
    assert (res.tier, res.lost, res.board, res.reroll, res.turn_over) == (
        "pick", (D,), ("pick", V, "skull", D, "locked"), "mandatory", False)


# ------------------------------------------------------------------ single rules

def test_locked_alone_with_voids_is_plain_plus_locked():
    res = resolve_roll(R, ["void", "locked"], bag=2)
    assert (res.tier, res.locked, res.turn_over, res.banked, res.end_reason) == ("plain", True, True, 2, "locked")


def test_locked_ignored_by_tnt_skull_and_pick():
    for faces in (["tnt", "locked"], ["pick", "locked", "void"]):
        res = resolve_roll(R, faces)
        assert not res.locked and res.reroll == "mandatory"


def test_tnt_returns_the_most_recently_lost_die():
    res = resolve_roll(R, ["tnt", "void"], bag=1, lost=["void", "diamond"])
    assert (res.lost, res.board, res.bag, res.reroll) == ((V,), ("tnt", V, D), (D,), "mandatory")
    assert [e["die"].face for e in res.events if e.kind == "from_lost"] == [D]


def test_dice_lost_at_once_go_board_left_to_right_then_bag_in_order():
    for tier in ("thief", "skull"):  # two diamonds in the bag, two on the board around the thief or skull
        res = resolve_roll(R, ["diamond", tier, "diamond"], bag=2)
        lost = [(e["from_zone"], e["position"]) for e in res.events if e.kind == "to_lost"]
        assert lost == [("board", 0), ("board", 2), ("bag", 0), ("bag", 1)]
    # In play: D then E went into the bag; a thief takes A and B off the board, then D and E. The next roll's
    # TNT brings back the last of them, E.
    state = replace(new_game(R, 2), phase=Phase.ROLL, bag=(DieInPlay("D", D), DieInPlay("E", D)),
                    board=(DieInPlay("A"), DieInPlay("F"), DieInPlay("C"), DieInPlay("B")))
    for face in ("diamond", "thief", "void", "diamond"):
        state, _ = apply_chance(state, face)
    assert [d.id for d in state.lost] == ["A", "B", "D", "E"] and state.phase == Phase.DECIDE
    state, _ = apply_action(state, Reroll())
    state, _ = apply_chance(state, "void")
    state, events = apply_chance(state, "tnt")
    assert [e["die"].id for e in events if e.kind == "from_lost"] == ["E"]


def test_positions_do_not_close_up():
    # Diamond, diamond, snake, bat, void, diamond: the snake (3rd) takes the 2nd die; the bat (4th) is then 2
    # places from the 6th die and 3 from the 1st, as rolled. Closed up, both would be 2 away and the 1st lost.
    res = resolve_roll(R, ["diamond", "diamond", "snake", "bat", "void", "diamond"])
    assert [(e["position"], e["cause_position"]) for e in res.events if e.kind == "to_lost"] == [(1, 2), (5, 3)]
    assert (res.bag, res.board) == ((D,), ("snake", "bat", V))


def test_bug_falls_back_to_the_latest_bag_diamond_or_not():
    res = resolve_roll(R, ["bat", "void"], bag=2)
    assert (res.bag, res.lost) == ((D,), (D,))
    fallback = next(e for e in res.events if e.kind == "bug_fallback_bag")
    assert fallback["die"].id == res.events[2]["die"].id  # the to_lost event moves the same die
    other = changed(bug_takes_from_bag=False)
    res = resolve_roll(other, ["bat", "void"], bag=2)
    assert (res.bag, res.lost) == ((D, D), ()) and "bug_idle" in kinds(res.events)
    assert "bug-fallback" not in coverage_goals(other)


def test_pick_alone_loses_itself_and_banks():
    res = resolve_roll(R, ["pick"], bag=3)
    assert (res.lost, res.board, res.turn_over, res.banked, res.end_reason) == (("pick",), (), True, 3, "pick_empty")


def test_void_streak_is_data():
    assert resolve_roll(R, ["void", "void"], bag=2, void_streak=1).end_reason == "void_streak"
    assert resolve_roll(R, ["void", "void"], bag=2, void_streak=1).banked == 2
    assert not resolve_roll(changed(void_streak_limit=3), ["void"], void_streak=1).turn_over
    assert resolve_roll(R, ["void", "diamond"], void_streak=1).void_streak == 0  # any other roll resets


def test_empty_board_banks():
    res = resolve_roll(R, ["diamond", "diamond"], bag=1)
    assert (res.turn_over, res.banked, res.end_reason) == (True, 3, "empty_board")


def test_bug_alias_and_unknown_faces():
    assert resolve_roll(R, ["bug", "diamond"]).tier == "bug"
    with pytest.raises(ValueError):
        resolve_roll(R, ["emerald"])


# ------------------------------------------------------------------ dice assignment

def test_assign_dice():
    assert assign_dice(R, ["skull", "pick", "tnt", "locked", "thief", "bat"]) == ("A", "B", "C", "E", "F", "D")
    assert assign_dice(R, ["bug", "snake"]) == ("C", "B")
    assert assign_dice(R, ["bug"] * 3) == ("B", "C", "D")
    assert assign_dice(R, ["void"]) == ("A",)
    assert assign_dice(R, ["pick", "snake"]) is None  # both only on B
    assert assign_dice(R, ["tnt", "spider"]) is None  # both only on C
    assert assign_dice(R, ["skull", "skull"]) is None
    assert assign_dice(R, ["diamond"] * 7) is None
    assert assign_dice(R, ["bug"] * 4) is None


# ------------------------------------------------------------------ odds

def test_odds_one_die():
    one = odds(R, 1)
    assert one.skull == Fraction(1, 36)  # 1/6 to draw A x 1/6 for its skull
    assert one.turn_ends == Fraction(7, 12)  # skull, lone pick, locked, or a diamond empties the board
    assert one.bust == Fraction(3, 36)  # skull, lone pick or a lone locked way: the turn ends with nothing banked
    assert one.ends_banking == Fraction(18, 36)  # a lone diamond empties the board and is banked
    assert one.expected_bag == Fraction(18, 36)


@pytest.mark.parametrize("n", range(1, 7))
def test_odds_sum_to_one(n):
    result = odds(R, n)
    assert result.total == 1
    assert result.bust + result.ends_banking == result.turn_ends
    assert sum(p for _, p in result.tiers) == 1 and sum(p for _, p in result.reroll) == 1
    assert result.mandatory_reroll == dict(result.reroll)["mandatory"]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_odds_agree_with_the_chance_tree(n):
    """The shared walker follows the game's own chance nodes (ordered draws, each die's faces) to the first roll."""
    start, _ = apply_action(new_game(R, 2), Roll(n))
    ends = bust = skull = bag = total = Fraction(0)
    for state, p, events in walk(ENGINE, start, lambda state, events: any(e.kind == Kind.ROLL for e in events)):
        banked = next((e["banked"] for e in events if e.kind == Kind.BANK), None)
        total += p
        ends += p if banked is not None else 0
        bust += p if banked == 0 else 0
        skull += p if any(e.kind == Kind.TIER and e["tier"] == "skull" for e in events) else 0
        bag += p * (banked if banked is not None else len(state.bag))
    expected = odds(R, n)
    assert total == 1
    assert (ends, bust, skull, bag) == (expected.turn_ends, expected.bust, expected.skull, expected.expected_bag)


# ------------------------------------------------------------------ chance and game flow

def test_chance_outcomes_sum_to_one_and_sampling_is_seeded():
    state, _ = apply_action(new_game(R, 3), Roll(4))
    draws = chance_outcomes(state)
    assert sum(p for _, p in draws) == 1 and len(draws) == 6
    picks = [sample(draws, random.Random(5)) for _ in range(3)]
    assert len(set(picks)) == 1
    for _ in range(4):
        state, _ = apply_chance(state, sample(chance_outcomes(state), random.Random(1)))
    assert state.phase == "roll"
    assert sum(p for _, p in chance_outcomes(state)) == 1
    with pytest.raises(ValueError):
        apply_chance(state, "tnt" if "tnt" not in dict(chance_outcomes(state)) else "skull")
    with pytest.raises(ValueError):
        apply_action(state, Stop())


def test_legal_actions_and_rules_validation():
    assert legal_actions(new_game(R, 2)) == tuple(Roll(n) for n in range(1, 7))
    with pytest.raises(ValueError):
        new_game(R, 7)
    with pytest.raises(TypeError):
        DicemantsRules()  # type: ignore[call-arg]  # the dice and every rule come from the rules file
    bad = [dict(tiers=("skull", "tnt")), dict(dice=(("A", ("diamond",) * 5),)), dict(goal=0),
           dict(dice=(("A", ("emerald",) * 6),)), dict(max_dice=7), dict(void_streak_limit=0),
           dict(bugs=frozenset({"void"})), dict(players=(3, 2)), dict(locked_combines=frozenset({"x"}))]
    for kwargs in bad:
        with pytest.raises(ValueError):
            changed(**kwargs)


def test_mandatory_reroll_skips_the_decision():
    state = replace(new_game(R, 2), phase="draw", pending=2, drawn=2)
    state, _ = apply_chance(state, "C")
    state, _ = apply_chance(state, "A")
    state, _ = apply_chance(state, "tnt")
    state, events = apply_chance(state, "diamond")
    assert state.phase == "roll" and all(d.face is None for d in state.board)
    assert kinds(events) == ["roll", "tier", "from_lost_none", "reroll"]


def drive(seed, choices, players=2, rules=R, limit=400):
    """Play with the caller's choices (indices into the legal actions) and check invariants at every step."""
    rng, state, choices = random.Random(seed), new_game(rules, players), list(choices)
    actions, events, drawn = [], [], 0
    for _ in range(limit):
        zones = state.bag + state.board + state.lost
        ids = [d.id for d in zones]
        assert len(ids) == len(set(ids)) and set(ids).isdisjoint(pool(state))
        assert len(zones) + len(pool(state)) == len(rules.dice) == 6  # no die created or destroyed
        assert len(zones) == (state.drawn - state.pending if state.phase in ("draw", "roll", "decide") else 0)
        assert all(d.face == "diamond" for d in state.bag)
        if state.phase == "over" or (not is_chance(state) and not choices):
            break
        if is_chance(state):
            state, evs = apply_chance(state, sample(chance_outcomes(state), rng))
        else:
            legal = legal_actions(state)
            actions.append(legal[choices.pop(0) % len(legal)])
            state, evs = apply_action(state, actions[-1])
        for e in evs:
            drawn = e["dice"] if e.kind == "turn_start" else drawn
            if e.kind == "bank":
                assert 0 <= e["banked"] <= drawn  # banked never exceeds the dice drawn
        events.extend(evs)
    return state, actions, tuple(events)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 5), max_size=60),
       players=st.integers(2, 6))
def test_game_invariants_and_replay(seed, choices, players):
    state, actions, events = drive(seed, choices, players)
    again, replayed = replay(ENGINE, players, seed, actions)
    assert replayed == events and again == state
    assert all(s >= 0 for s in state.scores)


@settings(max_examples=80, deadline=None)
@given(faces=st.lists(st.sampled_from(sorted(R.faces) + ["bug"]), min_size=1, max_size=6),
       bag=st.integers(0, 5), lost=st.integers(0, 5), streak=st.integers(0, 1))
def test_resolve_conserves_dice(faces, bag, lost, streak):
    res = resolve_roll(R, faces, bag, lost, streak)
    assert len(res.bag) + len(res.board) + len(res.lost) == len(faces) + bag + lost
    assert res.turn_over == (res.banked is not None) == (res.reroll == "none")
    if res.turn_over and res.end_reason != "skull":
        assert res.banked == len(res.bag)


SEATS = [STRATEGIES[name] for name in ("cautious", "balanced", "greedy")]


def test_play_replays_exactly():
    state, actions, events = play(ENGINE, 3, 99, SEATS)
    assert state.phase == Phase.OVER and state.scores[state.winner] >= R.goal
    assert ENGINE.returns(state) == tuple(Fraction(int(seat == state.winner)) for seat in range(3))
    assert replay(ENGINE, 3, 99, actions) == (state, events)
    with pytest.raises(ValueError):
        replay(ENGINE, 3, 99, actions + (Reroll(),))


def test_key_leaves_out_the_counters():
    state, _ = apply_action(new_game(R, 2), Roll(2))
    later = replace(state, turn=state.turn + 4, rolls=3)
    assert ENGINE.key(state) == ENGINE.key(later) and state != later
    assert ENGINE.key(state) != ENGINE.key(replace(state, scores=(1, 0)))
    hash(ENGINE.key(state))


def test_changing_goal_changes_when_the_game_ends():
    state, actions, events = play(ENGINE, 2, 11, [STRATEGIES["balanced"], STRATEGIES["greedy"]])
    first = next(e for e in events if e.kind == "bank" and e["score"] >= 5)
    short, short_events = replay(DicemantsEngine(changed(goal=5)), 2, 11, actions, strict=False)
    assert short.winner == first["player"] and short.scores[short.winner] == first["score"]
    assert short_events[-1].as_dict() == {"kind": "win", "player": first["player"], "score": first["score"]}
    assert short.turn < state.turn and len(short_events) < len(events)


# ------------------------------------------------------------------ worked examples

def test_derive_examples_is_deterministic_possible_and_covering():
    examples = derive_examples(R)
    assert examples == derive_examples(R)
    assert 6 <= len(examples) <= 10
    assert len({e.id for e in examples}) == len(examples)
    assert set(coverage_goals(R)) <= {g for e in examples for g in e.covers}
    for e in examples:
        assert e.resolution.possible and e.resolution == resolve_roll(R, e.faces, e.bag, e.lost, e.void_streak,
                                                                      e.prior)
        assert e.bag + len(e.lost) + len(e.faces) <= 6
    # the goals, checked directly on the resolutions
    res = [(e, e.resolution, kinds(e.resolution.events)) for e in examples]
    assert {r.tier for _, r, _ in res} == set(R.tiers)
    assert {r.tier for _, r, _ in res if r.locked} >= set(R.locked_combines)
    assert any("bug_fallback_bag" in k for _, _, k in res)
    assert any(r.tier == "tnt" and not e.lost for e, r, _ in res)
    assert any(r.tier == "tnt" and "from_lost" in k for _, r, k in res)
    assert any(r.tier == "pick" and len(e.faces) == 1 for e, r, _ in res)
    assert any(r.end_reason == "void_streak" and e.prior == ("void",) * len(e.faces) for e, r, _ in res)
    assert any(r.tier == "skull" and e.bag >= 3 for e, r, _ in res)


def test_derive_examples_follow_the_rules():
    other = changed(tiers=("tnt", "pick", "skull", "thief", "bug", "plain"), locked_combines=frozenset({"bug"}))
    examples = derive_examples(other)
    assert {e.resolution.tier for e in examples if e.resolution.locked} == {"bug"}
    assert all(e.resolution.possible for e in examples)
    assert set(coverage_goals(other)) <= {g for e in examples for g in e.covers}
    everything = derive_examples(changed(locked_combines=frozenset(R.tiers)))
    assert {e.resolution.tier for e in everything if e.resolution.locked} == set(R.tiers)


# ------------------------------------------------------------------ simulation

def test_simulate_is_reproducible_and_counts_every_game():
    turns = {"turns": lambda state: state.turn}
    stats = simulate(ENGINE, 30, 3, 4, SEATS, turns)
    assert stats == simulate(ENGINE, 30, 3, 4, SEATS, turns)
    assert sum(stats.wins_by_seat) == 30 == sum(w for _, w, _ in stats.wins_by_policy)
    assert [seated for _, _, seated in stats.wins_by_policy] == [30, 30, 30]
    (length,) = stats.measures
    assert length.name == "turns" and length.least <= length.mean <= length.most
    assert set(STRATEGIES) == {"cautious", "balanced", "greedy"}
    shorter = simulate(DicemantsEngine(changed(goal=5)), 30, 3, 4, SEATS, turns)
    assert shorter.measures[0].mean < length.mean
