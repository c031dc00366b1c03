"""What every game view offers the app.

A view draws a state (``build``), says which pick key an action starts from
and which it aims at (so clicks map to the engine's legal actions), labels
actions for buttons, and animates a move from the state before to the state
after. After an animation the app rebuilds the view from the engine's state:
the engine is the truth, animations only show how it got there.
"""

from __future__ import annotations

from typing import Any

from direct.interval.IntervalGlobal import Sequence
from panda3d.core import NodePath

from triptych.client3d.camera import View


class GameView:
    title = "game"
    #: show every legal action as a button even with nothing selected (games played by buttons)
    list_all_actions = False

    def __init__(self, app) -> None:
        self.app = app
        self.base = app.base
        self.root: NodePath = self.base.render.attach_new_node(f"{self.title}-view")
        self.nodes: dict[str, NodePath] = {}      # pick key -> the node drawn for it
        self.highlights: NodePath = self.root.attach_new_node("highlights")

    def home_view(self) -> View:
        return View()

    # -- the HUD's layout (client3d/layout.py) ------------------------------------------------------------
    def layout_request(self) -> Any:
        """The space this view asks of the HUD's layout beyond the standard panels (a hand band, a side panel)."""
        from triptych.client3d.layout import Request

        return Request()

    def place_hud(self, regions: dict[str, Any], size: tuple[int, int]) -> None:
        """Called after every layout with the regions (aspect2d Rects) and the window size: a view that draws
        2D parts (a hand, a side panel) places them here, inside its regions."""

    def framed_nodes(self) -> list[NodePath]:
        """What the camera's framing must show whole (default: everything the view draws but the selection's
        highlights, which come and go with a click and must not change the frame)."""
        return [child for child in self.root.get_children() if child != self.highlights] or [self.root]

    def tray_nodes(self) -> dict[str, NodePath]:
        """The table's side pieces that must always be seen whole (reserves, score counters), by name."""
        return {}

    def text_nodes(self) -> list[tuple[str, Any]]:
        """(panel name, OnscreenText) for each 2D text this view draws, so tests can check it stays in its panel."""
        return []

    # -- drawing -------------------------------------------------------------------------------------------------
    def build(self, state: Any) -> None:
        raise NotImplementedError

    def clear(self) -> None:
        for child in self.root.get_children():
            child.remove_node()
        self.nodes = {}
        self.highlights = self.root.attach_new_node("highlights")

    def destroy(self) -> None:
        self.root.remove_node()

    def highlight(self, state: Any, selected: str | None, targets: dict[str, list[Any]]) -> None:
        """Marks the selected key and every target key (with the actions that aim at it)."""
        self.highlights.remove_node()
        self.highlights = self.root.attach_new_node("highlights")

    # -- actions <-> keys ------------------------------------------------------------------------------------
    def source_of(self, action: Any, data: dict[str, Any], state: Any) -> list[str]:
        """The pick keys whose click offers `action` (empty: a button only)."""
        return []

    def target_of(self, action: Any, data: dict[str, Any], state: Any) -> str | None:
        """The pick key a second click aims at to play `action` (None: played by its button)."""
        return None

    def describe_key(self, key: str, state: Any) -> str:
        """A short name for a picked key (the title of its action buttons)."""
        return key

    def describe(self, action: Any, data: dict[str, Any]) -> str:
        return str(action)

    def info(self, state: Any) -> str:
        return ""

    def status_text(self, session: Any, default: str) -> str:
        """The HUD's title line; a view may say what its table shows now (e.g. a paced turn) instead."""
        return default

    def shown_log(self, lines: list[str]) -> list[str]:
        """The log lines the HUD shows; a view may hold back one its table has not shown yet (dice in the air)."""
        return lines

    # -- explaining ------------------------------------------------------------------------------------------
    def action_slot(self, action: Any, data: dict[str, Any]) -> int | None:
        """A fixed place in the button bar for this kind of action (None: after the fixed ones)."""
        order = self.action_order
        return order.index(data["type"]) if data.get("type") in order else None

    #: action kinds in their fixed button places
    action_order: tuple[str, ...] = ()

    def explain(self, action: Any, data: dict[str, Any], state: Any) -> str:
        """What playing `action` would do (a tooltip): cost, effect, the result it would produce."""
        return self.describe(action, data)

    def explain_key(self, key: str, state: Any) -> str:
        """What the thing under the mouse is."""
        return self.describe_key(key, state)

    def why_idle(self, key: str, state: Any) -> str:
        """Why clicking `key` offers nothing now ('' for the generic sentence)."""
        return ""

    # -- animation ------------------------------------------------------------------------------------------
    def animate(self, move) -> Any:
        """An Interval showing `move`; the app rebuilds from `move.after` when it ends."""
        return Sequence()
