"""Properties over thousands of seeded random AquaIgnis games."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import triptych
import triptych.aquaignis as aq

GAMES = 2000
DEEP_CHECK_GAMES = 200  # of those, every listed action is also applied on a copy


def check_invariants(state: aq.State) -> None:
    d = state.to_dict()
    slots = [(p["flow"], p["pos"]) for p in d["pieces"]]
    assert len(slots) == len(set(slots)), "two units in one slot"
    for side in ("aqua", "ignis"):
        mine = [p for p in d["pieces"] if p["owner"] == side]
        assert sum(p["kind"] == "piece" and p["charge"] == 4 for p in mine) <= 1, "two Crowns"
        assert sum(p["kind"] == "barrier" for p in mine) <= 1, "two Barriers"
        for p in mine:
            assert 1 <= p["charge"] <= (4 if p["kind"] == "piece" else 3)
    rebuilt = aq.State.from_dict(json.loads(json.dumps(d)))  # JSON-compatible, and valid
    assert rebuilt.to_dict() == d
    assert rebuilt.hash == state.hash, "incremental hash differs from a rebuild"
    assert rebuilt.is_terminal() == state.is_terminal() and rebuilt.winner == state.winner
    # The move generator walks bitboards kept up to date move by move; a rebuild makes them from scratch.
    assert rebuilt.legal_actions() == state.legal_actions(), "incremental bitboards differ from a rebuild"


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    lengths = []
    for game in range(chunk * GAMES // 4, (chunk + 1) * GAMES // 4):
        rng = random.Random(game)
        state = aq.new_game()
        actions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a live game always offers an action"
            if game < DEEP_CHECK_GAMES and actions % 5 == 0:
                for action in legal:
                    state.clone().apply(action)
            state.apply(rng.choice(legal))
            actions += 1
            assert actions < 2 * 40 * 2 * 50, "game did not end"
            if actions % 3 == 0 or state.is_terminal():
                check_invariants(state)
        assert state.to_move == triptych.TERMINAL
        if state.winner is not None:
            assert 4 in state.score and state.score[state.winner] == 4
        lengths.append(actions)
    assert len(lengths) == GAMES // 4


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list[str]:
        rng, state, log = random.Random(seed), aq.new_game(), []
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            log.append(str(action))
            state.apply(action)
        return log

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_notation_and_dict_round_trip_for_every_generated_action() -> None:
    rng = random.Random(3)
    state = aq.new_game()
    seen_types = set()
    for _ in range(3000):
        if state.is_terminal():
            state = aq.new_game()
        for action in state.legal_actions():
            assert aq.Action.parse(str(action)) == action
            assert aq.Action.from_dict(action.to_dict()) == action
            assert state.is_legal(str(action)) and state.is_legal(action.to_dict())
            seen_types.add(action.type)
        state.apply(rng.choice(state.legal_actions()))
    assert {"spawn", "charge", "advance", "surge", "barrier", "jump"} <= seen_types


def test_observation_has_documented_shape_and_reflects_the_board() -> None:
    rng = random.Random(11)
    state = aq.new_game()
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation()
    assert obs.shape == aq.OBSERVATION_SHAPE == (16, 7, 7) and obs.dtype == np.float32
    for p in state.to_dict()["pieces"]:
        base = 0 if p["owner"] == "aqua" else 5
        f, pos = p["flow"] - 1, p["pos"]
        if p["kind"] == "piece":
            assert obs[base + p["charge"] - 1, f, pos] == 1.0
        else:
            assert obs[base + 4, f, pos] == pytest.approx(p["charge"] / 3)
    assert obs[12].mean() == (1.0 if state.to_move == aq.IGNIS else 0.0)
    units = sum(1 for _ in state.to_dict()["pieces"])
    assert int((obs[[0, 1, 2, 3, 5, 6, 7, 8]] == 1.0).sum() + (obs[[4, 9]] > 0).sum()) == units


def test_playout_draws_are_uniform_over_exactly_the_legal_actions() -> None:
    """The MCTS playouts draw an action by counting the legal ones with bitboards, never listing
    them (State::random_action): on positions of seeded random games, with and without Flow Links,
    every draw is a legal action, every legal action is drawn, and none is drawn far from 1/n of
    the time."""
    from triptych._core import aquaignis as native

    def check(state: aq.State, seed: int) -> None:
        legal = [str(a) for a in state.legal_actions()]
        counts: dict[str, int] = {}
        for a in native.sample_actions(state, 150 * len(legal), seed=seed):
            counts[str(a)] = counts.get(str(a), 0) + 1
        assert set(counts) == set(legal), "drew an illegal action or never drew a legal one"
        # 150 draws expected each: 5 standard deviations either way (binomial, p <= 1/2).
        for action, n in counts.items():
            assert abs(n - 150) < 5 * (150 ** 0.5) + 1, (action, n, len(legal))

    rng = random.Random(21)
    positions, linked = 0, 0
    for game in range(30):
        state = aq.new_game()
        stop = rng.randrange(0, 200)
        for ply in range(stop + 1):
            if state.is_terminal():
                break
            mover = ("aqua", "ignis")[state.to_move]
            has_link = any(link["owner"] == mover for link in state.to_dict()["links"])
            if ply == stop or (has_link and linked < 10):  # the Flow Link fallback lists the actions
                check(state, seed=game * 1000 + ply)
                positions += 1
                linked += has_link
            state.apply(rng.choice(state.legal_actions()))
    assert positions > 20 and linked > 0, "the Flow Link fallback went untested"
    with pytest.raises(ValueError, match="over"):
        finished = aq.new_game(no_progress_limit=1)
        while not finished.is_terminal():
            finished.apply(finished.legal_actions()[0])
        native.sample_actions(finished, 1)
