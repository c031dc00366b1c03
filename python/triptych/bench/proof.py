"""Exact proof search for the solve suites: forced wins, only moves and Combat's lethal turns.

A **ply is one action**. AquaIgnis and Hexfleet give a side two actions a turn, so a side plays two
plies in a row; "a forced win in N plies" means the side to move can make the game end in its favour
by the N-th action from now (its own and the opponent's counted alike) whatever the opponent does --
the same count as the searches' ``WIN - n`` scores (docs/ai.md).

AquaIgnis is proven by the same search in C++ (cpp/search/proof.h, bound as
``triptych._core.aquaignis.prove_win`` / ``prove_only_move``): about 40 times faster (12 wins in
5-6 plies: 84 s in Python, 2.2 s native, at load 13), it reaches the
8- and 9-ply wins this Python search could not. The Python search below proves Hexfleet (its
repetition rule needs the search path in the key) and cross-checks the C++ one in the tests.

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


# The native proof search's table (search/proof.h): larger tables cost more to clear than a proof of up
# to 9 plies gains from them (16 MB: 1M entries; a 9-ply AquaIgnis proof visits 0.1-3M nodes).
NATIVE_TT_MB = 16


def native_prover(state: Any) -> Any | None:
    """The game's native module when it binds the C++ proof search (AquaIgnis), else None."""
    import sys

    module = sys.modules.get(type(state).__module__)
    return module if module is not None and hasattr(module, "prove_win") else None


def _native_proof(kind: str, result: dict) -> Proof | None:
    if result["exhausted"] or result["depth"] is None:
        return None
    return Proof(kind, result["depth"], list(result["actions"]), result["legal"], result["nodes"])


def prove_win(state: Any, max_depth: int, max_nodes: int = 2_000_000, native: bool | None = None) -> Proof | None:
    """The shortest forced win of the side to move within `max_depth` plies and every first action
    that achieves it, or None when there is none (or the budget ran out).

    ``native``: use the C++ proof search (cpp/search/proof.h) -- None: whenever the game binds it;
    False: this module's Python search (the two agree: tests/test_solve_suites.py). Node budgets are
    counted by each search its own way (the native one counts every node it expands)."""
    module = native_prover(state) if native is not False else None
    if native and module is None:
        raise ValueError(f"no native proof search for {type(state).__module__}")
    if module is not None:
        return _native_proof("win", module.prove_win(state, max_depth, max_nodes=max_nodes, tt_mb=NATIVE_TT_MB))
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


def prove_only_move(state: Any, max_depth: int, max_nodes: int = 2_000_000,
                    native: bool | None = None) -> Proof | None:
    """The shallowest horizon N <= `max_depth` at which exactly one action avoids a forced loss within
    N plies (and at least two actions are legal), or None. ``native`` as for :func:`prove_win`."""
    module = native_prover(state) if native is not False else None
    if native and module is None:
        raise ValueError(f"no native proof search for {type(state).__module__}")
    if module is not None:
        return _native_proof("only_move",
                             module.prove_only_move(state, max_depth, max_nodes=max_nodes, tt_mb=NATIVE_TT_MB))
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
class _CombatNodeBudget:
    """The node count and budget the two Combat provers share, and the moves of a node they expand."""

    max_nodes: int
    nodes: int = 0

    def _expand(self, state: Any, chance: bool) -> list[Any]:
        """Count a node (over the budget: ProofBudgetExceeded) and list its moves: the chance outcomes or actions."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise ProofBudgetExceeded(f"more than {self.max_nodes} nodes")
        return [outcome for outcome, _ in state.chance_outcomes()] if chance else state.legal_actions()


@dataclass
class CombatProver(_CombatNodeBudget):
    """AND over chance outcomes, OR over the player's decisions, until the turn ends.

    A line "wins this turn" when every branch of it ends in the player's win before the turn counter
    moves on, using at most ``decisions`` of the player's decisions on any branch. Whatever the
    Sentinel does after the player's resolution is part of the same turn and is followed through its
    chance nodes like the dice.
    """

    max_nodes: int = 300_000
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
        moves = self._expand(state, chance)
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


@dataclass
class SurvivalProver(_CombatNodeBudget):
    """Whether the player can come through this turn alive, whatever the dice, draws and Sentinel do.

    AND over chance outcomes, OR over the player's decisions; a branch survives when the fight reaches
    the next turn with the player alive (the Sentinel's blow for this turn, declared a turn ahead, has
    then landed) or the player wins first. ``decisions`` bounds the player's decisions on any branch
    (None: no bound).

    Unbounded, a turn can come back to a position it already passed: V08's moves shuffle cards to and
    fro, and V09's Akasha re-roll can show Akasha again. A position met again on the search path is
    cut with the value that cannot decide its parent -- a player's loop survives nothing that leaving
    it would not (False under an OR), a chance outcome that loops back stands for the re-roll that
    follows (True under an AND) -- and no result that leaned on a cut is kept in the table (it could
    depend on the path that led there).
    """

    max_nodes: int = 200_000
    unbounded: dict[int, bool] = field(default_factory=dict)
    table: ProofTable = field(default_factory=ProofTable)  # budgets are player decisions
    path: set[int] = field(default_factory=set)
    cuts: int = 0

    def survives(self, state: Any, turn: int, decisions: int | None = None, under_chance: bool = False) -> bool:
        if state.is_terminal():
            return state.winner == 0
        if state.turn != turn:
            return True
        chance = state.to_move == CHANCE
        if not chance and decisions is not None and decisions <= 0:
            return False
        key = state.hash
        if decisions is None and key in self.path:
            self.cuts += 1
            return under_chance
        known = self.unbounded.get(key) if decisions is None else self.table.lookup(key, decisions)
        if known is not None:
            return known
        moves = self._expand(state, chance)
        left = decisions if chance or decisions is None else decisions - 1
        result = chance  # chance: an AND node; the player: an OR node
        cuts_before = self.cuts
        if decisions is None:
            self.path.add(key)
        try:
            for move in moves:
                child = state.clone()
                child.apply(move)
                if self.survives(child, turn, left, chance) != chance:
                    result = not chance
                    break
        finally:
            if decisions is None:
                self.path.discard(key)
        if decisions is None:
            if self.cuts == cuts_before:
                self.unbounded[key] = result
            return result
        return self.table.store(key, decisions, result)


def combat_only_line(state: Any, max_decisions: int = 12, max_nodes: int = 200_000) -> Proof | None:
    """Exactly one first decision from which the player survives this turn whatever the dice, draws
    and Sentinel do (kind ``only_line``), or None (none or several survive, or the budget ran out).

    Which first decisions survive is decided with no bound on the decisions that follow; the depth is
    then the fewest player decisions (that first one included) within which the surviving line lives
    on every branch, at most `max_decisions` (None past it)."""
    if state.to_move != 0 or state.is_terminal():
        return None
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    prover = SurvivalProver(max_nodes=max_nodes)
    survivors = []
    try:
        for action in legal:
            child = state.clone()
            child.apply(action)
            if prover.survives(child, state.turn):
                survivors.append((action, child))
                if len(survivors) > 1:
                    return None
        if len(survivors) != 1:
            return None
        action, child = survivors[0]
        for depth in range(1, max_decisions + 1):
            if prover.survives(child, state.turn, depth - 1):
                return Proof("only_line", depth, [action], len(legal), prover.nodes)
    except ProofBudgetExceeded:
        return None
    return None


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
