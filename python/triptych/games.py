"""The registry of games: name -> the module that implements the State contract.

The CLI, the benchmarks and the client look games up here, so adding a game
is one line.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: dict[str, str] = {
    "aquaignis": "triptych.aquaignis",
    "combat": "triptych.combat",
    "hexfleet": "triptych.hexfleet",
}


def load(name: str) -> ModuleType:
    """The module of game `name`; raises KeyError listing the known games."""
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
