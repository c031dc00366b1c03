"""The Hint button (and H): the AI's best action for the player to move, lit on the table and said in words.

The search is :func:`triptych.hint.hint` (a fixed budget: the same hint on
every machine). It can take a second, so it runs in a
:class:`~triptych.client3d.players.Thinker` (the background thread the
client uses for AI moves) while frames keep rendering. When it ends, the
action is lit with the view's own selection highlight (the thing that acts
and where it acts) and the words fill the bottom panel (``hud.set_hint``).
The next action played, an undo, a load or a new game clears it. A hint
reads a copy of the position: it is not a move and not an undo.
"""

from __future__ import annotations

from typing import Any

from triptych.client3d.fonts import printable


class _HintSearch:
    """What the thinker runs: ``search(state)`` is the hint, with the table's names for the sides."""

    def __init__(self, names: tuple[str, ...] | None) -> None:
        self.names = names

    def search(self, state: Any) -> Any:
        from triptych.hint import hint

        return hint(state, self.names)


class HintPanel:
    """``request()`` asks for a hint; ``hint`` is the one shown (None: none), ``wait()`` blocks for it (tests)."""

    def __init__(self, app: Any) -> None:
        from triptych.client3d.players import Thinker

        self.app = app
        self.thinker = Thinker()
        self.hint: Any = None
        self._asked: Any = None    # the position the running search is about
        app.base.task_mgr.add(self._poll, "triptych-hint", sort=36)

    def request(self) -> None:
        """The Hint button and H: search the position for the player to move (not during an AI's turn, a
        replay or a question)."""
        app = self.app
        if app.session is None or app.hud.dialog is not None or not app.hud.help_frame.is_hidden():
            return   # no game, or a question, the file dialog or the help page is open
        if app.tutorial is not None:   # a step asks for its own action; a hint could light another
            app.note("The lesson's card says what to play here; Hint is for your own games.")
            app._ui_dirty = True
            return
        if not app.human_turn():
            if app.start_screen is None and app.replay_mode is None:
                app.note("A hint is for your own turn.")
                app._ui_dirty = True
            return
        if self.thinker.busy and self._asked is not None:
            return   # already searching this position
        if self.thinker.busy:
            self.thinker._thread.join()   # an abandoned search (the position moved on) ends first
            self.thinker.result()
        self.clear()
        self._asked = app.session.state.clone()
        names = getattr(app.session, "player_names", None)
        self.thinker.start(_HintSearch(tuple(names) if names else None), self._asked, method="search")
        app.hud.set_hint("Hint: thinking...")

    def _poll(self, task: Any) -> Any:
        if self.thinker.busy:
            try:
                found = self.thinker.result()
            except Exception as err:  # a failed hint is said, never fatal
                if self._asked is not None:
                    self.app.hud.set_hint(f"Hint: not available ({err})")
                found = None
            if found is not None:
                self._show(found)
        return task.cont if task is not None else None

    def wait(self, timeout: float = 60.0) -> None:
        """Blocks until the hint is found and shown (tests, screenshots)."""
        if self.thinker.busy:
            self.thinker._thread.join(timeout)
        self._poll(None)

    def _show(self, found: Any) -> None:
        app = self.app
        if app.session is None or self._asked is None or app.session.state.to_dict() != self._asked.to_dict():
            return  # the position moved on while the hint was searched: it no longer applies
        self.hint = found
        app.hud.set_hint(printable(f"Hint ({found.player}): {found.words}", app.hud.font))
        self.highlight()

    def highlight(self) -> bool:
        """Lights the hinted action on the table (its source and target, as a selection shows them); returns
        whether it did (a hint stays lit until the next action, and a refresh with nothing selected keeps it)."""
        app = self.app
        if self.hint is None or app.view is None or app.session is None or app.selected is not None:
            return False
        action, state = self.hint.action, app.session.state
        data = action.to_dict()
        try:
            sources = app.view.source_of(action, data, state)
            target = app.view.target_of(action, data, state)
        except Exception:  # a view that cannot place it: the words still name it
            return False
        app.view.highlight(state, sources[0] if sources else None, {target: [action]} if target else {})
        return bool(sources or target)

    def clear(self) -> None:
        """Forgets the hint (the next action, undo, load, a new game). A search still running is left to end
        in its thread (it cannot be stopped, and waiting for it would freeze the table); its answer is dropped."""
        self._asked = None
        if self.hint is not None or self.app.hud.hint_words():
            self.hint = None
            self.app.hud.set_hint("")
