"""Bad input: every kind of malformed action, notation and saved position is
refused with the documented error naming what was wrong, and changes nothing."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import triptych
import triptych.aquaignis as aq
from conftest import AB, A, I, position


def midgame() -> aq.State:
    rng = random.Random(5)
    state = aq.new_game()
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_errors_are_value_errors() -> None:
    assert issubclass(triptych.IllegalActionError, ValueError)
    assert issubclass(triptych.InvalidStateError, ValueError)


BAD_ACTIONS = [
    ("Z3.2", "cannot read"),
    ("", "cannot read"),
    ("N8", "cannot read"),
    ("N0", "cannot read"),
    ("C3.7", "cannot read"),
    ("C3", "cannot read"),
    ("J3.2", "cannot read"),
    ("J3.2-4", "cannot read"),
    ("A3.2x", "cannot read"),
    ({"type": "fly", "flow": 1}, "action.type"),
    ({"type": "charge", "flow": 1}, "action.pos: missing"),
    ({"type": "charge", "flow": "1", "pos": 2}, "action.flow: expected an integer"),
    ({"type": "charge", "flow": True, "pos": 2}, "action.flow: expected an integer"),
    ({"type": "charge", "flow": 9, "pos": 2}, "action.flow: 9 is out of range"),
    ({"type": "charge", "flow": 10**30, "pos": 2}, "action.flow: 1000000000000000000000000000000 is far out of range"),
    ({"type": "spawn", "flow": 1, "pos": 0}, "action.pos: unknown field"),
    ({"flow": 1}, "action.type: missing"),
    (42, "expected an Action"),
    (None, "expected an Action"),
    (["N1"], "expected an Action"),
]


@pytest.mark.parametrize("bad,message", BAD_ACTIONS, ids=[repr(b) for b, _ in BAD_ACTIONS])
def test_malformed_action_raises_and_changes_nothing(bad, message) -> None:
    state = midgame()
    before, h = state.to_dict(), state.hash
    with pytest.raises(triptych.IllegalActionError, match=message):
        state.apply(bad)
    assert state.to_dict() == before and state.hash == h


ILLEGAL = [
    (lambda: position(A(1, 2)), "C4.4", "no unit of the side to move"),
    (lambda: position(I(1, 2)), "A1.2", "no unit of the side to move"),
    (lambda: position(A(1, 2), A(1, 3)), "A1.2", "own piece blocks"),
    (lambda: position(A(1, 2, 2)), "S1.2", "exactly 3"),
    (lambda: position(AB(1, 2, 2)), "A1.2", "barrier does not move"),
    (lambda: position(AB(1, 2, 2), A(2, 2)), "B2.2", "already have a barrier"),
    (lambda: position(A(1, 2, 2), I(3, 2, 1)), "J1.2-3.2", "neither adjacent nor linked"),
    (lambda: position(A(1, 2, 2), I(2, 3, 1)), "J1.2-2.3", "same height"),
    (lambda: position(A(1, 2, 2)), "J1.2-2.2", "no enemy piece"),
]


@pytest.mark.parametrize("make,notation,message", ILLEGAL, ids=[n for _, n, _ in ILLEGAL])
def test_illegal_action_explains_why_and_changes_nothing(make, notation, message) -> None:
    state = make()
    before, h = state.to_dict(), state.hash
    assert not state.is_legal(notation)
    with pytest.raises(triptych.IllegalActionError, match=message):
        state.apply(notation)
    assert state.to_dict() == before and state.hash == h


def test_action_legal_elsewhere_is_refused_after_the_position_changes() -> None:
    state = aq.new_game()
    action = state.legal_actions()[2]  # N3
    state.apply("N3")
    state.apply("N1")
    state.apply("N3")  # IGNIS
    state.apply("A3.6")
    state.apply("C3.0")  # AQUA charges 3.0 to 2
    # An action object from an old position is judged against the current one.
    state.apply(action)  # N3 replaces the charged piece: still legal (sacrifice)
    assert state.to_dict()["pieces"][1] == {"flow": 3, "pos": 0, "owner": "aqua", "kind": "piece", "charge": 1}


def valid_dict() -> dict:
    return position(A(1, 2, 3), I(2, 5, 4), AB(3, 1, 2), actions_left=1,
                    links=[{"owner": "aqua", "flows": [2, 4], "turns_left": 2}]).to_dict()


def mutate(path: list, value) -> dict:
    d = copy.deepcopy(valid_dict())
    target = d
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return d


BAD_STATES = [
    (mutate(["pieces", 0, "charge"], 0), "pieces[0].charge: 0 is out of range 1..4"),
    (mutate(["pieces", 0, "charge"], 5), "pieces[0].charge: 5 is out of range 1..4"),
    (mutate(["pieces", 2, "charge"], 4), "pieces[2].charge: 4 is out of range 1..3"),
    (mutate(["pieces", 0, "owner"], "fire"), "pieces[0].owner: 'fire' is not one of"),
    (mutate(["pieces", 0, "kind"], "tower"), "pieces[0].kind"),
    (mutate(["pieces", 0, "flow"], 8), "pieces[0].flow: 8 is out of range 1..7"),
    (mutate(["pieces", 0, "pos"], -1), "pieces[0].pos: -1 is out of range 0..6"),
    (mutate(["pieces", 0, "pos"], "2"), "pieces[0].pos: expected an integer"),
    (mutate(["pieces", 0, "pos"], -(10**25)), "pieces[0].pos: -10000000000000000000000000 is far out of range"),
    (mutate(["pieces", 0, "charge"], KeyError), "pieces[0].charge: missing"),
    (mutate(["pieces", 0, "colour"], "blue"), "pieces[0].colour: unknown field"),
    (mutate(["score", "aqua"], 5), "score.aqua: 5 is out of range 0..4"),
    (mutate(["score"], {"aqua": 4, "ignis": 4}), "score: both sides"),
    (mutate(["to_move"], "fire"), "to_move"),
    (mutate(["to_move"], 0), "to_move: expected a string"),
    (mutate(["actions_left"], 3), "actions_left: 3 is out of range 1..2"),
    (mutate(["game"], "chess"), "game: 'chess' is not 'aquaignis'"),
    (mutate(["pieces"], "none"), "pieces: expected a list"),
    (mutate(["links", 0, "flows"], [2, 3]), "links[0].flows: linked flows must be"),
    (mutate(["links", 0, "turns_left"], 3), "links[0].turns_left: 3 is out of range 1..2"),
    (mutate(["no_progress"], -1), "no_progress: -1 is out of range"),
    (mutate(["options", "no_progress_limit"], -1), "options.no_progress_limit: -1 is out of range 0..10000"),
    (mutate(["extra"], 1), "extra: unknown field"),
    ("not a dict", "expected a dict"),
]


@pytest.mark.parametrize("bad,message", BAD_STATES, ids=[m.split(":")[0] for _, m in BAD_STATES])
def test_malformed_saved_game_names_the_bad_field(bad, message) -> None:
    with pytest.raises(triptych.InvalidStateError, match=message.replace("[", r"\[").replace("]", r"\]")
                       .replace(".", r"\.").replace("(", r"\(").replace(")", r"\)")):
        aq.State.from_dict(bad)


def test_impossible_positions_are_refused() -> None:
    d = valid_dict()
    d["pieces"].append({"flow": 1, "pos": 2, "owner": "ignis", "kind": "piece", "charge": 1})
    with pytest.raises(triptych.InvalidStateError, match=r"pieces\[3\]: flow 1 pos 2 already holds pieces\[0\]"):
        aq.State.from_dict(d)
    d = valid_dict()
    d["pieces"].append({"flow": 5, "pos": 5, "owner": "ignis", "kind": "piece", "charge": 4})
    with pytest.raises(triptych.InvalidStateError, match=r"pieces\[3\]: a second Crown for ignis"):
        aq.State.from_dict(d)
    d = valid_dict()
    d["pieces"].append({"flow": 5, "pos": 5, "owner": "aqua", "kind": "barrier", "charge": 1})
    with pytest.raises(triptych.InvalidStateError, match=r"pieces\[3\]: a second Barrier for aqua"):
        aq.State.from_dict(d)
    d = valid_dict()
    d["links"].append({"owner": "aqua", "flows": [1, 3], "turns_left": 1})
    with pytest.raises(triptych.InvalidStateError, match=r"links\[1\]: a second link for aqua"):
        aq.State.from_dict(d)
    d = valid_dict()
    d["to_move"] = "ignis"
    with pytest.raises(triptych.InvalidStateError, match=r"links\[0\]\.turns_left: 2 is only possible"):
        aq.State.from_dict(d)


def test_optional_fields_default() -> None:
    s = aq.State.from_dict({"to_move": "ignis", "actions_left": 1, "score": {"aqua": 1, "ignis": 0}, "pieces": []})
    d = s.to_dict()
    assert d["links"] == [] and d["turn"] == 0 and d["no_progress"] == 0
    assert d["options"] == {"no_progress_limit": 40, "first_player": "aqua"}


def test_unknown_new_game_option_is_refused() -> None:
    with pytest.raises(triptych.InvalidStateError, match="options.colour: unknown field"):
        aq.new_game(colour="blue")
    with pytest.raises(triptych.InvalidStateError, match="options.first_player"):
        aq.new_game(first_player="fire")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(json_values, st.text(max_size=12)))
def test_fuzzed_actions_raise_only_the_documented_error(junk) -> None:
    state = midgame()
    before = state.to_dict()
    try:
        state.apply(junk)
    except triptych.IllegalActionError:
        assert state.to_dict() == before
    # Anything accepted must have been a real legal action: the state moved on.
    else:
        assert state.to_dict() != before or state.legal_actions() == []


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["to_move", "actions_left", "score", "pieces", "links", "game", "turn"]),
                       json_values, max_size=7))
def test_fuzzed_saved_games_raise_only_the_documented_error(junk) -> None:
    try:
        state = aq.State.from_dict(junk)
    except triptych.InvalidStateError:
        return
    assert aq.State.from_dict(state.to_dict()).hash == state.hash


def test_spawn_error_names_the_unit_that_blocks() -> None:
    # The entry holds your barrier; the enemy piece beyond it is what blocks (R1, R2).
    s = position(AB(3, 0, 1), I(3, 1, 1), I(5, 0, 1))
    before = s.to_dict()
    with pytest.raises(triptych.IllegalActionError, match=r"beyond the barrier on your entry, flow 3 pos 1, is held"):
        s.apply("N3")
    with pytest.raises(triptych.IllegalActionError, match=r"your entry, flow 5 pos 0, is held by an enemy piece"):
        s.apply("N5")
    assert s.to_dict() == before


def test_link_made_this_turn_has_used_an_action() -> None:
    # R10: turns_left 2 means the link was made this turn, by an action of this turn.
    link = [{"owner": "aqua", "flows": [3, 5], "turns_left": 2}]
    with pytest.raises(triptych.InvalidStateError, match=r"links\[0\]\.turns_left: 2 with actions_left 2"):
        position(A(3, 2, 2), A(5, 2, 2), links=link)
    assert position(A(3, 2, 2), A(5, 2, 2), links=link, actions_left=1).to_dict()["links"] == link
    # Only a Surge that ended the game (the stall draw) leaves both actions unused.
    over = position(A(3, 2, 2), A(5, 2, 2), links=link, no_progress=80)
    assert over.is_terminal() and over.winner is None
    # And play reaches it: a first-action Surge that trips the limit.
    s = position(A(4, 1, 3), A(3, 2, 1), A(5, 2, 1), no_progress=79)
    s.apply("S4.1")
    d = s.to_dict()
    assert s.is_terminal() and d["actions_left"] == 2 and d["links"][0]["turns_left"] == 2
    assert aq.State.from_dict(d).to_dict() == d
