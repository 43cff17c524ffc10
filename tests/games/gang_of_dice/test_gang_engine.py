"""The Gang of Dice reference engine: cards, judging, odds, round flow, invariants, examples, play through the shared tools."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest
from helpers import game
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.chance import play, replay, sample, simulate, walk
from pnp.games.gang_of_dice.book import gang_rules
from pnp.games.gang_of_dice.engine import (
    EXAMPLE_GOALS,
    GANGSTER,
    STRATEGIES,
    GangEngine,
    GangRules,
    Kind,
    Phase,
    Reroll,
    Rerolls,
    Roll,
    Stop,
    apply_action,
    apply_chance,
    best_keep,
    chance_outcomes,
    clear_chance,
    derive_examples,
    judge,
    legal_actions,
    new_game,
    round_state,
    spared_by,
    trigger_chance,
    triggers,
)

R = gang_rules(game("gang-of-dice"))
"""The rules as the rules file states them: the engine has no numbers of its own."""
ENGINE = GangEngine(R)
G = GANGSTER
CARDS = {c.id: c for c in R.cards}


def changed(**changes) -> GangRules:
    """The real rules with some changed: a rule change as the engine sees it."""
    return replace(R, **changes)


def kinds(events):
    return [e.kind for e in events]


def test_the_engine_plays_the_rules_file():
    from pnp.games.gang_of_dice.spec import cards, params

    g = game("gang-of-dice")
    assert R.faces == (1, 2, 3, 4, 5, G)  # one, two, three, four, five, gangster: the rules file's values
    assert R.cards == cards(g) and len(R.cards) == 18
    assert dict(R.pools) == {2: 48, 3: 48, 4: 36}
    assert (R.rounds, R.rerolls, R.players) == (params(g).rounds, params(g).rerolls, g.players) == (12, 2, (2, 4))
    assert R.bonus_dice == ((10, 3), (11, 6), (12, 9))
    assert R.numbers == (1, 2, 3, 4, 5)


# ------------------------------------------------------------------ cards and judging

def test_gangsters_never_count_towards_a_card():
    # The review's cases: 2, G, 4 is no run of two; G, G is no pair; 1, 1, 3 is three odd dice (dice are counted).
    assert not triggers(CARDS["run-2"], (2, G, 4))
    assert not triggers(CARDS["pair"], (G, G))
    assert triggers(CARDS["odd-3"], (1, 1, 3))
    assert not triggers(CARDS["distinct-2"], (3, G, G))  # one value and two gangsters: one distinct value
    assert not triggers(CARDS["even-2"], (2, G))  # a gangster is not even
    assert not triggers(CARDS["total-7"], (5, 1, G, G))  # a gangster adds 0: 6
    # Every number a gangster would have had to show, for the conditions it escapes by being no number.
    assert spared_by(CARDS["run-2"], (5, 3, G), R.numbers) == (2, 4)
    assert spared_by(CARDS["pair"], (G, G, 4), R.numbers) == (4,)
    assert spared_by(CARDS["total-7"], (5, 1, G), R.numbers) == ()  # a total: the gangster only adds 0
    assert spared_by(CARDS["pair"], (5, 3, 1), R.numbers) == ()  # no gangster


def test_judge_ties_go_to_more_dice_then_the_earlier_player():
    card = CARDS["total-10"]  # black: a total of 10 or more triggers
    # 9 with 2 dice, 9 with 3, 9 with 3, and a trigger: the second player has more dice than the first and rolled
    # before the third.
    verdict = judge(card, [(5, 4), (5, 4, G), (5, 3, 1), (5, 5)])
    assert verdict == judge(card, [(5, 4), (5, 4, G), (5, 3, 1), (5, 5)])
    assert (verdict.winner, verdict.triggered, verdict.tied, verdict.most_dice) == (1, (3,), (0, 1, 2), (1, 2))
    assert judge(card, [(5, 5), (4, 4, 2)]).winner is None  # everyone triggered
    assert judge(card, [(1, 1), (G, G, G, G)]).winner == 0  # 2 beats 0, however many dice


def test_rerolls_are_every_choice_of_dice_by_value():
    choices = Rerolls([5, G, 5])
    # Values (0, 5) with counts (1, 2): 2 x 3 = 6 choices, the first one Stop.
    assert list(choices) == [Stop(), Reroll((G,)), Reroll((5,)), Reroll((G, 5)), Reroll((5, 5)), Reroll((G, 5, 5))]
    assert choices[-1] == Reroll((G, 5, 5)) and choices[1:3] == [Reroll((G,)), Reroll((5,))]
    assert Reroll((5, 5)) in choices and Reroll((5, 5, 5)) not in choices and Reroll(()) not in choices
    assert len(Rerolls([1] * 40 + [2] * 40)) == 41 * 41  # never listed, only counted


# ------------------------------------------------------------------ odds

@pytest.mark.parametrize("card", R.cards, ids=lambda c: c.id)
def test_trigger_odds_match_a_brute_force_count(card):
    for n in (1, 2, 3, 4):
        hits = sum(triggers(card, roll) for roll in itertools.product(R.faces, repeat=n))
        assert trigger_chance(R, card, n) == Fraction(hits, 6 ** n)


def test_trigger_odds_by_hand():
    assert trigger_chance(R, CARDS["any-1"], 2) == Fraction(11, 36)  # 1 - (5/6)^2
    assert trigger_chance(R, CARDS["odd-1"], 1) == Fraction(1, 2)  # 1, 3 or 5
    assert trigger_chance(R, CARDS["total-7"], 2) == Fraction(5, 18)  # 10 of 36 pairs sum to 7 or more
    assert trigger_chance(R, CARDS["total-13"], 2) == 0  # 5 + 5 = 10


def test_clear_odds_by_hand():
    # Any 4 or 5, black: each die ends clear unless all three of its rolls show 4 or 5; dice are independent.
    assert clear_chance(R, CARDS["any-4-5"], 2) == (1 - Fraction(1, 27)) ** 2 == Fraction(676, 729)
    # Yellow: a re-roll never helps, so the chance is that of a clear first roll.
    assert clear_chance(R, CARDS["any-1"], 2) == Fraction(25, 36)
    # A pair, black, 2 dice: 5/36 roll a pair. From a pair, re-rolling both (clear 31/36) beats re-rolling one
    # (clear 5/6): with two re-rolls left, 31/36 + 5/36 * 31/36 = 1271/1296; so 31/36 + 5/36 * 1271/1296.
    assert clear_chance(R, CARDS["pair"], 2) == Fraction(31, 36) + Fraction(5, 36) * Fraction(1271, 1296)
    assert best_keep(R, CARDS["pair"], (4, 4), 2) == ((4, 4), Fraction(1271, 1296))
    assert best_keep(R, CARDS["pair"], (4, 4), 1) == ((4, 4), Fraction(31, 36))


def brute_clear(rules, card, n):
    """Optimal play to end clear, by plain expectimax over sorted results and every kept subset (independent)."""
    faces = rules.faces

    @cache
    def value(result, left):  # a result just rolled, with `left` re-rolls
        if not triggers(card, result):
            return Fraction(1)
        if card.colour == "yellow" or not left:
            return Fraction(0)
        best = Fraction(0)
        for k in range(n):
            for kept in set(itertools.combinations(result, k)):
                mean = sum((value(tuple(sorted(kept + roll)), left - 1) for roll in itertools.product(faces, repeat=n - k)),
                           Fraction(0)) / len(faces) ** (n - k)
                best = max(best, mean)
        return best

    return sum((value(tuple(sorted(roll)), rules.rerolls) for roll in itertools.product(faces, repeat=n)),
               Fraction(0)) / len(faces) ** n


@pytest.mark.parametrize("card_id", ["total-7", "run-2", "distinct-2", "pair", "any-4-5", "total-11"])
def test_clear_odds_match_a_brute_force_expectimax(card_id):
    card = CARDS[card_id]
    for n in (1, 2, 3):
        assert clear_chance(R, card, n) == brute_clear(R, card, n)
    assert clear_chance(changed(rerolls=1), card, 2) == brute_clear(changed(rerolls=1), card, 2)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_trigger_odds_agree_with_the_chance_tree(n):
    """The shared walker follows the game's own chance nodes (each die, one after the other) to the first roll."""
    state = new_game(R, 2)
    state, _ = apply_chance(state, "pair")
    state, _ = apply_action(state, Roll(n))
    met = Fraction(0)
    for _, p, events in walk(ENGINE, state, lambda s, events: any(e.kind == Kind.ROLL for e in events)):
        met += p if next(e for e in events if e.kind == Kind.ROLL)["meets"] else 0
    assert met == trigger_chance(R, CARDS["pair"], n)


# ------------------------------------------------------------------ a round, step by step

def steps(state, *moves):
    events = []
    for move in moves:
        state, evs = (apply_action if isinstance(move, (Roll, Reroll, Stop)) else apply_chance)(state, move)
        events.extend(evs)
    return state, events


def test_a_yellow_card_is_checked_after_every_roll_and_loses_at_once():
    state = new_game(R, 2)
    state, events = steps(state, "any-1", Roll(3), 5, 4, G, Reroll((G,)), 1)
    assert kinds(events)[-3:] == ["roll", "trigger", "turn_end"]
    assert events[-2].as_dict() == {"kind": "trigger", "player": 0, "card": "any-1", "colour": "yellow", "roll": 1,
                                    "final": False, "left": 1}
    assert (state.phase, state.current, state.pools) == (Phase.CHOOSE, 1, (45, 48))  # the next player's turn


def test_a_black_card_is_checked_on_the_final_result_only():
    state = new_game(R, 2)
    state, events = steps(state, "pair", Roll(3), 4, 4, 1)  # meets the card, but it is not final
    assert state.phase == Phase.DECIDE and events[-1]["meets"] and "trigger" not in kinds(events)
    state, events = steps(state, Reroll((4,)), 4, Reroll((4,)), 2)  # a pair again, then clear on the last re-roll
    assert kinds(events) == ["reroll", "roll", "reroll", "roll", "turn_end"]  # no decision after the last re-roll
    assert events[-1].as_dict() == {"kind": "turn_end", "player": 0, "dice": 3, "total": 7, "triggered": False,
                                    "stopped": False, "left": 0}
    assert events[1]["fresh"] == (0,) and events[3]["faces"] == (2, 4, 1)  # the leftmost 4 is picked up


def test_a_round_bonus_dice_carry_over_and_the_start_player_rotates():
    # Round 9 of a 2-player game: 13 and 14 both trigger a yellow total of 13, so the 6 dice stay on the table;
    # round 10 adds 3 bonus dice, and seat 1 starts.
    state, _ = round_state(R, (48, 48), 9)
    state, events = steps(state, "total-13", Roll(3), 5, 5, 3, Roll(3), 5, 5, 4)
    assert events[-1].as_dict() == {"kind": "bonus", "round": 10, "dice": 3, "table": 9}
    assert [e.as_dict() for e in events if e.kind in ("nobody_wins", "round_start")] == [
        {"kind": "nobody_wins", "round": 9, "table": 6},
        {"kind": "round_start", "round": 10, "start": 1, "seats": (0, 1)}]
    assert (state.table, state.current, state.pools) == (9, 1, (45, 45))
    state, events = steps(state, "pair", Roll(2), 5, 4, Stop(), Roll(1), 5, Stop())
    # 9 against 5: seat 1 wins and takes the 9 dice on the table and the 3 rolled: 43 + 12 = 55.
    won = next(e for e in events if e.kind == "round_won")
    assert (won["player"], won["taken"], won["pool"], state.pools) == (1, 12, 55, (44, 55))
    assert (state.round, state.table, state.current) == (11, 6, 0)  # round 11's own 6 bonus dice; seat 0 starts


def test_everyone_triggering_in_the_last_round_discards_the_dice_and_the_most_dice_wins():
    state, _ = round_state(R, (48, 48), 12)
    state, events = steps(state, "fives-2", Roll(2), 5, 5, Roll(3), 5, 5, G)
    assert [e.as_dict() for e in events[-2:]] == [{"kind": "discarded", "round": 12, "dice": 14},
                                                   {"kind": "game_end", "winners": (0,), "dice": 46,
                                                    "pools": (46, 45)}]
    assert state.phase == Phase.OVER and ENGINE.returns(state) == (1, 0) and state.discarded == 14


def test_an_empty_pool_at_the_start_of_a_round_is_out_and_the_last_player_wins_at_once():
    state, _ = round_state(R, (2, 48, 30), 5)
    # Black "1 or more odd die": 6, 10 and 2 are all clear; seat 1 wins 48 - 3 + 6 = 51. Seat 0 rolled its last dice.
    state, events = steps(state, "odd-1", Roll(2), 4, 2, Stop(), Roll(3), 4, 4, 2, Stop(), Roll(1), 2, Stop())
    assert [e.as_dict() for e in events if e.kind == "eliminated"] == [{"kind": "eliminated", "player": 0, "round": 6}]
    assert state.out == (True, False, False) and state.pools == (0, 51, 29)
    assert (state.phase, state.start) == (Phase.REVEAL, 1)  # round 6 starts with seat 1
    # Yellow "any 1": seat 2 rolls its whole pool and its first die shows 1; seat 1 wins with a 2.
    state, events = steps(state, "any-1", Roll(1), 2, Stop(), Roll(29), 1, *([2] * 28))
    assert [e.kind for e in events[-3:]] == ["round_start", "eliminated", "last_player"]
    assert events[-1].as_dict() == {"kind": "last_player", "player": 1}
    assert state.phase == Phase.OVER and ENGINE.returns(state) == (0, 1, 0) and state.played == 2


def test_legal_actions_chance_outcomes_and_errors():
    state = new_game(R, 4)
    assert [p for _, p in chance_outcomes(state)] == [Fraction(1, 18)] * 18
    state, _ = apply_chance(state, "triple")
    assert legal_actions(state) == tuple(Roll(n) for n in range(1, 37))  # a 4-player pool is 36 dice
    with pytest.raises(ValueError):
        apply_action(state, Roll(37))
    state, _ = apply_action(state, Roll(1))
    assert chance_outcomes(state) == [(v, Fraction(1, 6)) for v in (1, 2, 3, 4, 5, G)]
    for bad in (6, True, "pair"):
        with pytest.raises(ValueError):
            apply_chance(state, bad)
    with pytest.raises(ValueError):
        new_game(R, 5)
    bad_rules = [dict(rerolls=-1), dict(rounds=0), dict(cards=()), dict(pools=((2, 48),)), dict(faces=(1,)),
                 dict(bonus_dice=((13, 3),)), dict(players=(3, 2))]
    for kwargs in bad_rules:
        with pytest.raises(ValueError):
            changed(**kwargs)


# ------------------------------------------------------------------ invariants and replay

def drive(seed, choices, players):
    """Play with the caller's choices (indices into the legal actions), checking the invariants at every step."""
    rng, state, choices = random.Random(seed), new_game(R, players), list(choices)
    start_dice = players * R.pool(players)
    actions, events = [], []
    while state.phase != Phase.OVER:
        on_table = state.table + sum(len(t.faces) for t in state.turns) + len(state.faces)
        # No die is created except bonus dice, none is lost except after a last round nobody won.
        assert sum(state.pools) + on_table + state.discarded == start_dice + state.bonus_added
        assert state.bonus_added <= sum(d for _, d in R.bonus_dice)
        assert all(p >= 0 for p in state.pools)
        if ENGINE.current_player(state) == -1:
            state, evs = apply_chance(state, sample(chance_outcomes(state), rng))
        elif not choices:
            break
        else:
            legal = legal_actions(state)
            width = min(len(legal), 5) if state.phase == Phase.CHOOSE else len(legal)  # a few dice at a time
            actions.append(legal[choices.pop(0) % width])
            state, evs = apply_action(state, actions[-1])
        events.extend(evs)
    return state, tuple(actions), tuple(events)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 200), max_size=40), players=st.integers(2, 4))
def test_dice_are_conserved_pools_stay_positive_and_replay_is_identical(seed, choices, players):
    state, actions, events = drive(seed, choices, players)
    again, replayed = replay(ENGINE, players, seed, actions, strict=False)
    assert replayed == events and ENGINE.key(again) == ENGINE.key(state)


SEATS = [STRATEGIES[name] for name in STRATEGIES]


def test_whole_games_replay_exactly_and_end_with_winners():
    state, actions, events = play(ENGINE, 3, 99, SEATS)
    assert state.phase == Phase.OVER and state.winners
    assert sum(ENGINE.returns(state)) == 1
    assert replay(ENGINE, 3, 99, actions) == (state, events)
    with pytest.raises(ValueError):
        replay(ENGINE, 3, 99, actions + (Stop(),))


def test_key_leaves_out_the_counters():
    state = new_game(R, 2)
    later = replace(state, rolled=9, played=3, carried=1)
    assert ENGINE.key(state) == ENGINE.key(later) and state != later
    assert ENGINE.key(state) != ENGINE.key(replace(state, pools=(47, 48)))


def test_strategies_choose_from_the_exact_odds():
    state, _ = apply_chance(new_game(R, 2), "total-13")
    # Yellow total of 13: one roll triggers with 4 dice 23.9% of the time, with 5 dice 50%: careful rolls 4.
    assert STRATEGIES["careful"].act(state) == Roll(4)
    state, _ = apply_chance(new_game(R, 2), "pair")
    # Black pair, re-rolling well: clear 72.4% of the time with 5 dice, 54.2% with 6: the dodger rolls 5.
    assert STRATEGIES["dodger"].act(state) == Roll(5) and STRATEGIES["steady"].act(state) == Roll(3)
    state, _ = steps(state, Roll(5), 4, 4, 1, 2, G)
    assert STRATEGIES["dodger"].act(state) == Reroll(best_keep(R, CARDS["pair"], (4, 4, 1, 2, G), 2)[0])
    assert STRATEGIES["careful"].act(state) == Stop()


def test_simulate_is_reproducible_and_counts_every_game():
    rounds = {"rounds": lambda state: state.played}
    stats = simulate(ENGINE, 6, 4, 3, SEATS, rounds)
    assert stats == simulate(ENGINE, 6, 4, 3, SEATS, rounds)
    assert sum(stats.wins_by_seat) == 6 == sum(w for _, w, _ in stats.wins_by_policy)
    assert [seated for _, _, seated in stats.wins_by_policy] == [6, 6, 6, 6]
    shorter = simulate(GangEngine(changed(rounds=3, bonus_dice=())), 6, 4, 3, SEATS, rounds)
    assert shorter.measures[0].most <= 3 < stats.measures[0].most


# ------------------------------------------------------------------ worked examples

def test_examples_cover_every_goal_and_are_played_by_the_engine():
    examples = derive_examples(R)
    assert [e.id for e in examples] == list(EXAMPLE_GOALS)
    first = examples[0]
    # The first yellow card (total of 11): 5, 4, gangster is 9; the gangster re-rolled shows 2: 11 triggers at once.
    assert first.steps == ("total-11", Roll(3), 5, 4, G, Reroll((G,)), 2)
    assert [e.kind for e in first.events][-2:] == ["trigger", "turn_end"]
    dodge = examples[1]
    # The first black card (total of 7): 5, 2, gangster meets it; the 5 re-rolled shows 4: 6, clear.
    assert dodge.steps == ("total-7", Roll(3), 5, 2, G, Reroll((5,)), 4, Stop())
    bonus = next(e for e in examples if e.id == "bonus-round")
    assert bonus.start == next(e for e in examples if e.id == "nobody-wins").end  # the round after, from the engine
    assert {"ELIMINATED", "LAST_PLAYER"} <= {e.kind.name for e in examples[-1].events}
    for example in examples:
        state, events = example.start, []
        for move in example.steps:
            state, evs = (apply_action if isinstance(move, (Roll, Reroll, Stop)) else apply_chance)(state, move)
            events.extend(evs)
        assert tuple(events[:len(example.events)]) == example.events


def test_examples_follow_the_rules():
    fewer = derive_examples(changed(rerolls=0))
    assert [e.id for e in fewer] == [g for g in EXAMPLE_GOALS if g not in ("yellow-reroll", "black-dodge")]
    higher = changed(cards=tuple(replace(c, n=12) if c.id == "total-11" else c for c in R.cards))
    assert derive_examples(higher)[0].steps == ("total-11", Roll(3), 5, 4, G, Reroll((G,)), 3)  # 12 now triggers
    counts = Counter(e.card for e in derive_examples(R))
    assert max(counts.values()) == 1  # every example shows a different card
