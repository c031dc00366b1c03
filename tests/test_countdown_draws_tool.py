"""tools/countdown_draws.py, which docs/nnue.md (session 16) reads Hexfleet's countdown draws with: who cut
the networks last and how, and at each of player A's turns apart whether one action could join them again."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from hexfleet_helpers import FAR_APART, position

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("countdown_draws", ROOT / "tools/countdown_draws.py")
tool = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = tool  # its dataclass looks its module up there
spec.loader.exec_module(tool)

# Player 0's Frigate can step into the one empty hex between the networks and stay joined to its own
# through the Shield; three hexes apart (FAR_APART) nothing joins in one action.
JOINABLE = {(0, 0): "C", (1, 0): "F", (1, 1): "S", (0, 1): "D", (3, 0): "c", (4, 0): "s"}


def test_one_action_joins_only_where_a_legal_action_touches_both_networks() -> None:
    near = position(JOINABLE, countdown=3)
    assert near.separation()["gap"] == 1
    assert tool.one_action_joins(near)
    assert not tool.one_action_joins(position(FAR_APART, countdown=3))
    # The same gap of one, but the Frigate is the Shield's only link to its Core: stepping out would strand it.
    pinned = position({(0, 0): "C", (1, 0): "F", (2, -1): "S", (3, 0): "c", (4, 0): "s"}, countdown=3)
    assert pinned.separation()["gap"] == 1 and not tool.one_action_joins(pinned)


def test_the_cut_kinds_read_the_target_before_the_action() -> None:
    state = position({(0, 0): "C", (0, 1): "D", (1, 0): "F", (2, 0): "c", (-1, 1): "f"})
    assert tool.cut_kind(state, "D 0,1>1,0") == "own tile"
    assert tool.cut_kind(state, "D 0,1>-1,1") == "enemy tile"
    assert tool.cut_kind(state, "R 1,0>2,0") == "push"
    assert tool.cut_kind(state, "M 1,0>1,1") == "other"


def test_every_countdown_draw_of_a_record_is_read_once() -> None:
    records = sorted(str(p) for p in (ROOT / "docs/strength").glob("doubling_hexfleet_nnue_separation_[0-9]*.json"))
    assert len(records) == 5
    countdowns = sum(g["end"] == "countdown" for path in records for g in json.loads(Path(path).read_text())["games"])
    found = tool.read(records)
    assert found.draws == countdowns == 60
    assert sum(found.last_cut.values()) <= found.draws and sum(found.last_turn.values()) <= found.draws
    assert {kind for _, kind in found.last_cut} <= {"own tile", "enemy tile", "push"}  # a move never parts them
    # A turn that ended joined began with a join in one action, or used both actions to join.
    assert sum(found.turns_apart.values()) >= sum(found.last_turn.values())
    assert all(gap >= 1 for gap, _, _ in found.last_turn)
    assert all(not joins for gap, joins, _ in found.last_turn if gap >= 2)  # no action closes more than one hex
    # A join passed up while ahead: a gap of one (no action closes more), and one per such turn that ended apart.
    assert sum(found.declined.values()) == sum(n for (ahead, joins, joined), n in found.turns_apart.items()
                                               if ahead and joins and not joined)
    assert all(gap == 1 for gap, _, _, _ in found.declined)
    assert all(not after[1] for *_, after in found.declined if after is not None and after[0] >= 2)
    text = tool.report(found)
    assert text.startswith("60 countdown draws")
    assert "A's joins declined" in text
