"""The 3D client's replays, analysis panel, redo and file dialog (offscreen, through the handlers a click runs)."""

from __future__ import annotations

import json

import pytest

import triptych.aquaignis as aq
import triptych.hexfleet as hexfleet
from triptych import ai
from triptych.match import opening_actions, play_game, replay

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


@pytest.fixture(scope="module")
def match_file(tmp_path_factory):
    """A two-game match record as `triptych match --json` writes it (short games: greedy against random)."""
    records = []
    for a_side in (0, 1):
        players = (ai.Greedy(), ai.Random(3)) if a_side == 0 else (ai.Random(3), ai.Greedy())
        specs = ["greedy", "random"] if a_side == 0 else ["random", "greedy"]
        record = play_game("hexfleet", players, specs, opening_actions("hexfleet", 5, 2, {}), a_side=a_side, seed=5)
        records.append(record.to_dict())
    path = tmp_path_factory.mktemp("records") / "match.json"
    path.write_text(json.dumps({"game": "hexfleet", "players": ["greedy", "random"], "summary": {},
                                "games": records}))
    return path, records


def test_replay_steps_land_on_the_recorded_positions(client_app, match_file):
    path, records = match_file
    assert client_app.open_replay_file(path)
    mode = client_app.replay_mode
    assert mode is not None and client_app.options.game == "hexfleet"
    record = records[0]
    expected = hexfleet.new_game()
    assert client_app.view.cols == _columns(expected)           # the start position is drawn
    walked = record["actions"][:12]
    assert len(walked) >= 4
    for i, notation in enumerate(walked):
        client_app.hud.press("action:Next >")                    # animated, then drawn from the record
        client_app.run_until_idle()
        expected.apply(notation)
        assert mode.replay.index == i + 1
        assert client_app.shown_state().hash == expected.hash
        assert client_app.view.cols == _columns(expected)
        assert f"action {i + 1} of {len(record['actions'])}: {notation}" in client_app.hud.full("status")
    client_app.hud.press("action:< Prev")
    back = len(walked) - 1
    assert mode.replay.index == back and client_app.view.cols == _columns(mode.replay.states[back])
    client_app.hud.press("action:Last >|")
    final, end = replay(record)                                  # the match module's own replay
    assert client_app.shown_state().hash == final.hash and end == record["end"]
    client_app.base.messenger.send("[")                          # the keys step too
    assert mode.replay.index == 0
    client_app.base.messenger.send(".")
    client_app.run_until_idle()
    assert mode.replay.index == 1
    # Nothing on the table plays into a replay, and the game in play is left alone.
    assert not client_app.human_turn() and client_app.refresh() is None
    client_app.hud.press("action:Game >")
    assert mode.replay.game_number == 1 and mode.replay.states[-1].hash == replay(records[1])[0].hash


def test_play_from_here_continues_the_shown_position(client_app, match_file):
    path, records = match_file
    client_app.open_replay_file(path)
    for _ in range(3):
        client_app.replay_key("next")
        client_app.run_until_idle()
    shown = client_app.shown_state().hash
    client_app.hud.press("action:Play from here")
    assert client_app.replay_mode is None and client_app.session.state.hash == shown
    client_app.run_until_idle()
    assert client_app.human_turn() and client_app.sources                # clicks act on the table again


def test_a_bad_record_is_refused_in_a_sentence(client_app, tmp_path):
    from triptych.client3d.replay import ReplayError, open_replay

    client_app.start_game("aquaignis")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "aquaignis", "players": ["a", "b"], "actions": ["N1", "S4.6"]}))
    with pytest.raises(ReplayError, match=r"Action 2 \(S4.6\) of this record is not legal there"):
        open_replay(bad)
    assert not client_app.open_replay_file(bad)
    assert "Action 2 (S4.6)" in client_app.hud.message.getText() and client_app.replay_mode is None
    summary = tmp_path / "summary.json"
    summary.write_text(json.dumps({"game": "aquaignis", "summary": {}, "games_omitted": 10}))
    with pytest.raises(ReplayError, match="without its games"):
        open_replay(summary)


def test_review_steps_through_the_game_in_play_with_its_dice(client_app):
    client_app.options.seed = 3
    client_app.start_game("combat", "v01")
    client_app.run_until_idle()
    client_app.hud.press("action:Roll the dice")
    client_app.run_until_idle()
    live = client_app.session.state.hash
    steps = list(client_app.session.timeline.steps)
    client_app.review()
    replay_ = client_app.replay_mode.replay
    assert replay_.index == replay_.last == len(steps)
    roll = max(i for i, s in enumerate(steps) if s.action.to_dict()["type"] == "roll")
    client_app.replay_mode.replay.goto(roll)
    client_app.replay_mode.go("next")                             # the recorded roll, animated: the same faces
    client_app.run_until_idle()
    dice = steps[roll].after.to_dict()["dice"]
    number, element = client_app.view.dice
    assert (number.face_up(), element.face_up()) == (str(dice["number"]), str(dice["element"]))
    client_app.hud.press("action:Close replay")
    assert client_app.replay_mode is None and client_app.session.state.hash == live


def test_the_analysis_arrow_is_the_ais_first_action(client_app):
    client_app.options.analysis_spec = None
    client_app.analysis.spec = "alphabeta:3"
    try:
        client_app.start_game("hexfleet")
        client_app.run_until_idle()
        for notation in ("M 0,0>1,-1", "Y@0,-1", "Y@1,1"):
            client_app.play_action(notation)
            client_app.run_until_idle()
        state = client_app.session.state.clone()
        client_app.hud.press("Analyse")
        client_app.analysis.wait()
        expected = ai.AlphaBeta(depth=3).search(state)
        first, node = client_app.analysis.arrows[0]
        assert str(first) == str(expected.best) and node.get_tag("action") == str(expected.best)
        # The arrow runs from the acting stack to the hex it acts on (or drops onto it).
        data = expected.best.to_dict()
        from triptych.client3d.views.hexfleet_view import hex_xy

        source, target = client_app.view.source_of(expected.best, data, state), data.get("to") or data.get("at")
        from triptych.client3d.analysis import arrow_tip

        render = client_app.base.render
        tip = arrow_tip(node, render)
        assert abs(tip.x - hex_xy(*target)[0]) < 0.05 and abs(tip.y - hex_xy(*target)[1]) < 0.05
        if source and data["type"] == "move":
            tail = node.get_pos(render)
            assert abs(tail.x - hex_xy(*data["from"])[0]) < 0.05 and abs(tail.y - hex_xy(*data["from"])[1]) < 0.05
        text = client_app.hud.full("analysis")                 # the score in words, the best action in words
        best = client_app.view.describe(expected.best, expected.best.to_dict())
        assert f"depth {expected.depth}" in text and best in text.splitlines()[1] and "leads" in text
        # Playing on re-analyses the new position; switching off clears the panel and the arrows.
        client_app.play_action(expected.best)
        client_app.run_until_idle()
        client_app.analysis.wait()
        assert client_app.analysis.state.hash == client_app.session.state.hash
        client_app.hud.press("Analyse")
        assert client_app.analysis.arrows == [] and client_app.hud.analysis.getText() == ""
    finally:
        client_app.analysis.spec = None


def test_redo_replays_what_undo_took_back(client_app):
    client_app.start_game("aquaignis")
    client_app.run_until_idle()
    for notation in ("N1", "N2", "N3"):
        client_app.play_action(notation)
        client_app.run_until_idle()
    end = client_app.session.state.hash
    client_app.hud.press("Undo")
    client_app.hud.press("Undo")
    assert len(client_app.session.timeline.steps) == 1
    client_app.hud.press("Redo")
    client_app.base.messenger.send("control-y")
    assert client_app.session.state.hash == end and client_app.view.units.keys() == {(1, 0), (2, 0), (3, 6)}
    client_app.hud.press("Redo")
    assert "nothing was undone" in client_app.hud.message.getText()


def test_file_dialog_lists_a_folder_saves_and_loads(client_app, tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "notes.txt").write_text("not a game")
    (tmp_path / "old.json").write_text(json.dumps(aq.new_game().to_dict()))
    client_app.start_game("aquaignis")
    client_app.run_until_idle()
    client_app.play_action("N4")
    client_app.run_until_idle()
    played = client_app.session.state.hash
    client_app.options.save_path = tmp_path / "old.json"
    client_app.hud.press("Save")
    dialog = client_app.file_dialog
    assert dialog.folder == tmp_path.resolve()
    assert dialog.shown() == ["../", "games/", "old.json"]          # folders, then JSON files; no other files
    client_app.hud.press("dialog:item:games/")                      # into a folder
    assert dialog.folder == (tmp_path / "games").resolve() and dialog.shown() == ["../"]
    dialog.set_name("mine")
    client_app.hud.press("dialog:Save")
    saved = tmp_path / "games" / "mine.json"
    assert client_app.hud.dialog is None and saved.is_file()
    assert aq.State.from_dict(json.loads(saved.read_text())).hash == played
    assert client_app.settings.last_folder == (tmp_path / "games").resolve()
    # The folder is remembered in the settings file, for the next start too.
    from triptych.client3d.settings import Settings
    assert Settings(client_app.settings.path).last_folder == (tmp_path / "games").resolve()
    # Saving over a file asks first.
    client_app.hud.press("Save")
    client_app.hud.press("dialog:Save")
    assert "dialog:Replace" in client_app.hud.buttons and saved.read_text()
    client_app.hud.press("dialog:Cancel")
    # Load: the dialog opens in the remembered folder; a click on a file names it, a second opens it.
    client_app.hud.press("New")
    client_app.hud.press("dialog:Discard")
    client_app.run_until_idle()
    client_app.hud.press("Load")
    dialog = client_app.file_dialog
    assert dialog.folder == (tmp_path / "games").resolve() and "mine.json" in dialog.shown()
    client_app.hud.press("dialog:item:mine.json")
    assert dialog.name == "mine.json" and client_app.hud.dialog is not None
    client_app.hud.press("dialog:item:mine.json")
    assert client_app.hud.dialog is None and client_app.session.state.hash == played
    # A name that is not there is refused inside the dialog, which stays open.
    client_app.hud.press("Load")
    client_app.file_dialog.set_name("missing.json")
    client_app.hud.press("dialog:Open")
    assert client_app.hud.dialog is not None and "There is no file missing.json" in client_app.file_dialog.error
    client_app.hud.press("dialog:Cancel")
    assert client_app.hud.dialog is None


def test_load_opens_a_match_record_as_a_replay(client_app, match_file):
    path, records = match_file
    client_app.start_game("aquaignis")
    client_app.load(path)
    assert client_app.replay_mode is not None and client_app.options.game == "hexfleet"
    assert client_app.replay_mode.replay.last == len(records[0]["actions"])


def test_play_replay_refuses_a_file_it_cannot_replay(tmp_path, match_file):
    from click.testing import CliRunner

    from triptych.cli import main

    bad = tmp_path / "x.json"
    bad.write_text("[1, 2")
    result = CliRunner().invoke(main, ["play", "--replay", str(bad), "--offscreen"])
    assert result.exit_code != 0 and "x.json is not a record or a saved game (it is not JSON)" in result.output
    result = CliRunner().invoke(main, ["play", "aquaignis", "--replay", str(match_file[0]), "--offscreen"])
    assert result.exit_code != 0 and "is a hexfleet record, not aquaignis" in result.output


def _columns(state):
    """(q, r) -> the stack as the view keeps it, computed from a state the way the view reads it."""
    from triptych.client3d.views.hexfleet_view import columns

    return columns(state.to_dict())
