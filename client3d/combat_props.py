"""Combat's table props: mark tokens and cards flying between piles.

Marks (a slot's scorch, charge, douse...; a fighter's Weak, Burn, Block...)
are stacks of coloured tokens with their number on top and their name beside,
stacked in a column so captions never run together: a glance tells what lies
where and how much. Card moves are read off the
engine's piles before and after an action: what left a slot or the hand for
the discard or exhaust pile flies there, face up, and turns over on landing;
what was drawn flies from the draw pile into the hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from direct.interval.IntervalGlobal import Func, LerpHprInterval, LerpPosInterval, Parallel, Sequence, Wait
from panda3d.core import NodePath, Point3

from triptych.client3d.geometry import label, prism

MARK_COLORS = {
    "scorch": (1.0, 0.45, 0.12, 1), "burn": (1.0, 0.45, 0.12, 1), "charged": (1.0, 0.85, 0.2, 1),
    "charge": (1.0, 0.85, 0.2, 1), "doused": (0.25, 0.55, 1.0, 1), "latched": (0.6, 0.62, 0.68, 1),
    "clogged": (0.55, 0.4, 0.25, 1), "permanent": (0.7, 0.45, 1.0, 1), "held": (0.4, 0.9, 0.5, 1),
    "escalation": (0.95, 0.25, 0.25, 1), "weak": (0.65, 0.85, 0.55, 1), "vulnerable": (0.8, 0.4, 0.9, 1),
    "strength": (0.95, 0.3, 0.25, 1), "dexterity": (0.35, 0.85, 0.95, 1), "block": (0.45, 0.6, 0.85, 1),
}
FIGHTER_MARKS = ("block", "weak", "vulnerable", "burn", "strength", "dexterity")
TOKEN_R, TOKEN_H = 0.28, 0.08
MAX_STACK = 6          # tokens drawn per mark; the number on top says the rest
CAPTION = 0.4          # a mark's caption height on the table


def mark_color(kind: str) -> tuple[float, float, float, float]:
    if kind in MARK_COLORS:
        return MARK_COLORS[kind]
    h = sum(map(ord, kind))  # a variant's own mark: a steady colour of its own
    return (0.45 + (h % 5) * 0.1, 0.45 + (h // 5 % 5) * 0.1, 0.45 + (h // 25 % 5) * 0.1, 1)


def token_stack(parent: NodePath, kind: str, value: int, pos: tuple[float, float, float], name: str = "") -> NodePath:
    """A stack of `value` tokens of `kind` (at most MAX_STACK drawn) with the number on top and the name to
    the right ("Scorch"), so captions of neighbouring stacks stand in a column and never run together."""
    root = parent.attach_new_node(name or f"mark-{kind}")
    root.set_pos(*pos)
    root.set_tag("mark", kind)
    root.set_tag("value", str(value))
    color = mark_color(kind)
    n = max(1, min(MAX_STACK, int(value)))
    for k in range(n):
        disc = prism(18, TOKEN_R, TOKEN_H * 0.9, "token")
        disc.set_z(k * TOKEN_H)
        disc.set_color(*(c * (0.85 if k % 2 else 1.0) for c in color[:3]), 1)
        disc.reparent_to(root)
    top = label(str(value), 0.34, (0.05, 0.05, 0.07, 1))
    top.set_pos(0, -0.09, n * TOKEN_H + 0.01)
    top.reparent_to(root)
    word = label(kind.replace("_", " ").capitalize(), CAPTION, (1, 0.95, 0.85, 1), name="mark-caption")
    word.reparent_to(root)
    lo, hi = word.get_tight_bounds(root)
    word.set_pos(TOKEN_R + 0.15 - lo.x, -(lo.y + hi.y) / 2, 0.01)
    return root


def slot_marks(parent: NodePath, slot: dict[str, Any], x: float, y: float, row: float = -0.75) -> list[NodePath]:
    """A slot's marks as token stacks in a column below its near edge, one caption per row."""
    marks = [(k, int(v)) for k, v in slot.items() if k != "card" and v]
    return [token_stack(parent, kind, value, (x, y + row * i, 0.06), f"slotmark-{kind}")
            for i, (kind, value) in enumerate(marks)]


def fighter_marks(parent: NodePath, fighter: dict[str, Any], origin: tuple[float, float, float],
                  step: float = 0.75, row: float = 0.0) -> list[NodePath]:
    """Block and statuses of a fighter (you or the Sentinel) as token stacks from `origin`, each `step`
    across and `row` down from the last (a column with step=0: captions never run together)."""
    out = []
    values = [("block", fighter.get("block", 0) + fighter.get("standing_block", 0))]
    values += [(k, fighter.get(k, 0)) for k in FIGHTER_MARKS[1:]]
    i = 0
    for kind, value in values:
        if value:
            out.append(token_stack(parent, kind, int(value), (origin[0] + step * i, origin[1] + row * i, origin[2]),
                                   f"status-{kind}"))
            i += 1
    return out


def intent_kind(intent: str) -> str:
    text = intent.lower()
    if any(w in text for w in ("strike", "attack", "slam", "hit", "damage")):
        return "attack"
    if any(w in text for w in ("block", "guard", "shield", "brace")):
        return "defend"
    return "other"


# -- cards on the move -------------------------------------------------------------------------------------
def pile_moves(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(card, from, to) for the cards an action moved: from 'hand' / 'slot:N' / 'draw' to 'discard' / 'exhaust' /
    'hand' / 'draw', read off the engine's piles and slots before and after."""
    def counts(d: dict[str, Any], pile: str) -> Counter:
        return Counter({k: v for k, v in d["piles"][pile].items() if v})

    gained = {p: counts(after, p) - counts(before, p) for p in ("discard", "exhaust", "hand", "draw")}
    lost: list[tuple[str, str]] = []
    for i, (s0, s1) in enumerate(zip(before["slots"], after["slots"])):
        if s0.get("card") and s0.get("card") != s1.get("card"):
            lost.append((s0["card"], f"slot:{i + 1}"))
    for pile in ("hand", "draw", "discard"):
        for card, n in (counts(before, pile) - counts(after, pile)).items():
            lost += [(card, pile)] * n
    moves = []
    for card, origin in lost:
        for dest in ("exhaust", "discard", "hand", "draw"):
            if dest != origin and gained[dest][card] > 0:
                gained[dest][card] -= 1
                moves.append((card, origin, dest))
                break
    return moves


def fly_card(card: NodePath, start: Point3, end: Point3, flip: bool, delay: float = 0.0,
             duration: float = 0.5) -> Sequence:
    """`card` (hidden until it moves) lifts off `start`, arcs to `end`, turning face down when `flip`, and goes."""
    card.set_pos(start)
    card.hide()
    top = Point3((start.x + end.x) / 2, (start.y + end.y) / 2, max(start.z, end.z) + 1.6)
    arc = Sequence(LerpPosInterval(card, duration / 2, top, blendType="easeOut"),
                   LerpPosInterval(card, duration / 2, end, blendType="easeIn"))
    turn = LerpHprInterval(card, duration, (card.get_h() + 15, 0, 180 if flip else 0), blendType="easeInOut")
    return Sequence(Wait(delay), Func(card.show), Parallel(arc, turn), Func(card.remove_node))
