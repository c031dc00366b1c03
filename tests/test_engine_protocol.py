"""The engine protocol (docs/protocol.md): `triptych engine GAME` driven as a subprocess, and matches
between engine processes. Errors answer `err` and change nothing; nothing read crashes the engine."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import triptych._core.aquaignis as core_aquaignis
import triptych.aquaignis as aquaignis
import triptych.hexfleet as hexfleet
from triptych.engine import EngineError, EnginePlayer, EngineProcess, EngineSession
from triptych.match import opening_actions, play_game

ENGINE = [sys.executable, "-c", "from triptych.cli import main; main()", "engine"]


@pytest.fixture(scope="module")
def engine():
    with EngineProcess([*ENGINE, "aquaignis"], timeout_s=60) as process:
        yield process


def test_info_names_the_engine_and_its_capabilities(engine):
    assert any(line.startswith("id triptych-engine") for line in engine.greeting)
    answer = engine.command("info")
    assert answer[0].startswith("id triptych-engine ")
    capabilities = next(line for line in answer if line.startswith("capabilities")).split()[1:]
    assert {"newgame", "play", "validmoves", "bestmove", "go", "stop", "undo", "options", "quit"} <= set(capabilities)


def test_play_validmoves_and_undo_follow_the_engine(engine):
    assert engine.command("newgame aquaignis") == ["aquaignis;NotStarted;0"]
    state = aquaignis.new_game()
    assert engine.command("validmoves") == [";".join(str(a) for a in state.legal_actions())]
    assert engine.command("play N4") == ["aquaignis;InProgress;0;N4"]
    state.apply("N4")
    assert engine.command("validmoves") == [";".join(str(a) for a in state.legal_actions())]
    engine.command("play C4.0")
    assert engine.command("undo 2") == ["aquaignis;NotStarted;0"]


def test_errors_answer_err_and_leave_the_game_as_it_was(engine):
    engine.command("newgame aquaignis N1;C1.0")
    before = engine.command("validmoves")
    for bad in ("play S4.6", "play", "undo 9", "undo -1", "bestmove", "bestmove depth zero", "go depth 0",
                "newgame aquaignis {not json", 'newgame aquaignis {"game": "aquaignis"}', "newgame aquaignis N1;Q9",
                "newgame combat", "options set threads 0", "options set bogus 3", "options set hash many",
                "stop", "frobnicate", "play \ufffd\ufffd"):
        with pytest.raises(EngineError) as err:
            engine.command(bad)
        assert str(err.value), bad
        assert engine.command("validmoves") == before, bad
    # The game string still shows the two moves.
    assert engine.command("undo 1") == ["aquaignis;InProgress;0;N1"]  # AQUA has its second action


def test_newgame_reads_a_json_position():
    state = hexfleet.new_game()
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    with EngineProcess([*ENGINE, "hexfleet"], timeout_s=60) as engine:
        engine.command("newgame hexfleet " + json.dumps(state.to_dict()))
        assert engine.command("validmoves") == [";".join(str(a) for a in state.legal_actions())]
        best = engine.command("bestmove depth 2")
        assert len(best) == 1 and state.is_legal(best[0].removeprefix("bestmove "))


def test_go_reports_info_lines_then_a_bestmove(engine):
    engine.command("newgame aquaignis N1;C1.0;N4")
    answer = engine.command("go depth 3")
    infos = [line.split() for line in answer if line.startswith("info")]
    assert [int(words[words.index("depth") + 1]) for words in infos] == [1, 2, 3]
    for words in infos:
        for field in ("score", "nodes", "nps", "pv"):
            assert field in words
    best = answer[-1].removeprefix("bestmove ")
    state = aquaignis.State.from_dict(aquaignis.new_game().to_dict())
    for move in ("N1", "C1.0", "N4"):
        state.apply(move)
    assert state.is_legal(best)


def test_stop_ends_an_infinite_search_and_a_busy_engine_says_so(engine):
    engine.command("newgame aquaignis")
    engine.send("go infinite")
    with pytest.raises(EngineError, match="search is running"):
        engine.command("play N1")
    answer = engine.command("stop", timeout_s=60)
    assert answer[-1].startswith("bestmove ")
    assert engine.command("play N1") == ["aquaignis;InProgress;0;N1"]


def test_a_command_right_after_a_search_answers_is_not_told_a_search_is_running():
    """A client that has read a search's `ok` may send its next command at once, while the search thread
    is still returning from its last write: that command must run, not get "a search is running"."""
    import threading
    import time

    answered = threading.Event()
    out: list[str] = []

    def write(line: str) -> None:
        out.append(line)
        if line == "ok" and len(out) > 1 and out[-2].startswith("bestmove"):
            answered.set()
            time.sleep(0.3)  # the search thread is still inside its final write when the client goes on

    session = EngineSession("aquaignis", write)
    session.handle("go depth 2")
    assert answered.wait(60)
    out.clear()
    session.handle("play N1")
    assert out == ["aquaignis;InProgress;0;N1", "ok"]
    session.wait()


def test_options_list_and_set(engine):
    listed = engine.command("options")
    names = [line.split()[1] for line in listed]
    assert "threads" in names and "hash" in names and set(core_aquaignis.EVAL_WEIGHTS) <= set(names)
    weight = next(iter(core_aquaignis.EVAL_WEIGHTS))
    assert engine.command(f"options set {weight} 7") == [f"option {weight} 7"]
    assert f"option {weight} int - - 7" in engine.command("options")
    assert engine.command("options set threads 2") == ["option threads 2"]
    engine.command("newgame aquaignis")
    assert engine.command("bestmove depth 2")[0].startswith("bestmove ")


def test_garbage_bytes_do_not_crash_the_engine(engine):
    engine.command("newgame aquaignis")
    assert engine.process.stdin is not None
    engine.process.stdin.buffer.write(b"\xff\xfe\x00 play \x80\n")  # type: ignore[attr-defined]
    engine.process.stdin.flush()
    with pytest.raises(EngineError):
        engine.read_answer()
    assert engine.command("play N1") == ["aquaignis;InProgress;0;N1"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=6))
def test_no_line_crashes_a_session(lines):
    out: list[str] = []
    session = EngineSession("aquaignis", out.append)
    for line in lines:
        if line.strip().lower().startswith("go"):
            continue  # searches run in threads; the subprocess tests cover them
        out.clear()
        session.handle(line)
        session.wait()
        assert not line.strip() or out[-1] == "ok"
    assert session.state.is_terminal() or session.state.legal_actions()


def test_a_short_match_between_two_engine_processes():
    a = EnginePlayer(" ".join([sys.executable, "-c", "'from triptych.cli import main; main()'", "engine", "aquaignis"]),
                     time_ms=None, depth=1)
    b = EnginePlayer(" ".join([sys.executable, "-c", "'from triptych.cli import main; main()'", "engine", "aquaignis"]),
                     time_ms=50)
    try:
        openings = [opening_actions("aquaignis", seed, 2, {"no_progress_limit": 2}) for seed in range(2)]
        records = [play_game("aquaignis", players, ("engine a", "engine b"), openings[seed], seed=seed,
                             options={"no_progress_limit": 2})
                   for seed, players in enumerate([(a, b), (b, a)])]
        results = [(r.winner, len(r.actions)) for r in records]
    finally:
        a.close()
        b.close()
    for winner, actions in results:
        assert winner in (0, 1, None) and actions > 2
    assert a.moves > 0 and b.moves > 0 and b.seconds > 0


def test_match_refuses_an_engine_spec_without_a_command():
    from click.testing import CliRunner

    from triptych.cli import main

    result = CliRunner().invoke(main, ["match", "aquaignis", "engine:", "random", "--games", "1"])
    assert result.exit_code != 0 and "engine: needs a command" in result.output
