"""The fixed positions every benchmark runs on.

The mid-game positions are copies of tests/data/<game>/midgame*.json (the
perft-table positions, documented in tests/data/<game>/), shipped inside the
package so ``triptych bench`` works from an installed wheel. They must never
change: the bench signature and every stored JSON report depend on them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from triptych import games

TWO_PLAYER = ("aquaignis", "hexfleet")
POSITION_NAMES = ("start", "midgame1", "midgame2", "midgame3")


@cache
def _position_dict(game: str, name: str) -> dict[str, Any]:
    text = resources.files("triptych.bench").joinpath("positions", game, f"{name}.json").read_text()
    return json.loads(text)


def position(game: str, name: str) -> Any:
    """A fresh state of ``game``: "start" (the default new game) or a shipped mid-game position."""
    module = games.load(game)
    if name == "start":
        return module.new_game()
    return module.State.from_dict(_position_dict(game, name))
