"""The Dead Man's Dice reference engine: placing, plunder chains, rounds, knock-overs, odds, invariants, examples."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from helpers import game
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.chance import play, replay, sample, simulate, walk
from pnp.games.dead_mans_dice.book import dead_mans_rules
from pnp.games.dead_mans_dice.engine import (
    SKULL,
    STRATEGIES,
    DeadMansEngine,
    DeadMansRules,
    Die,
    DieKind,
    End,
    EndTurn,
    Kind,
    Knock,
    Phase,
    Placed,
    Plunder,
    Roll,
    State,
    Way,
    apply_action,
    apply_chance,
    chance_outcomes,
    clean_run_chance,
    coverage_goals,
    derive_examples,
    legal_actions,
    longest_plunder,
    new_game,
    placing_chance,
    placing_ways,
    plunder_targets,
    plunder_ways,
    score_pile,
    seat_position,
)

R = dead_mans_rules(game("dead-mans-dice"))
"""The rules as the rules file states them."""
ENGINE = DeadMansEngine(R)
J, REG = DieKind.JOLLY_ROGER, DieKind.REGULAR
FACE = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", "skull": SKULL}


def changed(**changes) -> DeadMansRules:
    """The real rules with some changed: a rule change as the engine sees it."""
    return replace(R, **changes)


def reg(owner: int, number: int, n: int = 0) -> Placed:
    """A regular die of `owner` showing `number`."""
    return Placed(Die(owner, REG, n), FACE[number])


def jr(owner: int, number: int | str) -> Placed:
    """`owner`'s Jolly Roger die showing `number` (or "skull")."""
    return Placed(Die(owner, J), FACE[number])


def kinds(events):
    return [e.kind for e in events]


def test_the_engine_plays_the_rules_file():
    from pnp.games.dead_mans_dice.spec import params

    g = game("dead-mans-dice")
    p = params(g)
    assert (R.goal, R.skull_value, R.keelhaul_penalty, R.broadside_penalty, R.pile_total, R.knock_over_chance) == (
        p.goal, p.skull_value, p.keelhaul_penalty, p.broadside_penalty, p.pile_total, p.knock_over_chance)
    assert R.faces(J) == (SKULL, "two", "three", "four", "five", "six")
    assert (R.per_player(J), R.per_player(REG), R.players) == (1, 2, (2, 6))
    assert R.number(SKULL) == 1 and R.worth(SKULL) == 7 and R.worth("five") == 5
    assert R.pirate_dice(2) == (Die(2, J, 0), Die(2, REG, 0), Die(2, REG, 1))


# ------------------------------------------------------------------ placing and plundering

@pytest.mark.parametrize("top, roll, ways", [
    (3, 3, (Way.MATCH,)),
    (3, 4, (Way.NEXT, Way.TOTAL)),  # 4 is next up from 3, and 3 + 4 = 7
    (2, 5, (Way.TOTAL,)),
    (6, 1, (Way.TOTAL,)),
    (6, 2, ()),  # nothing is next up from 6: no wrap-around to 1 or 2
    (2, 1, ()),  # the next number *up* only
    ("skull", 1, (Way.MATCH,)),  # a skull on top counts as 1
    ("skull", 2, (Way.NEXT,)),
    ("skull", 6, (Way.TOTAL,)),
    ("skull", 4, ()),
    (4, "skull", (Way.SKULL,)),  # the skull goes on any top; as a 1 it would fit nothing on a 4
    (1, "skull", (Way.SKULL, Way.MATCH)),
    (None, 4, (Way.NEW_PILE,)),  # an empty pile: any die starts a new pile
])
def test_placing_ways(top, roll, ways):
    assert placing_ways(R, None if top is None else FACE[top], FACE[roll]) == ways


def test_placing_follows_the_pile_total():
    eight = changed(pile_total=8)
    assert placing_ways(eight, "two", "five") == () and placing_ways(eight, "two", "six") == (Way.TOTAL,)
    assert placing_ways(eight, SKULL, "six") == () and placing_ways(eight, "four", "four") == (Way.MATCH, Way.TOTAL)


def test_plunder_is_never_by_a_match_and_never_a_jolly_roger_die():
    assert plunder_ways(R, "three", reg(1, 3)) == ()  # a match is not enough
    assert plunder_ways(R, "three", reg(1, 4)) == (Way.NEXT, Way.TOTAL)
    assert plunder_ways(R, "two", jr(1, 5)) == ()  # 2 + 5 = 7, but a Jolly Roger die is never plundered
    assert plunder_ways(R, SKULL, reg(1, 6)) == (Way.TOTAL,)  # the skull on top counts as 1


def test_plunder_targets_and_the_longest_chain_searches_every_order():
    # Your top is 1. Ann: 5 under 2; Meg: 6. Taking Meg's 6 first ends the chain (nothing fits a 6 but a 1);
    # taking Ann's 2 (next up), then her 5 (2 + 5 = 7), then Meg's 6 (next up from 5) takes 3 dice.
    piles = ((reg(0, 1),), (reg(1, 5), reg(1, 2, 1)), (reg(2, 6),))
    assert plunder_targets(R, piles, 0) == (1, 2)
    assert longest_plunder(R, piles, 0) == (1, 1, 2)
    assert longest_plunder(R, piles, 1) == ()  # Ann's top 2: Meg's 6 fits neither way, your 1 neither
    guarded = ((reg(0, 2),), (jr(1, 5),), ())
    assert plunder_targets(R, guarded, 0) == () and longest_plunder(R, guarded, 0) == ()


@pytest.mark.parametrize("faces, held, expected", [
    (("three", "four"), False, (7, False, False, 7)),
    (("three", SKULL), False, (10, True, False, 20)),  # 3 + 7, doubled under the skull
    ((SKULL, "three"), False, (10, False, False, 10)),  # the skull is buried: no doubling
    (("three", "four"), True, (7, False, True, 0)),  # keelhauled: 7 - 7
    ((), True, (0, False, True, -7)),  # a total may go below zero
])
def test_score_pile(faces, held, expected):
    result = score_pile(R, faces, held)
    assert (result.points, result.doubled, result.keelhauled, result.score) == expected


def test_scoring_follows_the_skull_value_and_the_penalty():
    result = score_pile(changed(skull_value=10, keelhaul_penalty=3), ("two", SKULL), True)
    assert (result.points, result.score) == (12, 21)  # (2 + 10) x 2 - 3


# ------------------------------------------------------------------ positions from the command line

def test_seat_position_infers_owners_and_hands():
    # You: 3 (yours: a pile's bottom die is its owner's) with a 4 on it; Ann: 2 under her Jolly Roger 5; Meg: 6.
    # You roll a regular 5, so both your regular dice are out; Ann keeps a die in hand: the 4 is Meg's.
    piles = [[(REG, "three"), (REG, "four")], [(REG, "two"), (J, "five")], [(REG, "six")]]
    state = seat_position(R, piles, (REG, "five"))
    assert [p.die for p in state.piles[0]] == [Die(0, REG, 0), Die(2, REG, 0)]  # dice numbered as met
    assert [p.die for p in state.piles[1]] == [Die(1, REG, 0), Die(1, J, 0)] and state.piles[2][0].die == Die(2, REG, 1)
    assert state.rolling == Die(0, REG, 1) and state.hands == ((Die(0, J),), (Die(1, REG, 1),), (Die(2, J),))
    assert (state.phase, state.current) == (Phase.ROLL, 0)


@pytest.mark.parametrize("piles, roll, message", [
    ([[]], (REG, "two"), "1 pirates (you and 0 rivals): the game is for 2 to 6"),
    ([[], [(J, "two"), (J, "three")]], (REG, "two"),
     "rival 1's pile holds 2 Jolly Roger dice, but a Jolly Roger die is never plundered, so a pile holds only its "
     "owner's (1)"),
    ([[(J, "two")], []], (J, "three"), "you cannot roll a Jolly Roger die: yours is already in your pile"),
    # Ann keeps a die in hand, so only 5 of the 6 regular dice can be out: your 3 and 4, your roll, Ann's 2 and 5.
    ([[(REG, "three"), (REG, "four"), (REG, "five")], [(REG, "two"), (REG, "five")]], (REG, "two"),
     "2 pirates hold 2 regular dice each: not enough for these piles and your roll, with a die still in each "
     "rival's hand"),
    ([[], [(REG, "one")]], (REG, SKULL), "a regular die has no jolly-roger face"),
])
def test_seat_position_refuses_what_no_dice_can_make(piles, roll, message):
    with pytest.raises(ValueError) as err:
        seat_position(R, piles, roll)
    assert str(err.value) == message


# ------------------------------------------------------------------ a round, step by step

def start(rules=R, players=3, kinds_=None):
    """Everyone has chosen a base die (regular dice unless told)."""
    state = new_game(rules, players)
    for kind in kinds_ or [REG] * players:
        state, _ = apply_action(state, Roll(kind))
    return state


def test_base_dice_a_tie_rolls_everyone_again_and_a_skull_counts_as_1():
    state = start(kinds_=[J, REG, REG])
    assert state.phase == Phase.BASE_ROLL and [d.kind for d in state.bases] == [J, REG, REG]
    assert legal_actions(state) == () and chance_outcomes(state)[0] == (SKULL, Fraction(1, 6))
    events = []
    for face in ("four", "two", "two"):  # Ann and Meg tie for the lowest number
        state, evs = apply_chance(state, face)
        events += evs
    assert kinds(events) == ["base", "base", "base", "base_tie"] and events[-1]["players"] == (1, 2)
    assert state.phase == Phase.BASE_ROLL and state.piles == ((), (), ())
    for face in (SKULL, "two", "three"):
        state, evs = apply_chance(state, face)
    assert evs[-1].as_dict() == {"kind": "first", "player": 0, "number": 1}  # the skull counts as 1 and goes first
    assert (state.phase, state.current, state.first) == (Phase.CHOOSE, 0, 0)
    assert state.hands[0] == (Die(0, REG, 0), Die(0, REG, 1)) and state.piles[0] == (Placed(Die(0, J), SKULL),)
    assert legal_actions(state) == (Roll(REG),)


def position(piles, hands, current=0, rules=R) -> State:
    return State(rules, (0,) * len(piles), tuple(tuple(h) for h in hands), tuple(tuple(p) for p in piles),
                 Phase.CHOOSE, current=current)


def test_placing_is_compulsory_then_you_may_plunder():
    # You: 1. Ann: 5 under 3. Meg: 6 under 5. You roll a 2: next up from 1, and it goes on at once (no choice).
    state = position([[reg(0, 1)], [reg(1, 5), reg(1, 3, 1)], [reg(2, 6), reg(2, 5, 1)]],
                     [[Die(0, J), Die(0, REG, 1)], [Die(1, J)], [Die(2, J)]])
    state, events = apply_action(state, Roll(REG))
    assert events[0].as_dict() == {"kind": "pick", "player": 0, "die": Die(0, REG, 1), "purpose": "turn"}
    state, events = apply_chance(state, "two")
    assert kinds(events) == ["roll", "place"] and events[1]["ways"] == (Way.NEXT,)
    # On a 2: Ann's 3 is next up, Meg's 5 totals 7.
    assert state.phase == Phase.PLUNDER and legal_actions(state) == (Plunder(1), Plunder(2), EndTurn())


def test_a_plunder_chain_and_the_jolly_roger_die_that_stays():
    # You: 5. Ann: 2 under her Jolly Roger 5. Meg: 4 under 5. You roll a 2 (5 + 2 = 7).
    state = position([[reg(0, 5)], [reg(1, 2), jr(1, 5)], [reg(2, 4), reg(2, 5, 1)]],
                     [[Die(0, J), Die(0, REG, 1)], [Die(1, REG, 1)], [Die(2, J)]])
    state, _ = apply_action(state, Roll(REG))
    state, events = apply_chance(state, "two")
    assert kinds(events) == ["roll", "place", "never_plundered"]
    assert {k: events[2][k] for k in ("rival", "face", "ways")} == {"rival": 1, "face": "five", "ways": (Way.TOTAL,)}
    assert legal_actions(state) == (Plunder(2), EndTurn())  # Meg's 5, not Ann's
    state, events = apply_action(state, Plunder(2))
    # Now your top is Meg's 5; her 4 is under it: 5 + 4 is not 7 and 4 is not next up, so the chain stops.
    assert events[0].as_dict() == {"kind": "plunder", "player": 0, "rival": 2, "die": Die(2, REG, 1), "face": "five",
                                   "top": "two", "ways": (Way.TOTAL,), "left": 1}
    assert events[-1].as_dict() == {"kind": "turn_end", "player": 0, "hand": 1, "reason": End.NOTHING_TO_PLUNDER}
    assert [p.face for p in state.piles[0]] == ["five", "two", "five"] and state.current == 1


def test_isolated_die_goes_back_to_the_hand():
    state = position([[reg(0, 2)], [reg(1, 4)]], [[Die(0, J), Die(0, REG, 1)], [Die(1, J), Die(1, REG, 1)]])
    state, _ = apply_action(state, Roll(REG))
    state, events = apply_chance(state, "one")  # 1 on 2: no match, not next up, 3 is not 7
    assert kinds(events) == ["roll", "isolated", "turn_end"] and events[-1]["reason"] == End.ISOLATED
    assert state.hands[0] == (Die(0, J), Die(0, REG, 1)) and state.piles[0] == (reg(0, 2),)
    assert (state.phase, state.current) == (Phase.CHOOSE, 1)


def test_an_empty_pile_takes_any_die_and_you_may_plunder_your_own_die_back():
    state = position([[], [reg(1, 3), reg(0, 2, 1)]], [[Die(0, J)], [Die(1, J), Die(1, REG, 1)]])
    state, _ = apply_action(state, Roll(J))
    state, events = apply_chance(state, "five")
    assert events[1]["ways"] == (Way.NEW_PILE,) and legal_actions(state) == (Plunder(1), EndTurn())
    state, events = apply_action(state, Plunder(1))  # your own 2 comes back: 5 + 2 = 7
    assert events[0]["die"] == Die(0, REG, 1) and state.piles[0][-1] == reg(0, 2, 1)


def test_the_last_die_still_plunders_then_the_round_ends_and_every_die_goes_home():
    # Your last die; Ann has a skull on top (doubled); Meg holds her Jolly Roger die (keelhauled).
    state = position([[reg(0, 2), reg(0, 5, 1)], [reg(1, 4), jr(1, "skull")], [reg(2, 2)]],
                     [[Die(0, J)], [Die(1, REG, 1)], [Die(2, J), Die(2, REG, 1)]])
    state, _ = apply_action(state, Roll(J))
    state, events = apply_chance(state, "five")  # a match
    assert state.phase == Phase.PLUNDER and legal_actions(state) == (Plunder(2), EndTurn())
    state, events = apply_action(state, Plunder(2))  # 5 + 2 = 7: Meg's pile is empty
    assert kinds(events) == ["plunder", "turn_end", "round_end", "score", "score", "score", "dice_home",
                             "round_start"]
    scores = [(e["player"], e["points"], e["doubled"], e["keelhauled"], e["score"]) for e in events
              if e.kind == "score"]
    # You: 2 + 5 + 5 + 2 = 14. Ann: 4 + 7 = 11, doubled 22. Meg: nothing, keelhauled -7.
    assert scores == [(0, 14, False, False, 14), (1, 11, True, False, 22), (2, 0, False, True, -7)]
    assert state.scores == (14, 22, -7) and state.piles == ((), (), ())
    assert state.hands == tuple(R.pirate_dice(p) for p in range(3))
    assert (state.phase, state.round, state.current) == (Phase.BASE_CHOOSE, 2, 0)


def test_choosing_to_plunder_no_more():
    state = position([[reg(0, 1)], [reg(1, 3), reg(1, 5, 1)]], [[Die(0, J), Die(0, REG, 1)], [Die(1, J)]])
    state, _ = apply_action(state, Roll(REG))
    state, _ = apply_chance(state, "two")
    state, events = apply_action(state, EndTurn())
    assert events[-1]["reason"] == End.STOPPED and state.piles[1] == (reg(1, 3), reg(1, 5, 1))
    with pytest.raises(ValueError):
        apply_action(state, Plunder(1))  # not the pirate to move, nor the phase


def test_reaching_the_goal_at_a_rounds_end_wins_and_ties_share():
    state = replace(position([[reg(0, 5)], [reg(1, 4)]], [[Die(0, REG, 1)], [Die(1, J), Die(1, REG, 1)]]),
                    scores=(95, 94))
    state, _ = apply_action(state, Roll(REG))
    # Your last die matches; Ann's 4 cannot be plundered. You: 95 + 5 + 5 = 105. Ann: 94 + 4 - 7 = 91.
    state, events = apply_chance(state, "five")
    assert events[-1].as_dict() == {"kind": "win", "players": (0,), "totals": (105, 91)}
    assert state.phase == Phase.OVER and ENGINE.returns(state) == (Fraction(1), Fraction(0))
    shared = replace(state, winners=(0, 1))
    assert ENGINE.returns(shared) == (Fraction(1, 2), Fraction(1, 2))


# ------------------------------------------------------------------ knock-overs: chance, broadsides

def test_knock_over_is_a_chance_step_only_when_the_rules_give_it_one():
    state = position([[reg(0, 2)], [reg(1, 4)]], [[Die(0, J), Die(0, REG, 1)], [Die(1, J), Die(1, REG, 1)]])
    state, _ = apply_action(state, Roll(REG))
    assert apply_chance(state, "two")[0].phase != Phase.KNOCK  # 0 % by default: no knock step
    knocky = replace(state, rules=changed(knock_over_chance=10))
    rolled, _ = apply_chance(knocky, "two")
    assert rolled.phase == Phase.KNOCK
    assert chance_outcomes(rolled) == [(Knock(None), Fraction(9, 10)), (Knock(0), Fraction(1, 20)),
                                       (Knock(1), Fraction(1, 20))]


def test_knocking_over_your_own_pile_sends_every_die_home_and_ends_the_turn():
    rules = changed(knock_over_chance=50)
    state = position([[reg(0, 2), reg(1, 5)], [reg(1, 4, 1)]], [[Die(0, J), Die(0, REG, 1)], [Die(1, J)]], rules=rules)
    state, _ = apply_action(state, Roll(REG))
    state, _ = apply_chance(state, "two")
    state, events = apply_chance(state, Knock(0))
    assert kinds(events) == ["knock_over", "turn_end"] and events[0]["returned"] == (Die(0, REG, 0), Die(1, REG, 0))
    assert state.piles == ((), (reg(1, 4, 1),)) and state.hands == (R.pirate_dice(0), (Die(1, J), Die(1, REG, 0)))


def test_a_broadside_costs_the_penalty_and_the_victim_starts_again_at_once():
    rules = changed(knock_over_chance=50)
    state = position([[reg(0, 2)], [reg(1, 4), reg(0, 5, 1)]], [[Die(0, J)], [Die(1, J), Die(1, REG, 1)]],
                     rules=rules)
    state, _ = apply_action(state, Roll(J))
    state, _ = apply_chance(state, "three")
    state, events = apply_chance(state, Knock(1))
    assert events[0].as_dict() == {"kind": "broadside", "player": 0, "victim": 1,
                                   "returned": (Die(0, REG, 1), Die(1, REG, 0)), "penalty": 7, "score": -7}
    assert state.phase == Phase.RESTART_CHOOSE and ENGINE.current_player(state) == 1  # the victim chooses
    assert state.hands[0] == (Die(0, REG, 1),) and state.hands[1] == R.pirate_dice(1)
    state, _ = apply_action(state, Roll(J))
    state, events = apply_chance(state, "six")
    # Ann's new pile is her 6; your 3 goes on your 2 (next up), and nothing fits after it.
    assert kinds(events) == ["restart", "place", "turn_end"] and state.piles[1] == (jr(1, 6),)


# ------------------------------------------------------------------ exact odds

@pytest.mark.parametrize("top, regular, jolly_roger", [
    (1, Fraction(1, 2), Fraction(1, 2)),  # 1, 2, 6 / skull, 2, 6
    (3, Fraction(1, 3), Fraction(1, 2)),  # 3, 4 / skull, 3, 4
    (5, Fraction(1, 2), Fraction(2, 3)),  # 5, 6, 2 / skull, 5, 6, 2
    (6, Fraction(1, 3), Fraction(1, 3)),  # 6, 1 / skull, 6: the Jolly Roger die has no 1
])
def test_placing_chance(top, regular, jolly_roger):
    assert placing_chance(R, REG, FACE[top]) == regular and placing_chance(R, J, FACE[top]) == jolly_roger


def test_clean_run_chance_is_the_best_order():
    # Two regular dice on a 1: the first goes on with 1, 2 or 6, then the second with 1/2, 1/2, 1/3 of a chance.
    assert clean_run_chance(R, "one", (REG, REG)) == Fraction(1, 6) * (Fraction(1, 2) + Fraction(1, 2) + Fraction(1, 3))
    assert clean_run_chance(R, "two", (J,)) == Fraction(2, 3)
    assert clean_run_chance(R, "two", ()) == 1


@pytest.mark.parametrize("kind", [REG, J])
def test_placing_chance_agrees_with_the_chance_tree(kind):
    """The shared walker follows the engine's own chance nodes from a roll to where the die lands."""
    for top in (1, 3, 6):
        state = position([[reg(0, top)], [reg(1, 4)]], [[Die(0, J), Die(0, REG, 1)], [Die(1, J), Die(1, REG, 1)]])
        state, _ = apply_action(state, Roll(kind))
        placed = sum(p for _, p, events in walk(ENGINE, state, lambda s, evs: bool(evs))
                     if any(e.kind == Kind.PLACE for e in events))
        assert placed == placing_chance(R, kind, FACE[top])


# ------------------------------------------------------------------ invariants over whole games

def drive(seed, choices, players, rules=R, limit=300):
    """Play with the caller's choices (indices into the legal actions), checking the invariants at every step."""
    engine, rng, state, choices = DeadMansEngine(rules), random.Random(seed), new_game(rules, players), list(choices)
    everything = Counter(d for p in range(players) for d in rules.pirate_dice(p))
    actions, events = [], []
    for _ in range(limit):
        seen = Counter(d for hand in state.hands for d in hand) + Counter(p.die for pile in state.piles for p in pile)
        seen += Counter(d for d in (state.rolling, state.restart) if d is not None)
        seen += Counter(d for d, pile in zip(state.bases, state.piles, strict=False) if d is not None and not pile)
        assert seen == everything  # no die is created or lost
        for p, pile in enumerate(state.piles):  # a Jolly Roger die is only ever on its owner's pile
            assert all(placed.die.owner == p for placed in pile if placed.die.is_jolly_roger)
            assert not pile or pile[0].die.owner == p  # a pile's bottom die is its owner's
        if state.phase == Phase.OVER or (engine.current_player(state) >= 0 and not choices):
            break
        if engine.current_player(state) == -1:
            state, evs = engine.apply(state, sample(engine.chance_outcomes(state), rng))
        else:
            legal = engine.legal_actions(state)
            actions.append(legal[choices.pop(0) % len(legal)])
            state, evs = engine.apply(state, actions[-1])
        for e in evs:
            assert not (e.kind == Kind.PLUNDER and e["die"].is_jolly_roger)  # never plundered
            if e.kind == Kind.SCORE:  # the score is the pile rules, applied to the pile and hand at the end
                faces = [p.face for p in e["pile"]]
                result = score_pile(rules, faces, any(d.is_jolly_roger for d in e["hand"]))
                assert (e["points"], e["score"]) == (sum(rules.worth(f) for f in faces), result.score)
            if e.kind == Kind.DICE_HOME:  # every die ends the round with its owner
                assert state.hands == tuple(rules.pirate_dice(p) for p in range(players))
        events.extend(evs)
    return state, tuple(actions), tuple(events)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 5), max_size=80),
       players=st.integers(2, 6), knock=st.sampled_from([0, 15]))
def test_invariants_hold_and_replay_gives_the_same_events(seed, choices, players, knock):
    rules = changed(knock_over_chance=knock, goal=30)
    state, actions, events = drive(seed, choices, players, rules)
    again, replayed = replay(DeadMansEngine(rules), players, seed, actions, strict=False)
    assert replayed == events and again == state


def test_whole_games_play_and_replay_exactly():
    seats = [STRATEGIES[name] for name in ("jolly-early", "jolly-last", "greedy")]
    state, actions, events = play(ENGINE, 3, 7, seats)
    assert state.phase == Phase.OVER and all(state.scores[p] >= R.goal for p in state.winners)
    assert replay(ENGINE, 3, 7, actions) == (state, events)
    assert not any(e.kind == Kind.PLUNDER and e["die"].is_jolly_roger for e in events)


def test_key_leaves_out_the_counters():
    state = new_game(R, 2)
    later = replace(state, turns=9, round=3, first_topped=Fraction(2))
    assert ENGINE.key(state) == ENGINE.key(later) and state != later
    assert ENGINE.key(state) != ENGINE.key(replace(state, scores=(1, 0)))
    hash(ENGINE.key(state))


def test_rules_are_validated_and_player_counts_checked():
    with pytest.raises(ValueError):
        new_game(R, 7)
    bad = [dict(goal=0), dict(pile_total=-1), dict(knock_over_chance=101), dict(players=(1, 6)),
           dict(dice=((J, R.faces(J), 1),)), dict(dice=((J, R.faces(J), 0), (REG, R.faces(REG), 1))),
           dict(dice=((J, ("emerald",) * 6, 1), (REG, R.faces(REG), 2)))]
    for kwargs in bad:
        with pytest.raises(ValueError):
            changed(**kwargs)


# ------------------------------------------------------------------ strategies and simulation

def test_simulate_is_reproducible_and_counts_every_game():
    seats = [STRATEGIES[name] for name in ("jolly-early", "jolly-last")]
    rounds = {"rounds": lambda state: state.round}
    stats = simulate(ENGINE, 12, 2, 3, seats, rounds)
    assert stats == simulate(ENGINE, 12, 2, 3, seats, rounds)
    assert sum(stats.wins_by_seat) == 12 == sum(w for _, w, _ in stats.wins_by_policy)
    assert stats.measures[0].least >= 1
    shorter = simulate(DeadMansEngine(changed(goal=30)), 12, 2, 3, seats, rounds)
    assert shorter.measures[0].mean < stats.measures[0].mean


def test_the_skull_keeper_never_covers_its_own_skull():
    state = position([[reg(0, 5), jr(0, "skull")], [reg(1, 2)]], [[Die(0, REG, 1)], [Die(1, J), Die(1, REG, 1)]])
    state = replace(state, phase=Phase.PLUNDER)
    assert STRATEGIES["skull-keeper"].act(state) == EndTurn()
    assert STRATEGIES["greedy"].act(state) == Plunder(1)  # 2 is next up from the skull's 1


# ------------------------------------------------------------------ worked examples

def test_derive_examples_is_deterministic_and_shows_every_goal():
    examples = derive_examples(R)
    assert examples == derive_examples(R)
    assert [e.id for e in examples] == list(coverage_goals(R))
    by = {e.id: e for e in examples}

    def ways(e):
        return next(ev["ways"] for ev in e.events if ev.kind == Kind.PLACE)

    def count(e, kind):
        return sum(1 for ev in e.events if ev.kind == kind)

    first = by["first-player"].events
    assert count(by["first-player"], Kind.BASE_TIE) == 1 and first[-1].as_dict() == {"kind": "first", "player": 0,
                                                                                      "number": 1}
    assert [ev["face"] for ev in first if ev.kind == Kind.BASE and ev["player"] == 0][-1] == SKULL
    assert ways(by["match"]) == (Way.MATCH,) and ways(by["next"]) == (Way.NEXT,) and ways(by["total"]) == (Way.TOTAL,)
    assert count(by["next"], Kind.PLUNDER) >= 2 and count(by["total"], Kind.NEVER_PLUNDERED) == 1
    assert ways(by["skull"]) == (Way.SKULL,) and count(by["isolated"], Kind.ISOLATED) == 1
    assert ways(by["new-pile"]) == (Way.NEW_PILE,) and by["new-pile"].before.piles[0] == ()
    assert any(ev["die"].owner == 0 for ev in by["new-pile"].events if ev.kind == Kind.PLUNDER)
    last = by["last-die"].events
    assert kinds(last).index("plunder") < kinds(last).index("round_end")
    scores = [ev for ev in last if ev.kind == Kind.SCORE]
    assert any(s["doubled"] for s in scores) and any(s["keelhauled"] for s in scores)


def test_derived_examples_follow_the_rules():
    eight = derive_examples(changed(pile_total=8))
    total = next(e for e in eight if e.id == "total")
    place = next(ev for ev in total.events if ev.kind == Kind.PLACE)
    assert R.number(place["face"]) + R.number(place["top"]) == 8
    assert [e.id for e in eight] == list(coverage_goals(R))
