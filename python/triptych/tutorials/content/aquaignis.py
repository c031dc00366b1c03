"""Learn AquaIgnis: every line of the rules in brief, one short step at a time.

The player is AQUA (bottom, moving up) in every step but the clash with a barrier, which shows IGNIS's
answer as a scripted reply. Positions after the first steps are position strings (triptych.positions),
read through State.from_dict, which refuses any position play could not reach.
"""

from __future__ import annotations

from triptych.tutorials.model import Start, Step, Tutorial

OPTIONS = "no_progress_limit=40,first_player=aqua"
EMPTY = "......."


def board(**flows: str) -> str:
    """The BOARD field: flows given by name (f1..f7) as their 7 cells, the others empty."""
    return "/".join(flows.get(f"f{i}", EMPTY) for i in range(1, 8))


def position(cells: str, mover: str = "a2", score: str = "0-0", turn: int = 6, no_progress: int = 4,
             links: str = "-") -> str:
    return f"aquaignis {cells} {mover} {score} {turn} {no_progress} {links} {OPTIONS}"


STEPS = (
    Step("Spawn",
         "You are AQUA: you enter at the bottom (position 0) and move up; IGNIS enters at the top and moves "
         "down. The board starts empty. Click your entry slot in flow 4 and spawn a piece there.",
         ask=("N4",), teaches=("Board.", "Spawn"), expect=("spawn",),
         after="A spawn puts a charge-1 piece on your entry slot. That was your first action of two.",
         start=Start()),
    Step("Charge",
         "Each turn is two actions by the same player. Use your second one to charge the new piece: "
         "click it and choose Charge.",
         ask=("C4.0",), teaches=("Turns.", "Charge"), expect=("charges",),
         then=("N4", "C4.6"),
         after="Your piece charges to 2 (charge goes up to 3; one piece of yours may become a Crown at 4). "
               "Then IGNIS took its turn: it spawned and charged in flow 4 too."),
    Step("Advance and clash",
         "An Advance moves a piece one slot toward the enemy's side. Meeting an enemy is a clash: the higher "
         "charge wins. Advance your charge-2 piece into IGNIS's charge-1 piece.",
         ask=("A4.2",), teaches=("Advance",), expect=("destroyed",),
         after="Higher charge wins: the IGNIS piece is destroyed and yours takes its slot. Equal charges "
               "would both lose exactly 1.",
         start=Start(position=position(board(f4="..a2i1..."), turn=5, no_progress=9))),
    Step("The Crown",
         "One of your pieces may go to charge 4 while you have no Crown: the Crown beats every lower charge in a "
         "clash (it cannot Surge). Advance your Crown into IGNIS's charge-3 piece.",
         ask=("A4.3",), expect=("destroyed",),
         after="The Crown wins: the charge-3 piece is destroyed. Only one Crown each at a time; lose it and you "
               "may crown another.",
         start=Start(position=position(board(f4="...a4i3..", f6="......i1"), turn=14, no_progress=6))),
    Step("Surge",
         "A piece at exactly charge 3 may Surge: it moves two slots, ends at charge 1, and pulses the "
         "flows beside it. Surge the piece in flow 4.",
         ask=("S4.1",), teaches=("Surge",), expect=("surge", "fresh scout"),
         after="The piece moved two slots and is back to charge 1. Flows 3 and 5 held none of your pieces, "
               "so the pulse sent a fresh scout (charge 1) onto your entry in each.",
         start=Start(position=position(board(f4=".a3.....", f1="......i1"), mover="a1", turn=7, no_progress=3))),
    Step("Flow Link",
         "If both flows beside a Surge already hold your pieces and the pulse boosts them, those two flanks "
         "link until the end of your next turn. Surge in flow 4 with pieces ready in flows 3 and 5.",
         ask=("S4.1",), teaches=("Flow Link",), expect=("surge", "link", "charge 1 -> 2"),
         after="Both flanks gained +1 (charge 1 -> 2) and are now linked: an advance in one also advances the other "
               "(Parallel Advance), a charge in one also charges the other (Harmonic Charge).",
         start=Start(position=position(board(f3="a1......", f4=".a3.....", f5="a1......", f1="......i1"),
                                       turn=9, no_progress=2))),
    Step("Parallel Advance",
         "Use the link: advance your piece in flow 3. The linked piece in flow 5 advances with it.",
         ask=("A3.0",), teaches=(), expect=("parallel advance",),
         after="Parallel Advance: one action moved two pieces. That is what a link is worth."),
    Step("Barrier",
         "Turn one of your pieces into a Barrier: one per player while it stands. Your pieces pass through "
         "it freely; an attacker no stronger than it loses 1 charge and the barrier loses 1 durability. "
         "Make the charge-2 piece in flow 2 a barrier.",
         ask=("B2.3",), teaches=("Barrier",), expect=("barrier", "destroyed"),
         then=("A2.4", "C6.6"),
         after="IGNIS's charge-1 piece attacked your durability-2 barrier: the barrier dropped to 1 and the "
               "attacker lost its last charge and was destroyed.",
         start=Start(position=position(board(f2="...a2i1..", f6="......i1"), mover="a1", turn=8, no_progress=5))),
    Step("Side Jump",
         "A piece with charge 2 or more may jump at an enemy piece at the same height in a flow beside it "
         "(flows 1 and 7 are neighbours too). Both lose 1 charge. Jump from flow 3 at the IGNIS piece in "
         "flow 4.",
         ask=("J3.3-4.3",), teaches=("Side Jump",), expect=("jump", "destroyed"),
         after="The target dropped to 0 and was destroyed, so your jumper landed in its slot with charge 1.",
         start=Start(position=position(board(f3="...a2...", f4="...i1..."), turn=10, no_progress=7))),
    Step("Breakthrough",
         "A piece scores by moving off the board from your edge row (position 6 for AQUA). You have 3 "
         "breakthroughs; a 4th wins. Advance the piece on position 6 in flow 5.",
         ask=("A5.6",), teaches=("Breakthrough",), expect=("breakthrough", "wins"),
         after="Breakthrough: AQUA reaches 4 and wins the game.",
         start=Start(position=position(board(f5="......a1", f2="i2......"), score="3-2", turn=30,
                                       no_progress=3))),
    Step("Stalled game",
         "A house rule, not in the seed: if 40 whole turns pass with no breakthrough and no unit destroyed, "
         "the game is a draw. This game has gone 39 turns and a half without progress: charge a piece.",
         ask=("C4.2",), teaches=("Stalled game",), expect=("draw",),
         after="Nothing was destroyed and nothing broke through: the game ends in a draw.",
         start=Start(position=position(board(f4="..a1....", f2="....i1.."), mover="a1", turn=60,
                                       no_progress=79))),
)

TUTORIALS = [Tutorial("aquaignis", "aquaignis", "Learn AquaIgnis", STEPS,
                      intro="Play each step's move; Next step goes on, Retry step plays it again.")]
