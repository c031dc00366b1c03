"""The engine-side Timeline (undo that never redraws a chance outcome) and event records, for all three games."""

from __future__ import annotations

import random

import pytest

import triptych
import triptych.aquaignis as aq
import triptych.combat as combat
import triptych.hexfleet as hexfleet
from triptych.events import events_of, game_over_text, summary, threats
from triptych.timeline import Timeline

from conftest import A, I, position


def fight(variant="v02", seed=5) -> Timeline:
    game = Timeline(combat.new_game(variant, seed=seed), seed=seed)
    game.resolve_chance()
    return game


# -- undo and chance ---------------------------------------------------------------------------------------------
def test_a_roll_cannot_be_undone_so_it_cannot_be_redrawn():
    game = fight()
    game.apply("roll")
    game.resolve_chance()
    rolled = game.state.clone()
    assert not game.can_undo and "roll of the dice is final" in game.undo_blocked_reason
    for _ in range(2):
        assert game.undo() == []
    assert game.state.hash == rolled.hash and game.state.to_dict()["dice"] == rolled.to_dict()["dice"]


def test_the_roll_decision_itself_is_final_once_its_outcome_is_drawn():
    """Undo from just after the outcome must not land on the decision before it (then 'roll' again)."""
    game = fight()
    energy = game.state.to_dict()["energy"]
    game.apply("roll")
    game.resolve_chance()
    assert game.state.to_dict()["energy"] < energy          # the roll was paid for
    game.undo(keep_player=0)
    assert game.state.to_dict()["rolls"] == 1 and game.state.to_dict()["energy"] < energy


def test_decisions_between_chance_outcomes_undo_one_by_one_and_leave_the_log():
    game = fight("v01")
    start = game.state.clone()
    log_at_start = game.log()
    place = next(a for a in game.state.legal_actions() if a.to_dict()["type"] == "place")
    step = game.apply(place)
    assert any(e.kind == "place" for e in step.events) and len(game.log()) > len(log_at_start)
    assert game.can_undo
    assert [s.action for s in game.undo()] == [place]
    assert game.state.hash == start.hash and game.log() == log_at_start
    assert not game.can_undo and "card draw is final" in game.undo_blocked_reason


def test_same_seed_same_outcomes():
    def play(seed):
        game, rng = fight("v03", seed), random.Random(1)
        for _ in range(60):
            if game.is_over():
                break
            game.apply(rng.choice(game.state.legal_actions()))
            game.resolve_chance()
        return game.log()
    assert play(9) == play(9) and play(9) != play(10)


def test_illegal_actions_change_nothing_and_apply_refuses_at_chance():
    game = Timeline(aq.new_game())
    with pytest.raises(triptych.IllegalActionError):
        game.apply("S4.6")
    assert game.steps == [] and game.state.hash == aq.new_game().hash
    chance = Timeline(combat.new_game("v01", seed=1), seed=1)
    with pytest.raises(ValueError, match="chance"):
        chance.apply("roll")


def test_undo_back_to_the_humans_decision_against_the_ai():
    game = Timeline(aq.new_game())
    game.apply("N1")
    game.apply("N2")   # AQUA's turn ends
    game.apply("N3")
    game.apply("N4")   # IGNIS (the AI) played two
    undone = game.undo(keep_player=0)
    assert len(undone) == 3 and game.state.to_move == 0 and game.state.actions_left == 1


def test_redo_plays_back_what_undo_took_and_a_new_move_forgets_it():
    game = Timeline(aq.new_game())
    for move in ("N1", "N2", "N3"):
        game.apply(move)
    end = game.state.clone()
    log = game.log()
    assert not game.can_redo
    game.undo()
    game.undo()
    assert game.can_redo and len(game.steps) == 1
    assert [str(s.action) for s in game.redo()] == ["N2"]
    assert [str(s.action) for s in game.redo()] == ["N3"]
    assert game.state.hash == end.hash and game.log() == log and not game.can_redo and game.redo() == []
    game.undo()
    game.apply("N3")                    # the same move again: nothing is forgotten
    game.undo()
    game.undo()
    game.apply("N5")                    # another move: a new branch, the undone ones are gone
    assert not game.can_redo and game.redo() == []


def test_redo_back_to_the_humans_next_decision_against_the_ai():
    game = Timeline(aq.new_game())
    for move in ("N1", "N2", "N3", "N4", "N5"):
        game.apply(move)
    end = game.state.clone()
    game.undo(keep_player=0)             # N5, the human's last decision
    game.undo(keep_player=0)             # N4 N3 (the AI's) and N2 (the human's)
    assert game.state.to_move == 0 and len(game.steps) == 1
    game.redo(keep_player=0)             # N2, then the AI's N3 N4: the human's N5 is the next decision
    assert len(game.steps) == 4 and game.state.to_move == 0
    game.redo(keep_player=0)
    assert game.state.hash == end.hash


def test_redo_in_a_fight_replays_the_recorded_decisions_and_never_draws():
    game = fight("v01", seed=5)
    place = next(a for a in game.state.legal_actions() if a.to_dict()["type"] == "place")
    game.apply(place)
    placed = game.state.clone()
    rng_state = game.rng.getstate()
    game.undo()
    game.redo()
    assert game.state.hash == placed.hash and game.rng.getstate() == rng_state


# -- event records -----------------------------------------------------------------------------------------------
def test_aquaignis_clash_and_breakthrough_are_reported():
    state = position(A(3, 2, 3), I(3, 3, 1), I(5, 5, 1))
    after = state.clone()
    after.apply("A3.2")
    texts = [e.text for e in events_of(state, after, "A3.2", 0)]
    assert texts[0] == "AQUA advances the piece at 3.2"
    assert any(t.startswith("Clash at 3.3: IGNIS's piece (charge 1) is destroyed") for t in texts)
    win = position(A(1, 6, 1), I(5, 5, 1), score=(3, 0))
    end = win.clone()
    end.apply("A1.6")
    events = events_of(win, end, "A1.6", 0)
    assert [e.kind for e in events][-2:] == ["breakthrough", "game_over"]
    assert events[-2].text == "Breakthrough in flow 1: AQUA (AQUA 4-0 IGNIS)"
    assert game_over_text(end) == "AQUA wins with 4 breakthroughs"


def random_hexfleet(stop, games=60):
    """Plays seeded random Hexfleet games until `stop(step, game)` holds; returns (step, game)."""
    for seed in range(games):
        game, rng = Timeline(hexfleet.new_game()), random.Random(seed)
        while not game.is_over() and len(game.steps) < 200:
            step = game.apply(rng.choice(game.state.legal_actions()))
            if stop(step, game):
                return step, game
    raise AssertionError("not found")


def test_hexfleet_push_says_where_the_tile_went_and_its_level():
    step, _ = random_hexfleet(lambda s, g: s.action.to_dict()["type"] == "push")
    d = step.action.to_dict()
    target, frm = tuple(d["target"]), tuple(d["from"])
    dest = (2 * target[0] - frm[0], 2 * target[1] - frm[1])
    event = next(e for e in step.events if e.kind == "push")
    assert "Repulsor pushes" in event.text and f"off {target[0]},{target[1]}" in event.text
    stacks = {(s["q"], s["r"]): s["tiles"] for s in step.after.to_dict()["stacks"]}
    before = {(s["q"], s["r"]): s["tiles"] for s in step.before.to_dict()["stacks"]}
    if len(stacks.get(dest, [])) > len(before.get(dest, [])):  # it landed there (a crushed ship lands nowhere)
        assert f"level {len(stacks[dest]) - 1}" in event.text


def test_hexfleet_a_ship_on_your_core_is_a_threat_and_its_win_is_explained():
    step, game = random_hexfleet(lambda s, g: bool(threats(g.state)))
    warning = threats(game.state)[0]
    assert "Core" in warning and "wins at the start of its next turn" in warning
    assert any(e.kind == "board_core" for e in step.events)


def test_combat_turn_end_reports_the_sentinels_blow_and_the_fight_summary():
    game, rng = fight("v01", 3), random.Random(3)
    blows = []
    while not game.is_over():
        legal = game.state.legal_actions()
        choice = next((a for a in legal if a.to_dict()["type"] == "end"), None) if rng.random() < 0.5 else None
        step = game.apply(choice or rng.choice(legal))
        blows += [e for e in step.events if e.kind == "damage" and e.data["side"] == "player"]
        game.resolve_chance()
    assert blows and blows[0].text.startswith("The Sentinel's ")
    lines = summary(game.steps, game.state)
    assert lines[0] == game_over_text(game.state) and ("You win" in lines[0] or "Sentinel wins" in lines[0])
    taken = sum(e.data["amount"] for s in game.steps for e in s.events
                if e.kind == "damage" and e.data["side"] == "player")
    hp = game.steps[0].before.to_dict()["player"]["hp"] - game.state.to_dict()["player"]["hp"]
    assert taken == hp and f"taken {taken}" in lines[2]   # every lost HP point is in the log


def test_combat_reports_the_board_marks_cards_back_in_hand_and_shunya():
    """What HP and statuses do not show is in the records too: V01's Scorch from an Agni roll ("Every slot with
    index < N gains 1 Scorch token"), Vayu's "Every card that fires this turn returns to hand", the clog, and
    the Akasha gate ("one Akasha card 'Shunya' is added to the player's hand")."""
    game = Timeline(combat.new_game("v01", seed=1), seed=1)

    def play(*actions):
        return [e for a in actions for e in (game.play_chance(a) if game.at_chance() else game.apply(a)).events]

    play("+lash", "+lash", "+stone", "+undertow", "+gale", "gale>1", "lash>3")
    events = play("roll", "3/agni")
    assert [(e.kind, e.data) for e in events if e.kind == "mark"] == [
        ("mark", {"slot": 1, "mark": "scorch", "value": 1}), ("mark", {"slot": 2, "mark": "scorch", "value": 1})]
    events = play("end", "+lash")
    assert not any(e.kind == "hand" for e in events)                     # Agni: the fired Lash goes to discard
    assert "Slot 1: clogged 1" in [e.text for e in events]               # Gale below the number did not match
    play("exhaust 1", "lash>2", "undertow>4")
    events = play("roll", "3/vayu", "end", "+stone", "+gale")
    assert {e.text for e in events if e.kind == "hand"} == {"Ember Lash returns to your hand",
                                                             "Undertow returns to your hand"}
    assert not any(e.kind == "shunya" for e in events) and not game.state.to_dict()["gated"]
    events = play("lash>1", "undertow>2", "gale>3", "roll", "1/agni", "end")   # 47 -> 27: half of 70 or less
    assert [e.text for e in events if e.kind == "shunya"] == ["Shunya joins your hand"]
    assert game.state.to_dict()["piles"]["hand"].get("Shunya") == 1


def test_a_card_drawn_while_its_twin_leaves_the_board_is_not_reported_back_in_hand():
    """V08: Gale's draw (a chance step) brings an Ember Lash to the hand while the Lash on the line fires to the
    discard in the same step: the hand gained a Lash and the board lost one, but nothing came back from the board."""
    game = Timeline(combat.new_game("v08", seed=1), seed=1)
    for a in ("+lash", "+lash", "+stone", "+undertow", "+gale", "gale>1", "lash>2", "stone>3", "roll", "1/vayu", "end"):
        game.play_chance(a) if game.at_chance() else game.apply(a)
    step = game.play_chance("+lash")
    assert "7 damage to the Sentinel (HP 66 -> 59)" in [e.text for e in step.events]
    assert not [e.text for e in step.events if e.kind == "hand"]


# -- what the tutorials show (issue 27): the records say what the rules did -------------------------------------
def _hexfleet_position(stacks, to_move=0, actions_left=2):
    from triptych.tutorials.content.hexfleet import position as hf_position

    return hexfleet.State.from_dict(hf_position(stacks, to_move, actions_left))


def test_a_crushed_ship_is_reported_crushed_and_the_column_beyond_is_not():
    """«It slams into the side of the blocking tile and is crushed. The crushed ship is destroyed and returned
    directly to its owner's reserve.»"""
    before = _hexfleet_position({(0, 0): "0C", (1, 0): "1C", (0, -1): "0R", (1, -1): "1F", (2, -1): "1S"})
    after = before.clone()
    after.apply("R 0,-1>1,-1")
    events = events_of(before, after, "R 0,-1>1,-1", 0)
    crush = [e for e in events if e.kind == "crush"]
    assert len(crush) == 1 and "Purple's Frigate is crushed" in crush[0].text and "2,-1" in crush[0].text
    assert not [e for e in events if e.kind == "reserve"], "the crushed ship is told once"
    open_ground = _hexfleet_position({(0, 0): "0C", (1, 0): "1C", (0, -1): "0R", (1, -1): "1S1F"})
    fell = open_ground.clone()
    fell.apply("R 0,-1>1,-1")
    assert not [e for e in events_of(open_ground, fell, "R 0,-1>1,-1", 0) if e.kind == "crush"]


def test_a_destroy_reports_the_tiles_the_power_check_returns_of_both_players():
    """«every tile that cannot is returned to the reserve, including tiles that only lost their connection
    because an earlier link in the chain was removed a moment ago»"""
    before = _hexfleet_position({(0, 0): "0C", (1, 0): "1C", (1, -1): "0S0D", (2, -1): "1S", (3, -2): "1F",
                                 (4, -3): "1D", (3, -3): "0F"})
    after = before.clone()
    after.apply("D 1,-1>2,-1")
    texts = [e.text for e in events_of(before, after, "D 1,-1>2,-1", 0) if e.kind == "reserve"]
    assert sorted(texts) == ["Green's frigate x1 back to the reserve (cut off from its Core)",
                             "Purple's destroyer x1 back to the reserve (cut off from its Core)",
                             "Purple's frigate x1 back to the reserve (cut off from its Core)"]


def test_a_parallel_advance_is_reported_as_the_link_moving_the_partner_not_as_a_loss():
    """«Parallel Advance — Advance on one linked flow also advances the other (if legal)»"""
    before = position(A(3, 0, 2), A(5, 0, 2), I(1, 6), links=[{"owner": "aqua", "flows": [3, 5], "turns_left": 2}],
                      actions_left=1)
    after = before.clone()
    after.apply("A3.0")
    events = events_of(before, after, "A3.0", 0)
    assert [e.kind for e in events] == ["advance", "link"]
    assert events[1].text == "Parallel Advance: AQUA's piece at 5.0 advances to 5.1 with the link"


def test_a_surge_into_empty_flanks_reports_the_fresh_scouts():
    """«After a Surge, if both adjacent flows already held your pieces and the pulse boosted them (no fresh
    scouts) ...»: a flank without your pieces gets a fresh scout."""
    before = position(A(4, 1, 3), I(1, 6))
    after = before.clone()
    after.apply("S4.1")
    scouts = [e.text for e in events_of(before, after, "S4.1", 0) if e.kind == "scout"]
    assert scouts == ["The pulse sends a fresh scout into flow 3", "The pulse sends a fresh scout into flow 5"]
