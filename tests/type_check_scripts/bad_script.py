"""Mistakes mypy --strict must report; each line marked `# E` is one error."""

from __future__ import annotations

import triptych.aquaignis as aquaignis
import triptych.hexfleet as hexfleet

state = aquaignis.new_game()
state.aply("N1")  # E
state.apply(42)  # E
n: str = state.to_move  # E
w: int = state.winner  # E
hexfleet.perft(state, 2)  # E
