"""Properties of Hexfleet over thousands of seeded random games.

After every action: tile conservation (board + reserve = the fleet, per
player and class), no unpowered tile, each Core at level 0 and never under
its own ship, the incremental hash equal to a from_dict rebuild's, and the
dict round trip. Along the way: illegal actions raise and change nothing,
and the fast move generator (cut vertices from ring arcs and searches) agrees with the literal
chain test on every position of the first games.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import triptych
import triptych.hexfleet as hf
from hexfleet_helpers import pieces

GAMES = 2000
CHUNKS = 4
MAX_TURNS = 50  # random games are cut short (a draw) to keep the suite quick
REFERENCE_GAMES = 60  # of those, the legal list is compared with the slow reference at every ply
ILLEGAL_PROBES = 4
EVERY_PLY_GAMES = 200  # of those, the invariants are checked after every single action (else every third)


def check_invariants(state: hf.State) -> None:
    d = state.to_dict()
    fleet = d["options"]["fleet"]
    counts = [Counter(), Counter()]
    columns = {}
    for st in d["stacks"]:
        assert st["tiles"], "an empty stack is listed"
        columns[(st["q"], st["r"])] = st["tiles"]
        for t in st["tiles"]:
            counts[t["owner"]][t["unit"]] += 1
    for p in range(2):
        for unit in hf.UNITS:
            in_reserve = d["reserves"][p].get(unit, 0)
            assert counts[p][unit] + in_reserve == fleet[unit], (p, unit)
        assert counts[p]["shipyard"] <= 3
    cores = {}
    for (q, r), ts in columns.items():
        for level, t in enumerate(ts):
            if t["unit"] == "core":
                assert level == 0, "a Core above the ground"
                cores[t["owner"]] = (q, r)
                assert not [u for u in ts[1:] if u["owner"] == t["owner"]], "a ship on its own Core"
            if t["unit"] == "shield" or t["face_down"]:
                assert level == 0 or (ts[level - 1]["owner"] == t["owner"] and
                                      (ts[level - 1]["unit"] == "shield" or ts[level - 1]["face_down"]))
    assert set(cores) == {0, 1}
    # Power: every tile is in the connected piece of its owner's Core.
    chain = pieces(set(columns))
    core_piece = {p: next(piece for piece in chain if cores[p] in piece) for p in range(2)}
    for p in range(2):
        for (q, r), ts in columns.items():
            if any(t["owner"] == p for t in ts):
                assert (q, r) in core_piece[p], f"player {p} has an unpowered tile at {(q, r)}"
    assert state.hash == state._compute_hash(), "incremental hash drifted"
    assert state._board_indexes_agree(), "the coordinate table, neighbours or occupancy bits drifted"
    rebuilt = hf.State.from_dict(json.loads(json.dumps(d)))  # JSON-compatible, and valid
    assert rebuilt.to_dict() == d
    assert rebuilt.hash == state.hash, "incremental hash differs from a rebuild"
    assert rebuilt.is_terminal() == state.is_terminal() and rebuilt.winner == state.winner
    assert str(rebuilt) == str(state)


def illegal_candidates(state: hf.State, legal: list[hf.Action], rng: random.Random) -> list[str]:
    """Near misses: legal actions with one coordinate or unit changed, and a few wild ones."""
    out = []
    for _ in range(ILLEGAL_PROBES):
        a = rng.choice(legal).to_dict()
        key = rng.choice([k for k in a if k != "type" and k != "face_down"])
        if key == "unit":
            a["unit"] = rng.choice(hf.UNITS)
        else:
            a[key] = [a[key][0] + rng.choice((-2, -1, 1, 2)), a[key][1] + rng.choice((-1, 0, 1))]
        out.append(a)
    out.append({"type": "push", "from": [0, 0], "target": [5, 5]})
    out.append("M 9,9>9,8")
    return out


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    endings = Counter()
    for game in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        rng = random.Random(game)
        state = hf.new_game(max_turns=MAX_TURNS)
        plies = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a live game always offers an action"
            if game < REFERENCE_GAMES:
                assert [str(a) for a in state._legal_actions_reference()] == [str(a) for a in legal]
            if plies % 7 == 0:
                before, h = state.to_dict(), state.hash
                legal_set = set(legal)
                for cand in illegal_candidates(state, legal, rng):
                    try:
                        action = hf.Action.from_dict(cand) if isinstance(cand, dict) else hf.Action.parse(cand)
                    except triptych.IllegalActionError:
                        continue
                    if action in legal_set:
                        continue
                    with pytest.raises(triptych.IllegalActionError):
                        state.apply(cand)
                    assert state.hash == h and state.to_dict() == before, "a refused action changed the state"
            state.apply(rng.choice(legal))
            plies += 1
            if game < EVERY_PLY_GAMES or plies % 3 == 0 or state.is_terminal():
                check_invariants(state)
        assert state.to_move == triptych.TERMINAL
        endings["draw" if state.winner is None else "win"] += 1
    assert sum(endings.values()) == GAMES // CHUNKS


def test_every_listed_action_applies_and_keeps_the_invariants() -> None:
    for game in range(25):
        rng = random.Random(10_000 + game)
        state = hf.new_game(max_turns=40)
        while not state.is_terminal():
            legal = state.legal_actions()
            if rng.random() < 0.15:
                for action in legal:
                    child = state.clone()
                    child.apply(action)
                    check_invariants(child)
            state.apply(rng.choice(legal))


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list[str]:
        rng = random.Random(seed)
        state = hf.new_game(max_turns=30)
        out = []
        while not state.is_terminal():
            a = rng.choice(state.legal_actions())
            out.append(str(a))
            state.apply(a)
        return out

    assert play(7) == play(7)


def test_transpositions_share_a_hash() -> None:
    a = hf.new_game()
    for x in ("Y@-1,0", "Y@0,-1"):
        a.apply(x)
    b = hf.new_game()
    for x in ("Y@0,-1", "Y@-1,0"):
        b.apply(x)
    assert a.hash == b.hash and a.to_dict() == b.to_dict()
    c = hf.new_game()
    c.apply("Y@-1,0")
    assert c.hash != a.hash


def test_legal_actions_are_in_a_canonical_order() -> None:
    # Equal positions reached by different routes list their actions identically.
    a = hf.new_game()
    for x in ("Y@-1,0", "Y@0,-1", "Y@2,-1", "Y@2,0"):
        a.apply(x)
    b = hf.new_game()
    for x in ("Y@0,-1", "Y@-1,0", "Y@2,0", "Y@2,-1"):
        b.apply(x)
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]


@pytest.mark.parametrize("seed", range(3))
def test_r19_no_ship_climbs_more_than_its_move_in_a_turn(seed) -> None:
    """R19 over random games: when one ship moves in both actions of a turn, the levels it gains over
    the turn never exceed its Move (1 for a Destroyer or Repulsor, 2 for a Frigate)."""
    rng = random.Random(7000 + seed)
    checked = 0
    for _ in range(40):
        state = hf.new_game(max_turns=40)
        while not state.is_terminal():
            first = state.to_move
            moves = [a for a in state.legal_actions() if a.type == "move"]
            a1 = rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(state.legal_actions())
            start_level = state.height(*a1.source) - 1
            state.apply(a1)
            if state.is_terminal() or state.to_move != first or a1.type != "move":
                continue
            unit = next(t["unit"] for st in state.to_dict()["stacks"] if (st["q"], st["r"]) == a1.target
                        for t in st["tiles"][-1:])
            again = [a for a in state.legal_actions() if a.type == "move" and a.source == a1.target]
            if unit == "core" or not again:
                state.apply(rng.choice(state.legal_actions()))
                continue
            a2 = rng.choice(again)
            state.apply(a2)
            gained = state.height(*a2.target) - 1 - start_level
            assert gained <= (2 if unit == "frigate" else 1), (a1, a2, unit, gained)
            checked += 1
    assert checked > 50
