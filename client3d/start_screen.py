"""The start screen: game (and combat variant), mode, AI strength, who starts.

Each row is a button that cycles through its choices; Start begins the game.
``buttons`` maps labels to the click handlers, for tests.
"""

from __future__ import annotations

from typing import Any, Callable

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from triptych.client3d.players import PEOPLE_LEVELS
from triptych.levels import LEVEL_ALIASES
from triptych.games import GAMES

MODE_LABELS = {"hotseat": "Hotseat (two people, one table)", "vs-ai": "Against the AI", "ai-vs-ai": "AI against AI"}


def playable_games() -> list[str]:
    from triptych.client3d.views import VIEWS

    return [g for g in ("aquaignis", "hexfleet", "combat") if g in GAMES and g in VIEWS]


def combat_variants() -> list[str]:
    try:
        from triptych.games import load

        return list(load("combat").variant_ids())
    except Exception:
        return [f"v{i:02d}" for i in range(1, 11)]


def variant_title(variant: str) -> str:
    try:
        from triptych.games import load

        names = {v["id"]: v["name"] for v in load("combat").VARIANTS}
        return f"{variant} {names.get(variant, '')}".strip()
    except Exception:
        return variant


class StartScreen:
    def __init__(self, app, options, can_cancel: bool = False) -> None:
        self.app = app
        self.games = playable_games()
        self.choice: dict[str, Any] = {
            "game": options.game if options.game in self.games else self.games[0],
            "variant": options.variant or "v01",
            "mode": options.mode,
            "level": LEVEL_ALIASES.get(options.ai_level, options.ai_level),
            "first": options.first,
        }
        self.buttons: dict[str, Callable[[], Any]] = {}
        # An opaque backdrop over the whole window (the HUD and table beneath do not show through), the menu on it.
        self.backdrop = DirectFrame(parent=app.base.aspect2d, frameColor=(0.02, 0.025, 0.04, 1),
                                    frameSize=(-4, 4, -4, 4), sortOrder=50)
        self.frame = DirectFrame(parent=self.backdrop, frameColor=(0.05, 0.06, 0.09, 1),
                                 frameSize=(-1.0, 1.0, -0.8, 0.8))
        OnscreenText(parent=self.frame, text="Triptych", pos=(0, 0.6), scale=0.13, fg=(1, 0.86, 0.4, 1),
                     shadow=(0, 0, 0, 1))
        OnscreenText(parent=self.frame, text="AquaIgnis  -  Hexfleet  -  Combat, on one table", pos=(0, 0.5),
                     scale=0.045, fg=(0.8, 0.82, 0.88, 1))
        self.rows: dict[str, DirectButton] = {}
        self._captions: dict[str, OnscreenText] = {}
        for i, name in enumerate(("game", "variant", "mode", "level", "first")):
            caption = {"game": "Game", "variant": "Combat variant", "mode": "Mode", "level": "AI strength",
                       "first": "Who starts"}[name]
            self._captions[name] = OnscreenText(parent=self.frame, text=caption, pos=(-0.85, 0.3 - i * 0.15),
                                                scale=0.05, fg=(0.85, 0.87, 0.9, 1), align=TextNode.A_left)
            button = DirectButton(parent=self.frame, text="", pos=(0.25, 0, 0.3 - i * 0.15 + 0.012), scale=0.05,
                                  command=self._cycler(name), relief=DGG.FLAT, pad=(0.6, 0.3),
                                  frameColor=(0.2, 0.25, 0.34, 1), text_fg=(1, 1, 1, 1))
            self.rows[name] = button
            self.buttons[name] = self._cycler(name)
        start = DirectButton(parent=self.frame, text="Start", pos=(0, 0, -0.55), scale=0.08, command=self.start,
                             relief=DGG.FLAT, pad=(0.8, 0.35), frameColor=(0.2, 0.5, 0.3, 1),
                             text_fg=(1, 1, 1, 1))
        self.buttons["start"] = self.start
        # "Learn to play": the chosen game's tutorial on the table (client3d/tutorial.py)
        self.learn = DirectButton(parent=self.frame, text="Learn to play", pos=(-0.6, 0, -0.55), scale=0.06,
                                  command=self.learn_to_play, relief=DGG.FLAT, pad=(0.6, 0.3),
                                  frameColor=(0.22, 0.36, 0.5, 1), text_fg=(1, 1, 1, 1))
        self.widgets = [start, self.learn]
        if can_cancel:  # over a game in progress: Cancel (or Escape, or a click outside) goes back to it
            cancel = DirectButton(parent=self.frame, text="Cancel", pos=(0.6, 0, -0.55), scale=0.06,
                                  command=app.close_start_screen, relief=DGG.FLAT, pad=(0.6, 0.3),
                                  frameColor=(0.3, 0.3, 0.36, 1), text_fg=(1, 1, 1, 1))
            self.buttons["cancel"] = app.close_start_screen
            self.widgets.append(cancel)

        self._refresh()

    def _options(self, name: str) -> list[Any]:
        return {"game": self.games, "variant": combat_variants(), "mode": list(MODE_LABELS),
                "level": PEOPLE_LEVELS, "first": [0, 1]}[name]

    def _cycler(self, name: str) -> Callable[[], None]:
        def cycle() -> None:
            options = self._options(name)
            current = self.choice[name]
            i = options.index(current) if current in options else -1
            self.choice[name] = options[(i + 1) % len(options)]
            self._refresh()
        return cycle

    def _refresh(self) -> None:
        c = self.choice
        names = {"aquaignis": "AquaIgnis", "hexfleet": "Hexfleet", "combat": "Combat"}
        sides = {"aquaignis": ("AQUA", "IGNIS"), "hexfleet": ("Green", "Purple")}.get(c["game"], ("Player 1", "Player 2"))
        first = sides[c["first"]]
        texts = {"game": names.get(c["game"], c["game"]),
                 "variant": variant_title(c["variant"]) if c["game"] == "combat" else "(combat only)",
                 "mode": MODE_LABELS[c["mode"]], "level": c["level"],
                 "first": first if c["game"] != "combat" else "(you, against the Sentinel)"}
        for name, button in self.rows.items():
            button["text"] = texts[name]
            button.resetFrameSize()  # the frame follows the new text
            # Only the rows that mean something for this game are offered (Combat is one player, no AI seat).
            shown = self.offers(name)
            for widget in (button, self._captions[name]):
                widget.show() if shown else widget.hide()
        # The rows shown are packed from the top: no gaps where a hidden row would be.
        shown_rows = [name for name in self.rows if self.offers(name)]
        for i, name in enumerate(shown_rows):
            self._captions[name].setPos(-0.85, 0.3 - i * 0.15)
            self.rows[name].set_pos(0.25, 0, 0.3 - i * 0.15 + 0.012)
        if self.tutorial() is not None:
            self.learn.show()
            self.buttons["learn"] = self.learn_to_play
        else:
            self.learn.hide()
            self.buttons.pop("learn", None)
        for name, button in self.rows.items():
            shown = self.offers(name)
            if shown:
                self.buttons[name] = self._cycler(name)
            else:
                self.buttons.pop(name, None)

    def offers(self, row: str) -> bool:
        """Whether the start screen offers `row` for the chosen game."""
        game = self.choice["game"]
        if row == "variant":
            return game == "combat"
        if row in ("mode", "level", "first"):
            return game != "combat" and (row != "level" or self.choice["mode"] != "hotseat")
        return True

    def start(self) -> None:
        c = self.choice
        combat = c["game"] == "combat"
        begin = lambda: self.app.start_game(c["game"], c["variant"] if combat else None,  # noqa: E731
                                            "hotseat" if combat else c["mode"], c["level"], human=0,
                                            first=0 if combat else c["first"])
        self.app.guarded("Starting a new game", begin)

    def tutorial(self):
        """The tutorial of the chosen game (Combat: of the chosen variant, else V01's), or None."""
        from triptych.tutorials import for_game

        c = self.choice
        return for_game(c["game"], c["variant"] if c["game"] == "combat" else None)

    def learn_to_play(self) -> None:
        c = self.choice
        variant = c["variant"] if c["game"] == "combat" else None
        self.app.guarded("Starting the tutorial", lambda: self.app.start_tutorial(c["game"], variant))

    def fit(self, half_width: float) -> None:
        """Shrinks the menu to a narrow window (it is 2 units wide; a tall window is narrower)."""
        self.frame.set_scale(min(1.0, (half_width - 0.04) / 1.0))

    def destroy(self) -> None:
        self.backdrop.destroy()
