"""The fuzz targets: one per input boundary, each a function of bytes that
raises (ContractViolation or any unexpected exception) only on a real defect.

    dict_<game>    State.from_dict on a mutated saved game (structure-aware:
                   the input is a program of edits on a real save)
    action_<game>  the action reader: Action.parse and State.apply on text
                   and on dicts, at a set of real positions
    engine_protocol  the engine protocol's line reader (engine_target.py)

`run.py` drives them with atheris; tests/test_fuzz_regressions.py replays the
committed corpus and every crash input found through the same functions.
"""

from __future__ import annotations

import copy
import json
import random
import zlib
from pathlib import Path
from typing import Any, Callable

import triptych
from contract import (GAMES, check_node, check_refusal_changes_nothing, check_round_trip, check_saved_game, random_step,
                      require)
from engine_target import engine_seeds, engine_target

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
REGRESSIONS = HERE / "regressions"
COMBAT_VARIANTS = [f"v{i:02d}" for i in range(1, 11)]


def rng_for(data: bytes) -> random.Random:
    """Every check is seeded from the input, so a crash input replays exactly."""
    return random.Random(zlib.crc32(data))


def load_json(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return None


# --- positions: real states reached by seeded random play ---------------------

def new_game(game: str, index: int) -> Any:
    if game == "combat":
        return GAMES["combat"].new_game(COMBAT_VARIANTS[index % len(COMBAT_VARIANTS)], seed=index)
    return GAMES[game].new_game()


def sample_positions(game: str, count: int, seed: int = 2026) -> list[Any]:
    """`count` positions from random games, at spread-out depths (chance
    nodes and finished games included)."""
    rng = random.Random(seed)
    positions = []
    for index in range(count):
        state = new_game(game, index)
        for _ in range(rng.randrange(0, 120)):
            if state.is_terminal():
                break
            random_step(state, rng)
        positions.append(state)
    return positions


_POSITIONS: dict[str, list[Any]] = {}


def positions(game: str) -> list[Any]:
    if game not in _POSITIONS:
        _POSITIONS[game] = sample_positions(game, 20 if game == "combat" else 12)
    return _POSITIONS[game]


# --- from_dict ----------------------------------------------------------------
#
# Structure-aware without a custom mutator (atheris ignores one when libFuzzer
# is preloaded with the ASan runtime, google/atheris#54): an input that is not
# JSON is a program of edits on a real saved game. Its bytes pick the save and
# then, a few bytes per edit, the place, the kind of edit and the new value, so
# libFuzzer's byte mutations become small structural edits and its coverage
# feedback keeps the programs that reach new C++ branches. An input that starts
# with "{" is read as the saved game itself (crash inputs can be written by hand).

SAVES = HERE / "saves"
MAX_EDITS = 8


class ByteChooser:
    """The subset of random.Random that mutate_tree uses, read from bytes."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def remaining(self) -> int:
        return len(self.data) - self.at

    def _next(self) -> int:
        value = int.from_bytes(self.data[self.at:self.at + 2].ljust(2, b"\0"), "little")
        self.at += 2
        return value

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        return start + self._next() % (stop - start)

    def choice(self, seq: list[Any]) -> Any:
        return seq[self._next() % len(seq)]

    def random(self) -> float:
        return self._next() / 65536


def saves(game: str) -> list[Any]:
    """The real saved games edits start from (written by run.py --write-seeds)."""
    return [json.loads(p.read_text()) for p in sorted((SAVES / game).glob("*.json"))]


_SAVES: dict[str, list[Any]] = {}


def saved_game_from(game: str, data: bytes) -> Any:
    if data[:1] == b"{":
        return load_json(data)
    if game not in _SAVES:
        _SAVES[game] = saves(game)
    donors = _SAVES[game]
    chooser = ByteChooser(data)
    doc = copy.deepcopy(chooser.choice(donors))
    for _ in range(MAX_EDITS):
        if chooser.remaining() <= 0:
            break
        doc = mutate_tree(doc, chooser, donors)
    return doc


def dict_target(game: str) -> Callable[[bytes], None]:
    module = GAMES[game]

    def test_one(data: bytes) -> None:
        doc = saved_game_from(game, data)
        if doc is None:
            return
        check_saved_game(module, doc, rng_for(data))

    return test_one


_INTS = [-(2**63), -(2**31) - 1, -32769, -32768, -129, -1, 0, 1, 2, 3, 6, 7, 99, 100, 127, 128, 255, 256,
         999, 1000, 32767, 32768, 65535, 65536, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64]
_JUNK = [None, True, False, "", "x", "aqua", "ignis", "draw", "hand", "blank", [], {}, 1.5, float("nan"), -0.0]


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Every (container path, key) in a JSON tree."""
    out = []
    if isinstance(node, dict):
        for key, value in node.items():
            out.append(path + (key,))
            out.extend(_paths(value, path + (key,)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.append(path + (i,))
            out.extend(_paths(value, path + (i,)))
    return out


def _get(node: Any, path: tuple) -> Any:
    for key in path:
        node = node[key]
    return node


# A Combat save's resolution state: where the end-of-turn resolution stands (cursor, choice), the turn's
# phase and stage, the dice and what is pending, each set to a value play itself uses. Boundary numbers
# are refused field by field; these values pass every field's own range, so the edits reach the checks of
# one field against another (issue 25: a V08 save at phase 'rolled' with cursor 1, the dice not rolled and
# nothing pending was accepted, and `end` then read slots[-2]).
_RESOLUTION_FIELDS: dict[str, list[Any]] = {
    "cursor": list(range(-1, 8)),
    "choice": [0, 1, 2, 3],
    "choice_arg": [0, 1],
    "stage": ["player", "resolve", "enemy", "over"],
    "phase": ["placement", "rolled"],
    "pending_roll": [False, True],
    "pending_draws": [0, 1, 2],
    "rolls": [0, 1, 2],
    "turn": [1, 2],
    "dice": [{"number": None, "element": None}, {"number": 1, "element": "agni"}, {"number": 4, "element": "jal"},
             {"number": "blank", "element": "vayu"}, {"number": 2, "element": "prithvi"},
             {"number": 3, "element": "blank"}, {"number": 1, "element": "akasha"}],
}
_COUNTER_VALUES = [-1, 0, 1, 2, 3, 4, 5, 7, 15, 16]


def mutate_resolution(doc: dict, rng: Any) -> None:
    """Sets one resolution field of a Combat save (or one of its variant's counters or slot marks) to a
    value play uses."""
    names = list(_RESOLUTION_FIELDS)
    counters = doc.get("counters") if isinstance(doc.get("counters"), dict) else {}
    slots = [s for s in doc.get("slots", []) if isinstance(s, dict)] if isinstance(doc.get("slots"), list) else []
    pick = rng.randrange(len(names) + 2)
    if pick < len(names):
        doc[names[pick]] = copy.deepcopy(rng.choice(_RESOLUTION_FIELDS[names[pick]]))
    elif pick == len(names) and counters:
        counters[rng.choice(sorted(counters))] = rng.choice(_COUNTER_VALUES)
    elif slots:
        slot = rng.choice(slots)
        marks = sorted(k for k in slot if k != "card")
        if marks:
            slot[rng.choice(marks)] = rng.choice(_COUNTER_VALUES)
        else:
            slot["card"] = rng.choice([None, "Ember Lash", "Stoneskin"])


def mutate_tree(doc: Any, rng: Any, donors: list[Any]) -> Any:
    """One structural edit of a saved game: a number nudged or set to a
    boundary, a value of the wrong type, a key dropped or added, a list item
    dropped or repeated, a value grafted from another real save, or (Combat)
    a resolution field set to a value play uses (mutate_resolution).
    `rng` is a random.Random or a ByteChooser."""
    paths = _paths(doc)
    if not paths:
        return copy.deepcopy(rng.choice(donors))
    op = rng.randrange(10)
    if op >= 8 and isinstance(doc, dict) and doc.get("game") == "combat":
        mutate_resolution(doc, rng)
        return doc
    path = rng.choice(paths)
    parent, key = _get(doc, path[:-1]), path[-1]
    value = parent[key]
    if op == 0 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-2, -1, 1, 2, 5, -5, 50])
    elif op == 1:
        parent[key] = rng.choice(_INTS)
    elif op == 2:
        parent[key] = copy.deepcopy(rng.choice(_JUNK))
    elif op == 3:
        del parent[key]
    elif op == 4 and isinstance(value, list) and value:
        value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
    elif op == 5 and isinstance(parent, dict):
        parent[rng.choice(["extra", "x", str(key) + "_", "version"])] = rng.choice(_INTS)
    elif op == 6:
        # Graft: the value at the same place in another real save (another
        # variant, another depth), so the edit stays close to valid.
        donor = rng.choice(donors)
        try:
            parent[key] = copy.deepcopy(_get(donor, path))
        except (KeyError, IndexError, TypeError):
            parent[key] = rng.choice(_INTS)
    elif isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.randrange(-3, max(4, 2 * abs(value) + 3))
    else:
        parent[key] = rng.choice(_INTS)
    return doc


def write_saves(game: str) -> None:
    folder = SAVES / game
    folder.mkdir(parents=True, exist_ok=True)
    for index, state in enumerate(positions(game)):
        (folder / f"{index:02d}.json").write_text(json.dumps(state.to_dict(), sort_keys=True) + "\n")


def dict_seeds(game: str) -> list[bytes]:
    """Each save unedited, and a few seeded edit programs per save."""
    rng = random.Random(7)
    count = len(saves(game))
    seeds = [i.to_bytes(2, "little") for i in range(count)]
    seeds += [i.to_bytes(2, "little") + rng.randbytes(6 * rng.randrange(1, 4)) for i in range(count) for _ in range(2)]
    return seeds


# --- the action reader ---------------------------------------------------------

def _check_accepted(state: Any, action: Any, played: Any) -> None:
    """An accepted action is one the position offers (a legal action or a
    chance outcome), and playing it equals playing that offered action."""
    offered = ([a for a, _ in state.chance_outcomes()] if state.to_move == triptych.CHANCE
               else state.legal_actions())
    matches = [a for a in offered if _same_result(state, a, played)]
    require(bool(matches), f"{action!r} was accepted but plays no offered action")


def _same_result(state: Any, offered: Any, played: Any) -> bool:
    copy_ = state.clone()
    copy_.apply(offered)
    return copy_.to_dict() == played.to_dict()


def _try_apply(state: Any, action: Any) -> None:
    original = copy.deepcopy(action)
    accepted = check_refusal_changes_nothing(state, action)
    require(action == original, "apply changed the action dict it read")
    if accepted:
        played = state.clone()
        played.apply(action)
        _check_accepted(state, action, played)
        check_node(played)
        check_round_trip(played)


def action_target(game: str) -> Callable[[bytes], None]:
    module = GAMES[game]
    parse = getattr(module.Action, "parse", None)

    def test_one(data: bytes) -> None:
        if not data:
            return
        state = positions(game)[data[0] % len(positions(game))]
        text = data[1:].decode("utf-8", errors="replace")
        if parse is not None:
            try:
                action = parse(text)
            except triptych.IllegalActionError:
                action = None
            if action is not None:
                require(parse(str(action)) == action, f"{text!r}: the canonical notation reads back differently")
                try:
                    stripped = parse(text.strip())
                except triptych.IllegalActionError:
                    stripped = None
                require(stripped in (None, action), f"{text!r}: surrounding whitespace changed the action")
                require(module.Action.from_dict(action.to_dict()) == action, f"{text!r}: dict round trip differs")
        _try_apply(state, text)
        doc = load_json(data[1:])
        if isinstance(doc, dict):
            _try_apply(state, doc)

    return test_one


def action_seeds(game: str) -> list[bytes]:
    seeds = []
    for index, state in enumerate(positions(game)):
        offered = ([a for a, _ in state.chance_outcomes()] if state.to_move == triptych.CHANCE
                   else state.legal_actions())
        for action in offered[:6]:
            seeds.append(bytes([index]) + str(action).encode())
            seeds.append(bytes([index]) + json.dumps(action.to_dict()).encode())
    return seeds


# --- the registry ---------------------------------------------------------------

TARGETS: dict[str, tuple[Callable[[bytes], None], Callable[[], list[bytes]]]] = {}
for _game in GAMES:
    TARGETS[f"dict_{_game}"] = (dict_target(_game), lambda g=_game: dict_seeds(g))
    TARGETS[f"action_{_game}"] = (action_target(_game), lambda g=_game: action_seeds(g))
TARGETS["engine_protocol"] = (engine_target, engine_seeds)
