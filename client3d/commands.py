"""The toolbar's commands on the game: undo and redo, save and load through the file dialog, replays, analysis.

A mixin of :class:`~triptych.client3d.app.TabletopApp` (it uses the app's
session, view, HUD and animation): the app is the turn loop, this is what the
buttons and their keys do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from triptych.client3d.session import LoadError


class Commands:
    # -- undo / redo -----------------------------------------------------------------------------------------
    def _keep_player(self) -> int | None:
        return self.options.human if self.options.mode == "vs-ai" else None

    def undo(self) -> None:
        """Takes back the last decision (chance-safe); in a replay, one action back."""
        if self.replay_mode is not None:
            self.replay_mode.go("prev")
            return
        if getattr(self, "tutorial", None) is not None:  # in a tutorial, Undo is Retry: the step's position again
            self.tutorial.retry()
            return
        if self.session is None or self.animating:
            return
        self.thinker.cancel()
        self.hud.set_thinking(None)
        if not self.session.undo(self._keep_player()):
            self.hud.set_message(self.session.notes[-1])
            self.deselect()
        else:
            self.after_position_change(rebuild=True)

    def redo(self) -> None:
        """Plays again what Undo took back, as it was (a recorded roll is replayed, never redrawn)."""
        if self.replay_mode is not None:
            self.replay_mode.go("next")
            return
        if getattr(self, "tutorial", None) is not None:
            return
        if self.session is None or self.animating:
            return
        if not self.session.timeline.can_redo:
            self.note("Redo: nothing was undone")
            self._ui_dirty = True
            return
        self.thinker.cancel()
        self.hud.set_thinking(None)
        self.session.timeline.redo(self._keep_player())
        self.after_position_change(rebuild=True)

    def after_position_change(self, rebuild: bool = True) -> None:
        """The game in play jumped (undo, redo, load, a replay closed): redraw it and analyse it."""
        self.hud.hide_banner()
        self._banner_shown = False
        self.hints.clear()
        if rebuild and self.view is not None and self.session is not None:
            self.view.build(self.session.state)
        self.deselect()
        self.analysis.show(self.shown_state())

    def shown_state(self) -> Any:
        """The position on the table: the replay's shown step, else the game in play."""
        if self.replay_mode is not None:
            return self.replay_mode.replay.state
        return self.session.state if self.session is not None else None

    # -- files -----------------------------------------------------------------------------------------------
    def _dialog_start(self) -> tuple[Path, str]:
        """Where the file dialog opens: the file last used this session, else the remembered folder, else here."""
        path = Path(self.options.save_path)
        folder = path.parent if path.is_absolute() else (self.settings.last_folder or Path.cwd())
        return folder, path.name

    def _remember(self, path: Path) -> None:
        self.options.save_path = path
        self.settings.last_folder = path.parent

    def _file_dialog(self, mode: str, on_choose, title: str) -> Any:
        from triptych.client3d.file_dialog import FileDialog

        folder, name = self._dialog_start()
        # Open offers a name only when that file is there (the one used this session), never a default.
        if mode == "open" and not (folder / name).is_file():
            name = ""
        self.file_dialog = FileDialog(self.hud, mode, folder, name, on_choose, title,
                                      on_folder=lambda folder: setattr(self.settings, "last_folder", folder))
        return self.file_dialog

    def save(self) -> None:
        if self.session is None or self.start_screen is not None:
            return
        self._file_dialog("save", self.save_to, "Save the game")

    def save_to(self, path: Path) -> None:
        try:
            self.session.save(path)
            self._remember(Path(path).resolve())
        except OSError as err:
            self.note(f"Could not save to {path}: {err.strerror or err}.")
        self._ui_dirty = True

    def load(self, path: Path | str | None = None) -> None:
        """Opens a saved game (or a match record, as a replay): `path`, or one chosen in the file dialog.
        A position string (docs/rules/<game>.md), given here or typed in the dialog's name field, loads too."""
        if self.session is None or self.start_screen is not None:
            return
        if path is not None:
            self.guarded("Loading", lambda: self._load(path))
            return
        self.guarded("Loading", lambda: self._file_dialog(
            "open", self._load, "Open a saved game, a match record to replay, or type a position string"))

    def _load(self, path: Path | str) -> None:
        from triptych.positions import is_position_string

        if isinstance(path, str) and is_position_string(path):
            self._load_position(path)
            return
        path = Path(path)
        if _is_record(path):
            self.open_replay_file(path)
            return
        self.thinker.cancel()
        try:
            self.session.load(path)
        except LoadError as err:
            self.note(str(err))
            self._ui_dirty = True
            return
        self._remember(Path(path).resolve())
        self.replay_mode = None
        self.after_position_change()

    def _load_position(self, text: str) -> None:
        self.thinker.cancel()
        try:
            self.session.load_position(text)
        except LoadError as err:
            self.note(str(err))
            self._ui_dirty = True
            return
        self.replay_mode = None
        self.after_position_change()

    # -- replays -----------------------------------------------------------------------------------------------
    def open_replay_file(self, path: Path, game_number: int = 0) -> bool:
        from triptych.client3d.replay import ReplayError, open_replay

        try:
            replay = open_replay(Path(path), game_number)
        except ReplayError as err:
            if self.session is not None:
                self.note(str(err))
                self._ui_dirty = True
            return False
        self._remember(Path(path).resolve())
        self.open_replay(replay)
        return True

    def review(self) -> None:
        """Steps through the game in play from its start (chance outcomes as they fell); Close comes back."""
        from triptych.client3d.replay import from_timeline

        if self.session is None or self.replay_mode is not None or self.animating:
            return
        self.open_replay(from_timeline(self.session.timeline))

    def open_replay(self, replay: Any) -> None:
        from triptych.client3d.replay_controls import ReplayMode

        self.thinker.cancel()
        self.hud.set_thinking(None)
        start = replay.states[0]
        variant = start.to_dict().get("variant") if replay.game == "combat" else None
        if self.session is None or self.options.game != replay.game or (variant and variant != self.options.variant):
            self.start_game(replay.game, variant, "hotseat")
        self.hud.hide_banner()
        self.deselect(refresh=False)
        self.replay_mode = ReplayMode(self, replay)
        self.replay_mode.show()
        self._update_tools()

    def replay_key(self, where: str) -> None:
        if self.replay_mode is not None and self.hud.dialog is None:
            self.replay_mode.go(where)

    def animate_step(self, step: Any, final_state: Any) -> None:
        """Animates a recorded step, then draws `final_state` (replays: the app's game is not touched)."""
        from direct.interval.IntervalGlobal import Func, Sequence

        self.animating = True
        try:
            ival = self.view.animate(step)
        except Exception as err:  # a drawing problem never blocks the replay: show the result
            self.note(f"(animation skipped: {err})")
            ival = Sequence()
        if self.options.anim_speed != 1.0:
            ival.set_play_rate(self.options.anim_speed)

        def done() -> None:
            self.animating = False
            if self.replay_mode is not None:
                self.replay_mode.show()

        self._current = Sequence(ival, Func(done), name="replay-step")
        self._current.start()

    def toggle_analysis(self) -> None:
        if self.session is not None and self.start_screen is None:
            self.analysis.toggle()


def _is_record(path: Path) -> bool:
    """Whether `path` holds match records (replayed) rather than a saved position (loaded)."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return False
    return isinstance(data, list) or (isinstance(data, dict) and ("games" in data or "actions" in data))
