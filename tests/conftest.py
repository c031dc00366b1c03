"""Shared helpers for building AquaIgnis positions in tests."""

from __future__ import annotations

import signal
from typing import Any

import pytest

import triptych.aquaignis as aq

# A suite started as a background job of a non-interactive shell inherits SIGINT ignored, and so would every
# process the interrupt tests start (an ignored signal survives exec). Handled here, it is reset to the
# default in each child, as it is under a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def unit(owner: str, flow: int, pos: int, charge: int, kind: str = "piece") -> dict[str, Any]:
    return {"flow": flow, "pos": pos, "owner": owner, "kind": kind, "charge": charge}


def A(flow: int, pos: int, charge: int = 1) -> dict[str, Any]:
    """An AQUA piece."""
    return unit("aqua", flow, pos, charge)


def I(flow: int, pos: int, charge: int = 1) -> dict[str, Any]:  # noqa: E743 - reads like the board
    """An IGNIS piece."""
    return unit("ignis", flow, pos, charge)


def AB(flow: int, pos: int, durability: int = 1) -> dict[str, Any]:
    return unit("aqua", flow, pos, durability, "barrier")


def IB(flow: int, pos: int, durability: int = 1) -> dict[str, Any]:
    return unit("ignis", flow, pos, durability, "barrier")


def position(*pieces: dict[str, Any], to_move: str = "aqua", actions_left: int = 2,
             score: tuple[int, int] = (0, 0), links: list[dict[str, Any]] | None = None,
             **extra: Any) -> aq.State:
    return aq.State.from_dict({
        "game": "aquaignis", "to_move": to_move, "actions_left": actions_left,
        "score": {"aqua": score[0], "ignis": score[1]}, "pieces": list(pieces),
        "links": links or [], **extra,
    })


def board(state: aq.State) -> dict[tuple[int, int], tuple[str, str, int]]:
    """(flow, pos) -> (owner, kind, charge) for every unit."""
    return {(p["flow"], p["pos"]): (p["owner"], p["kind"], p["charge"]) for p in state.to_dict()["pieces"]}


def notations(state: aq.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@pytest.fixture
def aquaignis():
    return aq


# -- the 3D client ---------------------------------------------------------------------------------------
# One offscreen app for the whole test run: Panda3D keeps one ShowBase per process.
_client_app = None


@pytest.fixture
def client_app():
    """The offscreen tabletop app (software renderer, fixed 30 fps clock), reset to the start screen state."""
    global _client_app
    pytest.importorskip("panda3d.core", reason="panda3d cannot load here")
    from triptych.client3d.app import ClientOptions, TabletopApp

    if _client_app is None:
        import tempfile
        from pathlib import Path

        # The remembered folder goes to a scratch settings file, never the user's config folder.
        settings = Path(tempfile.mkdtemp(prefix="triptych-settings-")) / "client.json"
        _client_app = TabletopApp(ClientOptions(game="aquaignis", offscreen=True, size=(480, 300), seed=7,
                                                settings_path=settings))
    app = _client_app
    app.thinker.cancel()
    app.options.mode, app.options.ai_level, app.options.seed, app.ai_budget = "hotseat", "medium", 7, 0
    yield app
    app.thinker.cancel()
    app.settle()
    if app.start_screen is not None:
        app.start_screen.destroy()
        app.start_screen = None
    if not app.hud.help_frame.is_hidden():
        app.hud.toggle_help()
    app.hud.close_dialog()
    app._hover_point = None            # a scripted mouse position (hover_at) ends with its test
    if app.hud.log_expanded:
        app.hud.toggle_log()
    if app.replay_mode is not None:
        app.replay_mode.close()
    if app.analysis.on:
        app.analysis.toggle()
    if app.tutorial is not None:       # the next test plays a game, not a tutorial's step
        app.end_tutorial()
    if app.unsaved_game():  # the next test starts from no game in progress (New/Start would ask first)
        app.start_game("aquaignis")
