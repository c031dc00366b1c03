"""One-line position strings, as FEN is for chess: ``position_string(state)`` out, ``from_position_string`` in.

The string starts with the game's name and holds everything ``State.to_dict()`` holds, so
``from_position_string(position_string(s)) == s`` for every state play can reach (tested on 10,000
random reachable states per game). The formats are documented at the end of docs/rules/<game>.md.

    >>> import triptych.aquaignis as aquaignis
    >>> position_string(aquaignis.new_game())
    'aquaignis ......./......./......./......./......./......./....... a2 0-0 0 0 - no_progress_limit=40,first_player=aqua'

A malformed string raises ``triptych.InvalidStateError`` naming what is wrong; a well-formed one
goes through ``State.from_dict``, which refuses any position play could not reach.
"""

from __future__ import annotations

from typing import Any

from triptych import InvalidStateError
from triptych.games import load

GAMES = ("aquaignis", "hexfleet")

# AquaIgnis: a piece is its owner's letter and its charge (a crown is charge 4), a barrier the capital letter.
_AQ_OWNER = {"aqua": "a", "ignis": "i"}
_AQ_OWNER_OF = {v: k for k, v in _AQ_OWNER.items()}
FLOWS, SLOTS = 7, 7

# Hexfleet units by letter; a face-down tile is the lower-case letter.
_HF_UNIT = {"core": "C", "shipyard": "Y", "shield": "S", "frigate": "F", "destroyer": "D", "repulsor": "R"}
_HF_UNIT_OF = {v: k for k, v in _HF_UNIT.items()}


def position_string(state: Any) -> str:
    """The state as one line (see the module docstring)."""
    data = state.to_dict()
    game = data.get("game")
    if game == "aquaignis":
        return _aq_string(data)
    if game == "hexfleet":
        return _hf_string(data)
    raise ValueError(f"position strings cover {', '.join(GAMES)}, not {game!r}")


def from_position_string(text: str) -> Any:
    """The state a position string describes; InvalidStateError naming what is wrong."""
    if not isinstance(text, str):
        raise TypeError(f"a position string is a str, got {type(text).__name__}")
    words = text.split()
    if not words or words[0].lower() not in GAMES:
        raise InvalidStateError(f"a position string starts with the game ({', '.join(GAMES)}): {text[:40]!r}")
    game = words[0].lower()
    try:
        data = _aq_dict(words) if game == "aquaignis" else _hf_dict(words)
    except (ValueError, KeyError, IndexError) as err:
        raise InvalidStateError(f"not a valid {game} position string: {err}") from None
    return load(game).State.from_dict(data)


def is_position_string(text: str) -> bool:
    """Whether ``text`` starts like a position string (a game's name, then a space)."""
    first = text.split(maxsplit=1)[0].lower() if text.strip() else ""
    return first in GAMES and " " in text.strip()


# --- shared -------------------------------------------------------------------------------------

def _options_string(options: dict[str, Any], nested: Any = None) -> str:
    parts = []
    for key, value in options.items():
        if isinstance(value, dict):
            value = nested(value)
        elif isinstance(value, bool):  # a switch such as Hexfleet's shield_towers
            value = "true" if value else "false"
        elif not isinstance(value, (int, str)) or value in ("true", "false"):
            raise ValueError(f"option {key}={value!r} has no position-string form")
        parts.append(f"{key}={value}")
    return ",".join(parts) or "-"


def _options_dict(text: str, nested: Any = None) -> dict[str, Any]:
    if text == "-":
        return {}
    out: dict[str, Any] = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(f"option {part!r} is not NAME=VALUE")
        if nested is not None and key in nested:
            out[key] = nested[key](value)
        elif value in ("true", "false"):
            out[key] = value == "true"
        else:
            out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


def _expect(words: list[str], count: int) -> None:
    if len(words) != count:
        raise ValueError(f"{count} space-separated fields expected, got {len(words)}")


# --- AquaIgnis ----------------------------------------------------------------------------------
# aquaignis BOARD TOMOVE+ACTIONS SCORE TURN NO_PROGRESS LINKS OPTIONS
#   BOARD: 7 flows (1..7) separated by '/', each 7 cells (pos 0..6): '.' or a1..a4 / i1..i4 (pieces)
#          or A1..A3 / I1..I3 (barriers, by durability)
#   LINKS: '-' or OWNER FLOW.FLOW:TURNS_LEFT, comma-separated (a7.2:1)

def _aq_string(d: dict[str, Any]) -> str:
    cells = [["."] * SLOTS for _ in range(FLOWS)]
    for p in d["pieces"]:
        letter = _AQ_OWNER[p["owner"]]
        if p["kind"] == "barrier":
            letter = letter.upper()
        elif p["kind"] != "piece":
            raise ValueError(f"piece kind {p['kind']!r} has no position-string form")
        cells[p["flow"] - 1][p["pos"]] = f"{letter}{p['charge']}"
    board = "/".join("".join(flow) for flow in cells)
    links = ",".join(f"{_AQ_OWNER[k['owner']]}{'.'.join(map(str, k['flows']))}:{k['turns_left']}"
                     for k in d["links"]) or "-"
    score = d["score"]
    return " ".join(["aquaignis", board, f"{_AQ_OWNER[d['to_move']]}{d['actions_left']}",
                     f"{score['aqua']}-{score['ignis']}", str(d["turn"]), str(d["no_progress"]), links,
                     _options_string(d["options"])])


def _aq_dict(words: list[str]) -> dict[str, Any]:
    _expect(words, 8)
    _, board, mover, score, turn, no_progress, links, options = words
    flows = board.split("/")
    if len(flows) != FLOWS:
        raise ValueError(f"the board has {FLOWS} flows separated by '/', got {len(flows)}")
    pieces = []
    for f, flow in enumerate(flows, start=1):
        pos, i = 0, 0
        while i < len(flow):
            if flow[i] == ".":
                pos, i = pos + 1, i + 1
                continue
            letter, charge = flow[i], flow[i + 1:i + 2]
            if letter.lower() not in _AQ_OWNER_OF or not charge.isdigit():
                raise ValueError(f"flow {f}: {flow[i:i + 2]!r} is not a cell (., a1..a4, i1..i4, A1..A3, I1..I3)")
            pieces.append({"flow": f, "pos": pos, "owner": _AQ_OWNER_OF[letter.lower()],
                           "kind": "barrier" if letter.isupper() else "piece", "charge": int(charge)})
            pos, i = pos + 1, i + 2
        if pos != SLOTS:
            raise ValueError(f"flow {f} has {pos} cells, not {SLOTS}")
    link_list = []
    if links != "-":
        for link in links.split(","):
            flows_text, _, turns = link[1:].partition(":")
            link_list.append({"owner": _AQ_OWNER_OF[link[0]], "flows": [int(x) for x in flows_text.split(".")],
                              "turns_left": int(turns)})
    aqua, _, ignis = score.partition("-")
    return {"game": "aquaignis", "to_move": _AQ_OWNER_OF[mover[0]], "actions_left": int(mover[1:]),
            "score": {"aqua": int(aqua), "ignis": int(ignis)}, "pieces": pieces, "links": link_list,
            "turn": int(turn), "no_progress": int(no_progress), "options": _options_dict(options)}


# --- Hexfleet -----------------------------------------------------------------------------------
# hexfleet STACKS TOMOVE+ACTIONS TURN COUNTDOWN CLIMBED RESULT RESERVES HISTORY OPTIONS
#   STACKS: Q,R:TILES separated by ';', tiles bottom to top, each OWNER (0/1) and unit letter
#           (C core, Y shipyard, S shield, F frigate, D destroyer, R repulsor; lower case: face down)
#   COUNTDOWN: '-' or turns; CLIMBED: '-' or Q,R^LEVELS; RESULT: '-' (going on), 'd' (drawn), '0' or '1' (won)
#   RESERVES: player 0's then player 1's, '/'-separated, each unit letter and count (Y2S2F3D4R2)
#   HISTORY: the turn-start hashes, oldest first, hexadecimal, comma-separated

def _units_string(counts: dict[str, int]) -> str:
    return "".join(f"{_HF_UNIT[unit]}{n}" for unit, n in counts.items()) or "-"


def _units_dict(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    if text == "-":
        return out
    i = 0
    while i < len(text):
        letter = text[i]
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        if letter not in _HF_UNIT_OF or j == i + 1:
            raise ValueError(f"{text[i:j]!r} is not a unit letter and count")
        out[_HF_UNIT_OF[letter]] = int(text[i + 1:j])
        i = j
    return out


def _hf_string(d: dict[str, Any]) -> str:
    stacks = ";".join(f"{s['q']},{s['r']}:" + "".join(
        f"{t['owner']}{_HF_UNIT[t['unit']].lower() if t['face_down'] else _HF_UNIT[t['unit']]}" for t in s["tiles"])
        for s in d["stacks"]) or "-"
    countdown = "-" if d["countdown"] is None else str(d["countdown"])
    climbed = "-" if d["climbed"] is None else f"{d['climbed']['at'][0]},{d['climbed']['at'][1]}^{d['climbed']['levels']}"
    result = "-" if not d["over"] else ("d" if d["winner"] is None else str(d["winner"]))
    reserves = "/".join(_units_string(r) for r in d["reserves"])
    history = ",".join(f"{h:x}" for h in d["history"]) or "-"
    return " ".join(["hexfleet", stacks, f"{d['to_move']}{d['actions_left']}", str(d["turn"]), countdown, climbed,
                     result, reserves, history, _options_string(d["options"], _units_string)])


def _hf_dict(words: list[str]) -> dict[str, Any]:
    _expect(words, 10)
    _, stacks_text, mover, turn, countdown, climbed, result, reserves, history, options = words
    stacks = []
    if stacks_text != "-":
        for stack in stacks_text.split(";"):
            where, _, tiles_text = stack.partition(":")
            q, r = (int(x) for x in where.split(","))
            if len(tiles_text) % 2 or not tiles_text:
                raise ValueError(f"stack {stack!r}: tiles are owner digit and unit letter pairs")
            tiles = []
            for k in range(0, len(tiles_text), 2):
                owner, letter = tiles_text[k], tiles_text[k + 1]
                if owner not in "01" or letter.upper() not in _HF_UNIT_OF:
                    raise ValueError(f"stack {stack!r}: {tiles_text[k:k + 2]!r} is not a tile")
                tiles.append({"owner": int(owner), "unit": _HF_UNIT_OF[letter.upper()], "face_down": letter.islower()})
            stacks.append({"q": q, "r": r, "tiles": tiles})
    climb = None
    if climbed != "-":
        at, _, levels = climbed.partition("^")
        climb = {"at": [int(x) for x in at.split(",")], "levels": int(levels)}
    if result not in ("-", "d", "0", "1"):
        raise ValueError(f"result {result!r} is not -, d, 0 or 1")
    reserve_texts = reserves.split("/")
    if len(reserve_texts) != 2:
        raise ValueError("reserves are two groups separated by '/'")
    return {"game": "hexfleet", "to_move": int(mover[0]), "actions_left": int(mover[1:]), "turn": int(turn),
            "countdown": None if countdown == "-" else int(countdown), "climbed": climb,
            "history": [] if history == "-" else [int(h, 16) for h in history.split(",")],
            "over": result != "-", "winner": int(result) if result in ("0", "1") else None,
            "stacks": stacks, "reserves": [_units_dict(t) for t in reserve_texts],
            "options": _options_dict(options, {"fleet": _units_dict})}


__all__ = ["from_position_string", "is_position_string", "position_string"]
