"""Tutorial mode: a Tutorial (triptych.tutorials) played on the real table, one step at a time.

A step shows its position (built by the engine), its text in the tutorial card (the layout's ``info``
region, above the game's own lines) and highlights where the asked action starts. Only the asked action
can be played: the app offers only it (``filter``), and any other click gets a friendly "try ..." and
leaves the step as it was. Once it is played the tutorial plays the step's scripted replies (the
opponent's actions, chance outcomes: never a random draw), then shows what happened (the engine's event
records) with Next, Retry and Back buttons. Progress (the next step of each tutorial) is saved in the
client's settings file under ``tutorials``.

The app stays the conductor: it asks this object whether the human may act (``awaiting``), which legal
actions to offer (``filter``), what to say about a wrong click (``try_text``) and hands it each move
(``on_move``) and each idle frame (``tick``).
"""

from __future__ import annotations

import random
from typing import Any

from triptych.events import Event
from triptych.tutorials import Tutorial
from triptych.tutorials.model import CHANCE_SEED, draw_chance, find_action

ASK, REPLIES, DONE = "ask", "replies", "done"
PROGRESS_KEY = "tutorials"


class TutorialMode:
    def __init__(self, app, tutorial: Tutorial) -> None:
        self.app = app
        self.tutorial = tutorial
        self.index = 0
        self.phase = ASK
        self.events: list[Event] = []
        self.pending: list[str] = []
        self.wrong_clicks = 0      # the app shows the first step once this is its tutorial (show_step)

    # -- state -------------------------------------------------------------------------------------------
    @property
    def step(self):
        return self.tutorial.steps[self.index]

    def awaiting(self) -> bool:
        """Whether the player is to make the asked action now."""
        return self.phase == ASK

    def asked(self) -> set[str]:
        return {str(a) for a in self.asked_actions()}

    def asked_actions(self) -> list[Any]:
        state = self.app.session.state
        return [find_action(state, text) for text in self.step.ask]

    def filter(self, legal: list[Any]) -> list[Any]:
        """The legal actions the table offers in this step: only the asked ones, and only while asking."""
        if self.phase != ASK:
            return []
        asked = self.asked()
        return [a for a in legal if str(a) in asked]

    def try_text(self) -> str:
        """What a wrong click hears: a friendly pointer to the asked action."""
        self.wrong_clicks += 1
        if self.phase != ASK:
            return "This step is done: press Next step (or Retry step)."
        return "Not this time - try: " + (self.step.try_text or self.describe_ask())

    def describe_ask(self) -> str:
        view, state = self.app.view, self.app.session.state
        words = []
        for a in self.asked_actions():
            try:
                words.append(view.explain(a, a.to_dict(), state) or view.describe(a, a.to_dict()))
            except Exception:  # a tooltip problem must not hide what is asked
                words.append(str(a))
        return " or ".join(words)

    # -- moving through the steps ----------------------------------------------------------------------------
    def show_step(self, index: int) -> None:
        """Sets the table to step `index`'s position and asks for its action."""
        app = self.app
        self.index = max(0, min(index, len(self.tutorial.steps) - 1))
        state = self.tutorial.start_state(self.index)
        app.settle()
        app.session.timeline.reset(state.clone())
        app.session.notes.clear()
        app.view.build(app.session.state)
        app._frame_due = True      # a new position: frame the table around it once
        self.phase, self.events, self.pending = ASK, [], []
        self.rng = random.Random(CHANCE_SEED)   # chance after the scripted replies: drawn as the tests draw it
        app.deselect()
        self.save_progress(self.index)
        self.render()
        app.refresh()

    def next(self) -> None:
        if self.index + 1 < len(self.tutorial.steps):
            self.show_step(self.index + 1)
        else:
            self.save_progress(0, finished=True)
            self.app.end_tutorial()

    def retry(self) -> None:
        self.show_step(self.index)

    def back(self) -> None:
        self.show_step(self.index - 1)

    def on_move(self, move: Any) -> None:
        """The app is about to animate `move`: the asked action (then the replies) or a reply."""
        self.events += list(move.events)
        if self.phase == ASK:
            self.phase = REPLIES
            self.pending = list(self.step.then)

    def tick(self) -> None:
        """An idle frame (no animation): plays the next scripted reply, or finishes the step."""
        app = self.app
        if self.phase != REPLIES:
            if app._ui_dirty:
                app.refresh()
            return
        timeline = app.session.timeline
        if self.pending:
            reply = find_action(timeline.state, self.pending.pop(0))
            move = timeline.play_chance(reply) if timeline.at_chance() else timeline.apply(reply)
            app._play(move)
            return
        if timeline.at_chance():
            app._play(timeline.play_chance(draw_chance(timeline.state, self.rng)))
            return
        self.phase = DONE
        if self.index + 1 >= len(self.tutorial.steps):
            self.save_progress(0, finished=True)
        else:
            self.save_progress(self.index + 1)
        self.render()
        app.refresh()

    # -- progress --------------------------------------------------------------------------------------------
    def save_progress(self, index: int, finished: bool = False) -> None:
        settings = self.app.settings
        progress = dict(settings.get(PROGRESS_KEY) or {})
        entry = dict(progress.get(self.tutorial.id) or {})
        entry["step"] = index
        if finished:
            entry["finished"] = True
        progress[self.tutorial.id] = entry
        settings.set(PROGRESS_KEY, progress)

    # -- what the player sees ------------------------------------------------------------------------------
    def card(self) -> str:
        """The tutorial card's text (the info region's first lines): the step, then what happened once done.
        The explanation comes before the event list, so a small window that cuts the card keeps the why (the
        events are in the log too)."""
        t, step = self.tutorial, self.step
        if self.phase == DONE:
            lines = [f"{step.title} - done. {step.after}".rstrip(), "What happened:"]
            return "\n".join(lines + ["- " + e.text for e in self.events])
        intro = [t.intro] if t.intro and self.index == 0 else []
        return "\n".join([step.title] + intro + [step.text])

    def bar_title(self) -> str:
        """The action bar's title in a tutorial: which tutorial and step."""
        return f"{self.tutorial.title} - step {self.index + 1} of {len(self.tutorial.steps)}"

    def render(self) -> None:
        from triptych.client3d.fonts import printable

        self.app.hud.set_lesson(printable(self.card(), self.app.hud.font))

    def buttons(self) -> list[tuple]:
        """The tutorial's buttons in the action bar (after the game's own)."""
        last = self.index + 1 >= len(self.tutorial.steps)
        out: list[tuple] = []
        if self.phase == DONE:
            out.append(("Finish tutorial" if last else "Next step", self.next))
        out.append(("Retry step", self.retry))
        if self.index > 0:
            out.append(("Previous step", self.back))
        if self.phase == ASK and not last:
            out.append(("Skip step", lambda: self.show_step(self.index + 1)))
        return out

    def decorate(self) -> None:
        """Marks where the asked action starts (nothing selected yet), so the player sees what to click."""
        app = self.app
        if self.phase != ASK or app.selected is not None:
            return
        state = app.session.state
        for a in self.asked_actions():
            keys = app.view.source_of(a, a.to_dict(), state)
            if keys:
                try:
                    app.view.highlight(state, keys[0], {})   # drawn as a selection: "start here"
                except Exception:  # a view that cannot mark this key still plays the step
                    app.view.highlight(state, None, {})
                return

    def close(self) -> None:
        self.app.hud.set_lesson("")


def resume_step(settings, tutorial: Tutorial) -> int:
    """Where the player left `tutorial` (the saved next step), 0 for a new or finished one."""
    entry = (settings.get(PROGRESS_KEY) or {}).get(tutorial.id) or {}
    step = entry.get("step", 0) if isinstance(entry, dict) else 0
    return step if isinstance(step, int) and 0 <= step < len(tutorial.steps) else 0
