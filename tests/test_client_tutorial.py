"""Tutorials on the offscreen table (issue 27): a scripted player completes every registered tutorial by
clicking through the same picking as the mouse; a wrong click leaves the step where it was; progress is
saved; the card stays in its panel. Generic over triptych.tutorials.all_tutorials()."""

from __future__ import annotations

import pytest

from client_helpers import click_node
from triptych.tutorials import all_tutorials, get

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

TUTORIALS = all_tutorials()


def node_for(app, key):
    """The node drawn for pick key `key` (a highlighted target's marker, the unit, or the bare ground)."""
    for name in ("highlight:" + key, key, "ground:" + key):
        if name in app.view.nodes and not app.view.nodes[name].is_empty():   # (a cleared marker is empty)
            return app.view.nodes[name]
    raise AssertionError(f"nothing drawn for {key}")


def click(app, key):
    """A left click on `key`: a 2D card in a hand runs its button's click handler (as the existing Combat tests
    do); anything on the table is clicked at its screen point through the picking ray."""
    cards = getattr(app.view, "hand_cards", {})
    if key.startswith("card:") and key[5:] in cards:
        cards[key[5:]].frame["command"]()
        return
    assert click_node(app, node_for(app, key)) == key


def play_asked_action(app):
    """Plays the step's asked action as a player would: click where it starts, then where it goes (the mouse's
    picking), or its button where the table has no place for it."""
    mode = app.tutorial
    action = mode.asked_actions()[0]
    data, state, view = action.to_dict(), app.session.state, app.view
    label = "action:" + view.describe(action, data)
    sources = view.source_of(action, data, state)
    if not sources:
        app.hud.press(label)
    else:
        click(app, sources[0])
        assert app.selected == sources[0]
        target = view.target_of(action, data, state)
        if target is None:
            app.hud.press(label)
        else:
            click(app, target)
            if mode.awaiting():              # several decisions land there: the chooser's button
                app.hud.press(label)
    assert not mode.awaiting(), f"step {mode.index + 1} was not played by its clicks"
    app.run_until_idle()


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=lambda t: t.id)
def test_a_scripted_player_completes_the_tutorial_by_clicking(client_app, tutorial):
    app = client_app
    app.start_tutorial(tutorial.game, tutorial.variant, step=0)
    app.run_until_idle()
    assert app.tutorial.tutorial.id == tutorial.id
    for i, step in enumerate(tutorial.steps):
        mode = app.tutorial
        assert mode.index == i and mode.awaiting()
        assert app.session.state.to_dict() == tutorial.start_state(i).to_dict()
        assert step.title in app.hud.full("lesson")
        play_asked_action(app)
        assert mode.phase == "done", f"step {i + 1}: the replies did not finish"
        card = app.hud.full("lesson")
        assert "What happened" in card and all(e.text in card for e in mode.events)
        expected_state, expected_events = tutorial.play(i)
        assert [e.text for e in mode.events] == [e.text for e in expected_events]
        assert app.session.state.to_dict() == expected_state.to_dict()
        app.hud.press("action:" + ("Finish tutorial" if i + 1 == len(tutorial.steps) else "Next step"))
        app.run_until_idle()
    assert app.tutorial is None
    assert app.settings.get("tutorials")[tutorial.id]["finished"] is True


def test_a_wrong_click_leaves_the_step_where_it_was(client_app):
    app = client_app
    app.start_tutorial("aquaignis", step=0)       # asks: spawn in flow 4
    app.run_until_idle()
    before = app.session.state.to_dict()
    assert click_node(app, app.view.nodes["slot:2:0"]) == "slot:2:0"    # flow 2's entry: not what is asked
    app.run_until_idle()
    assert app.session.state.to_dict() == before and app.tutorial.awaiting() and app.tutorial.index == 0
    assert app.selected is None
    assert "try" in app.hud.full("message").lower() and "flow 4" in app.hud.full("message")
    # A legal action that is not the asked one is refused too, whichever way it arrives.
    other = next(a for a in app.session.state.legal_actions() if str(a) != "N4")
    app.play_action(other)
    app.run_until_idle()
    assert app.session.state.to_dict() == before and app.tutorial.awaiting()
    # The right click still works afterwards.
    play_asked_action(app)
    assert app.tutorial.phase == "done"
    done = app.session.state.to_dict()
    assert click_node(app, app.view.nodes["slot:2:0"]) == "slot:2:0"    # a click once the step is played
    app.run_until_idle()
    assert app.session.state.to_dict() == done and app.tutorial.phase == "done" and app.tutorial.index == 0
    assert "Next step" in app.hud.full("message")


def test_retry_and_progress(client_app):
    app = client_app
    app.start_tutorial("hexfleet", step=0)
    app.run_until_idle()
    play_asked_action(app)
    assert app.settings.get("tutorials")["hexfleet"]["step"] == 1    # done: the next step is where to resume
    app.hud.press("action:Retry step")
    app.run_until_idle()
    assert app.tutorial.awaiting() and app.session.state.to_dict() == get("hexfleet").start_state(0).to_dict()
    play_asked_action(app)
    app.hud.press("action:Next step")
    app.run_until_idle()
    app.start_game("aquaignis")                   # leaving the tutorial ends it
    assert app.tutorial is None
    app.start_tutorial("hexfleet")                # no step given: where the player left it
    app.run_until_idle()
    assert app.tutorial.index == 1


def test_the_card_stays_in_its_panel_at_each_window_size(client_app):
    app = client_app
    app.start_tutorial("hexfleet", step=4)
    app.run_until_idle()
    play_asked_action(app)                        # the card with "what happened", its longest form
    for size in ((800, 600), (1280, 800), (1600, 1000)):
        regions = app.hud.regions(size)
        app.hud.lay_out_for(size)
        l, r, b, t = regions["info"]
        x0, x1, z0, z1 = app.hud.text_bounds(app.hud.lesson)
        assert l - 1e-3 <= x0 and x1 <= r + 1e-3 and b - 1e-3 <= z0 and z1 <= t + 1e-3
        app.hud.restore()


def test_learn_to_play_on_the_start_screen(client_app):
    app = client_app
    app.show_start_screen()
    screen = app.start_screen
    while screen.choice["game"] != "hexfleet":
        screen.buttons["game"]()
    screen.buttons["learn"]()
    app.run_until_idle()
    assert app.tutorial is not None and app.tutorial.tutorial.id == "hexfleet"


def test_play_tutorial_on_the_command_line_refuses_what_it_cannot_honour():
    from click.testing import CliRunner

    from triptych.cli import main

    for args, says in ((["play", "--tutorial"], "needs a GAME"),
                       (["play", "hexfleet", "--tutorial", "--vs-ai", "easy"], "leave out --vs-ai"),
                       (["play", "hexfleet", "--tutorial", "--terminal"], "--tutorial is for the 3D table")):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and says in result.output, (args, result.output)


def test_play_tutorial_offscreen_opens_on_the_first_step(tmp_path):
    """`triptych play hexfleet --tutorial`, in a fresh process (one Panda3D window per process)."""
    import os
    import subprocess
    import sys

    out = tmp_path / "t.png"
    code = ("import sys; from triptych.cli import main; sys.argv = ['triptych'] + sys.argv[1:]; main()")
    env_home = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path))     # progress goes to a scratch config folder
    result = subprocess.run([sys.executable, "-c", code, "play", "hexfleet", "--tutorial", "--offscreen",
                             "--screenshot", str(out), "--size", "320x200"], capture_output=True, text=True,
                            timeout=300, env=env_home)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = (tmp_path / "triptych" / "client.json").read_text()
    assert '"hexfleet"' in saved and '"step": 0' in saved     # the tutorial opened (and saved where it is)


def test_a_combat_step_plays_by_card_and_slot_clicks_and_draws_its_chance_as_the_model_does(client_app):
    """The framework on Combat (the lessons' game): placing by clicks, a button action, chance after it drawn
    the same way in the client as in the model."""
    from triptych.tutorials import Start, Step, Tutorial

    start = Start(variant="v01", seed=3)
    steps = (Step("Place", "Place Ember Lash in slot 1.", ("lash>1",), start=start),
             Step("Roll", "Roll the dice.", ("roll",)))
    tutorial = Tutorial("combat-test", "combat", "Combat test", steps, variant="v01", pages=("combat:v01",))
    app = client_app
    app.start_tutorial("combat", "v01", step=0, tutorial=tutorial)
    app.run_until_idle()
    for i in range(len(steps)):
        assert app.tutorial.index == i and app.tutorial.awaiting()
        play_asked_action(app)
        expected_state, expected_events = tutorial.play(i)
        assert app.tutorial.phase == "done"
        assert [e.text for e in app.tutorial.events] == [e.text for e in expected_events]
        assert app.session.state.to_dict() == expected_state.to_dict()
        app.hud.press("action:" + ("Finish tutorial" if i + 1 == len(steps) else "Next step"))
        app.run_until_idle()
    assert app.tutorial is None
