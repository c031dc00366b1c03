"""Stepping through a replay on the table: the buttons, the keys and what each step shows.

While a replay is open the table shows ``replay.state`` instead of the game in
play; nothing can be clicked into it and no AI moves. Next animates the
recorded step (the view's own animation of that move, chance outcomes
included, so dice land on the faces that were rolled); Prev, First and Last
jump. "Play from here" leaves the replay with its shown position as a new game
in progress (hotseat); Close goes back to the game that was open before.

Keys: ``,`` previous, ``.`` next, ``[`` first, ``]`` last (the arrow keys orbit the camera).
"""

from __future__ import annotations

from typing import Any

from triptych.client3d.replay import Replay, ReplayError, from_record

KEYS = {",": "prev", ".": "next", "[": "first", "]": "last"}


class ReplayMode:
    def __init__(self, app: Any, replay: Replay) -> None:
        self.app = app
        self.replay = replay

    # -- navigation ------------------------------------------------------------------------------------------
    def go(self, where: str) -> None:
        """first | prev | next | last (the buttons and keys)."""
        app, r = self.app, self.replay
        if app.animating:
            app.settle()
        if where == "next":
            if r.index >= r.last:
                return
            r.next()
            step = r.step_into()
            app.animate_step(step, r.state)
            return
        {"first": r.first, "prev": r.prev, "last": r.end}[where]()
        self.show()

    def show(self) -> None:
        """Draws the shown position, the status and the buttons."""
        app = self.app
        app.view.build(self.replay.state)
        self.refresh()

    def refresh(self) -> None:
        app, r = self.app, self.replay
        state = r.states[r.index]
        title = f"Replay - {r.title}" if r.title else "Replay"
        end = ""
        if r.index == r.last and state.is_terminal():
            winner = state.winner
            end = "  - " + ("draw" if winner is None else f"{app.session.name_of(winner)} wins")
        app.hud.set_status(f"{title}\n{r.position_text()}{end}", app.view.info(state))
        app.hud.set_log(r.events_so_far())
        app.hud.set_threats([])
        app.hud.set_message("Replay: , and . step, [ and ] jump to the ends")
        app.hud.set_actions(self._buttons(), "Replay:")
        if app.analysis.on:
            app.analysis.show(state)

    def _buttons(self) -> list[tuple]:
        r = self.replay
        entries = [("|< First", lambda: self.go("first"), 0, "The starting position"),
                   ("< Prev", lambda: self.go("prev"), 1, "One action back (,)"),
                   ("Next >", lambda: self.go("next"), 2, "The next action, animated (.)"),
                   ("Last >|", lambda: self.go("last"), 3, "The final position"),
                   ("Play from here", self.play_from_here, 4, "Continue this position as a new game (hotseat)"),
                   ("Close replay", self.close, 5, "Back to the game that was open")]
        if len(r.games) > 1:
            entries += [("< Game", lambda: self.other_game(-1), 6, "The previous game of this match file"),
                        ("Game >", lambda: self.other_game(1), 7, "The next game of this match file")]
        return entries

    def other_game(self, delta: int) -> None:
        r = self.replay
        number = (r.game_number + delta) % len(r.games)
        try:
            other = from_record(r.games[number])
        except ReplayError as err:
            self.app.note(str(err))
            return
        other.games, other.game_number, other.source = r.games, number, r.source
        other.title = f"game {number + 1} of {len(r.games)}: {other.title}"
        self.replay = other
        self.show()

    # -- leaving ---------------------------------------------------------------------------------------------
    def play_from_here(self) -> None:
        app = self.app
        state = self.replay.state
        self.close(rebuild=False)
        app.session.timeline.reset(state)
        app.session.note(f"playing on from action {self.replay.index} of the replay")
        app.after_position_change()

    def close(self, rebuild: bool = True) -> None:
        app = self.app
        app.replay_mode = None
        if rebuild:
            app.after_position_change()
