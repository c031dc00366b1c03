"""One view per game; the app picks by game name."""

from __future__ import annotations

import importlib

VIEWS = {
    "aquaignis": "triptych.client3d.views.aquaignis_view:AquaIgnisView",
    "hexfleet": "triptych.client3d.views.hexfleet_view:HexfleetView",
    "combat": "triptych.client3d.views.combat_view:CombatView",
}


def view_class(game: str):
    module, _, name = VIEWS[game].partition(":")
    return getattr(importlib.import_module(module), name)
