"""Hexfleet: two capital fleets of dual-sided hex tiles on an unbounded hex plane.

Player 0's Core starts at (0, 0), player 1's at (1, 0); coordinates are axial
``(q, r)`` and a tile on a column of height h sits at level h. Each turn is two
actions; the aim is to start a turn with a ship directly on the enemy Core.
The rules, with every ruling, are in ``triptych rules hexfleet``.

Notation (``str(action)``): ``M 0,0>1,-1`` move the top tile at 0,0 to 1,-1;
``P frigate@1,0`` spawn a ship, ``P shield@1,0`` a dedicated Shield,
``P ~frigate@1,0`` a Frigate face-down (as a Shield); ``Y@-1,0`` the Core
spawns a Shipyard; ``D 0,1>1,1`` a Destroyer destroys; ``R 0,1>1,1`` a
Repulsor pushes.

Options of :func:`new_game`: ``fleet`` (dict unit -> count, exactly 24 with
one core; default :data:`DEFAULT_FLEET`), ``max_turns`` (draw after that many
whole turns, default 300, 0 for none), ``first_player`` (default 0) and
``repetitions`` (draw when a turn starts in the same position for that many
times, default 3, 0 for never; a house rule, ruling R20) and ``shield_towers``
(default False: a Shipyard spawns within one level of itself, so a Shield goes
only onto a lone friendly Shield; True: onto a friendly Shield at any height,
a house rule; ruling R4).
"""

from triptych._core.hexfleet import ACTION_IDS, ACTION_MASK_SHAPE, DEFAULT_FLEET, OBSERVATION_SHAPE, Action, State, new_game, perft

NAME = "hexfleet"
UNITS = ("core", "shipyard", "shield", "frigate", "destroyer", "repulsor")

__all__ = ["ACTION_IDS", "ACTION_MASK_SHAPE", "DEFAULT_FLEET", "NAME", "OBSERVATION_SHAPE", "UNITS", "Action", "State", "new_game", "perft"]
