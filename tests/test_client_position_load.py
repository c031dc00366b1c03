"""Issue 30: the 3D client's Load takes a position string, as --position and the engine protocol do: typed
in the open dialog's name field, in a file of its own, or handed to ``load``; a string of another game or
a malformed one is refused in a sentence and changes nothing. Through the offscreen client."""

from __future__ import annotations

import random

import pytest

import triptych.aquaignis as aq
import triptych.hexfleet as hx
from triptych.positions import position_string

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def _played(module, plies: int, seed: int):
    state, rng = module.new_game(), random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_position_string_typed_in_the_open_dialog_loads_it(client_app) -> None:
    target = _played(aq, 9, seed=1)
    client_app.start_game("aquaignis")
    client_app.run_until_idle()
    assert client_app.session.state.hash != target.hash
    client_app.hud.press("Load")
    dialog = client_app.file_dialog
    dialog.set_name(position_string(target))
    assert dialog.name == position_string(target)  # the field takes the whole line (it scrolls)
    client_app.hud.press("dialog:Open")
    client_app.run_until_idle()
    assert client_app.hud.dialog is None
    assert client_app.session.state == target and client_app.session.state.to_dict() == target.to_dict()
    # the table shows it: one piece drawn per unit of the loaded position
    pieces = len(target.to_dict()["pieces"])
    assert len(client_app.view.units) == pieces


def test_a_position_string_of_another_game_or_a_malformed_one_changes_nothing(client_app) -> None:
    client_app.start_game("aquaignis")
    client_app.run_until_idle()
    client_app.play_action("N4")
    client_app.run_until_idle()
    before = client_app.session.state.to_dict()
    client_app.load(position_string(_played(hx, 4, seed=2)))
    client_app.hud.press("dialog:Discard")  # Load asks first: the game in progress has a move
    assert client_app.hud.message.getText() == "This is a Hexfleet position; open it from Hexfleet."
    assert client_app.session.state.to_dict() == before
    client_app.load("aquaignis ......./......./zz a2 0-0 0 0 - no_progress_limit=40,first_player=aqua")
    client_app.hud.press("dialog:Discard")
    assert "This AquaIgnis position string was not loaded" in client_app.hud.message.getText()
    assert client_app.session.state.to_dict() == before


def test_a_file_holding_a_position_string_loads_through_load(client_app, tmp_path) -> None:
    target = _played(hx, 6, seed=3)
    path = tmp_path / "position.txt"
    path.write_text(position_string(target) + "\n")
    client_app.start_game("hexfleet")
    client_app.run_until_idle()
    client_app.load(path)
    client_app.run_until_idle()
    assert client_app.session.state == target
