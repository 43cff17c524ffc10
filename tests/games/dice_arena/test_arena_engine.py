"""Dice Arena engine: checking the arena, one throw resolved, the whole game, exact odds, examples and invariants."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.chance import play, replay, sample
from pnp.games.dice_arena import engine as e
from pnp.games.dice_arena.engine import OUTSIDE, ArenaEngine, ArenaRules, Goal, Kind, Phase, Stop, Throw

RULES = ArenaRules(faces=(1, 2, 3, 4, 5, 6), removed=1, dice_per_player=((2, 9), (3, 8), (4, 7), (5, 6)),
                   neutral_dice=1)
"""The rules file's numbers: a d6 with the 1 as the X, 9/8/7/6 dice each for 2/3/4/5 players, one neutral die."""
ENGINE = ArenaEngine(RULES)


def kinds(events):
    return [ev.kind for ev in events]


# ------------------------------------------------------------------ checking the arena

def test_a_matching_die_captures_the_pair_and_leaves_the_rest():
    check = e.check_arena(RULES, (3, 5), (), (3,))
    assert (check.x, check.outside, check.groups, check.stayed, check.arena) == (0, 0, ((3, 2, False),), (), (5,))
    assert (check.removed, check.captured) == (0, 2)


def test_two_x_are_removed_not_captured():
    # 1, 1, 3, 3, 4 into an empty arena: both 1s are removed first; the 3s are captured; the 4 stays.
    check = e.check_arena(RULES, (), (), (1, 1, 3, 3, 4))
    assert (check.x, check.groups, check.stayed, check.arena) == (2, ((3, 2, False),), (4,), (4,))
    only_x = e.check_arena(RULES, (), (), (1, 1))
    assert (only_x.removed, only_x.captured, only_x.arena) == (2, 0, ())


def test_every_matching_group_is_captured_at_once_triples_too():
    check = e.check_arena(RULES, (), (), (2, 5, 3, 2, 6, 5))
    assert (check.groups, check.arena, check.captured) == (((2, 2, False), (5, 2, False)), (3, 6), 4)
    triple = e.check_arena(RULES, (), (), (3, 5, 3, 6, 3))
    assert (triple.groups, triple.stayed) == (((3, 3, False),), (5, 6))


def test_the_neutral_die_is_captured_like_any_other():
    check = e.check_arena(RULES, (2, 4), (4,), (4,))
    assert (check.groups, check.arena, check.neutral) == (((4, 2, True),), (2,), ())
    kept = e.check_arena(RULES, (2, 4), (4,), (6,))
    assert (kept.arena, kept.neutral, kept.stayed) == ((2, 4, 6), (4,), (6,))


def test_a_die_outside_the_arena_is_removed_whatever_else_happens():
    check = e.check_arena(RULES, (4, 5), (), (OUTSIDE,))
    assert (check.x, check.outside, check.removed, check.arena) == (0, 1, 1, (4, 5))


# ------------------------------------------------------------------ one throw, resolved

def test_resolve_a_last_throw_with_no_match_eliminates():
    res = e.resolve_throw(RULES, (2, 4), (5,), hand=1)
    # Hand 1 - 1 thrown + 0 captured = 0: eliminated at once, and the 5 stays.
    assert (res.removed, res.captured, res.arena, res.hand, res.eliminated, res.turn_over) == (
        0, 0, (2, 4, 5), 0, True, True)
    assert kinds(res.events) == [Kind.THROW, Kind.STAYED, Kind.HAND, Kind.ELIMINATED, Kind.TURN_END]


def test_resolve_an_x_leaves_the_turn_open():
    res = e.resolve_throw(RULES, (3, 5), (1,), hand=4)
    assert (res.removed, res.captured, res.arena, res.hand, res.eliminated, res.turn_over) == (
        1, 0, (3, 5), 3, False, False)
    unknown = e.resolve_throw(RULES, (3, 5), (1,))
    assert (unknown.hand, unknown.eliminated, unknown.turn_over) == (None, None, False)


def test_resolve_a_capture_ends_the_turn_and_fills_the_hand():
    res = e.resolve_throw(RULES, (3, 5), (3,), hand=4)
    assert (res.captured, res.arena, res.hand, res.turn_over) == (2, (5,), 5, True)  # 4 - 1 + 2
    assert kinds(res.events) == [Kind.THROW, Kind.CAPTURED, Kind.HAND, Kind.TURN_END]


def test_a_strike_throws_the_whole_hand_so_it_always_ends_the_turn():
    res = e.resolve_throw(RULES, (), (2, 3))
    # Two different numbers: nothing captured, and the hand (the 2 dice thrown) is empty.
    assert (res.strike, res.hand_before, res.hand, res.eliminated, res.turn_over, res.arena) == (
        True, 2, 0, True, True, (2, 3))
    capture = e.resolve_throw(RULES, (), (1, 1, 3, 3, 4), hand=5)
    assert (capture.removed, capture.captured, capture.arena, capture.hand, capture.turn_over) == (2, 2, (4,), 2, True)


@pytest.mark.parametrize("arena, thrown, hand, message", [
    ((3, 3), (2,), None, "the arena cannot hold two dice showing 3: matching dice are captured at once"),
    ((1, 3), (2,), None, "the arena cannot hold a die showing 1: it counts as an X and is removed at once"),
    ((3,), (2, 4), None, "2 dice thrown into an arena that holds dice: you throw one die at a time; several dice "
                         "are thrown only into an empty arena (a strike)"),
    ((3,), (7,), None, "7 is not a number on the dice (1, 2, 3, 4, 5, 6)"),
    ((), (2,), 3, "the arena is empty, so this is a strike: all 3 dice in the hand are thrown at once, not 1"),
    ((3,), (), None, "throw at least one die"),
    ((2, 3), (4,), 40, "40 dice in the hand and 2 in the arena: no game has more than 31 dice"),  # 5 x 6 + 1
])
def test_positions_the_rules_cannot_reach_are_refused(arena, thrown, hand, message):
    with pytest.raises(ValueError) as info:
        e.resolve_throw(RULES, arena, thrown, hand)
    assert str(info.value) == message


# ------------------------------------------------------------------ the whole game

def test_setup_throws_the_neutral_die_again_on_an_x():
    state = ENGINE.new_game(3)
    assert (state.hands, state.phase, state.pending, ENGINE.current_player(state)) == ((8, 8, 8), Phase.SETUP, 1, -1)
    assert ENGINE.chance_outcomes(state) == tuple((f, Fraction(1, 6)) for f in range(1, 7))
    again, events = ENGINE.apply(state, 1)
    assert again == state and kinds(events) == [Kind.NEUTRAL_AGAIN]
    state, events = ENGINE.apply(state, 4)
    assert (state.arena, state.neutral, state.phase, kinds(events)) == ((4,), (4,), Phase.THROW, [Kind.NEUTRAL])
    assert ENGINE.legal_actions(state) == (Throw(),)  # the first throw of a turn is compulsory


def test_a_turn_captures_the_neutral_die_then_the_next_player_must_strike():
    state, _ = ENGINE.apply(ENGINE.new_game(3), 4)
    state, events = ENGINE.apply(state, Throw())
    assert (state.hands, state.phase, state.pending, kinds(events)) == ((7, 8, 8), Phase.LAND, 1, [Kind.TURN_START])
    state, events = ENGINE.apply(state, 4)
    # 8 - 1 + 2 = 9; the arena is empty, so seat 1 must throw all 8 dice.
    assert (state.hands, state.arena, state.current, state.neutral) == ((9, 8, 8), (), 1, ())
    assert kinds(events) == [Kind.THROW, Kind.CAPTURED, Kind.HAND, Kind.TURN_END]
    state, _ = ENGINE.apply(state, Throw())
    assert (state.hands, state.pending) == ((9, 0, 8), 8)
    for face in (2, 2, 3, 4, 5, 6, 1, 1):
        state, events = ENGINE.apply(state, face)
    # Two 1s removed, the 2s captured, 3 4 5 6 stay: seat 1 holds 2 dice, and seat 2 is next.
    assert (state.hands, state.arena, state.removed, state.current) == ((9, 2, 8), (3, 4, 5, 6), 2, 2)
    assert state.in_play + state.removed == 3 * 8 + 1


def test_stopping_passes_the_turn_and_an_empty_hand_eliminates_the_last_rival():
    rules = ArenaRules((1, 2, 3, 4, 5, 6), 1, ((2, 2),), 1)
    engine = ArenaEngine(rules)
    state, _ = engine.apply(engine.new_game(2), 4)
    state, _ = engine.apply(state, Throw())
    state, _ = engine.apply(state, 5)  # no match: seat 0 holds 1 die and may stop
    assert (state.hands, state.current, engine.legal_actions(state)) == ((1, 2), 0, (Throw(), Stop()))
    state, events = engine.apply(state, Stop())
    assert (state.current, kinds(events)) == (1, [Kind.STOP, Kind.TURN_END])
    state, _ = engine.apply(state, Throw())
    state, _ = engine.apply(state, 4)  # seat 1 captures the neutral 4
    assert (state.hands, state.arena, state.current) == ((1, 3), (5,), 0)
    state, _ = engine.apply(state, Throw())
    state, events = engine.apply(state, 6)  # seat 0's last die matches nothing
    assert kinds(events) == [Kind.THROW, Kind.STAYED, Kind.HAND, Kind.ELIMINATED, Kind.TURN_END, Kind.WIN]
    assert (state.phase, state.winner, engine.current_player(state), engine.returns(state)) == (
        Phase.OVER, 1, -2, (Fraction(0), Fraction(1)))


def test_failed_throws_are_a_chance_from_the_rules():
    rules = ArenaRules((1, 2, 3, 4, 5, 6), 1, ((2, 9),), 1, leave_arena=Fraction(1, 10))
    outcomes = e.throw_outcomes(rules)
    assert outcomes == tuple((f, Fraction(3, 20)) for f in range(1, 7)) + ((OUTSIDE, Fraction(1, 10)),)
    assert sum(p for _, p in outcomes) == 1
    assert OUTSIDE not in dict(e.throw_outcomes(RULES))  # the default: no failed throws


def test_illegal_moves_and_outcomes_are_refused():
    state, _ = ENGINE.apply(ENGINE.new_game(2), 4)
    with pytest.raises(ValueError, match="illegal action Stop"):
        ENGINE.apply(state, Stop())  # the first throw is compulsory
    with pytest.raises(ValueError, match="outcome 4 is not possible in phase throw"):
        e.apply_chance(state, 4)  # no die is in the air
    landing, _ = ENGINE.apply(state, Throw())
    with pytest.raises(ValueError, match="outcome 7 is not possible in phase land"):
        ENGINE.apply(landing, 7)
    with pytest.raises(ValueError, match="players: 6 is not one of"):
        ENGINE.new_game(6)


@pytest.mark.parametrize("faces, removed, neutral, message", [
    ((1, 2, 3, 4, 5, 5), 1, 1, "faces: a die needs six different numbers"),
    ((1, 2, 3, 4, 5, 6), 7, 1, "removed: 7 is not a number on the dice"),
    ((1, 2, 3, 4, 5, 6), 1, 6, "neutral_dice: expected 0 to 5, got 6"),
])
def test_rules_the_engine_cannot_play_name_the_field(faces, removed, neutral, message):
    with pytest.raises(ValueError, match=message):
        ArenaRules(faces, removed, ((2, 9),), neutral)


def test_the_key_leaves_the_counters_out():
    state, _ = ENGINE.apply(ENGINE.new_game(2), 3)
    counted = replace(state, removed=5, turns=9, throws=12)
    assert ENGINE.key(counted) == ENGINE.key(state) and counted != state


# ------------------------------------------------------------------ exact odds

def test_single_throw_odds_by_hand():
    # k different numbers in the arena: k faces of 6 capture, the X removes, the rest stay.
    for k in range(6):
        assert e.single_throw_odds(RULES, k) == e.ThrowOdds(k, Fraction(k, 6), Fraction(1, 6), Fraction(5 - k, 6))
    leaving = ArenaRules((1, 2, 3, 4, 5, 6), 1, ((2, 9),), 1, leave_arena=Fraction(1, 10))
    # 9/10 of the throws land inside, 1/6 each: capture 2 x 3/20; removed 3/20 (X) + 1/10 (outside) = 1/4.
    assert e.single_throw_odds(leaving, 2) == e.ThrowOdds(2, Fraction(3, 10), Fraction(1, 4), Fraction(9, 20))


def test_strike_odds_by_hand_for_two_and_three_dice():
    # Two dice capture when both show the same number other than the X: 5 throws of 36.
    assert e.strike_odds(RULES, 2) == e.StrikeOdds(2, Fraction(5, 36), Fraction(5, 18), Fraction(1, 36))
    # Three dice capture nothing in 60 (all different, no X) + 60 (one X, two different) + 15 (two X) + 1 (three X)
    # = 136 throws of 216, so they capture in 80/216 = 10/27. Dice captured: 5 numbers x (2 x 15 + 3 x 1)/216 = 55/72.
    assert e.strike_odds(RULES, 3) == e.StrikeOdds(3, Fraction(10, 27), Fraction(55, 72), Fraction(1, 216))


def test_strike_odds_agree_with_every_throw_one_by_one_and_with_a_formula():
    for n in (1, 2, 3, 4):
        throws = list(itertools.product(range(1, 7), repeat=n))
        checks = [e.check_arena(RULES, (), (), t) for t in throws]
        assert e.strike_odds(RULES, n) == e.StrikeOdds(
            n, Fraction(sum(1 for c in checks if c.captured), len(throws)),
            Fraction(sum(c.captured for c in checks), len(throws)),
            Fraction(sum(1 for c in checks if c.removed == n), len(throws)))
    for n in range(1, 10):  # mean captured: 5 numbers, each captured when it shows on 2 dice or more
        mean = 5 * sum(c * math.comb(n, c) * Fraction(1, 6) ** c * Fraction(5, 6) ** (n - c) for c in range(2, n + 1))
        odds = e.strike_odds(RULES, n)
        assert odds.captured_mean == mean and odds.all_removed == Fraction(1, 6 ** n)


# ------------------------------------------------------------------ worked examples and strategies

def test_every_goal_has_its_example_in_order():
    chosen = e.derive_examples(RULES)
    assert [x.goal for x in chosen] == list(Goal)
    assert all(x.goal in x.covers for x in chosen)
    two_x = next(x for x in chosen if x.goal == Goal.TWO_X)
    # 4 1 6 1 4: the two 1s are removed, the 4s captured, the 6 stays; 5 - 5 + 2 = 2 dice in hand.
    step = two_x.steps[0]
    assert (step.thrown, step.removed, step.captured, step.arena, step.hand) == ((4, 1, 6, 1, 4), 2, 2, (6,), 2)
    neutral = chosen[0]
    assert (neutral.arena, neutral.neutral, neutral.hand, neutral.steps[0].hand) == ((4,), (4,), 9, 10)


def test_examples_follow_the_x_and_the_dice_per_player():
    moved = ArenaRules((1, 2, 3, 4, 5, 6), 6, ((2, 7), (3, 6)), 1)
    chosen = {x.goal: x for x in e.derive_examples(moved)}
    assert chosen[Goal.X_REMOVED].steps[0].thrown == (6,)  # the X is now the 6
    assert chosen[Goal.NEUTRAL].hand == 7 and chosen[Goal.X_REMOVED].hand == 3  # 7 dice, half of them mid-game
    no_neutral = ArenaRules((1, 2, 3, 4, 5, 6), 1, ((2, 9),), 0)
    assert Goal.NEUTRAL not in {x.goal for x in e.derive_examples(no_neutral)}


def test_strategies_decide_by_their_rule():
    state, _ = ENGINE.apply(ENGINE.new_game(2), 3)
    assert {name: s.act(state) for name, s in e.STRATEGIES.items()} == {name: Throw() for name in e.STRATEGIES}
    after = {arena: replace(state, arena=arena, neutral=(), thrown=True) for arena in ((2, 3), (2, 3, 4))}
    # single stops; fill-3 throws until 3 dice are in the arena; odds-50 throws at 3 dice (capture 1/2), not at 2.
    assert [e.STRATEGIES["single"].act(after[a]) for a in after] == [Stop(), Stop()]
    assert [e.STRATEGIES["fill-3"].act(after[a]) for a in after] == [Throw(), Stop()]
    assert [e.STRATEGIES["odds-50"].act(after[a]) for a in after] == [Stop(), Throw()]


def test_replay_gives_the_same_game():
    policies = list(e.STRATEGIES.values())
    state, actions, events = play(ENGINE, 3, 7, policies)
    assert ENGINE.current_player(state) == -2 and state.winner is not None
    again, replayed = replay(ENGINE, 3, 7, actions)
    assert (again, replayed) == (state, events)


# ------------------------------------------------------------------ invariants over whole games

@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32), players=st.sampled_from([2, 3, 4, 5]), stops=st.floats(0, 1))
def test_dice_are_never_created_removed_dice_never_return_and_a_capture_ends_the_turn(seed, players, stops):
    rng = random.Random(seed)
    state = ENGINE.new_game(players)
    total = players * RULES.dice_for(players) + RULES.neutral_dice
    removed = 0
    for _ in range(100_000):
        seat = ENGINE.current_player(state)
        if seat == -2:
            break
        if seat == -1:
            action = sample(ENGINE.chance_outcomes(state), rng)
        else:
            legal = ENGINE.legal_actions(state)
            action = Stop() if Stop() in legal and rng.random() < stops else Throw()
        before = state
        state, events = ENGINE.apply(state, action)
        if state.phase != Phase.SETUP:
            assert state.in_play + state.removed == total  # dice are never created (nor lost unaccounted)
        assert state.removed >= removed and state.in_play <= before.in_play + (before.phase == Phase.SETUP)
        removed = state.removed  # removed dice never return
        if Kind.CAPTURED in kinds(events):  # a turn that captures ends: another player is to throw
            assert kinds(events)[-1] in (Kind.TURN_END, Kind.WIN)
            assert state.phase == Phase.OVER or (state.current != before.current and not state.thrown)
        assert all(hand >= 0 for hand in state.hands) and len(set(state.arena)) == len(state.arena)
        assert RULES.removed not in state.arena
    assert state.phase == Phase.OVER and sum(1 for hand in state.hands if hand) == 1
    assert ENGINE.returns(state)[state.winner] == 1
