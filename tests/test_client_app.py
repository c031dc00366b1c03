"""The client's frame: start screen, camera, help, thinking indicator, saved games, the log."""

from __future__ import annotations

import pytest

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def test_start_screen_choices_start_the_chosen_game(client_app):
    client_app.hud.press("Menu")
    screen = client_app.start_screen
    assert screen is not None and not client_app.human_turn()
    while screen.choice["game"] != "combat":
        screen.buttons["game"]()
    while screen.choice["variant"] != "v03":
        screen.buttons["variant"]()
    while screen.choice["mode"] != "hotseat":
        screen.buttons["mode"]()
    assert "demo" not in screen._options("level")
    screen.buttons["start"]()
    assert client_app.start_screen is None
    assert client_app.session.game == "combat"
    assert client_app.session.state.to_dict()["variant"] == "v03"
    client_app.run_until_idle()
    assert client_app.human_turn()


def test_start_screen_against_the_ai_as_the_second_player(client_app):
    client_app.hud.press("Menu")
    screen = client_app.start_screen
    while screen.choice["game"] != "aquaignis":
        screen.buttons["game"]()
    while screen.choice["mode"] != "vs-ai":
        screen.buttons["mode"]()
    while screen.choice["level"] != "beginner":
        screen.buttons["level"]()
    screen.buttons["first"]()       # IGNIS starts: the AI (IGNIS) opens
    screen.buttons["start"]()
    assert client_app.session.state.to_move == 1 and client_app.ai_seat(1) and not client_app.ai_seat(0)
    client_app.run_until_idle()
    assert client_app.session.state.to_move == 0 and client_app.human_turn()
    assert sum(not step.chance and step.player == 1 for step in client_app.session.timeline.steps) == 2
    assert sum(line.startswith("IGNIS ") for line in client_app.session.log) >= 2  # the event log says what IGNIS did


def test_camera_orbits_zooms_pans_smoothly_and_resets(client_app):
    client_app.start_game("aquaignis")
    cam = client_app.camera
    cam.snap()
    home = client_app.base.camera.get_pos()
    client_app.base.messenger.send("arrow_left")
    client_app.base.messenger.send("wheel_up")
    client_app.base.messenger.send("w")
    client_app.step(1)
    partway = client_app.base.camera.get_pos()
    client_app.step(30)
    settled = client_app.base.camera.get_pos()
    assert (partway - home).length() > 0.01 and (settled - partway).length() > 0.01  # eased, not jumped
    assert abs(cam.now.heading - cam.goal.heading) < 0.01 and cam.goal.distance < cam.home.distance
    client_app.hud.press("View")
    client_app.step(30)
    assert (client_app.base.camera.get_pos() - home).length() < 0.05


def test_help_overlay_shows_the_rules_summary(client_app):
    client_app.start_game("hexfleet")
    client_app.hud.press("Help")
    assert not client_app.hud.help_frame.is_hidden()
    text = client_app.hud.help_text.getText()
    assert text.startswith("How to play Hexfleet") and "Controls" in text
    assert "Ruling" not in text and "| R" not in text          # the player's page, not the rulings table
    first = text
    client_app.base.messenger.send("page_down")                # it scrolls
    assert client_app.hud.help_text.getText() != first
    assert "Repulsor" in "\n".join(client_app.hud._help_lines)
    client_app.base.messenger.send("escape")                   # Escape closes it
    assert client_app.hud.help_frame.is_hidden()


def test_thinking_indicator_while_the_ai_searches(client_app):
    client_app.options.ai_level = "expert"
    client_app.start_game("aquaignis", mode="ai-vs-ai", ai_level="expert")
    client_app.step(2)
    assert client_app.thinker.busy
    assert "thinking" in client_app.hud.thinking.getText()
    client_app.undo()  # cancels the search: the window never waits on it
    assert not client_app.thinker.busy
    client_app.options.mode = "hotseat"
