"""Learn Hexfleet: every line of the rules in brief; stacking and elevation, the power network and a cascade,
a push that falls and one that crushes, boarding and the separation countdown.

The first steps play an opening from the new game; the rest start from positions given as stacks
(``position`` below fills in the reserves from the default fleet) and read through State.from_dict,
which refuses any position play could not reach (unpowered tiles, a ship in its own Core's column ...).
You play Green (player 0) except where a step says otherwise.
"""

from __future__ import annotations

from typing import Any

from triptych.tutorials.model import Start, Step, Tutorial

UNITS = {"C": "core", "Y": "shipyard", "S": "shield", "F": "frigate", "D": "destroyer", "R": "repulsor"}


def position(stacks: dict[tuple[int, int], str], to_move: int = 0, actions_left: int = 2, turn: int = 8) -> dict:
    """A saved-game dict: `stacks` maps a hex to its tiles bottom to top, each owner digit and unit letter
    (lower case: face down), as in position strings; the rest of the default fleet is in reserve."""
    from triptych import hexfleet

    data: dict[str, Any] = hexfleet.new_game().to_dict()
    fleet = data["options"]["fleet"]
    reserves = [{u: n for u, n in fleet.items() if u != "core"} for _ in (0, 1)]
    out = []
    for (q, r), tiles in sorted(stacks.items()):
        column = []
        for k in range(0, len(tiles), 2):
            owner, letter = int(tiles[k]), tiles[k + 1]
            unit = UNITS[letter.upper()]
            column.append({"owner": owner, "unit": unit, "face_down": letter.islower()})
            if unit != "core":
                reserves[owner][unit] -= 1
        out.append({"q": q, "r": r, "tiles": column})
    data.update(stacks=out, reserves=reserves, to_move=to_move, actions_left=actions_left, turn=turn)
    del data["history"]  # a position given without its past: the current turn's start only (R20)
    return data


STEPS = (
    Step("A Shipyard",
         "Two Command Cores are locked side by side: you are Green, your opponent Purple. Tiles go on a plane "
         "of hexes and stack into columns. Your Core spawns a Shipyard: click your Core, then the hex -1,0 "
         "beside it (hover a hex to see its coordinates).",
         ask=("Y@-1,0",), teaches=("Board.", "Spawn Shipyard"), expect=("spawns a shipyard",),
         after="Your Core spawns a Shipyard, next to it on a hex that touches only your own tiles.",
         start=Start()),
    Step("A ship",
         "A turn is two actions, in any combination. A Shipyard spawns ships from your reserve onto an empty "
         "hex next to it. Click the Shipyard, then the hex -2,0 beside it, and choose a Frigate.",
         ask=("P frigate@-2,0",), teaches=("Turn.", "Spawn from a Shipyard"), expect=("spawns a frigate",),
         then=("Y@2,0", "P repulsor@3,0"),
         after="Your Shipyard spawns a Frigate. Purple answered with a Shipyard and a Repulsor."),
    Step("Face down: a Shield",
         "Each of your 24 tiles is a ship on top and a Shield underneath. A ship played face-down is a Shield "
         "in every respect. Spawn a Frigate face-down below your Shipyard, at -1,1.",
         ask=("P ~frigate@-1,1",), teaches=("Fleets.",), expect=("face-down frigate",),
         after="A face-down Frigate: a Shield that never moves. Shields give your ships height."),
    Step("Climbing",
         "Ships move step by step: a Frigate up to 2 steps, each step climbing at most one level. Move your "
         "Frigate onto the Shield: it stands at level 1, on top of the column, and controls it.",
         ask=("M -2,0>-1,1",), teaches=("Movement.",), expect=("climbs to level 1",),
         then=("P destroyer@3,-1", "M 3,0>2,1"),
         after="Your Frigate climbs to level 1. The tile beneath it is buried: it cannot act, but it still "
               "conducts power. Purple spawned a Destroyer and moved its Repulsor."),
    Step("Destroy, and the power check",
         "Every tile must trace a path of occupied hexes, of either colour, to its own Core. Your Destroyer "
         "stands one level up on a Shield, so it reaches the Purple Shield beside it (two levels apart would "
         "be a wall). Destroy the Purple Shield at 2,-1.",
         ask=("D 1,-1>2,-1",), teaches=("Adjacency for an action", "Destroyer:", "Power."),
         expect=("destroys", "back to the reserve"),
         after="Your Destroyer destroys the Shield; the tiles whose only path home ran through it go back to "
               "the reserve too: Purple's Frigate and Destroyer, and your own Frigate.",
         start=Start(position=position({(0, 0): "0C", (1, 0): "1C", (1, -1): "0S0D", (2, -1): "1S",
                                        (3, -2): "1F", (4, -3): "1D", (3, -3): "0F"}))),
    Step("A push that falls",
         "A Repulsor pushes an adjacent enemy ship one hex along the line from it through the ship, and moves "
         "into the space it left. Push the Purple Frigate off its Shield: the hex beyond is empty ground.",
         ask=("R 0,-1>1,-1",), teaches=("Repulsor:",), expect=("pushes", "falls to level 0"),
         after="The Frigate falls to level 0, unharmed, and your Repulsor now stands on the Shield.",
         start=Start(position=position({(0, 0): "0C", (1, 0): "1C", (0, -1): "0R", (1, -1): "1S1F"}))),
    Step("A push that crushes",
         "If the column beyond is higher than the pushed ship's level, the ship cannot go up: it is crushed "
         "and returns to its owner's reserve. Push the Purple Frigate into the Shield behind it.",
         ask=("R 0,-1>1,-1",), expect=("pushes", "crushed"),
         after="Your Repulsor pushes, the Frigate is crushed (back to Purple's reserve), and the Repulsor "
               "advances into its hex.",
         start=Start(position=position({(0, 0): "0C", (1, 0): "1C", (0, -1): "0R", (1, -1): "1F",
                                        (2, -1): "1S", (2, 0): "1Y"}))),
    Step("Boarding the Core",
         "A player who starts a turn with one of their ships right on top of the enemy Core wins. Move your "
         "Destroyer onto Purple's Core, then see whether Purple can dislodge it.",
         ask=("M 0,1>1,0",), teaches=("Win:",), expect=("boards", "wins"),
         then=("P frigate@3,0", "P destroyer@3,-1"),
         after="Your Destroyer boards the Core. Purple had no Repulsor beside it to push it off, so it was "
               "still there when your turn began: Green wins.",
         start=Start(position=position({(0, 0): "0C", (1, 0): "1C", (0, 1): "0D", (2, 0): "1Y"},
                                       actions_left=1))),
    Step("Separation",
         "If no chain of tiles joins the two fleets, a countdown starts with the next turn: each player gets "
         "two full turns, and if they are still apart then, the game is a draw. Destroy your own Shield at "
         "1,0, the only bridge between the fleets.",
         ask=("D 0,1>1,0",), teaches=("Separation:",), expect=("apart", "4 turns"),
         after="The fleets are apart: 4 turns until a draw unless they touch again. Contact at any moment "
               "cancels the countdown.",
         start=Start(position=position({(0, 0): "0C", (1, 0): "0S", (2, 0): "1C", (0, 1): "0D"},
                                       actions_left=1))),
    Step("Repetition",
         "A house rule, not in the seed: a turn that starts in the same position for the third time is a "
         "draw. Both Cores have stepped out and back once already (a Core moves one step, onto empty "
         "ground). Step your Core back home to 0,0 once more.",
         ask=("M 0,1>0,0",), teaches=("Repetition draw",), expect=("draw",),
         then=("M 1,0>1,-1", "M 1,-1>1,0"),
         after="Purple stepped out and back too: the same turn start for the third time, a draw.",
         start=Start(actions=("M 0,0>0,1", "M 0,1>0,0", "M 1,0>1,-1", "M 1,-1>1,0", "M 0,0>0,1"))),
)

TUTORIALS = [Tutorial("hexfleet", "hexfleet", "Learn Hexfleet", STEPS,
                      intro="Play each step's move; Next step goes on, Retry step plays it again.")]
