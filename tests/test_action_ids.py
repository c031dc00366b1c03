"""The integer-id fast path agrees with the Action path on random games.

At every ply of seeded random AquaIgnis and Hexfleet games: the ids of
``legal_actions()`` are exactly ``legal_action_ids()`` (ascending), each id is
the documented formula over the action's dict (the OpenSpiel adapter's
encoding, re-derived here independently), ``Action.from_id`` inverts ``.id``,
``action_mask()`` marks exactly the legal ids (Hexfleet: those whose acting
hex lies in the observation window) and ``apply_id`` reaches the very state
``apply`` does. Bad ids raise and change nothing; ``observation(out=)`` fills
a preallocated buffer or refuses it by name.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import triptych
import triptych.aquaignis as aq
import triptych.hexfleet as hf

GAMES = 12
PLIES = 80

# --- the documented encodings, from the action's dict (docs/rules/<game>.md) -----------------------

AQ_TYPES = ("spawn", "charge", "advance", "surge", "barrier", "jump", "pass")
HF_UNITS = ("core", "shipyard", "shield", "frigate", "destroyer", "repulsor")
C = 128 * 128


def aq_id(d: dict[str, Any]) -> int:
    code = AQ_TYPES.index(d["type"])
    for key, base in (("flow", 1), ("pos", 0), ("to_flow", 1), ("to_pos", 0)):
        code = code * 7 + (d[key] - base if key in d else 0)
    return code


def hf_cell(h: list[int]) -> int:
    assert -64 <= h[0] < 64 and -64 <= h[1] < 64
    return (h[0] + 64) * 128 + h[1] + 64


def hf_id(d: dict[str, Any]) -> int:
    kind = d["type"]
    if kind == "spawn":
        return 3 * C * C + (HF_UNITS.index(d["unit"]) * 2 + int(d["face_down"])) * C + hf_cell(d["at"])
    if kind == "shipyard":
        return 3 * C * C + 12 * C + hf_cell(d["at"])
    block = ("move", "destroy", "push").index(kind)
    return block * C * C + hf_cell(d["from"]) * C + hf_cell(d["to"] if kind == "move" else d["target"])


def hf_in_window(state: hf.State, d: dict[str, Any]) -> bool:
    """Is the action's acting hex inside the (17 x 17) window around the mover's Core?"""
    at = d["at"] if d["type"] in ("spawn", "shipyard") else d["from"]
    cq, cr = state.core(state.to_move)
    return abs(at[0] - cq) <= 8 and abs(at[1] - cr) <= 8


GAMES_UNDER_TEST = [(aq, aq_id), (hf, hf_id)]


def check_position(module, formula, state) -> None:
    actions = state.legal_actions()
    ids = state.legal_action_ids()
    assert ids.dtype == np.int32
    assert ids.tolist() == sorted(a.id for a in actions)
    assert len(set(ids.tolist())) == len(actions), "two legal actions share an id"
    for a in actions:
        assert a.id == formula(a.to_dict())
        assert module.Action.from_id(a.id) == a
    mask = state.action_mask()
    assert mask.shape == module.ACTION_MASK_SHAPE and mask.dtype == np.bool_
    marked = sorted(state.mask_index_to_id(int(i)) for i in np.flatnonzero(mask))
    if module is hf:
        in_window = sorted(a.id for a in actions if hf_in_window(state, a.to_dict()))
        assert marked == in_window
        for a in actions:
            index = state.id_to_mask_index(a.id)
            assert (index >= 0) == hf_in_window(state, a.to_dict())
            if index >= 0:
                assert mask.flat[index] and state.mask_index_to_id(index) == a.id
    else:
        assert marked == ids.tolist()


@pytest.mark.parametrize("module,formula", GAMES_UNDER_TEST, ids=["aquaignis", "hexfleet"])
def test_ids_and_actions_agree_on_random_games(module, formula):
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = module.new_game()
        for _ in range(PLIES):
            if state.is_terminal():
                assert state.legal_action_ids().size == 0
                break
            check_position(module, formula, state)
            action = rng.choice(state.legal_actions())
            by_id = state.clone()
            by_id.apply_id(action.id)
            state.apply(action)
            assert by_id.to_dict() == state.to_dict() and by_id.hash == state.hash


@pytest.mark.parametrize("module", [aq, hf], ids=["aquaignis", "hexfleet"])
def test_bad_ids_raise_and_change_nothing(module):
    state = module.new_game()
    rng = random.Random(7)
    for _ in range(9):
        state.apply_id(int(rng.choice(state.legal_action_ids())))
    before = state.to_dict()
    legal = set(state.legal_action_ids().tolist())
    candidates = ([aq_id({"type": "pass"}), aq_id({"type": "jump", "flow": 1, "pos": 0, "to_flow": 4, "to_pos": 0})]
                  if module is aq else [hf_id({"type": "move", "from": [40, 40], "to": [41, 40]})])
    illegal = next(i for i in candidates if i not in legal)
    with pytest.raises(triptych.IllegalActionError):
        state.apply_id(illegal)
    for bad in (-1, module.ACTION_IDS, 2**40, 2**80):
        with pytest.raises(triptych.IllegalActionError, match="out of range"):
            state.apply_id(bad)
        with pytest.raises(triptych.IllegalActionError, match="out of range"):
            module.Action.from_id(bad)
    for wrong_type in (1.0, True, "3", None):
        with pytest.raises(triptych.IllegalActionError, match="must be an int"):
            state.apply_id(wrong_type)
    assert state.to_dict() == before
    # numpy integers are ints
    state.apply_id(state.legal_action_ids()[0])
    with pytest.raises(triptych.IllegalActionError, match="mask index"):
        state.mask_index_to_id(int(np.prod(module.ACTION_MASK_SHAPE)))


def test_aquaignis_ids_that_name_no_action_raise():
    # pass with a flow digit, spawn with a pos digit, charge with a jump target
    for d in ({"type": "pass"}, {"type": "spawn", "flow": 3}, {"type": "charge", "flow": 2, "pos": 4}):
        base = aq_id(d)
        assert aq.Action.from_id(base).to_dict() == d
    for bad in (6 * 7**4 + 1, 0 * 7**4 + 1 * 7**2 + 3 * 7, 1 * 7**4 + 5):
        with pytest.raises(triptych.IllegalActionError, match="names no action"):
            aq.Action.from_id(bad)


def test_hexfleet_ids_outside_the_window_are_refused():
    # A move from (63, 0) to (64, 0) leaves the 128 x 128 window: it has no id.
    action = hf.Action.from_dict({"type": "move", "from": [63, 0], "to": [64, 0]})
    with pytest.raises(triptych.IllegalActionError, match="outside the 128x128"):
        _ = action.id
    corner = hf.Action.from_dict({"type": "move", "from": [-64, -64], "to": [63, 63]})
    assert corner.id == 127 * 128 + 127 and hf.Action.from_id(corner.id) == corner


@pytest.mark.parametrize("module", [aq, hf], ids=["aquaignis", "hexfleet"])
def test_observation_into_a_preallocated_buffer(module):
    state = module.new_game()
    for _ in range(5):
        state.apply_id(int(state.legal_action_ids()[-1]))
    buffer = np.full(module.OBSERVATION_SHAPE, 9.0, dtype=np.float32)
    returned = state.observation(out=buffer)
    assert returned is buffer
    assert np.array_equal(buffer, state.observation())
    bad_buffers = {
        "dtype": np.zeros(module.OBSERVATION_SHAPE, dtype=np.float64),
        "shape": np.zeros((3,), dtype=np.float32),
        "C-contiguous": np.zeros(module.OBSERVATION_SHAPE[::-1], dtype=np.float32).T,
    }
    readonly = np.zeros(module.OBSERVATION_SHAPE, dtype=np.float32)
    readonly.flags.writeable = False
    bad_buffers["read-only"] = readonly
    for word, bad in bad_buffers.items():
        with pytest.raises(ValueError, match=word):
            state.observation(out=bad)
    with pytest.raises(TypeError, match="numpy array"):
        state.observation(out=[0.0])


@pytest.mark.parametrize("game", ["aquaignis"])  # Hexfleet's adapter ids: tests/test_openspiel_games.py
def test_same_ids_as_the_openspiel_adapter(game):
    pytest.importorskip("pyspiel")
    import triptych.openspiel as ts

    module = triptych.games.load(game)
    state = module.new_game()
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        for a in state.legal_actions():
            assert ts.encode_action(game, a) == a.id
        assert ts.decode_action(game, int(state.legal_action_ids()[0])) == module.Action.from_id(
            int(state.legal_action_ids()[0]))
        state.apply(rng.choice(state.legal_actions()))


# --- Combat: decisions and chance outcomes --------------------------------------------------------


def test_combat_ids_and_actions_agree_on_random_fights():
    import triptych.combat as combat

    for variant in combat.variant_ids():
        rng = random.Random(variant)
        for fight in range(2):
            state = combat.new_game(variant, seed=fight)
            for _ in range(120):
                if state.is_terminal():
                    assert state.legal_action_ids().size == 0
                    break
                if state.to_move == triptych.CHANCE:
                    outcomes = state.chance_outcomes()
                    ids, probabilities = state.chance_outcome_ids()
                    assert ids.tolist() == sorted(a.id for a, _ in outcomes)
                    assert dict(zip(ids.tolist(), probabilities.tolist())) == {a.id: p for a, p in outcomes}
                    assert state.legal_action_ids().size == 0
                    choices = [a for a, _ in outcomes]
                else:
                    choices = state.legal_actions()
                    assert state.legal_action_ids().tolist() == sorted(a.id for a in choices)
                    assert len(set(a.id for a in choices)) == len(choices)
                for a in choices:
                    assert combat.Action.from_id(a.id, variant) == a
                    assert 0 <= a.id < combat.ACTION_IDS
                action = rng.choice(choices)
                by_id = state.clone()
                by_id.apply_id(action.id)
                state.apply(action)
                assert by_id.to_dict() == state.to_dict()


def test_combat_bad_ids():
    import triptych.combat as combat

    state = combat.new_game("v02", seed=1)
    state.play_chance()
    before = state.to_dict()
    end = 2 * 16 * 128**3  # type 2 (end), no verb, no fields
    assert combat.Action.from_id(end, "v02").to_dict() == {"type": "end"}
    for names_no_action in (end + 1, 3 * 16 * 128**3 + 128**3):  # end with a field set; buy with a verb index
        with pytest.raises(triptych.IllegalActionError, match="names no action"):
            combat.Action.from_id(names_no_action, "v02")
    verb_count = len(combat.VARIANTS[1]["verbs"])
    assert combat.VARIANTS[1]["id"] == "v02"
    with pytest.raises(triptych.IllegalActionError, match="no such verb"):
        combat.Action.from_id((4 * 16 + verb_count + 1) * 128**3, "v02")
    with pytest.raises(triptych.IllegalActionError, match="out of range"):
        state.apply_id(combat.ACTION_IDS)
    draw = (6 * 16 * 128 + 1) * 128 * 128  # a draw outcome of card 0 while no draw is pending
    with pytest.raises(triptych.IllegalActionError):
        state.apply_id(draw)
    with pytest.raises(ValueError, match="unknown variant|v99"):
        combat.Action.from_id(end, "v99")
    assert state.to_dict() == before
    buffer = np.zeros(combat.OBSERVATION_SHAPE, dtype=np.float32)
    assert state.observation(out=buffer) is buffer and np.array_equal(buffer, state.observation())


# --- the remembered legal list (cpp/bindings/last_legal.h) -----------------------------------------


@pytest.mark.parametrize("module", [aq, hf], ids=["aquaignis", "hexfleet"])
def test_apply_id_after_listing_elsewhere_still_checks(module):
    """apply_id applies from the list legal_action_ids() made only for that very, unchanged state: an
    id listed for one state and applied to another (a clone that moved on, a state reassigned in
    place by apply) is checked the long way -- legal there or refused with nothing changed."""
    rng = random.Random(5)
    for _ in range(40):
        state = module.new_game()
        for _ in range(rng.randrange(1, 12)):
            if state.is_terminal():
                break
            state.apply_id(int(rng.choice(state.legal_action_ids())))
        if state.is_terminal():
            continue
        stale = state.legal_action_ids().tolist()
        moved = state.clone()
        moved.apply(rng.choice(moved.legal_actions()))  # by Action: not the id path
        if moved.is_terminal():
            continue
        legal_now = set(a.id for a in moved.legal_actions())
        for stale_id in stale:
            probe = moved.clone()
            before = probe.to_dict()
            # the probe's list is remembered (by either lister)...
            probe.legal_action_ids() if stale_id % 2 else probe.action_mask()
            if stale_id in legal_now:
                moved_by_id = moved.clone()
                moved_by_id.apply_id(stale_id)  # ...not this clone's: checked, and legal here
                reference = moved.clone()
                reference.apply(module.Action.from_id(stale_id))
                assert moved_by_id.to_dict() == reference.to_dict()
            else:
                with pytest.raises(triptych.IllegalActionError):
                    probe.apply_id(stale_id)
                assert probe.to_dict() == before
        # The same state mutated by apply() after listing: its old ids are checked again.
        ids = state.legal_action_ids().tolist()
        state.action_mask()
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        now = set(a.id for a in state.legal_actions())
        for i in ids:
            if i not in now:
                before = state.to_dict()
                with pytest.raises(triptych.IllegalActionError):
                    state.apply_id(i)
                assert state.to_dict() == before
                break


@pytest.mark.parametrize("module", [aq, hf], ids=["aquaignis", "hexfleet"])
def test_id_loop_interleaving_states_matches_the_action_path(module):
    """Several games stepped by id in an interleaved order (list one, step another, list again) reach
    exactly the states the Action path reaches; every id applied is drawn from the list of the state
    it is applied to, or from another game's list (then legal only by chance, checked both ways)."""
    rng = random.Random(11)
    by_id = [module.new_game() for _ in range(4)]
    by_action = [s.clone() for s in by_id]
    for _ in range(400):
        i, j = rng.randrange(4), rng.randrange(4)
        if by_id[i].is_terminal() or by_id[j].is_terminal():
            k = i if by_id[i].is_terminal() else j
            by_id[k], by_action[k] = module.new_game(), module.new_game()
            continue
        listed = by_id[j].legal_action_ids()
        if rng.random() < 0.3:
            by_id[j].action_mask()  # lists too (what an environment's step reads)
        chosen = int(rng.choice(listed))
        legal_in_i = any(a.id == chosen for a in by_action[i].legal_actions())
        if legal_in_i:
            by_id[i].apply_id(chosen)
            by_action[i].apply(module.Action.from_id(chosen))
        else:
            before = by_id[i].to_dict()
            with pytest.raises(triptych.IllegalActionError):
                by_id[i].apply_id(chosen)
            assert by_id[i].to_dict() == before
        for a, b in zip(by_id, by_action):
            assert a.to_dict() == b.to_dict() and a.hash == b.hash
