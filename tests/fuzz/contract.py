"""The contract every input boundary keeps, checked by the fuzz targets, the
sanitizer soak and the regression tests alike.

An input is accepted or refused with the documented error (InvalidStateError
for a saved game, IllegalActionError for an action), never anything else; an
accepted state round-trips through its dict and is playable; a refusal
changes nothing.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import triptych
import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet

GAMES = {"aquaignis": aquaignis, "hexfleet": hexfleet, "combat": combat}


class ContractViolation(AssertionError):
    """An input boundary broke the contract (what a fuzz target reports as a crash)."""


def require(ok: bool, what: str) -> None:
    if not ok:
        raise ContractViolation(what)


def module_of(state: Any) -> Any:
    return GAMES[state.to_dict()["game"]]


def snapshot(state: Any) -> tuple[Any, int]:
    """What 'nothing changed' compares: the full saved form and the hash."""
    return state.to_dict(), state.hash


def check_round_trip(state: Any) -> None:
    saved = state.to_dict()
    again = type(state).from_dict(saved)
    require(again.to_dict() == saved, "from_dict(to_dict()) is a different position")
    require(again.hash == state.hash, "the hash changed through the dict round trip")


def check_node(state: Any) -> list[Any]:
    """The node kinds: a decision node has a legal action, a chance node has
    outcomes whose probabilities sum to 1, a terminal node has neither.
    Returns what the node offers: its legal actions or (outcome, probability) pairs."""
    to_move = state.to_move
    if state.is_terminal():
        require(to_move == triptych.TERMINAL, "terminal but to_move is not TERMINAL")
        require(state.legal_actions() == [], "a finished game lists legal actions")
        returns = state.returns()
        require(len(returns) == 2 and all(math.isfinite(r) for r in returns), f"bad returns {returns}")
        return []
    require(to_move != triptych.TERMINAL, "to_move is TERMINAL but the game is not over")
    if to_move == triptych.CHANCE:
        outcomes = state.chance_outcomes()
        require(len(outcomes) > 0, "a chance node with no outcome")
        require(all(p > 0 for _, p in outcomes), "a chance outcome with probability <= 0")
        total = math.fsum(p for _, p in outcomes)
        require(abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}")
        return outcomes
    require(to_move in (0, 1), f"to_move is {to_move}")
    actions = state.legal_actions()
    require(len(actions) > 0, "a decision node with no legal action")
    require(len(set(actions)) == len(actions), "legal_actions lists an action twice")
    return actions


def random_step(state: Any, rng: random.Random) -> Any:
    """Plays one random step (a chance outcome by its probability, or a
    uniformly random legal action) and returns what was played."""
    if state.to_move == triptych.CHANCE:
        outcomes = state.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    else:
        action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def check_playable(state: Any, rng: random.Random, steps: int = 12) -> None:
    """An accepted position round-trips, and play goes on from it: every node
    on a short random line is well formed and round-trips too."""
    state = state.clone()
    for _ in range(steps):
        check_node(state)
        check_round_trip(state)
        if state.is_terminal():
            return
        random_step(state, rng)


def check_refusal_changes_nothing(state: Any, action: Any) -> bool:
    """Applies `action` (an Action, notation or dict) to a copy: it either
    plays or is refused with IllegalActionError leaving the copy as it was.
    Returns whether it was accepted."""
    trial = state.clone()
    before = snapshot(trial)
    try:
        trial.apply(action)
    except triptych.IllegalActionError:
        require(snapshot(trial) == before, "a refused action changed the state")
        return False
    return True


def check_saved_game(module: Any, data: Any, rng: random.Random) -> bool:
    """from_dict on arbitrary data: refused with InvalidStateError (the input
    left untouched), or accepted and playable. Returns whether accepted."""
    original = copy.deepcopy(data)
    try:
        state = module.State.from_dict(data)
    except triptych.InvalidStateError:
        require(data == original, "from_dict changed the dict it refused")
        return False
    require(data == original, "from_dict changed the dict it read")
    check_playable(state, rng)
    return True
