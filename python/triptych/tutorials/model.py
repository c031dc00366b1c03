"""The tutorial data model: a Tutorial is a list of Steps, each a position, a few lines, one asked action.

No Panda3D here: the client (client3d/tutorial.py) shows a Step on the table, the tests check every Step
through the engine the same way. A Step's position is built by the engine, never drawn by hand:

- ``Start(actions=(...), options={...})``: a new game (``new_game(**options)``; Combat: the variant and
  seed), then the listed actions in notation (``str(action)``; at a chance node, the chance outcome's
  notation) -- reachable by construction; chance still pending at the end is drawn by ``draw_chance``;
- ``Start(position="aquaignis ...")``: a position string (``triptych.positions``) or a saved-game dict,
  read through ``State.from_dict``, which refuses any position play could not reach; then ``actions``;
- ``start=None``: the step begins where the previous step ended (its asked action and replies played).

The player is asked for one action (``ask``: its notation; several strings = any of them is accepted).
After it, ``then`` (the opponent's replies, chance outcomes) is played by the tutorial; chance nodes left
after that (Combat's draws) are drawn with ``random.Random(CHANCE_SEED)`` by ``draw_chance``, the same in
the client as here, so a step always ends the same way. The events of all of it are shown as "what happened". ``expect`` lists phrases that must occur in those events (an
event's kind or words of its text) *and* in the step's own words (``text`` + ``after``): what the text says
happens is what the engine says happened (tested). ``teaches`` names the rule lines of the game's player
page (F1) this step teaches, each by the start of the line (see ``rules.resolve``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from triptych import CHANCE
from triptych.events import Event
from triptych.games import load


#: the seed of the chance a step leaves to the draw after its scripted ``then`` (same in the client and tests)
CHANCE_SEED = 27


class TutorialError(ValueError):
    """A tutorial step that does not hold: an unreachable position, an illegal ask, a missing event."""


@dataclass(frozen=True)
class Start:
    """How a step's position is built (see the module docstring)."""

    actions: tuple[str, ...] = ()          # played from the new game or the position, in notation
    position: str | dict | None = None     # a position string or a to_dict() dict; None: a new game
    options: dict[str, Any] = field(default_factory=dict)   # new_game(**options) (two-player games)
    variant: str | None = None             # Combat: the variant (v01..v10)
    seed: int | None = None                # Combat: the seed of new_game


@dataclass(frozen=True)
class Step:
    title: str                             # a few words: "Spawn", "A push that crushes"
    text: str                              # what the player reads before acting (2-4 short sentences)
    ask: tuple[str, ...]                   # the asked action(s), in notation; any one completes the step
    teaches: tuple[str, ...] = ()          # rule lines of the player page, each by its first words
    expect: tuple[str, ...] = ()           # phrases the events after the ask must contain (and the text says)
    then: tuple[str, ...] = ()             # played after the ask by the tutorial: replies, chance outcomes
    after: str = ""                        # said with "what happened" once the step is done
    start: Start | None = None             # None: where the previous step ended
    try_text: str = ""                     # the friendly "try ..." for a wrong click ('' : from the ask)


@dataclass(frozen=True)
class Tutorial:
    id: str                                # "aquaignis", "hexfleet", "combat-v01", "combat-v02" ...
    game: str                              # the game on the table
    title: str                             # "Learn AquaIgnis"
    steps: tuple[Step, ...]
    variant: str | None = None             # Combat: the variant on the table
    pages: tuple[str, ...] = ()            # the player-page parts it teaches (rules.PAGES keys); () : (game,)
    intro: str = ""                        # one line shown before the first step

    def page_keys(self) -> tuple[str, ...]:
        return self.pages or (self.game,)

    # -- positions ------------------------------------------------------------------------------------------
    def start_state(self, index: int) -> Any:
        """The position step `index` begins in, built through the engine (TutorialError if it cannot be)."""
        state = None
        for i in range(index + 1):
            step = self.steps[i]
            if step.start is not None:
                state = build(self.game, step.start, self.variant)
            elif state is None:
                raise TutorialError(f"{self.id} step 1 has no start: say where the tutorial begins")
            if i < index:
                state = played(state, step)[0]
        return state

    def play(self, index: int, action: Any = None) -> tuple[Any, list[Event]]:
        """Plays step `index`'s ask (or `action`, one of them) and its replies: (state after, events)."""
        step = self.steps[index]
        return played(self.start_state(index), step, action)


def find_action(state: Any, text: Any) -> Any:
    """The legal action (or, at a chance node, the outcome) whose notation or dict is `text`."""
    if state.to_move == CHANCE:
        options = [a for a, _ in state.chance_outcomes()]
    else:
        options = list(state.legal_actions())
    for a in options:
        if a == text or str(a) == str(text) or (isinstance(text, dict) and a.to_dict() == text):
            return a
    for a in options:  # notation is case-insensitive and ignores spaces
        if isinstance(text, str) and str(a).replace(" ", "").lower() == text.replace(" ", "").lower():
            return a
    who = "chance outcome" if state.to_move == CHANCE else "legal action"
    raise TutorialError(f"{text!r} is not a {who} here; {who}s: {', '.join(str(a) for a in options[:12])}"
                        + (" ..." if len(options) > 12 else ""))


def build(game: str, start: Start, variant: str | None = None) -> Any:
    """The state `start` describes, through the engine."""
    module = load(game)
    if start.position is not None:
        if isinstance(start.position, str):
            from triptych.positions import from_position_string

            state = from_position_string(start.position)
        else:
            state = module.State.from_dict(start.position)
    elif game == "combat":
        state = module.new_game(start.variant or variant or "v01", seed=start.seed, **start.options)
    else:
        state = module.new_game(**start.options)
    for text in start.actions:
        state.apply(find_action(state, text))
    rng = random.Random(CHANCE_SEED)   # chance left at the start (Combat's opening draw): the step's fixed draw
    while state.to_move == CHANCE:
        state.apply(draw_chance(state, rng))
    return state


def played(state: Any, step: Step, action: Any = None) -> tuple[Any, list[Event]]:
    """`state` after `step`'s ask (or `action`) and its replies, with the events of each, as the client logs them."""
    from triptych.timeline import Timeline

    timeline = Timeline(state.clone())
    chosen = find_action(timeline.state, step.ask[0] if action is None else action)
    if str(chosen) not in {str(find_action(timeline.state, a)) for a in step.ask}:
        raise TutorialError(f"{chosen} is not what step {step.title!r} asks")
    events = list(timeline.apply(chosen).events)
    for text in step.then:
        reply = find_action(timeline.state, text)
        s = timeline.play_chance(reply) if timeline.at_chance() else timeline.apply(reply)
        events += s.events
    rng = random.Random(CHANCE_SEED)
    while timeline.at_chance():
        events += timeline.play_chance(draw_chance(timeline.state, rng)).events
    return timeline.state, events


def draw_chance(state: Any, rng: random.Random) -> Any:
    """One chance outcome drawn from the engine's distribution with `rng` (the client draws the same way)."""
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes], k=1)[0]


def event_words(events: list[Event]) -> str:
    """The events as one lower-case text (kinds and sentences) for ``expect`` checks."""
    return "\n".join(f"{e.kind} {e.text}" for e in events).lower()


def missing_expectations(step: Step, events: list[Event]) -> list[str]:
    """The step's expected phrases the events do not contain."""
    words = event_words(events)
    return [p for p in step.expect if p.lower() not in words]
