"""One-line position strings (triptych.positions): every reachable state round-trips, bad strings are
refused naming what is wrong, and --position and the engine protocol accept them (issue 30's wishes)."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

import triptych.aquaignis as aquaignis
import triptych.hexfleet as hexfleet
from triptych import InvalidStateError
from triptych.cli import main
from triptych.engine import EngineSession
from triptych.positions import from_position_string, position_string

GAMES = {"aquaignis": aquaignis, "hexfleet": hexfleet}
STATES_PER_GAME = 10_000


def _reachable(module, count: int, seed: int):
    """``count`` states from seeded random games (every state of each game, the terminal one included)."""
    rng = random.Random(seed)
    while True:
        state = module.new_game()
        while True:
            yield state.clone()
            count -= 1
            if count == 0:
                return
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_reachable_state_round_trips(game: str) -> None:
    seen = set()
    for state in _reachable(GAMES[game], STATES_PER_GAME, seed=30):
        text = position_string(state)
        assert "\n" not in text and text.startswith(game + " ")
        again = from_position_string(text)
        assert again == state, text
        assert position_string(again) == text
        seen.add(text)
    assert len(seen) > STATES_PER_GAME // 4  # many different positions, not one game over and over


def test_the_start_positions() -> None:
    assert position_string(aquaignis.new_game()) == (
        "aquaignis ......./......./......./......./......./......./....... a2 0-0 0 0 - "
        "no_progress_limit=40,first_player=aqua")
    assert position_string(hexfleet.new_game()).startswith("hexfleet 0,0:0C;1,0:1C 02 0 - - - ")


@pytest.mark.parametrize("text, message", [
    ("", "starts with the game"),
    ("chess rnbqkbnr/pppppppp", "starts with the game"),
    ("aquaignis ......./......./......./......./......./......./....... a2 0-0 0 0 -", "8 space-separated fields"),
    ("aquaignis ......./......./......./......./......./....... a2 0-0 0 0 - -", "7 flows"),
    ("aquaignis x6....../......./......./......./......./......./....... a2 0-0 0 0 - -", "flow 1: 'x6' is not a cell"),
    ("aquaignis ......../......./......./......./......./......./....... a2 0-0 0 0 - -", "flow 1 has 8 cells"),
    ("hexfleet 0,0:0Q;1,0:1C 02 0 - - - Y3/Y3 - -", "'0Q' is not a tile"),
    ("hexfleet 0,0:0C;1,0:1C 02 0 - - x Y3/Y3 - -", "result 'x'"),
])
def test_a_malformed_string_names_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message.replace("(", "\\(")):
        from_position_string(text)


def test_an_impossible_position_is_refused_by_from_dict() -> None:
    # Well-formed, but AQUA's piece with charge 9 cannot exist.
    with pytest.raises(InvalidStateError):
        from_position_string("aquaignis a9....../......./......./......./......./......./....... a2 0-0 0 0 - -")


def _midgame(module, plies: int = 12):
    state, rng = module.new_game(), random.Random(4)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_position_option_takes_a_position_string(game: str) -> None:
    state = _midgame(GAMES[game])
    result = CliRunner().invoke(main, ["perft", game, "-d", "1", "--position", position_string(state)])
    assert result.exit_code == 0, result.output
    assert f"perft(1) = {len(state.legal_actions())}" in result.output


def test_position_option_refuses_another_games_string() -> None:
    result = CliRunner().invoke(main, ["perft", "hexfleet", "-d", "1", "--position",
                                       position_string(aquaignis.new_game())])
    assert result.exit_code == 2 and "is for aquaignis, not hexfleet" in result.output


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_engine_protocol_takes_a_position_string(game: str) -> None:
    state = _midgame(GAMES[game])
    lines: list[str] = []
    session = EngineSession(game, lines.append)
    session.handle(f"newgame position {position_string(state)}")
    assert lines[-1] == "ok" and not any(line.startswith("err") for line in lines), lines
    lines.clear()
    session.handle("validmoves")
    assert lines[0].split(";") == [str(a) for a in state.legal_actions()]
