"""AquaIgnis: seven flows, two factions, two actions a turn, first to 4 breakthroughs.

AQUA (0) enters at position 0 and moves up; IGNIS (1) enters at position 6
and moves down. Flows are numbered 1..7 and positions 0..6, as in the rules.
The rules, with every ruling, are in ``triptych rules aquaignis``.

Options of :func:`new_game`: ``no_progress_limit`` (whole turns without a
breakthrough or a destroyed unit before the game is drawn, default 40, 0 for
never: a house rule, the seed has no draw; ruling R17) and ``first_player``.

Notation (``str(action)``): ``N3`` spawn in flow 3, ``C3.2`` charge,
``A3.2`` advance, ``S3.2`` surge, ``B3.2`` make a barrier, ``J3.2-4.2`` side
jump from flow 3 pos 2 onto flow 4 pos 2, ``pass`` (only when nothing else
is legal).
"""

from triptych._core.aquaignis import ACTION_IDS, ACTION_MASK_SHAPE, OBSERVATION_SHAPE, Action, State, new_game, perft

# Shown by the terminal game's 'help': what each action letter means (flow 1..7, pos 0..6).
ACTIONS_HELP = """AquaIgnis actions (flow 1-7, pos 0-6; C3.2 = the unit on flow 3, pos 2):
  N3        spawN a charge-1 piece at your entry of flow 3
  C3.2      Charge +1 (max 3, one Crown at 4); a barrier: +1 durability (max 3)
  A3.2      Advance one slot: a clash if an enemy is there; off your edge row
            (AQUA from pos 6, IGNIS from pos 0, or through your own
            barrier there) it is a breakthrough
  S3.2      Surge: at charge exactly 3, two slots, ends at charge 1 and
            pulses the flows beside it
  B3.2      make this piece your Barrier (one at a time)
  J3.2-4.2  side Jump (charge 2+) at the enemy piece on flow 4 pos 2:
            both lose 1 charge
  pass      only when nothing else is legal
Board: a1 / i1 AQUA / IGNIS piece of charge 1, A*4 a Crown,
       [I3] an IGNIS barrier of durability 3."""

AQUA = 0
IGNIS = 1
NAME = "aquaignis"
PLAYER_NAMES = ("AQUA", "IGNIS")

__all__ = ["ACTION_IDS", "ACTION_MASK_SHAPE", "ACTIONS_HELP", "AQUA", "IGNIS", "NAME", "OBSERVATION_SHAPE", "PLAYER_NAMES", "Action", "State", "new_game", "perft"]
