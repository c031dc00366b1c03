"""triptych.batch.Batch: n games stepped by one call agree with n single states stepped by id."""

from __future__ import annotations

import numpy as np
import pytest

import triptych
import triptych.hexfleet as hf
from triptych import games
from triptych.batch import Batch
from test_hexfleet_random_action import MirrorRng

N = 6
STEPS = 60


@pytest.mark.parametrize("reuse", [False, True], ids=["fresh", "reuse"])
@pytest.mark.parametrize("game,options", [("aquaignis", {"no_progress_limit": 3}), ("hexfleet", {"max_turns": 5})])
def test_batch_matches_single_states(game, options, reuse):
    # With reuse, mask rows are updated where the legal actions changed: the mirrors check every row.
    module = games.load(game)
    batch = Batch(game, N, seed=5, threads=2, reuse=reuse, **options)
    mirrors = [module.new_game(**options) for _ in range(N)]
    observations, masks = batch.reset()
    ended = 0
    for _ in range(STEPS):
        actions = batch.random_actions()
        assert actions.dtype == np.int32 and actions.shape == (N,)
        actors = [m.to_move for m in mirrors]
        step = batch.step(actions)
        for i, mirror in enumerate(mirrors):
            mirror.apply_id(int(actions[i]))
            assert bool(step.terminated[i]) == mirror.is_terminal()
            if mirror.is_terminal():
                ended += 1
                assert step.rewards[i] == mirror.returns()[actors[i]]
                mirrors[i] = mirror = module.new_game(**options)  # autoreset: the row is the new game's
            else:
                assert step.rewards[i] == 0.0
            assert batch.state(i).to_dict() == mirror.to_dict()
            assert np.array_equal(step.observations[i], mirror.observation())
            assert np.array_equal(step.masks[i], mirror.action_mask())
            assert step.to_move[i] == mirror.to_move
            assert batch.legal_action_ids(i).tolist() == mirror.legal_action_ids().tolist()
            assert batch.legal_action_ids(i).tolist() == sorted(a.id for a in mirror.legal_actions())
    assert ended > 0, "no game ended: autoreset went untested"


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_same_seed_same_games_whatever_the_threads(game):
    runs = []
    for threads in (1, 3):
        batch = Batch(game, 7, seed=11, threads=threads, observations=False, masks=False)
        trace = []
        for _ in range(25):
            actions = batch.random_actions()
            step = batch.step(actions)
            trace.append((actions.tolist(), step.rewards.tolist(), step.terminated.tolist()))
        batch.random_steps(10)
        runs.append((trace, [batch.state(i).hash for i in range(7)]))
    assert runs[0] == runs[1]
    other = Batch(game, 7, seed=12, observations=False, masks=False)
    other_actions = []
    for _ in range(25):
        other_actions.append(other.random_actions().tolist())
        other.step(other_actions[-1])
    assert other_actions != [actions for actions, _, _ in runs[0][0]]


def test_an_illegal_id_raises_and_changes_nothing():
    batch = Batch("hexfleet", 4, seed=2)
    before = [batch.state(i).to_dict() for i in range(4)]
    actions = batch.random_actions()
    actions[2] = 0  # a move from (-64,-64) to itself: never legal
    with pytest.raises(triptych.IllegalActionError, match="game 2"):
        batch.step(actions)
    assert [batch.state(i).to_dict() for i in range(4)] == before
    for names_nothing in (-1, 2**40):  # ids that decode to no action at all
        actions = batch.random_actions().astype(np.int64)
        actions[1] = names_nothing
        with pytest.raises(triptych.IllegalActionError, match="game 1"):
            batch.step(actions)
    assert [batch.state(i).to_dict() for i in range(4)] == before
    with pytest.raises(ValueError, match="one action id per game"):
        batch.step(actions[:3])
    with pytest.raises(ValueError, match="batched stepping covers"):
        Batch("combat", 2)
    with pytest.raises(ValueError, match="n must be at least 1"):
        Batch("aquaignis", 0)
    with pytest.raises(IndexError):
        batch.state(4)


def test_reuse_returns_the_same_arrays_and_off_switches():
    batch = Batch("aquaignis", 3, reuse=True, masks=False)
    first = batch.step(batch.random_actions())
    second = batch.step(batch.random_actions())
    assert first.observations is second.observations and first.rewards is second.rewards
    assert second.masks is None
    assert np.array_equal(second.observations, batch.observations())
    masked = Batch("hexfleet", 2, reuse=True)
    step = masked.step(masked.random_actions())
    with pytest.raises(ValueError, match="read-only"):
        step.masks[0, 0, 0, 0] = True  # the batch updates its rows in place and must find them as it left them
    assert np.array_equal(step.masks, masked.masks())
    fresh = Batch("aquaignis", 3)
    assert fresh.step(fresh.random_actions()).observations is not fresh.step(fresh.random_actions()).observations


def test_start_position():
    import triptych.hexfleet as hf

    start = hf.new_game()
    start.apply_id(int(start.legal_action_ids()[0]))
    batch = Batch("hexfleet", 2, start=start)
    assert batch.state(1).to_dict() == start.to_dict()
    with pytest.raises(ValueError, match="either start= or new_game options"):
        Batch("hexfleet", 2, start=start, max_turns=3)


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_the_worker_pool_gives_the_one_thread_results(game):
    """Over a pool of workers (started with the batch, chunks taken from a shared counter), every
    output of every step -- observations, masks, rewards, ends, movers -- is what one thread gives;
    also with ids that random_actions() did not draw, and after a reset."""
    n = 37  # not a multiple of any chunk size
    batches = [Batch(game, n, seed=4, threads=t, reuse=True) for t in (1, 2, 4)]
    for k in range(40):
        drawn = [b.random_actions() for b in batches]
        assert all(np.array_equal(drawn[0], d) for d in drawn)
        actions = drawn[0].copy()
        if k % 3 == 0:  # some games take another legal id than the one drawn
            for i in range(0, n, 5):
                actions[i] = batches[0].legal_action_ids(i)[0]
        steps = [b.step(actions) for b in batches]
        for step in steps[1:]:
            for field in step._fields:
                assert np.array_equal(getattr(step, field), getattr(steps[0], field)), field
        if k == 20:
            resets = [b.reset() for b in batches]
            assert all(np.array_equal(r[0], resets[0][0]) and np.array_equal(r[1], resets[0][1]) for r in resets)
    assert [b.state(i).hash for b in batches[1:] for i in range(n)] == [batches[0].state(i).hash for i in range(n)] * 2


def batch_stream(seed: int, i: int) -> MirrorRng:
    """Game i's random stream in a Batch seeded `seed` (cpp/bindings/batch.h: Rng(splitmix64(seed ^ k(i + 1))))."""
    mask = (1 << 64) - 1
    z = ((seed ^ (0x9E3779B97F4A7C15 * (i + 1))) + 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return MirrorRng(z ^ (z >> 31))


@pytest.mark.parametrize("masks", [False, True], ids=["drawn", "listed"])
def test_hexfleet_batch_plays_the_single_state_seeded_games(masks):
    """Each Hexfleet game's random_actions() id is the single-state loop's: the generated list's
    action (`_generated_actions()`) at the index its seeded stream draws -- whether the batch lists
    every game's actions (masks asked for) or draws without listing (State::random_action, the list
    made only for an id other than the one drawn). Observations, rewards, ends and states follow,
    and random_steps() plays on the same games."""
    n, seed, options = 5, 7, {"max_turns": 12}
    batch = Batch("hexfleet", n, seed=seed, threads=2, masks=masks, reuse=True, **options)
    mirrors = [hf.new_game(**options) for _ in range(n)]
    streams = [batch_stream(seed, i) for i in range(n)]

    def mirror_draw(i: int) -> int:
        legal = mirrors[i]._generated_actions()
        return legal[streams[i].below(len(legal))].id

    def mirror_apply(i: int, action_id: int) -> tuple[bool, float]:
        actor = mirrors[i].to_move
        mirrors[i].apply_id(action_id)
        if not mirrors[i].is_terminal():
            return False, 0.0
        reward = mirrors[i].returns()[actor]
        mirrors[i] = hf.new_game(**options)
        return True, reward

    ended = others = 0
    for k in range(80):
        ids = batch.random_actions()
        assert ids.tolist() == [mirror_draw(i) for i in range(n)]
        if k % 9 == 4:  # another legal id than the one drawn: found in a list made for it
            other = int(batch.legal_action_ids(1)[0])
            others += other != ids[1]
            ids[1] = other
        step = batch.step(ids)
        for i in range(n):
            done, reward = mirror_apply(i, int(ids[i]))
            ended += done
            assert (bool(step.terminated[i]), float(step.rewards[i])) == (done, reward)
            assert np.array_equal(step.observations[i], mirrors[i].observation())
            assert step.to_move[i] == mirrors[i].to_move
            assert batch.state(i).hash == mirrors[i].hash
            if masks:
                assert np.array_equal(step.masks[i], mirrors[i].action_mask())
    assert ended > 0 and others > 0, (ended, others)
    batch.random_steps(15)
    for _ in range(15):
        for i in range(n):
            mirror_apply(i, mirror_draw(i))
    assert [batch.state(i).hash for i in range(n)] == [m.hash for m in mirrors]
    assert batch.random_actions().tolist() == [mirror_draw(i) for i in range(n)]
