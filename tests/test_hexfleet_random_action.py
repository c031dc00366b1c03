"""Hexfleet's counted random draw (State::random_action, what the native MCTS playouts and
random_playouts use) against the legal list.

The draw lists the movers' actions but only counts the spawns, then builds the one drawn: it must
draw every legal action and nothing else, each about 1/n of the time, on positions where the
counting is easy to get wrong -- stacks (tiles climbing, Shields built on), Frigate two-step moves,
pushes at the edge of a board wide enough to wrap the engine's 32x32 occupancy grid, two Shipyards
sharing a site, the second action of a turn.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import triptych._core as core
import triptych.hexfleet as hf
from hexfleet_helpers import hex_distance, position

DRAWS_PER_ACTION = 100


def check_draws(state: hf.State, seed: int) -> list[str]:
    """Draws 100 per legal action: exactly the legal actions come, each within 5 standard
    deviations of 100 (binomial, sd <= 10). Returns the legal list."""
    legal = [str(a) for a in state.legal_actions()]
    assert len(set(legal)) == len(legal), "the legal list names an action twice"
    draws = core.hexfleet.sample_actions(state, DRAWS_PER_ACTION * len(legal), seed=seed)
    counts = Counter(str(a) for a in draws)
    assert set(counts) == set(legal), ("drew an illegal action or never drew a legal one",
                                       set(counts) ^ set(legal), state.to_dict())
    for action, n in counts.items():
        assert abs(n - DRAWS_PER_ACTION) <= 50, (action, n, len(legal), state.to_dict())
    return legal


def fight_games(stacks: dict | None, seeds: range, plies: int, max_turns: int = 60):
    """Positions of seeded random games from the start (or `stacks`), a destroy or push chosen
    half the time when there is one (fights stack and scatter the tiles)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = hf.new_game(max_turns=max_turns) if stacks is None else position(stacks, to_move=seed % 2)
        for ply in range(plies):
            if state.is_terminal():
                break
            yield seed, ply, state
            legal = state.legal_actions()
            fights = [a for a in legal if a.type in ("destroy", "push")]
            state.apply(rng.choice(fights) if fights and rng.random() < 0.5 else rng.choice(legal))


def is_stacked_mover(state: hf.State) -> bool:
    """A tile of the side to act that may move or attack stands on another tile."""
    heights = {(st["q"], st["r"]): len(st["tiles"]) for st in state.to_dict()["stacks"]}
    return any(heights[a.source] > 1 for a in state.legal_actions() if a.type in ("move", "destroy", "push"))


def test_counted_draw_is_the_legal_list_uniformly() -> None:
    positions = stacked = frigate_two_steps = spawns = second_actions = shared_sites = 0
    for seed, ply, state in fight_games(None, range(8), 120):
        if ply % 9 != 4:
            continue
        legal = state.legal_actions()
        check_draws(state, seed=seed * 1000 + ply)
        positions += 1
        stacked += is_stacked_mover(state)
        frigate_two_steps += any(a.type == "move" and hex_distance(a.source, a.target) == 2 for a in legal)
        spawns += any(a.type == "spawn" for a in legal)
        second_actions += state.actions_left == 1
        yards = [(st["q"], st["r"]) for st in state.to_dict()["stacks"]
                 if st["tiles"][-1]["unit"] == "shipyard" and st["tiles"][-1]["owner"] == state.to_move]
        shared_sites += any(hex_distance(a, b) == 2 for a in yards for b in yards)
    # What the counting must get right was met, not only quiet boards.
    assert positions >= 40, positions
    assert stacked >= 5 and frigate_two_steps >= 20 and spawns >= 30 and second_actions >= 10, (
        stacked, frigate_two_steps, spawns, second_actions)
    assert shared_sites >= 3, shared_sites


def test_counted_draw_at_the_edge_of_a_wrapped_board() -> None:
    """A line of 48 stacks (wider than the 32-hex occupancy grid, so two columns share a bit),
    each end an enemy Frigate beside a Repulsor: pushes off the ends (onto hexes whose bit another
    column shares), moves there, and everything in between, drawn as listed."""
    line = "YYYSSSSFFFFFDDDDDRRRRR"
    stacks = {(0, 0): "C", (1, 0): "c", (-1 - len(line), 0): "f", (2 + len(line), 0): "F"}
    stacks.update({(-1 - i, 0): u for i, u in enumerate(line)})
    stacks.update({(2 + i, 0): u.lower() for i, u in enumerate(line)})
    positions = edge_pushes = 0
    for seed, ply, state in fight_games(stacks, range(6), 24):
        if ply % 3 != 0:
            continue
        hexes = [(st["q"], st["r"]) for st in state.to_dict()["stacks"]]
        assert len({(q % 32, r % 32) for q, r in hexes}) < len(hexes), "the board no longer wraps"
        legal = check_draws(state, seed=seed * 100 + ply)
        positions += 1
        ends = {min(hexes), max(hexes)}
        edge_pushes += any(a.type == "push" and (a.target in ends or a.source in ends)
                           for a in state.legal_actions())
        assert legal
    assert positions >= 12 and edge_pushes >= 3, (positions, edge_pushes)


def test_counted_draw_on_built_stacks_and_frigate_paths() -> None:
    """Hand-built: a Frigate whose two-step paths climb onto stacks and drop off them, a ship on
    a Shield wall, two Shipyards sharing sites with a friendly Shield among them."""
    boards = [
        {(0, 0): "C", (1, 0): "F", (2, 0): "SS", (2, -1): "S", (3, -1): "c", (0, 1): "YF", (-1, 1): "Y"},
        {(0, 0): "C", (-1, 0): "Y", (-1, 2): "Y", (-1, 1): "S", (1, -1): "SSF", (2, -1): "c", (2, -2): "sf"},
        {(0, 0): "C", (0, -1): "Y", (1, -1): "SR", (2, -1): "f", (3, -1): "c", (3, -2): "Sd", (1, 0): "F"},
    ]
    for k, stacks in enumerate(boards):
        for to_move in (0, 1):
            for actions_left in (2, 1):
                state = position(stacks, to_move=to_move, actions_left=actions_left)
                if state.is_terminal():
                    continue
                check_draws(state, seed=k * 10 + to_move * 2 + actions_left)


class MirrorRng:
    """common/rng.h's Rng in Python (splitmix64 seeding, xoshiro256**, Lemire's bounded draw),
    so a test can say which index a seed draws."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.s = []
        sm = seed
        for _ in range(4):
            sm = (sm + 0x9E3779B97F4A7C15) & self.MASK
            z = sm
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
            self.s.append(z ^ (z >> 31))

    @classmethod
    def rotl(cls, x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & cls.MASK

    def next(self) -> int:
        s = self.s
        result = (self.rotl((s[1] * 5) & self.MASK, 7) * 9) & self.MASK
        t = (s[1] << 17) & self.MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 45)
        return result

    def below(self, bound: int) -> int:
        m = (self.next() >> 32) * bound
        low = m & 0xFFFFFFFF
        if low < bound:
            threshold = ((1 << 32) - bound) % bound
            while low < threshold:
                m = (self.next() >> 32) * bound
                low = m & 0xFFFFFFFF
        return m >> 32


def test_each_draw_is_the_listed_action_at_the_index_drawn() -> None:
    """State::random_action's promise: each draw is the action the engine's generation order
    lists (`_generated_actions()`; `legal_actions()` is that list sorted) at the index the seed
    draws, so a seeded playout plays the same game whether it lists or counts (the draw keeps most
    movers' actions unlisted and builds the one drawn)."""
    line = "YYYSSSSFFFFFDDDDDRRRRR"
    wrapped = {(0, 0): "C", (1, 0): "c", (-1 - len(line), 0): "f", (2 + len(line), 0): "F"}
    wrapped.update({(-1 - i, 0): u for i, u in enumerate(line)})
    wrapped.update({(2 + i, 0): u.lower() for i, u in enumerate(line)})
    # fight_games plays on in place: keep copies.
    states = [state.clone() for _, ply, state in fight_games(None, range(4), 120) if ply % 7 == 3]
    states += [state.clone() for _, ply, state in fight_games(wrapped, range(2), 12) if ply % 4 == 0]
    positions = frigate_two_steps = attacks = 0
    for k, state in enumerate(states):
        legal = state._generated_actions()
        rng = MirrorRng(k)
        expected = [str(legal[rng.below(len(legal))]) for _ in range(64)]
        assert [str(a) for a in core.hexfleet.sample_actions(state, 64, seed=k)] == expected, state.to_dict()
        positions += 1
        frigate_two_steps += any(a.type == "move" and hex_distance(a.source, a.target) == 2 for a in legal)
        attacks += any(a.type in ("destroy", "push") for a in legal)
    assert positions >= 40 and frigate_two_steps >= 20 and attacks >= 10, (positions, frigate_two_steps, attacks)


def test_no_draw_once_the_game_is_over() -> None:
    state = hf.new_game(max_turns=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        core.hexfleet.sample_actions(state, 1)
