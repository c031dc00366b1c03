"""AquaIgnis: seven flows, two factions, two actions a turn, first to 4 breakthroughs.

AQUA (0) enters at position 0 and moves up; IGNIS (1) enters at position 6
and moves down. Flows are numbered 1..7 and positions 0..6, as in the rules.
The rules, with every ruling, are in ``triptych rules aquaignis``.

Notation (``str(action)``): ``N3`` spawn in flow 3, ``C3.2`` charge,
``A3.2`` advance, ``S3.2`` surge, ``B3.2`` make a barrier, ``J3.2-4.2`` side
jump from flow 3 pos 2 onto flow 4 pos 2, ``pass`` (only when nothing else
is legal).
"""

from triptych._core.aquaignis import OBSERVATION_SHAPE, Action, State, new_game, perft

AQUA = 0
IGNIS = 1
NAME = "aquaignis"
PLAYER_NAMES = ("AQUA", "IGNIS")

__all__ = ["AQUA", "IGNIS", "NAME", "OBSERVATION_SHAPE", "PLAYER_NAMES", "Action", "State", "new_game", "perft"]
