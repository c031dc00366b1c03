"""Watching self-play in tests: the positions it records, caught as it takes their features."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from triptych.nnue import selfplay
from triptych.nnue.games import nnue_game


def record_positions(monkeypatch: pytest.MonkeyPatch, game: str, start: Any = None) -> list[Any]:
    """Makes self-play of `game` append a copy of each position it records to the list returned (and start
    from a copy of `start`, when given, instead of the game's opening position)."""
    spec = nnue_game(game)
    seen: list[Any] = []

    class Recording:
        def __getattr__(self, name: str) -> Any:
            return getattr(spec.module, name)

        def new_game(self) -> Any:
            return start.clone() if start is not None else spec.module.new_game()

        def nnue_features(self, state: Any) -> Any:
            seen.append(state.clone())
            return spec.module.nnue_features(state)

    recording = dataclasses.replace(spec, module=Recording())
    monkeypatch.setattr(selfplay, "nnue_game", lambda name: recording)
    return seen
