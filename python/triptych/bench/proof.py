"""Exact proof search for the solve suites: forced wins, only moves and Combat's lethal turns.

A **ply is one action**. AquaIgnis and Hexfleet give a side two actions a turn, so a side plays two
plies in a row; "a forced win in N plies" means the side to move can make the game end in its favour
by the N-th action from now (its own and the opponent's counted alike) whatever the opponent does --
the same count as the searches' ``WIN - n`` scores (docs/ai.md).

The search is a plain AND-OR search over the native states (``clone`` + ``apply``): at the attacker's
actions it needs one action that wins, at the defender's every action must lose. It stops a node only
once that node is *proven* (a win found at an OR node, a refutation found at an AND node), so nothing a
proof needs is pruned. At the root every action is searched to the end, so the list of winning first
actions is complete. A table of proven and disproven (position, plies left) pairs is shared across
transpositions; its key holds everything besides the board that can change a result: the no-progress
counter (AquaIgnis R17), the turn (Hexfleet's turn limit) and the turn starts met on the search path
(Hexfleet's repetition draw, R20, counts turn starts; the root's own history is the same for every
node of one proof).

Combat is one player against the Sentinel with dice and cards: :func:`combat_lethal` asks whether a
line of the player's decisions wins *this turn* for every roll and draw (AND over chance outcomes, OR
over decisions), and lists the first decisions that do.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from triptych import CHANCE, TERMINAL


class ProofBudgetExceeded(Exception):
    """A proof needed more nodes than its budget allowed (the position is skipped, not guessed)."""


@dataclass
class ProofTable:
    """Proven and disproven nodes by budget: a win within b is a win within any larger budget, and a
    node disproven within b is disproven within any smaller one."""

    won: dict[Any, int] = field(default_factory=dict)  # key -> the smallest budget a win is proven within
    lost: dict[Any, int] = field(default_factory=dict)  # key -> the largest budget it is disproven within

    def lookup(self, key: Any, budget: int) -> bool | None:
        if self.won.get(key, 1 << 30) <= budget:
            return True
        if self.lost.get(key, -1) >= budget:
            return False
        return None

    def store(self, key: Any, budget: int, result: bool) -> bool:
        if result:
            self.won[key] = min(self.won.get(key, 1 << 30), budget)
        else:
            self.lost[key] = max(self.lost.get(key, -1), budget)
        return result


@dataclass
class Prover:
    """AND-OR proof search with a table; one Prover per root position (the table assumes one root).

    ``max_nodes`` bounds the work (``ProofBudgetExceeded`` when passed), so a generator can give up on
    a position that is too hard rather than stall.
    """

    max_nodes: int = 2_000_000
    nodes: int = 0
    table: ProofTable = field(default_factory=ProofTable)  # budgets are plies

    def _key(self, state: Any, attacker: int, path: tuple) -> tuple:
        return (state.hash, state.actions_left, getattr(state, "no_progress", 0), state.turn, path, attacker)

    def _path(self, path: tuple, mover: int, child: Any) -> tuple:
        """The turn starts on the search path: only Hexfleet's repetition rule (R20) reads them."""
        if child.to_move != mover and self._counts_repetitions(child):
            return path + (child.hash,)
        return path

    @staticmethod
    def _counts_repetitions(state: Any) -> bool:
        return type(state).__module__ == "triptych._core.hexfleet"

    def _children(self, state: Any) -> Iterator[tuple[Any, Any]]:
        """(action, state after it), made one at a time: a node proven early never builds the rest."""
        for action in state.legal_actions():
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise ProofBudgetExceeded(f"more than {self.max_nodes} nodes")
            child = state.clone()
            child.apply(action)
            yield action, child

    def wins_within(self, state: Any, plies: int, attacker: int, path: tuple = ()) -> bool:
        """True when `attacker` can force the game to end in its win within `plies` actions from `state`."""
        if state.to_move == TERMINAL or state.is_terminal():
            return state.winner == attacker
        if plies <= 0:
            return False
        key = self._key(state, attacker, path)
        known = self.table.lookup(key, plies)
        if known is not None:
            return known
        attacking = state.to_move == attacker
        result = not attacking  # OR node: False until a win; AND node: True until a refutation
        for _, child in self._children(state):
            if self.wins_within(child, plies - 1, attacker, self._path(path, state.to_move, child)) == attacking:
                result = attacking
                break
        return self.table.store(key, plies, result)

    def winning_actions(self, state: Any, plies: int) -> list[Any]:
        """Every first action after which the side to move still forces a win within `plies` plies in all."""
        attacker = state.to_move
        return [action for action, child in self._children(state)
                if self.wins_within(child, plies - 1, attacker, self._path((), attacker, child))]

    def surviving_actions(self, state: Any, plies: int) -> list[Any]:
        """Every first action after which the opponent cannot force a win within `plies` plies in all."""
        mover = state.to_move
        return [action for action, child in self._children(state)
                if not self.wins_within(child, plies - 1, 1 - mover, self._path((), mover, child))]


@dataclass(frozen=True)
class Proof:
    """What the proof search established about one position."""

    kind: str  # "win": a forced win in `depth` plies; "only_move": one action avoids a loss within `depth`
    depth: int
    actions: list[Any]  # the winning actions (kind "win") or the one surviving action (kind "only_move")
    legal: int  # how many legal actions the position has
    nodes: int


def prove_win(state: Any, max_depth: int, max_nodes: int = 2_000_000) -> Proof | None:
    """The shortest forced win of the side to move within `max_depth` plies and every first action
    that achieves it, or None when there is none (or the budget ran out)."""
    prover = Prover(max_nodes=max_nodes)
    attacker = state.to_move
    try:
        for depth in range(1, max_depth + 1):
            if prover.wins_within(state, depth, attacker):
                actions = prover.winning_actions(state, depth)
                return Proof("win", depth, actions, len(state.legal_actions()), prover.nodes)
    except ProofBudgetExceeded:
        return None
    return None


def prove_only_move(state: Any, max_depth: int, max_nodes: int = 2_000_000) -> Proof | None:
    """The shallowest horizon N <= `max_depth` at which exactly one action avoids a forced loss within
    N plies (and at least two actions are legal), or None."""
    prover = Prover(max_nodes=max_nodes)
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    try:
        for depth in range(2, max_depth + 1):
            survivors = prover.surviving_actions(state, depth)
            if len(survivors) == 1:
                return Proof("only_move", depth, survivors, len(legal), prover.nodes)
            if not survivors:
                return None  # lost whatever is played: no single move to find
    except ProofBudgetExceeded:
        return None
    return None


# --- Combat: a lethal line this turn, whatever the dice and cards ---------------------------------


@dataclass
class CombatProver:
    """AND over chance outcomes, OR over the player's decisions, until the turn ends.

    A line "wins this turn" when every branch of it ends in the player's win before the turn counter
    moves on, using at most ``decisions`` of the player's decisions on any branch. Whatever the
    Sentinel does after the player's resolution is part of the same turn and is followed through its
    chance nodes like the dice.
    """

    max_nodes: int = 300_000
    nodes: int = 0
    table: ProofTable = field(default_factory=ProofTable)  # budgets are player decisions

    def wins_this_turn(self, state: Any, turn: int, decisions: int) -> bool:
        if state.is_terminal():
            return state.winner == 0
        if state.turn != turn:
            return False
        chance = state.to_move == CHANCE
        if not chance and decisions <= 0:
            return False
        key = state.hash
        known = self.table.lookup(key, decisions)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise ProofBudgetExceeded(f"more than {self.max_nodes} nodes")
        moves = [outcome for outcome, _ in state.chance_outcomes()] if chance else state.legal_actions()
        left = decisions if chance else decisions - 1
        result = chance  # chance: an AND node; the player: an OR node
        for move in moves:
            child = state.clone()
            child.apply(move)
            if self.wins_this_turn(child, turn, left) != chance:
                result = not chance
                break
        return self.table.store(key, decisions, result)

    def lethal_actions(self, state: Any, decisions: int) -> list[Any]:
        out = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if self.wins_this_turn(child, state.turn, decisions - 1):
                out.append(action)
        return out


def combat_lethal(state: Any, max_decisions: int = 12, max_nodes: int = 300_000) -> Proof | None:
    """The fewest player decisions that win this turn whatever the dice, draws and Sentinel do, with
    every first decision that does so in that many, or None (no lethal line, or the budget ran out)."""
    if state.to_move != 0 or state.is_terminal():
        return None
    prover = CombatProver(max_nodes=max_nodes)
    try:
        for depth in range(1, max_decisions + 1):
            if prover.wins_this_turn(state, state.turn, depth):
                actions = prover.lethal_actions(state, depth)
                return Proof("lethal", depth, actions, len(state.legal_actions()), prover.nodes)
    except ProofBudgetExceeded:
        return None
    return None
