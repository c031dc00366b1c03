"""Why a Hexfleet match's countdown draws happened, replayed from its record (`triptych match --json`).

    python tools/countdown_draws.py docs/strength/nnue/match_hexfleet_separation_vs_classic_100ms_skipdecided_seed900.json

For every game that ended in the separation countdown's draw (R11) it replays the actions and reports:

- **the last cut**: who parted the networks last before the draw (player A, the record's first spec, or B) and
  how: a Destroyer on the cutter's own tile, on an enemy tile, or a push;
- **A's turns apart**: at the start of each of player A's turns while the networks stood apart, whether A was
  ahead on the board (`evaluate_board` > 0 for A), whether one of its legal actions joins the networks again
  (each is tried), and whether its turn ended with them joined;
- **A's last turn**: at A's last turn start before the draw, the gap (empty hexes between the networks) and
  whether a single action could join them.
- **A's joins declined**: A's turns begun apart, ahead on the board, with an action that joins, that still
  ended apart: the gap and the actions each side had left before the draw (the outlook's inputs, docs/nnue.md),
  whether A joined and was cut again within the turn, and at A's next turn the gap (0 if the networks were
  joined again by then) and whether one action could join them then (none if the game ended first).

docs/nnue.md (session 16) reads these figures for the NNUE against the classic.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import triptych._core.hexfleet as core
import triptych.hexfleet as hf


@dataclass
class CountdownDraws:
    draws: int = 0
    last_cut: Counter = field(default_factory=Counter)     # (cutter "A"/"B", kind) -> draws
    turns_apart: Counter = field(default_factory=Counter)  # (A ahead, one action joins, joined by the turn's end)
    last_turn: Counter = field(default_factory=Counter)    # (gap, one action joins, A ahead) at A's last turn
    # (gap, (A's actions, B's actions) left, joined within the turn, (gap, one joins) at A's next turn or None)
    declined: Counter = field(default_factory=Counter)


def one_action_joins(state: Any) -> bool:
    """Whether some legal action of the side to act joins the two networks again."""
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if not child.is_terminal() and child.networks_in_contact():
            return True
    return False


def cut_kind(state: Any, action: str) -> str:
    """'own tile', 'enemy tile' (a Destroyer's target) or 'push', for an action about to be applied."""
    if action.startswith("R"):
        return "push"
    if action.startswith("D"):
        q, r = map(int, action.split(">")[1].split(","))
        top = next(st["tiles"][-1] for st in state.to_dict()["stacks"] if (st["q"], st["r"]) == (q, r))
        return "own tile" if top["owner"] == state.to_move else "enemy tile"
    return "other"


def read_game(record: dict[str, Any], out: CountdownDraws) -> None:
    a_side = record["a_side"]
    state = hf.new_game()
    cut: tuple[str, str] | None = None
    last_turn: tuple[int, bool, bool] | None = None
    turn_start: tuple[bool, bool] | None = None  # A's turn begun apart: (ahead, one action joins)
    declined: tuple[int, tuple[int, int], bool] | None = None  # a join A passed up, until its next turn
    joined_in_turn = False
    for action in record["actions"]:
        if state.is_terminal():
            break
        mover = state.to_move
        in_contact = state.networks_in_contact()
        if mover == a_side and state.actions_left == 2:
            if declined is not None:
                after = (0, True) if in_contact else (state.separation()["gap"], one_action_joins(state))
                out.declined[(*declined, after)] += 1
                declined = None
            if not in_contact:
                ahead = core.evaluate_board(state) > 0
                joins = one_action_joins(state)
                outlook = state.separation()  # the gap, and the actions each side takes before the draw
                turn_start = (ahead, joins)
                last_turn = (outlook["gap"], joins, ahead)
                joined_in_turn = False
        kind = cut_kind(state, action) if in_contact else ""  # only an action from contact can cut
        state.apply(action)
        if state.is_terminal():  # the countdown's draw, at the end of a turn still apart
            if turn_start is not None:
                out.turns_apart[(*turn_start, False)] += 1
                if turn_start == (True, True):
                    out.declined[(outlook["gap"], tuple(outlook["actions"]), joined_in_turn, None)] += 1
            break
        if in_contact and not state.networks_in_contact():
            cut = ("A" if mover == a_side else "B", kind)
        if turn_start is not None and state.networks_in_contact():
            joined_in_turn = True
        if turn_start is not None and state.to_move != mover:  # A's turn is over
            joined = state.networks_in_contact()
            out.turns_apart[(*turn_start, joined)] += 1
            if turn_start == (True, True) and not joined:
                declined = (outlook["gap"], tuple(outlook["actions"]), joined_in_turn)
            turn_start = None
    if declined is not None:  # the game ended before A's next turn
        out.declined[(*declined, None)] += 1
    if cut is not None:
        out.last_cut[cut] += 1
    if last_turn is not None:
        out.last_turn[last_turn] += 1


def read(paths: list[str]) -> CountdownDraws:
    out = CountdownDraws()
    for path in paths:
        for record in json.loads(Path(path).read_text())["games"]:
            if record["end"] == "countdown":
                out.draws += 1
                read_game(record, out)
    return out


def _after(after: tuple[int, bool] | None) -> str:
    if after is None:
        return "game over"
    gap, joins = after
    return "joined" if gap == 0 else f"gap {gap}, {'one joins' if joins else 'none joins'}"


def report(found: CountdownDraws) -> str:
    lines = [f"{found.draws} countdown draws", "", "the last cut before the draw:"]
    lines += [f"  by {who}, {kind}: {n}" for (who, kind), n in sorted(found.last_cut.items())]
    lines += ["", "A's turns begun apart (ahead on the board / one action joins -> how the turn ended):"]
    lines += [f"  {'ahead' if ahead else 'not ahead'}, {'one joins' if joins else 'none joins'} -> "
              f"{'joined' if joined else 'apart'}: {n}" for (ahead, joins, joined), n in sorted(found.turns_apart.items())]
    lines += ["", "A's joins declined: ahead, one action joins, the turn ended apart "
              "(gap / actions left to A, B / joined and cut again in the turn -> at A's next turn):"]
    lines += [f"  gap {gap} / {left[0]}, {left[1]} / {'joined and cut' if rejoined else 'never joined'} -> "
              f"{_after(after)}: {n}"
              for (gap, left, rejoined, after), n in sorted(found.declined.items(), key=lambda kv: str(kv[0]))]
    lines += ["", "A's last turn before the draw (gap / one action joins / ahead):"]
    lines += [f"  gap {gap}, {'one joins' if joins else 'none joins'}, {'ahead' if ahead else 'not ahead'}: {n}"
              for (gap, joins, ahead), n in sorted(found.last_turn.items())]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records", nargs="+", help="Hexfleet match records (triptych match --json)")
    print(report(read(parser.parse_args().records)))
