"""A game being played: the state, what each action did, and an honest undo.

``Timeline`` is what a front end (the 3D client, the terminal game) keeps
instead of a bare State. Every change goes through it, and it records a
``Step`` per action with the engine's event records for it
(:mod:`triptych.events`), so the log explains what happened and an undone
action disappears from the log with its events.

Undo never redraws a chance outcome. A die roll, a card draw or the
Sentinel's pick is fixed once drawn: undo stops at the last chance outcome
(``can_undo`` is False there and ``undo_blocked_reason`` says why). Going
back past it would let a player take back the roll decision and roll again
for free. Chance is drawn from the timeline's own seeded generator, so the
same seed and the same decisions replay the same game.

Redo re-applies what undo took back, step by step as recorded: a recorded
chance outcome is played again, never drawn anew. A new decision that differs
from the next undone one starts a new branch and forgets the undone steps.

    >>> import triptych.combat as combat
    >>> from triptych.timeline import Timeline
    >>> game = Timeline(combat.new_game("v02", seed=1), seed=1)
    >>> game.resolve_chance()          # the opening hand
    >>> game.apply("roll"); game.resolve_chance()
    >>> game.can_undo                  # the roll is on the table now
    False
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from triptych import CHANCE, TERMINAL
from triptych.events import Event, events_of, game_name, player_names


@dataclass
class Step:
    """One applied action: who, what, the states around it and what happened."""

    action: Any
    player: int            # the seat that decided, or triptych.CHANCE
    before: Any
    after: Any
    events: list[Event] = field(default_factory=list)

    @property
    def chance(self) -> bool:
        return self.player == CHANCE

    def lines(self) -> list[str]:
        """The plain-language log lines of this step."""
        return [e.text for e in self.events]


class Timeline:
    """The current state plus the steps that led to it, with chance-safe undo."""

    def __init__(self, state: Any, seed: int | None = None, names: tuple[str, ...] | None = None) -> None:
        self.state = state
        self.game = game_name(state)
        self.names = tuple(names) if names else player_names(self.game)
        self.rng = random.Random(seed)
        self.steps: list[Step] = []
        self._floor = 0      # steps before this index are fixed (a chance outcome, a load)
        self._undone: list[Step] = []   # what undo took back, the next to redo last

    # -- queries ---------------------------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.state.to_move

    def is_over(self) -> bool:
        return self.state.to_move == TERMINAL or self.state.is_terminal()

    def at_chance(self) -> bool:
        return self.state.to_move == CHANCE

    def name_of(self, player: int) -> str:
        if 0 <= player < len(self.names):
            return self.names[player]
        return {CHANCE: "chance", TERMINAL: "game over"}.get(player, str(player))

    def log(self) -> list[str]:
        """Every event of every step still on the timeline, oldest first (undone steps are gone)."""
        return [line for step in self.steps for line in step.lines()]

    # -- changes ---------------------------------------------------------------------------------------------
    def _record(self, action: Any, player: int) -> Step:
        before = self.state.clone()
        self.state.apply(action)  # the engine judges; an illegal action raises and changes nothing
        after = self.state.clone()
        action = _as_action(before, action, after)
        if self._undone and self._undone[-1].after.hash == after.hash and self._undone[-1].before.hash == before.hash:
            step = self._undone.pop()  # the same move as the next undone one: the rest can still be redone
            step.after = after
        else:
            step = Step(action, player, before, after,
                        events_of(before, after, action, player, self.names))
            self._undone.clear()  # a new branch: what was undone can no longer be redone
        self.steps.append(step)
        return step

    def apply(self, action: Any) -> Step:
        """Applies a decision of the player to move (an Action, its notation or its dict)."""
        if self.at_chance():
            raise ValueError("a chance outcome is pending: call play_chance() first")
        return self._record(action, self.state.to_move)

    def play_chance(self, outcome: Any | None = None) -> Step:
        """Resolves one chance node: `outcome` if given, else one drawn from the engine's distribution."""
        if not self.at_chance():
            raise ValueError("no chance outcome is pending")
        if outcome is None and self._undone and self._undone[-1].before.hash == self.state.hash:
            outcome = self._undone[-1].action  # this node was resolved before: the recorded outcome, not a new draw
        if outcome is None:
            outcomes = self.state.chance_outcomes()
            outcome = self.rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes], k=1)[0]
        step = self._record(outcome, CHANCE)
        self._floor = len(self.steps)  # a drawn outcome is final: undo stops here
        return step

    def resolve_chance(self) -> list[Step]:
        """Plays every pending chance node; returns their steps."""
        steps = []
        while self.at_chance():
            steps.append(self.play_chance())
        return steps

    # -- undo ------------------------------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return len(self.steps) > self._floor

    @property
    def undo_blocked_reason(self) -> str:
        """Why undo does nothing now ('' when it can undo)."""
        if self.can_undo:
            return ""
        if self._floor and self.steps[self._floor - 1].chance:
            return f"the last {_chance_word(self.steps[self._floor - 1])} is final: it cannot be taken back"
        return "nothing to undo"

    def undo(self, keep_player: int | None = None) -> list[Step]:
        """Takes back the last decision (with `keep_player`, back to that player's last decision).

        Never past a chance outcome. Returns the steps taken back (empty: nothing could be undone).
        """
        undone: list[Step] = []
        while self.can_undo:
            step = self.steps.pop()
            self.state = step.before
            undone.append(step)
            if keep_player is None or self.state.to_move == keep_player:
                break
        if undone and keep_player is not None and self.state.to_move != keep_player:
            # Could not reach that player's decision without crossing a chance outcome: keep the game as it was.
            for step in reversed(undone):
                self.steps.append(step)
            self.state = self.steps[-1].after.clone()
            return []
        if undone:
            self.state = self.state.clone()
            self._undone.extend(undone)
        return undone

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def redo(self, keep_player: int | None = None) -> list[Step]:
        """Plays again what undo took back, as recorded (with `keep_player`: on until that player decides again).

        A recorded chance outcome is replayed exactly; nothing is drawn. Returns the steps redone.
        """
        redone: list[Step] = []
        while self._undone:
            step = self._undone[-1]
            self._record(step.action, step.player)
            if step.chance:
                self._floor = len(self.steps)
            redone.append(step)
            if keep_player is None or not self._undone or self._undone[-1].player == keep_player:
                break
        return redone

    def reset(self, state: Any) -> None:
        """Starts over from `state` (a loaded game): nothing before it can be undone."""
        self.state = state
        self.game = game_name(state)
        self.steps.clear()
        self._undone.clear()
        self._floor = 0


def _as_action(before: Any, action: Any, after: Any) -> Any:
    """The engine's Action object for `action` given as notation or a dict (steps always hold Actions)."""
    if hasattr(action, "to_dict"):
        return action
    candidates = list(before.chance_outcomes() if before.to_move == CHANCE else
                      ((a, 1.0) for a in before.legal_actions()))
    for candidate, _ in candidates:
        if str(candidate) == action or candidate.to_dict() == action:
            return candidate
    for candidate, _ in candidates:  # notation spelt another way: the one that leads to the same position
        probe = before.clone()
        probe.apply(candidate)
        if probe.hash == after.hash:
            return candidate
    return action


def _chance_word(step: Step) -> str:
    kind = step.action.to_dict().get("type", "")
    return {"roll": "roll of the dice", "draw": "card draw"}.get(kind, "chance outcome")
