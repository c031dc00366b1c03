"""The tabletop app: one window, one game at a time, clicks -> engine actions.

Flow of a turn: the view draws the engine's state; a click picks a key
(``picking``); the app looks the key up among the *legal actions* the engine
listed (the view only maps actions to keys); playing an action applies it to
the engine, the view animates before -> after, then redraws from the
engine's state. AI turns are searched in a background thread (``players``)
while frames keep rendering; chance (dice, cards) is drawn from the engine's
own outcome distribution.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from triptych import IllegalActionError
from triptych.client3d import config
from triptych.client3d.commands import Commands
from triptych.client3d.fonts import printable
from triptych.client3d.help_pages import help_page
from triptych.client3d.session import Move, Session, new_state

MODES = ("hotseat", "vs-ai", "ai-vs-ai")


@dataclass
class ClientOptions:
    game: str | None = None            # None: show the start screen
    variant: str | None = None         # combat variant, v01..v10
    mode: str = "hotseat"              # hotseat | vs-ai | ai-vs-ai
    ai_level: str = "club"
    human: int = 0                     # the human's seat against the AI
    first: int = 0                     # who starts (two-player games)
    seed: int | None = None
    position: Path | None = None       # a saved game (the engine's JSON)
    offscreen: bool = False
    screenshot: Path | None = None
    ai_moves: int = 0                  # AI plays this many actions for whoever is to move, first
    size: tuple[int, int] = (1280, 800)
    fixed_clock: bool = False
    save_path: Path = field(default_factory=lambda: Path("triptych-save.json"))
    anim_speed: float = 1.0
    replay: Path | None = None         # a match record (or saved game) to step through
    settings_path: Path | None = None  # the remembered settings (None: the user's config folder)
    analysis_spec: str | None = None   # the analysis panel's AI (None: per game, see analysis.SPECS)
    tutorial: bool = False             # start the game's tutorial (client3d/tutorial.py) instead of a game


class TabletopApp(Commands):
    def __init__(self, options: ClientOptions) -> None:
        from direct.showbase.ShowBase import ShowBase

        from triptych.client3d.analysis import Analysis
        from triptych.client3d.camera import OrbitCamera, View
        from triptych.client3d.hint_panel import HintPanel
        from triptych.client3d.hud import Hud
        from triptych.client3d.picking import Picker
        from triptych.client3d.players import Thinker
        from triptych.client3d.settings import Settings
        from triptych.client3d.table import build_lights, build_table

        self.options = options
        if not options.offscreen and not config.has_display():
            raise config.NoDisplayError(config.NO_DISPLAY_HELP)
        config.configure(options.offscreen, options.size)
        try:
            self.base = ShowBase(windowType="offscreen" if options.offscreen else None)
        except Exception as err:  # Panda3D raises a bare Exception when no window can be opened
            raise config.NoDisplayError(f"{err}\n{config.NO_DISPLAY_HELP}") from None
        if options.fixed_clock or options.offscreen:
            config.fixed_clock(self.base)
        self.table = build_table(self.base)
        build_lights(self.base)
        self.camera = OrbitCamera(self.base, View())
        self.picker = Picker(self.base)
        self.hud = Hud(self.base)
        self.hud.request = lambda: self.view.layout_request() if self.view is not None else _default_request()
        self.hud.on_layout = lambda regions, size: self.view.place_hud(regions, size) if self.view else None
        self.thinker = Thinker()
        self.settings = Settings(options.settings_path)
        self.replay_mode: Any = None       # a replay being stepped through (replay_controls.ReplayMode)
        self.file_dialog: Any = None
        self.analysis = Analysis(self, options.analysis_spec)
        self.hints = HintPanel(self)       # the Hint button and H (client3d/hint_panel.py)
        self.session: Session | None = None
        self.view: Any = None
        self.start_screen: Any = None
        self.tutorial: Any = None          # a tutorial being played (tutorial.TutorialMode)
        self.animating = False
        self.selected: str | None = None
        self.sources: dict[str, list[Any]] = {}
        self.targets: dict[str, list[Any]] = {}
        self.ai_budget = 0
        self._ai_players: dict[int, Any] = {}
        self._ui_dirty = True
        self._banner_shown = False
        self.hud.set_toolbar([("New", self.new_game), ("Menu", self.show_start_screen), ("Undo", self.undo),
                              ("Redo", self.redo), ("Save", self.save), ("Load", self.load),
                              ("Analyse", self.toggle_analysis), ("Hint", self.hints.request),
                              ("Help", self.toggle_help), ("View", self.reframe),
                              ("Network", self.toggle_network)])
        self.base.accept("mouse1", self.on_click)
        self.base.accept("f1", self.toggle_help)
        self.base.accept("escape", self.escape)
        self.base.accept("l", self.hud.toggle_log)
        self.base.accept("control-z", self.undo)
        self.base.accept("control-y", self.redo)
        self.base.accept("f2", self.toggle_analysis)
        self.base.accept("h", self.hints.request)
        self.base.accept("f5", self.review)
        for key, where in ((",", "prev"), (".", "next"), ("[", "first"), ("]", "last")):
            self.base.accept(key, self.replay_key, [where])
        self.base.accept("n", self.toggle_network)
        for key, lines in (("page_up", -12), ("page_down", 12)):
            self.base.accept(key, self.scroll, [lines])
        self._base_min_fov = self.base.camLens.get_min_fov()
        self._hover_key: str | None = None
        self._hover_point: tuple[float, float] | None = None   # a scripted mouse position (tests)
        self._frame_due = True                                  # frame the table at the next frame
        self.base.task_mgr.add(self._tick, "triptych-tick", sort=30)
        self.base.task_mgr.add(self._layout_task, "triptych-layout", sort=40)
        if options.game is None:
            self.show_start_screen()
        elif options.tutorial:
            self.start_tutorial(options.game, options.variant)
        else:
            self.start_game(options.game, options.variant, options.mode, options.ai_level,
                            options.human, options.first, options.position)
        self.ai_budget = options.ai_moves
        if options.replay is not None and not self.open_replay_file(options.replay):
            raise ValueError(f"cannot replay {options.replay}")

    # -- games -----------------------------------------------------------------------------------------------
    def start_game(self, game: str, variant: str | None = None, mode: str = "hotseat", ai_level: str = "club",
                   human: int = 0, first: int = 0, position: Path | None = None) -> None:
        from triptych.client3d.views import view_class

        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
        self.thinker.cancel()
        if self.animating:  # a move still animating belongs to the table about to be cleared
            self._current.pause()
            self.animating = False
        self.replay_mode = None
        self.end_tutorial()
        self.hints.clear()
        self.close_start_screen()
        self.hud.close_dialog()
        o = self.options
        o.game, o.variant, o.mode, o.ai_level, o.human, o.first = game, variant, mode, ai_level, human, first
        state = new_state(game, variant, o.seed, first)
        self.session = Session(game, state, seed=o.seed, variant=variant)
        if position is not None:
            self.session.load(position)
        if self.view is not None:
            self.view.destroy()
        self.view = view_class(game)(self)
        if getattr(self.view, "player_names", None):
            self.session.player_names = tuple(self.view.player_names)
        self.camera.home = self.view.home_view()
        self.camera.reset()
        self.camera.snap()
        self._ai_players = {}
        self.view.build(self.session.state)
        self.hud.relayout()          # the view may ask for other space (a hand, a side panel)
        self._frame_due = True       # a new view: frame the table once, here, never on a selection
        self.hud.hide_banner()
        self._banner_shown = False
        self._update_tools()
        self.deselect()
        self.analysis.show(self.session.state)

    def start_tutorial(self, game: str, variant: str | None = None, step: int | None = None,
                       tutorial: Any = None) -> None:
        """Starts the tutorial of `game` (Combat: of the variant), or `tutorial` itself, on the table, at `step`
        or where the player left it (client3d/tutorial.py)."""
        from triptych.client3d.tutorial import TutorialMode, resume_step
        from triptych.tutorials import for_game

        tutorial = tutorial or for_game(game, variant)
        if tutorial is None:
            raise ValueError(f"no tutorial for {game}{' ' + variant if variant else ''} yet")
        self.start_game(game, tutorial.variant, "hotseat")
        self.tutorial = TutorialMode(self, tutorial)
        self._update_tools()
        self.tutorial.show_step(resume_step(self.settings, tutorial) if step is None else step)

    def end_tutorial(self) -> None:
        if self.tutorial is not None:
            self.tutorial.close()
            self.tutorial = None
            self._update_tools()
            self._ui_dirty = True

    def unsaved_game(self) -> bool:
        """Whether a game in progress would be lost (a decision made, the game not over)."""
        s = self.session
        return s is not None and s.modified and not s.is_over() and self.tutorial is None

    def guarded(self, what: str, action) -> None:
        """Runs `action` at once, or after the player confirms discarding the game in progress."""
        if self.unsaved_game():
            self.hud.ask(f"{what} discards the game in progress. Save it first, or discard it?", action,
                         extra=("Save first", self.save))
        else:
            action()

    def new_game(self) -> None:
        o = self.options
        if o.game is None:
            self.show_start_screen()
            return
        self.guarded("A new game", lambda: self.start_game(o.game, o.variant, o.mode, o.ai_level, o.human, o.first))

    def show_start_screen(self) -> None:
        from triptych.client3d.start_screen import StartScreen

        self.hud.close_dialog()
        if self.start_screen is None:
            self.start_screen = StartScreen(self, self.options, can_cancel=self.session is not None)
            self.start_screen.fit(self.hud.extent()[0])
        self._update_tools()

    def close_start_screen(self) -> None:
        """Dismisses the start screen (Cancel, Escape, a click outside); the game beneath goes on."""
        if self.start_screen is not None:
            self.start_screen.destroy()
            self.start_screen = None
            self._ui_dirty = True
        self._update_tools()

    def _update_tools(self) -> None:
        """Shows only the toolbar buttons that do something here."""
        hidden = set()
        if self.start_screen is not None or self.session is None:
            hidden = {"Undo", "Redo", "Save", "Load", "View", "Analyse", "Hint"}
        if self.start_screen is not None or not hasattr(self.view, "toggle_network"):
            hidden.add("Network")   # Hexfleet's power network overlay
        if self.tutorial is not None:  # a tutorial's steps are its own undo (Retry) and positions
            hidden |= {"Undo", "Redo", "Save", "Load", "Analyse", "Hint"}
        self.hud.show_tools(hidden)

    def toggle_network(self) -> None:
        """N or the Network button: the view draws the engine's power network (Hexfleet), or hides it."""
        if self.view is not None and self.start_screen is None and hasattr(self.view, "toggle_network"):
            self.view.toggle_network()

    def escape(self) -> None:
        """Escape closes what is open, top first: a question, the help, the game-over banner, the expanded log,
        the start screen, the selection."""
        if self.hud.dialog is not None:
            self.hud.close_dialog()
        elif not self.hud.help_frame.is_hidden():
            self.hud.toggle_help()
        elif self.hud.banner_shown():
            self.hud.hide_banner()
        elif self.hud.log_expanded:
            self.hud.toggle_log()
        elif self.start_screen is not None and self.session is not None:
            self.close_start_screen()
        else:
            self.deselect()

    def scroll(self, lines: int) -> None:
        if not self.hud.help_frame.is_hidden():
            self.hud.scroll_help(lines)
        else:
            (self.hud.scroll_log_older if lines < 0 else self.hud.scroll_log_newer)()

    # -- players ---------------------------------------------------------------------------------------------
    def ai_seat(self, player: int) -> bool:
        mode = self.options.mode
        if self.ai_budget > 0 or mode == "ai-vs-ai":
            return True
        return mode == "vs-ai" and player != self.options.human

    def human_turn(self) -> bool:
        s = self.session
        return (s is not None and not self.animating and not s.is_over() and not s.at_chance()
                and not self.ai_seat(s.to_move) and self.start_screen is None and self.replay_mode is None
                and (self.tutorial is None or self.tutorial.awaiting()))

    def _ai_player(self, player: int) -> Any:
        from triptych.client3d.players import make_ai

        if player not in self._ai_players:
            level = self.options.ai_level if self.ai_budget == 0 or self.options.mode != "hotseat" else "demo"
            seed = None if self.options.seed is None else self.options.seed + player
            self._ai_players[player] = make_ai(level, self.session.state, seed)
        return self._ai_players[player]

    # -- the frame loop ----------------------------------------------------------------------------------------
    def _layout_task(self, task):
        """Follows the window's size: the HUD lays itself out again and the table is framed in what is left.

        The table is framed once per window size and view (a new game, the View button), never because a
        panel's content changed: the board stays still under the cursor."""
        size = (self.base.win.get_x_size(), self.base.win.get_y_size())
        lens = self.base.camLens
        # ShowBase resets the lens on window events; whatever changed it, frame the table again.
        if (self._frame_due or size != getattr(self, "_framed_size", None)
                or (lens.get_film_offset(), lens.get_film_size()) != getattr(self, "_framed_lens", None)):
            self.hud.maybe_layout()
            self.frame_board()
            if self.start_screen is not None:
                self.start_screen.fit(self.hud.extent()[0])
        self._hover()
        return task.cont

    def frame_board(self) -> None:
        """Projects the table into the HUD's free rectangle, so no panel covers the board; the view's whole
        drawing (its trays too) fits in it, seen from the home view."""
        from triptych.client3d.camera import fit_bounds, frame_lens

        w, h = self.base.win.get_x_size(), self.base.win.get_y_size()
        frame_lens(self.base.camLens, (w, h), self.hud.extent(), self.hud.board_rect, self._base_min_fov)
        if self.view is not None:
            fit_bounds(self.base, self.base.camLens, (w, h), self.hud.extent(), self.hud.board_rect,
                       self.view.framed_nodes(), self.camera.home)
        self._framed_size, self._frame_due = (w, h), False
        lens = self.base.camLens
        self._framed_lens = (lens.get_film_offset(), lens.get_film_size())

    def framed_lens(self, size: tuple[int, int]) -> tuple[Any, tuple[float, float, float, float]]:
        """The lens and table rect the framing would give in a window of `size` (tests: an offscreen buffer
        cannot be resized). The real window's framing is untouched."""
        from triptych.client3d.camera import fit_bounds, frame_lens
        from triptych.client3d.layout import extent

        self.hud.lay_out_for(size)
        rect = self.hud.board_rect
        self.hud.restore()
        lens = self.base.camLens.make_copy()
        frame_lens(lens, size, extent(size), rect, self._base_min_fov)
        fit_bounds(self.base, lens, size, extent(size), rect, self.view.framed_nodes(), self.camera.home)
        return lens, rect

    def reframe(self) -> None:
        """The View button: the home view, framed again."""
        self.camera.reset()
        self._frame_due = True

    def _hover(self, force: bool = False) -> None:
        """A tooltip for what is under the mouse on the table (buttons set their own). `force`: the state
        changed, so the text is worked out again even if the mouse is over the same thing."""
        if self.session is None or self.start_screen is not None or self.view is None:
            return
        if self._hover_point is not None:
            x, y = self._hover_point
        else:
            mw = self.base.mouseWatcherNode
            if mw is None or not mw.has_mouse() or mw.is_over_region():
                return
            m = mw.get_mouse()
            x, y = m.x, m.y
        self._hover_frame = getattr(self, "_hover_frame", 0) + 1
        if self._hover_frame % 6 and not force:
            return  # a pick every few frames is plenty for a tooltip
        key = self.picker.pick_at(x, y)
        if key != self._hover_key or force:
            self._hover_key = key
            self.hud.set_tip(self.tooltip_for(key))

    def hover_at(self, x: float, y: float) -> None:
        """Holds the mouse at film point (x, y) (tests and scripts): the tooltip follows it like a real one."""
        self._hover_point = (x, y)
        self._hover(force=True)

    def tooltip_for(self, key: str | None) -> str:
        """What hovering `key` says: what it is, and what clicking it would do now."""
        if key is None or self.session is None:
            return ""
        s = self.session
        text = self.view.explain_key(key, s.state)
        if self.selected is not None and key in self.targets:
            acts = self.targets[key]
            text += " - click: " + "; ".join(self.view.explain(a, a.to_dict(), s.state) or
                                              self.view.describe(a, a.to_dict()) for a in acts[:3])
        elif key in self.sources:
            n = len(self.sources[key])
            text += f" - click for {n} action{'s' if n != 1 else ''}"
        return text

    def _tick(self, task):
        s = self.session
        if s is None or self.start_screen is not None or self.replay_mode is not None:
            return task.cont  # a replay is stepped by the player: no AI, no chance
        if self.thinker.busy:
            self.hud.set_thinking(s.name_of(s.to_move))
        if self.animating:
            return task.cont
        if self.tutorial is not None:   # the tutorial plays its scripted replies: no AI, no random chance
            self.tutorial.tick()
            return task.cont
        if s.is_over():
            if not self._banner_shown:
                self._show_game_over()
            return task.cont
        if s.at_chance():
            self._play(s.roll_chance())
            return task.cont
        if self.ai_seat(s.to_move):
            self._ai_step()
        elif self._ui_dirty:
            self.refresh()
        return task.cont

    def _ai_step(self) -> None:
        s = self.session
        if not self.thinker.busy:
            self.deselect(refresh=False)
            self.hud.set_actions([])
            self._refresh_status()
            self.thinker.start(self._ai_player(s.to_move), s.state)
            return
        try:
            action = self.thinker.result()
        except Exception as err:  # a search failure must not end the game: fall back to the first legal action
            self.note(f"AI error: {err}")
            action = s.legal_actions()[0]
        if action is None:
            return
        self.hud.set_thinking(None)
        if self.ai_budget > 0:
            self.ai_budget -= 1
            if self.ai_budget == 0:
                self._ai_players = {}  # seats go back to the chosen mode and level
        self._play(s.apply(action))

    def _play(self, move: Move) -> None:
        from direct.interval.IntervalGlobal import Func, Sequence

        if not move.chance:
            self.session.notes.clear()  # an old "not allowed" no longer applies
        if self.tutorial is not None:
            self.tutorial.on_move(move)
        self.hints.clear()              # a hint is about the position before this action

        self.animating = True
        self.selected = None
        self.view.highlight(self.session.state, None, {})
        self.hud.set_actions([])
        self._refresh_status()
        try:
            ival = self.view.animate(move)
        except Exception as err:  # a drawing problem must never lose the move: show the result directly
            self.note(f"(animation skipped: {err})")
            ival = Sequence()
        if self.options.anim_speed != 1.0:
            ival.set_play_rate(self.options.anim_speed)
        self._current = Sequence(ival, Func(self._after_play), name="move")
        self._current.start()

    def _after_play(self) -> None:
        self.view.build(self.session.state)
        self._stale_hover()
        self.animating = False
        self._ui_dirty = True
        self.analysis.show(self.session.state)

    def settle(self) -> None:
        """Finishes a running animation at once (tests, screenshots)."""
        if self.animating:
            self._current.finish()

    # -- human input -----------------------------------------------------------------------------------------
    def on_click(self) -> None:
        if self.start_screen is not None:
            if not self._mouse_over_button() and self.session is not None:
                self.close_start_screen()  # a click outside the menu dismisses it
            return
        if not self.hud.help_frame.is_hidden() or self.hud.dialog is not None:
            return
        if self.hud.banner_shown():
            if not self._mouse_over_button():
                self.hud.hide_banner()  # a click beside its buttons closes the banner: the final position shows
            return
        if self._mouse_over_button():
            return  # a press on a button belongs to the button, not to the table beneath it
        self.click_key(self.picker.pick_mouse())

    def note(self, text: str) -> None:
        """A message to the player, shown at once above the table."""
        self.session.note(text)
        self.hud.set_message(printable(text, self.hud.font))

    def _mouse_over_button(self) -> bool:
        mw = self.base.mouseWatcherNode
        return mw is not None and mw.is_over_region()

    def click_at(self, x: float, y: float) -> str | None:
        """A left click at film point (x, y): what the mouse handler does, for tests and scripts. A 2D control
        with a pick key there (a Combat hand card) takes the click, as it takes the mouse's."""
        from triptych.client3d.picking import gui_key_at

        key = gui_key_at(self.base, x, y) or self.picker.pick_at(x, y)
        self.click_key(key)
        return key

    def click_key(self, key: str | None) -> None:
        if not self.human_turn():
            if self.tutorial is not None and not self.animating and self.start_screen is None:
                self.note(self.tutorial.try_text())   # a step already played: say what to press
            return
        if self.selected is not None and key in self.targets:
            actions = self.targets[key]
            if len(actions) == 1:
                self.play_action(actions[0])
            else:  # several decisions land here (e.g. which unit to spawn): offer them as buttons
                self._offer(actions, "Choose:")
            return
        if key is not None and key in self.sources:
            self.select(key)
        else:
            if key is not None or self.selected is not None:
                self.note(self.why_not(key))
            self.deselect()

    def why_not(self, key: str | None) -> str:
        """Why a click did nothing, in a sentence."""
        s = self.session
        if self.tutorial is not None:
            return self.tutorial.try_text()
        if key is None:
            return f"Nothing there: {self.view.describe_key(self.selected, s.state)} stays unselected."
        name = self.view.describe_key(key, s.state)
        if self.selected is not None:
            return (f"{self.view.describe_key(self.selected, s.state)} cannot act on {name}: "
                    "only the highlighted places are legal.")
        return self.view.why_idle(key, s.state) or f"{name}: nothing {s.name_of(s.to_move)} can do with it now."

    def select(self, key: str) -> None:
        s = self.session
        self.selected = key
        actions = self.sources[key]
        self.targets = {}
        for action in actions:
            target = self.view.target_of(action, action.to_dict(), s.state)
            if target is not None:
                self.targets.setdefault(target, []).append(action)
        self.view.highlight(s.state, key, self.targets)
        title = f"{self.view.describe_key(key, s.state)}:"
        if len(actions) > 8 and self.targets:
            # Too many for buttons (a Shipyard's spawns): click a lit target first, then choose there.
            actions = [a for a in actions if self.view.target_of(a, a.to_dict(), s.state) is None]
            title += " click a highlighted target"
        self._offer(actions, title)

    def deselect(self, refresh: bool = True) -> None:
        self.selected = None
        self.targets = {}
        if self.view is not None and self.session is not None:
            self.view.highlight(self.session.state, None, {})
        if refresh:
            self._ui_dirty = True

    def _offer(self, actions: list[Any], title: str) -> None:
        self._set_actions(self._entries(actions), title)

    def _set_actions(self, entries: list[tuple], title: str) -> None:
        """The action bar: the game's decisions, then the tutorial's buttons (Next, Retry...) in a tutorial."""
        if self.tutorial is not None:
            entries = entries + self.tutorial.buttons()
            title = title or self.tutorial.bar_title() + ":"
        self.hud.set_actions(entries, title)

    def _entries(self, actions: list[Any]) -> list[tuple]:
        """Buttons for `actions`: each kind of action in its fixed place, with what it would do as a tooltip."""
        s = self.session
        out = []
        used: set[int] = set()
        extra = len(self.view.action_order)
        for a in actions:
            data = a.to_dict()
            slot = self.view.action_slot(a, data)
            if slot is None or slot in used:  # a second action of a kind goes after every fixed place
                slot, extra = extra, extra + 1
            used.add(slot)
            try:
                tip = self.view.explain(a, data, s.state)
            except Exception:  # a tooltip must never cost the button
                tip = ""
            out.append((self.view.describe(a, data), (lambda a=a: self.play_action(a)), slot, tip))
        return out

    def play_action(self, action: Any) -> None:
        """Plays a human decision; the engine judges it."""
        if not self.human_turn():
            return
        if self.tutorial is not None and str(action) not in self.tutorial.asked():
            self.note(self.tutorial.try_text())   # not what this step asks: the step stays as it was
            return
        try:
            move = self.session.apply(action)
        except IllegalActionError as err:
            self.note(f"Not allowed: {err}")
            self._ui_dirty = True
            return
        self._play(move)

    # -- toolbar (undo, redo, save, load, replay, analysis: commands.py) ---------------------------------------
    def toggle_help(self) -> None:
        self.hud.toggle_help(printable(help_page(self.options.game, self.options.variant), self.hud.font))

    # -- drawing the HUD -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Recomputes what can be clicked from the engine's legal actions, and the HUD."""
        self._ui_dirty = False
        s = self.session
        if s is None:
            return
        if self.replay_mode is not None:
            self.replay_mode.refresh()
            return
        self.sources = {}
        free: list[Any] = []
        legal = s.legal_actions() if self.human_turn() else []
        if self.tutorial is not None:
            legal = self.tutorial.filter(legal)     # only the asked action can be played
        clickable: list[Any] = []
        for action in legal:
            keys = self.view.source_of(action, action.to_dict(), s.state)
            for key in keys:
                self.sources.setdefault(key, []).append(action)
            if not keys:
                free.append(action)
            elif self.view.list_all_actions:
                clickable.append(action)
        # Decisions with no place on the table come first, so the button bar never hides one.
        free += clickable
        self._refresh_status()
        if self.selected is not None and self.selected in self.sources:
            self.select(self.selected)
        else:
            self.selected = None
            if not self.hints.highlight():      # a hint shown stays lit until the next action
                self.view.highlight(s.state, None, {})
            self._set_actions(self._entries(free), "Actions:" if free else "")
            if self.tutorial is not None:
                self.tutorial.decorate()
        self._stale_hover()

    def _stale_hover(self) -> None:
        """The state changed: the hover line is worked out again at once (it named what is no longer there)."""
        self.hud.set_tip("")
        self._hover_key = None
        self._hover(force=True)

    def _refresh_status(self) -> None:
        s = self.session
        if s.is_over():
            status = "Game over - " + s.result_text()
        elif s.at_chance():
            status = "Rolling..."
        else:
            who = s.name_of(s.to_move)
            seat = " (AI)" if self.ai_seat(s.to_move) else ""
            left = getattr(s.state, "actions_left", None) if s.game != "combat" else None
            status = f"{who}{seat} to move" + (f" - {left} action{'s' if left != 1 else ''} left" if left else "")
        status = self.view.status_text(s, status)     # what the table shows now (a paced turn, dice in the air)
        self.hud.set_status(status, printable(self.view.info(s.state), self.hud.font))
        self.hud.set_log([printable(line, self.hud.font) for line in self.view.shown_log(s.log)])
        self.hud.set_threats(s.threats())
        self.hud.set_message(s.notes[-1] if s.notes else "")
        if not self.thinker.busy:
            self.hud.set_thinking(None)

    def _show_game_over(self) -> None:
        self._banner_shown = True
        self._refresh_status()
        self.hud.set_actions([])
        summary = self.session.summary()
        self.hud.show_banner(self.session.result_text(), "\n".join(summary),
                             [("Close", lambda: None), ("Review game", self.review), ("New game", self.new_game),
                              ("Menu", self.show_start_screen)])

    # -- running -----------------------------------------------------------------------------------------------
    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.base.task_mgr.step()

    def run_until_idle(self, max_frames: int = 3000, strict: bool = True) -> int:
        """Steps frames until no animation runs, no AI is due and no chance is pending; returns frames used."""
        for n in range(max_frames):
            s = self.session
            if s is None or self.start_screen is not None:
                self.step()
                return n + 1
            if self.replay_mode is not None and not self.animating:
                return n
            idle = (not self.animating and not self.thinker.busy and s is not None
                    and (s.is_over() or (not s.at_chance() and not self.ai_seat(s.to_move))))
            if idle and (not self._ui_dirty or (s.is_over() and self._banner_shown)):
                return n
            if self.thinker.busy:
                self.thinker._thread.join(0.01)  # let the search finish without burning frames
            self.step()
        if strict:
            raise RuntimeError("the client did not settle")
        self.settle()
        return max_frames

    def screenshot(self, path: Path) -> None:
        self.camera.snap()
        self.step(2)
        self.base.win.save_screenshot(str(path))

    def close(self) -> None:
        self.thinker.cancel()
        self.analysis.destroy()
        self.base.destroy()


def _default_request():
    from triptych.client3d.layout import Request

    return Request()


def launch(options: ClientOptions) -> int:
    """Opens the client; offscreen with a screenshot path, renders and writes the image. Returns an exit code."""
    app = TabletopApp(options)
    if options.offscreen:
        # AI against AI may play on for long: render what the table shows after a generous frame budget.
        app.run_until_idle(max_frames=3000 + 400 * options.ai_moves, strict=False)
        if options.screenshot is not None:
            app.screenshot(options.screenshot)
        app.close()
        return 0
    # Panda3D's task manager stops on Ctrl-C and returns as if the window had closed: say it was an
    # interrupt, so the command line exits 130 and not 0.
    interrupted: list[int] = []

    def on_sigint(signum: int, _frame: object) -> None:
        interrupted.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        app.base.run()
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted or getattr(app.base.taskMgr, "fKeyboardInterrupt", False):
        raise KeyboardInterrupt
    return 0
