"""Hexfleet bad input: malformed and illegal actions, and saved positions that
cannot exist (InvalidStateError names the field), the CLI, and the contract."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import triptych
import triptych.hexfleet as hf
from hexfleet_helpers import picture, position, position_dict
from triptych.cli import main

CORES = {(0, 0): "C", (1, 0): "c"}


# --- actions ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "X 0,0>1,0", "M 0,0", "M 0,0>1", "P boat@1,0", "Y 1,0", "M a,b>c,d",
                                  "M 0,0>1,0 extra", "P frigate@99999999,0"])
def test_malformed_notation_raises_with_reason(text):
    with pytest.raises(triptych.IllegalActionError, match="cannot read action"):
        hf.Action.parse(text)


@pytest.mark.parametrize("d,field", [
    ({"type": "fly"}, "action.type"),
    ({"type": "move", "from": [0, 0]}, "action.to: missing"),
    ({"type": "move", "from": [0, 0], "to": [1]}, "action.to: expected"),
    ({"type": "move", "from": [0, 0], "to": [1, "a"]}, r"action.to\[1\]"),
    ({"type": "spawn", "at": [0, 0], "unit": "boat"}, "action.unit"),
    ({"type": "push", "from": [0, 0], "to": [1, 0]}, "action.to: unknown field"),
    ({"type": "shipyard", "at": [0, 0], "face_down": True}, "action.face_down: unknown field"),
])
def test_malformed_action_dicts_name_the_field(d, field):
    with pytest.raises(triptych.IllegalActionError, match=field):
        hf.Action.from_dict(d)


def test_actions_round_trip_through_notation_and_dict():
    s = position({**CORES, (-1, 0): "Y", (0, 1): "D", (0, 2): "s", (-1, 1): "R", (-1, 2): "f"})
    s2 = position({**CORES, (-1, 0): "SF"})
    actions = s.legal_actions() + s2.legal_actions()
    types = {a.type for a in actions}
    assert types == {"move", "spawn", "shipyard", "destroy", "push"}
    for a in actions:
        assert hf.Action.parse(str(a)) == a
        assert hf.Action.from_dict(a.to_dict()) == a
        assert hash(hf.Action.parse(str(a))) == hash(a)
        assert repr(a) == f"Action('{a}')"
    assert hf.Action.parse("  m 0,0 > 1,-1 ") == hf.Action.parse("M 0,0>1,-1")
    assert str(hf.Action.parse("p ~Frigate@ 1, 0")) == "P ~frigate@1,0"


WHITESPACE = [" ", "\t", "\n", "\r", "\v", "\f"]


@pytest.mark.parametrize("ws", WHITESPACE)
@pytest.mark.parametrize("text", ["M 0,1>1,1", "D 0,1>1,1", "R 0,1>1,1", "Y@-1,0", "P ~frigate@1,0"])
def test_leading_whitespace_of_any_kind_never_changes_the_action(ws, text):
    """The parser once read the kind from the first non-space/tab character: "\nM 0,1>1,1" became a push."""
    assert str(hf.Action.parse(ws + text)) == text
    assert str(hf.Action.parse(ws * 3 + text.lower() + ws)) == text


def test_a_misread_move_is_never_applied_as_a_push():
    s = position({**CORES, (0, 1): "R", (1, 1): "f", (1, 2): "S"})
    before = s.to_dict()
    for ws in WHITESPACE:
        t = s.clone()
        t.apply(ws + "M 0,1>1,1")  # a move: the Repulsor climbs onto the Frigate, nobody is pushed
        assert picture(t)[(1, 1)] == "fR" and t.reserves == s.reserves
        with pytest.raises(triptych.IllegalActionError, match="only a Destroyer destroys"):
            s.apply(ws + "D 0,1>1,1")  # a destroy by a Repulsor: refused, never pushed
    assert s.to_dict() == before


@pytest.mark.parametrize("text", ["M 1 0,1>1,1", "M 0,1>1, 1 1", "M - 1,0>0,0", "P fri gate@1,0", "P ~fri\tgate@1,0",
                                  "M 0,1>1,1\x00", "M\u00a00,1>1,1"])
def test_whitespace_inside_a_token_is_refused_never_glued(text):
    with pytest.raises(triptych.IllegalActionError, match="cannot read action"):
        hf.Action.parse(text)


_TOKENS = {"M 0,1>1,1": ["M", "0", ",", "1", ">", "1", ",", "1"],
           "D -2,3>-1,3": ["D", "-2", ",", "3", ">", "-1", ",", "3"],
           "P ~repulsor@4,-5": ["P", "~", "repulsor", "@", "4", ",", "-5"],
           "Y@0,-1": ["Y", "@", "0", ",", "-1"]}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(_TOKENS)), st.data())
def test_whitespace_of_every_kind_between_tokens_is_ignored(text, data):
    gaps = st.text(alphabet="".join(WHITESPACE), max_size=3)
    written = "".join(data.draw(gaps) + tok for tok in _TOKENS[text]) + data.draw(gaps)
    assert str(hf.Action.parse(written)) == text


@pytest.mark.parametrize("action,reason", [
    ("M 5,5>5,6", "no tile at 5,5"),
    ("M 1,0>1,1", "not yours"),
    ("M 0,0>0,0", "somewhere else"),
    ("M 0,0>2,0", "at most 1"),
    ("D 0,0>1,0", "only a Destroyer"),
    ("R 0,0>1,0", "only a Repulsor"),
    ("Y@-2,0", "next to your Core"),
    ("Y@1,-1", "touch only your own tiles"),
    ("P frigate@-2,0", "no uncovered Shipyard"),
    ("P ~shield@-2,0", "face-down"),
])
def test_illegal_actions_raise_with_reason_and_change_nothing(action, reason):
    s = hf.new_game()
    before, h = s.to_dict(), s.hash
    with pytest.raises(triptych.IllegalActionError, match=reason):
        s.apply(action)
    assert s.to_dict() == before and s.hash == h
    assert not s.is_legal(action)


def test_apply_accepts_action_notation_and_dict():
    for form in (hf.Action.parse("Y@-1,0"), "Y@-1,0", {"type": "shipyard", "at": [-1, 0]}):
        s = hf.new_game()
        s.apply(form)
        assert s.to_dict()["stacks"][0]["tiles"][0]["unit"] == "shipyard"
    with pytest.raises(triptych.IllegalActionError, match="expected an Action"):
        hf.new_game().apply(42)


def test_terminal_state_refuses_actions():
    s = hf.new_game(max_turns=1)
    s.apply("Y@-1,0")
    s.apply("Y@0,-1")
    assert s.is_terminal() and s.legal_actions() == []
    with pytest.raises(triptych.IllegalActionError, match="over"):
        s.apply("Y@2,0")


# --- positions --------------------------------------------------------------------------


def test_unknown_field_and_wrong_types_name_the_field():
    d = position_dict(CORES)
    for key, value, field in [("colour", 1, "^colour: unknown field"), ("to_move", "0", "^to_move: expected an integer"),
                              ("to_move", 2, "^to_move"), ("actions_left", 3, "^actions_left"),
                              ("countdown", 9, "^countdown"), ("game", "chess", "^game"),
                              ("reserves", [{}], "^reserves: expected one reserve per player")]:
        bad = copy.deepcopy(d)
        bad[key] = value
        with pytest.raises(triptych.InvalidStateError, match=field):
            hf.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["stacks"][1]["tiles"][0]["unit"] = "battleship"
    with pytest.raises(triptych.InvalidStateError, match=r"^stacks\[1\]\.tiles\[0\]\.unit: 'battleship'"):
        hf.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["stacks"].append({"q": 0, "r": 0, "tiles": [{"owner": 0, "unit": "shield", "face_down": False}]})
    with pytest.raises(triptych.InvalidStateError, match=r"^stacks\[2\]: a second stack at 0,0"):
        hf.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["stacks"][0]["tiles"] = []
    with pytest.raises(triptych.InvalidStateError, match=r"^stacks\[0\]\.tiles: a stack has at least one tile"):
        hf.State.from_dict(bad)


def test_r18_turn_limit_reached_is_refused():
    """R18: a live position cannot stand at or past max_turns.

    Ruling: R18

    > If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.

    > Contact clears the clock.
    """
    d = position_dict(CORES)
    d["turn"] = 300
    with pytest.raises(triptych.InvalidStateError, match="^turn:"):
        hf.State.from_dict(d)


def test_r18_player_with_nothing_to_do_is_refused():
    """R18: a live position where the player to move has no legal action cannot arise.

    Ruling: R18

    > If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.

    > Contact clears the clock.
    """
    fleet = {"core": 1, "shipyard": 0, "shield": 4, "frigate": 19}
    with pytest.raises(triptych.InvalidStateError, match="^actions_left: player 1 has no legal action"):
        position({(0, 0): "C", (1, 0): "c", (2, -1): "F", (1, -1): "F", (0, 1): "F", (1, 1): "F", (2, 0): "F"},
                 to_move=1, fleet=fleet)


def test_finished_games_round_trip():
    s = hf.new_game(max_turns=1)
    s.apply("Y@-1,0")
    s.apply("Y@0,-1")
    d = s.to_dict()
    assert d["over"] is True and d["winner"] is None
    r = hf.State.from_dict(json.loads(json.dumps(d)))
    assert r.is_terminal() and r.hash == s.hash and r.to_move == triptych.TERMINAL
    with pytest.raises(triptych.InvalidStateError, match="^winner"):
        hf.State.from_dict({**d, "over": False, "winner": 1})


# --- views and the contract -------------------------------------------------------------------


def test_observation_shape_and_planes():
    s = position({**CORES, (-1, 0): "SF", (0, 1): "s"})
    obs = s.observation()
    assert obs.dtype == np.float32 and obs.shape == hf.OBSERVATION_SHAPE == (27, 17, 17)
    c = 8  # the mover's Core is the centre
    assert obs[0, c, c] == 1.0  # own core
    assert obs[6, c + 1, c] == 1.0  # enemy core at (1,0)
    assert obs[3, c - 1, c] == 1.0 and obs[12, c - 1, c] == pytest.approx(1 / 8)  # own Frigate on own Shield
    assert obs[8, c, c + 1] == 1.0  # enemy Shield
    assert obs[14, c - 1, c] == pytest.approx(2 / 8)
    assert np.all(obs[15] == 1.0) and np.all(obs[16] == 0.0)
    assert obs[19, 0, 0] == pytest.approx(5 / 6)  # own frigates in reserve


def test_str_and_copy():
    s = position({**CORES, (-1, 0): "S~F"})
    text = str(s)
    assert "player 0 to move" in text and "-1,0=S~F" in text
    assert copy.copy(s).hash == s.hash and copy.deepcopy(s).to_dict() == s.to_dict()
    t = s.clone()
    t.apply(t.legal_actions()[0])
    assert t.hash != s.hash and s.to_dict() == position({**CORES, (-1, 0): "S~F"}).to_dict()


def test_hexfleet_state_satisfies_the_contract_protocol():
    from triptych.contract import Action, State

    state = hf.new_game()
    assert isinstance(state, State)
    assert isinstance(state.legal_actions()[0], Action)


def test_registered_for_the_cli():
    from triptych.games import load

    assert load("hexfleet") is hf


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_cli_perft_rules_and_play(tmp_path):
    result = run("perft", "hexfleet", "--depth", "4")
    assert result.exit_code == 0 and "perft(4) = 14485" in result.output
    path = tmp_path / "pos.json"
    path.write_text((__import__("pathlib").Path(__file__).parent / "data" / "hexfleet" / "midgame2.json").read_text())
    result = run("perft", "hexfleet", "--depth", "2", "--position", str(path))
    assert result.exit_code == 0 and "perft(2) = 1496" in result.output
    result = run("rules", "hexfleet", "--plain")
    assert result.exit_code == 0 and "R18" in result.output and "Repulsor" in result.output
    save = tmp_path / "game.json"
    result = run("play", "hexfleet", "--terminal", input=f"M 9,9>1,1\nY@-1,0\nP frigate@-2,0\nsave {save}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "no tile at 9,9" in result.output
    saved = hf.State.from_dict(json.loads(save.read_text()))
    assert saved.to_move == 1 and saved.actions_left == 2


# --- fuzzing: only the documented errors, never a crash ------------------------------------

from pathlib import Path  # noqa: E402


MIDGAME = json.loads((Path(__file__).parent / "data" / "hexfleet" / "midgame2.json").read_text())

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.integers() | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(json_values, st.text(max_size=14),
                 st.fixed_dictionaries({"type": st.sampled_from(["move", "spawn", "shipyard", "destroy", "push"])},
                                       optional={"from": json_values, "to": json_values, "at": json_values,
                                                 "target": json_values, "unit": json_values,
                                                 "face_down": json_values})))
def test_fuzzed_actions_raise_only_the_documented_error(junk) -> None:
    state = hf.State.from_dict(MIDGAME)
    before = state.to_dict()
    try:
        state.apply(junk)
    except triptych.IllegalActionError:
        assert state.to_dict() == before
    else:
        assert state.to_dict() != before


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["to_move", "actions_left", "stacks", "reserves", "game", "turn", "countdown",
                                        "over", "winner", "options"]), json_values, max_size=8))
def test_fuzzed_saved_games_raise_only_the_documented_error(junk) -> None:
    try:
        state = hf.State.from_dict(junk)
    except triptych.InvalidStateError:
        return
    assert hf.State.from_dict(state.to_dict()).hash == state.hash


def mutate(d: dict, data) -> None:
    """One small change to a saved game: a tile, a stack, a reserve count or a field."""
    kind = data.draw(st.sampled_from(["owner", "unit", "face_down", "drop_tile", "move_stack", "reserve", "field",
                                      "swap_tiles", "add_tile"]))
    stacks = d["stacks"]
    i = data.draw(st.integers(0, len(stacks) - 1))
    tiles = stacks[i]["tiles"]
    if not tiles:  # emptied by an earlier change
        return
    j = data.draw(st.integers(0, len(tiles) - 1))
    if kind == "owner":
        tiles[j]["owner"] ^= 1
    elif kind == "unit":
        tiles[j]["unit"] = data.draw(st.sampled_from(hf.UNITS))
    elif kind == "face_down":
        tiles[j]["face_down"] = not tiles[j]["face_down"]
    elif kind == "drop_tile":
        del tiles[j]
    elif kind == "move_stack":
        stacks[i]["q"] += data.draw(st.integers(-2, 2))
        stacks[i]["r"] += data.draw(st.integers(-2, 2))
    elif kind == "reserve":
        p = data.draw(st.integers(0, 1))
        unit = data.draw(st.sampled_from(hf.UNITS[1:]))
        d["reserves"][p][unit] += data.draw(st.integers(-2, 2))
    elif kind == "swap_tiles" and len(tiles) > 1:
        tiles[0], tiles[-1] = tiles[-1], tiles[0]
    elif kind == "add_tile":
        tiles.append({"owner": data.draw(st.integers(0, 1)), "unit": data.draw(st.sampled_from(hf.UNITS)),
                      "face_down": data.draw(st.booleans())})
    else:
        key = data.draw(st.sampled_from(["to_move", "actions_left", "countdown", "turn"]))
        d[key] = data.draw(st.sampled_from([None, -1, 0, 1, 2, 3, 5, 299, 300]))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_mutated_saved_games_are_refused_or_consistent(data) -> None:
    d = copy.deepcopy(MIDGAME)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(d, data)
    try:
        state = hf.State.from_dict(d)
    except triptych.InvalidStateError as e:
        assert str(e).split(":")[0].split("[")[0].split(".")[0] in {
            "stacks", "reserves", "to_move", "actions_left", "countdown", "turn", "over", "winner", "options",
            "history", "climbed"}, str(e)
        return
    # Accepted: it must be a position that obeys every standing rule.
    from test_hexfleet_properties import check_invariants
    check_invariants(state)
    for action in state.legal_actions()[:20]:
        child = state.clone()
        child.apply(action)
        check_invariants(child)


def test_huge_integers_are_out_of_range_not_crashes():
    d = position_dict(CORES)
    d["stacks"][0]["q"] = 10**30
    with pytest.raises(triptych.InvalidStateError, match=r"^stacks\[0\]\.q: .*out of range"):
        hf.State.from_dict(d)
    with pytest.raises(triptych.IllegalActionError, match=r"action.from\[0\]"):
        hf.Action.from_dict({"type": "move", "from": [10**30, 0], "to": [0, 0]})
    with pytest.raises(triptych.InvalidStateError, match="options.max_turns"):
        hf.new_game(max_turns=10**40)
