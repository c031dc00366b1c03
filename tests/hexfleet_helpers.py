"""Building Hexfleet positions for tests from a compact picture.

A position is a dict {(q, r): "stack"}; a stack lists its tiles bottom to
top, one letter each: C core, Y shipyard, S shield, F frigate, D destroyer,
R repulsor; upper case is player 0, lower case player 1, and "~" before a
ship letter plays it face-down. Reserves are whatever the fleet has left.
"""

from __future__ import annotations

from typing import Any

import triptych.hexfleet as hf

# The six edge-sharing neighbours of a hex, in axial coordinates.
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two hexes on the plane (axial coordinates)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def pieces(hexes: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """Connected pieces of a set of hexes (edge-sharing columns conduct): the tests' independent oracle
    for the engine's chain, power and cut-vertex facts."""
    left, out = set(hexes), []
    while left:
        todo, piece = [left.pop()], set()
        while todo:
            q, r = todo.pop()
            piece.add((q, r))
            for dq, dr in NEIGHBOURS:
                n = (q + dq, r + dr)
                if n in left:
                    left.remove(n)
                    todo.append(n)
        out.append(piece)
    return out


LETTERS = {"C": "core", "Y": "shipyard", "S": "shield", "F": "frigate", "D": "destroyer", "R": "repulsor"}
# Two masses three hexes apart (R11): player 0's Core, Destroyer and two Frigates, player 1's Core and
# Shield. With a countdown of 1 player 0 has two actions left for a gap of three, so every line draws.
FAR_APART = {(0, 0): "C", (0, 1): "D", (-1, 1): "F", (1, -1): "F", (5, 0): "c", (5, -1): "s"}


def tiles(stack: str) -> list[dict[str, Any]]:
    out = []
    face_down = False
    for ch in stack:
        if ch == "~":
            face_down = True
            continue
        out.append({"owner": 0 if ch.isupper() else 1, "unit": LETTERS[ch.upper()], "face_down": face_down})
        face_down = False
    return out


def position_dict(stacks: dict[tuple[int, int], str], to_move: int = 0, actions_left: int = 2,
                  countdown: int | None = None, fleet: dict[str, int] | None = None,
                  shield_towers: bool | None = None, **extra: Any) -> dict[str, Any]:
    """A saved game from pictures. shield_towers is R4's option; None: on exactly when the picture
    holds a Shield above Level 1 (only that option can build one), so a tall stack drawn to give a
    ship its height needs no flag. Pass False to check that the default refuses such a picture."""
    fleet = dict(fleet or hf.DEFAULT_FLEET)
    reserves = [{u: fleet.get(u, 0) for u in hf.UNITS if u != "core"} for _ in range(2)]
    stack_list = []
    for (q, r), text in sorted(stacks.items()):
        ts = tiles(text)
        for t in ts:
            if t["unit"] != "core":
                reserves[t["owner"]][t["unit"]] -= 1
        stack_list.append({"q": q, "r": r, "tiles": ts})
    if shield_towers is None:
        shield_towers = any(sum(1 for t in tiles(text) if t["unit"] == "shield" or t["face_down"]) > 2
                            for text in stacks.values())
    d = {"game": "hexfleet", "to_move": to_move, "actions_left": actions_left, "turn": 0,
         "countdown": countdown, "stacks": stack_list, "reserves": reserves,
         "options": {"fleet": fleet, "max_turns": 300, "first_player": 0, "shield_towers": shield_towers}}
    d.update(extra)
    return d


def position(stacks: dict[tuple[int, int], str], **kwargs: Any) -> hf.State:
    return hf.State.from_dict(position_dict(stacks, **kwargs))


# Player 0 to move forces a win within `plies` actions (from tests/test_ai_hexfleet.py's WINS): positions on which a
# search option that prunes or reduces must still find the shortest win.
FORCED_WINS = [
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F"}, {}, 2),
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (2, -1): "d"}, {"actions_left": 1}, 3),
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (1, 1): "r", (2, 1): "R"}, {}, 2),
]


def assert_finds_forced_win(stacks: dict[tuple[int, int], str], extra: dict[str, Any], plies: int,
                            **search: Any) -> None:
    """An AlphaBeta(**search) finds the win in `plies` actions, and its line wins for player 0."""
    from triptych.ai import AlphaBeta

    state = position(stacks, **extra)
    result = AlphaBeta(**search).search(state)
    assert result.mate_in == plies, result
    for action in result.pv:
        state.apply(action)
    assert state.is_terminal() and state.winner == 0


def picture(state: hf.State) -> dict[tuple[int, int], str]:
    """The inverse of position(): {(q, r): "stack"}."""
    out = {}
    for st in state.to_dict()["stacks"]:
        text = ""
        for t in st["tiles"]:
            letter = next(k for k, v in LETTERS.items() if v == t["unit"])
            text += ("~" if t["face_down"] else "") + (letter if t["owner"] == 0 else letter.lower())
        out[(st["q"], st["r"])] = text
    return out


def notations(state: hf.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def destinations(state: hf.State, q: int, r: int) -> set[tuple[int, int]]:
    """Where the top tile at (q, r) may move."""
    return {a.target for a in state.legal_actions() if a.type == "move" and a.source == (q, r)}
