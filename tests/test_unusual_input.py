"""Issue 30: input no user means, at the API and the terminal, gets the documented error and harms nothing.

perft's depth is bounded (a huge depth overflowed the native stack, a negative one answered 1), a
notation string that UTF-8 cannot encode (a lone surrogate, as a mis-decoded terminal byte becomes)
is an illegal action rather than a failed cast, and a seed is an int in 0..2**64-1.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet
from triptych import IllegalActionError

CLI = [sys.executable, "-c", "from triptych.cli import main; main()"]
TWO_PLAYER = [aquaignis, hexfleet]


@pytest.mark.parametrize("game", TWO_PLAYER, ids=lambda m: m.__name__)
@pytest.mark.parametrize("depth", [-1, -100, 65, 100_000])
def test_perft_refuses_a_depth_out_of_range(game, depth: int) -> None:
    with pytest.raises(ValueError, match=f"perft depth must be from 0 to 64, got {depth}"):
        game.perft(game.new_game(), depth)


def test_combat_perft_refuses_a_negative_depth() -> None:
    with pytest.raises(ValueError, match="got -1"):
        combat.perft(combat.new_game("v01", seed=1), -1)


@pytest.mark.parametrize("game", TWO_PLAYER, ids=lambda m: m.__name__)
def test_perft_depth_zero_and_one_still_count(game) -> None:
    state = game.new_game()
    assert game.perft(state, 0) == 1
    assert game.perft(state, 1) == len(state.legal_actions())


def _states():
    return [aquaignis.new_game(), hexfleet.new_game(), combat.new_game("v01", seed=3)]


@pytest.mark.parametrize("text", ["N\udcff1", "\udcff\udcfe", "\ud800"])
@pytest.mark.parametrize("index", range(3), ids=["aquaignis", "hexfleet", "combat"])
def test_text_utf8_cannot_encode_is_an_illegal_action(index: int, text: str) -> None:
    state = _states()[index]
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="not valid text"):
        state.apply(text)
    assert state.is_legal(text) is False  # is_legal never raises (its documented contract)
    assert state.to_dict() == before


def test_combat_dict_action_with_such_text_is_an_illegal_action() -> None:
    state = combat.new_game("v01", seed=3)
    with pytest.raises(IllegalActionError):
        state.apply({"type": "play", "card": "\udcff"})


@pytest.mark.parametrize("seed, error, message", [(-1, ValueError, "0 to 2\\*\\*64-1, got -1"),
                                                  (2**64, ValueError, "got 18446744073709551616"),
                                                  ("7", TypeError, "int or None, got str"),
                                                  (1.5, TypeError, "got float")])
def test_combat_seed_out_of_range_is_a_clear_error(seed, error, message) -> None:
    with pytest.raises(error, match=message):
        combat.new_game("v01", seed=seed)


def test_combat_largest_seed_is_accepted() -> None:
    assert combat.new_game("v01", seed=2**64 - 1).to_dict() == combat.new_game("v01", seed=2**64 - 1).to_dict()


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet", "combat"])
@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
def test_terminal_game_survives_bytes_that_are_not_utf8(game: str, locale: str) -> None:
    env = dict(os.environ, LC_ALL=locale)
    env.pop("PYTHONIOENCODING", None)
    proc = subprocess.run([*CLI, "play", game, "--terminal", "--seed", "1"], input=b"\xff\xfe\nquit\n",
                          capture_output=True, env=env, timeout=120)
    out = proc.stdout.decode("utf-8", "replace")
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    assert "not accepted" in out and "not valid text" in out
    assert "Game abandoned." in out  # the game went on to the next command
