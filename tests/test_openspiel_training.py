"""OpenSpiel's JAX learners train on triptych_aquaignis and triptych_hexfleet (issue 30): AlphaZero's
self-play (its MCTS bot with its network evaluator) and a few SGD steps of its model on the positions it
played, on each two-player game, and DQN through rl_environment on AquaIgnis.

Games are kept short through the games' own parameters (Hexfleet max_turns=3: 6 plies), so the file takes
seconds. Skipped without the train extra (jax, flax, optax); the bench extra brings OpenSpiel.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the bench extra (open-spiel) is not installed")
jax = pytest.importorskip("jax", reason="the train extra (jax, flax, optax) is not installed")
pytest.importorskip("flax", reason="the train extra (jax, flax, optax) is not installed")
pytest.importorskip("optax", reason="the train extra (jax, flax, optax) is not installed")

import multiprocessing  # noqa: E402

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.jax import dqn  # noqa: E402

import triptych.openspiel as adapter  # noqa: E402


def _import_alpha_zero():
    """OpenSpiel's alpha_zero module forces the 'spawn' start method and replaces multiprocessing.set_start_method
    with a no-op when imported; both are put back so the rest of the test session keeps its own."""
    method, setter = multiprocessing.get_start_method(allow_none=True), multiprocessing.set_start_method
    try:
        from open_spiel.python.algorithms.alpha_zero import alpha_zero, model_nnx, utils
        from open_spiel.python.algorithms.alpha_zero import evaluator as az_evaluator
    finally:
        multiprocessing.set_start_method = setter
        setter(method, force=True)
    return alpha_zero, model_nnx, utils, az_evaluator


alpha_zero, model_nnx, utils, az_evaluator = _import_alpha_zero()

# Short games through the games' own parameters: AquaIgnis drawn after 5 turns without progress (R17),
# Hexfleet after three turns each; their full action spaces (16,807 and 622,592 ids) kept.
SHORT_GAMES = {"aquaignis": {"no_progress_limit": 5}, "hexfleet": {"max_turns": 3}}


class _QuietLogger:
    """The logger alpha_zero._play_game writes to."""

    def print(self, *args: object) -> None:
        pass

    def opt_print(self, *args: object) -> None:
        pass


def _config(game: str) -> alpha_zero.Config:
    return alpha_zero.Config(
        game=f"triptych_{game}", path=None, learning_rate=1e-4, weight_decay=1e-4, decouple_weight_decay=False,
        train_batch_size=16, replay_buffer_size=64, replay_buffer_reuse=True, max_steps=1, checkpoint_freq=1,
        actors=1, evaluators=0, evaluation_window=1, eval_levels=1, uct_c=2.0, max_simulations=3,
        policy_alpha=1.0, policy_epsilon=0.25, temperature=1.0, temperature_drop=4, nn_model="mlp", nn_width=8,
        nn_depth=1, observation_shape=None, output_size=None, verbose=False, quiet=True)


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_alphazero_self_play_and_sgd_steps(game: str) -> None:
    assert multiprocessing.set_start_method.__module__ == "multiprocessing.context"  # restored after the import
    spiel = adapter.load_game(game, **SHORT_GAMES[game])
    config = _config(game)
    model = model_nnx.Model.build_model(
        "mlp", spiel.observation_tensor_shape(), spiel.num_distinct_actions(), nn_width=config.nn_width,
        nn_depth=config.nn_depth, weight_decay=config.weight_decay, learning_rate=config.learning_rate,
        path=None, seed=0)
    evaluator = az_evaluator.AlphaZeroEvaluator(spiel, model)
    # The bots alpha_zero._init_bot builds for self-play (PUCT, Dirichlet noise at the root), with seeded noise.
    bots = tuple(mcts.MCTSBot(spiel, config.uct_c, config.max_simulations, evaluator, solve=False,
                              dirichlet_noise=(config.policy_epsilon, config.policy_alpha),
                              child_selection_fn=mcts.SearchNode.puct_value, dont_return_chance_node=True,
                              random_state=np.random.RandomState(player)) for player in range(2))
    np.random.seed(0)  # _play_game samples its opening moves from np.random
    trajectory = alpha_zero._play_game(_QuietLogger(), 0, spiel, bots, config.temperature, config.temperature_drop)

    # the self-play game: every move the bots chose was legal, every policy target is a distribution over legal moves
    assert 1 <= len(trajectory.states) <= spiel.max_game_length()
    replay = spiel.new_initial_state()
    for step in trajectory.states:
        assert np.array_equal(np.asarray(step.observation, np.float32),
                              np.asarray(replay.observation_tensor(), np.float32))
        assert step.legals_mask[step.action] == 1
        assert abs(step.policy.sum() - 1.0) < 1e-6
        assert not step.policy[np.asarray(step.legals_mask) == 0].any()
        replay.apply_action(int(step.action))
    assert replay.is_terminal() and list(trajectory.returns) == replay.returns()

    # a fixed batch of its positions: the model's loss falls over a few SGD steps and its weights move
    states = trajectory.states[: config.train_batch_size]
    batch = utils.TrainInput.stack([
        utils.TrainInput(observation=np.asarray(s.observation, np.float32), legals_mask=np.asarray(s.legals_mask, bool),
                         policy=np.asarray(s.policy, np.float32), value=np.float32(trajectory.returns[0]))
        for s in states])
    before = jax.tree.leaves(jax.tree.map(np.array, model._state.params))
    losses = [model.update(batch) for _ in range(8)]  # at 1e-3 Adam's first step overshoots on Hexfleet's head
    fit = [float(loss.policy + loss.value) for loss in losses]
    assert all(np.isfinite(fit)) and all(np.isfinite(float(loss.l2)) for loss in losses)
    assert fit[-1] < fit[0]
    after = jax.tree.leaves(model._state.params)
    assert any(not np.array_equal(b, np.asarray(a)) for b, a in zip(before, after))

    # the trained net's policy puts all its mass on legal moves
    start = spiel.new_initial_state()
    value, policy = model.inference(np.asarray(start.observation_tensor(), np.float32),
                                    np.asarray(start.legal_actions_mask(), bool))
    policy = np.asarray(policy).ravel()
    assert np.isfinite(float(value)) and abs(policy.sum() - 1.0) < 1e-4
    assert policy[np.asarray(start.legal_actions_mask()) == 0].sum() < 1e-6


def test_dqn_self_play_through_rl_environment_on_aquaignis() -> None:
    env = rl_environment.Environment(adapter.load_game("aquaignis", no_progress_limit=10), seed=0)
    assert env.observation_spec()["info_state"] == (16 * 7 * 7,)
    size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    agents = [dqn.DQN(player, size, actions, hidden_layers_sizes=[16], batch_size=8, replay_buffer_capacity=256,
                      min_buffer_size_to_learn=8, learn_every=4, learning_rate=1e-2, seed=player,
                      epsilon_decay_duration=200) for player in range(2)]
    before = [jax.tree.leaves(jax.tree.map(np.array, agent._q_network)) for agent in agents]
    losses: list[float] = []
    plies = 0
    while plies < 150:  # whole games (drawn after 10 turns without progress) until 150 plies were played
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            chosen = agents[player].step(step)
            assert chosen.action in step.observations["legal_actions"][player]
            step, plies = env.step([chosen.action]), plies + 1
            if agents[player].loss is not None:
                losses.append(float(agents[player].loss))
        assert step.rewards in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        for agent in agents:
            agent.step(step)  # each learns the end of the game
    # each agent learns every 4th of its steps once 8 transitions are stored
    assert len(losses) >= plies // 4 - 8 and all(np.isfinite(losses))
    for agent, old in zip(agents, before):
        new = jax.tree.leaves(jax.tree.map(np.array, agent._q_network))
        assert any(not np.array_equal(a, b) for a, b in zip(old, new))
