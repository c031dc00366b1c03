"""The Sentinel's turn, beat by beat, at a pace a person can follow.

The engine resolves "End turn" in one step (your cards fire, your statuses
tick, the Sentinel guards and strikes, its statuses tick, your Block decays,
its intent moves on: cpp/combat/state.cpp). ``sentinel_beats`` splits the
before/after difference into those beats, in that order, each with a caption
and the HP and statuses both fighters show once it has landed; the
``Pacer`` plays them one after another (BEAT seconds each) with a caption
banner over the table. Space or a click skips to the end: the table then
shows the engine's state at once.

What the difference cannot split (how much of the Sentinel's lost HP was
Burn, what your Block absorbed) is told as a total, never guessed.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from direct.gui.DirectGui import DGG, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.interval.IntervalGlobal import Func, LerpPosInterval, Parallel, Sequence, Wait
from direct.showbase.DirectObject import DirectObject
from panda3d.core import Point3, TextNode

from triptych.client3d import layout
from triptych.client3d.fonts import ui_font

BEAT = 1.1           # seconds a beat stays up: long enough to read a short caption
SKIP_KEYS = ("space", "enter")


@dataclass
class Beat:
    kind: str                      # "cards", "burn", "guard", "blow", "ticks", "block", "intent"
    caption: str
    enemy: dict[str, Any]          # the Sentinel as it stands once the beat has landed
    player: dict[str, Any]         # you, likewise
    intent: str                    # the intent shown (the next one from the "intent" beat on)
    floats: list[tuple[str, str]] = field(default_factory=list)   # (side, "-8 HP") shown over that side


def _hp(side: str, before: int, after: int) -> str:
    return f"{after - before:+d} HP"


def sentinel_beats(before: dict[str, Any], after: dict[str, Any], intent: str, next_intent: str = "") -> list[Beat]:
    """The beats of an "End turn", from the engine's states before and after it (see the module docstring)."""
    b, a = before, after
    enemy, player = copy.deepcopy(b["enemy"]), copy.deepcopy(b["player"])
    now = intent.partition(" (then ")[0]
    beats: list[Beat] = []

    def add(kind: str, caption: str, floats=()) -> None:
        beats.append(Beat(kind, caption, copy.deepcopy(enemy), copy.deepcopy(player), now, list(floats)))

    # The Sentinel's statuses as they stood when it acted: what it ended with, plus the tick its turn took.
    acting = {k: a["enemy"][k] + (1 if a["enemy"][k] > 0 else 0) for k in ("weak", "vulnerable")}
    enemy_burn = a["enemy"]["burn"] if a["enemy"]["burn_turns"] > 0 or a["enemy"]["burn"] else 0
    enemy_burn = min(enemy_burn, max(0, b["enemy"]["hp"] - a["enemy"]["hp"]))
    player_burn = b["player"]["burn"] if b["player"]["burn_turns"] > 0 else 0
    player_burn = min(player_burn, max(0, b["player"]["hp"] - a["player"]["hp"]))

    # 1. Your cards fire.
    card_damage = b["enemy"]["hp"] - a["enemy"]["hp"] - enemy_burn
    left_slots = [s0["card"] for s0, s1 in zip(b["slots"], a["slots"]) if s0.get("card") and s0 != s1]
    new_status = [k for k in ("weak", "vulnerable", "burn") if max(acting.get(k, 0), a["enemy"][k]) > b["enemy"][k]]
    if card_damage or left_slots or new_status:
        enemy["hp"] = b["enemy"]["hp"] - card_damage
        for k in new_status:
            enemy[k] = max(acting.get(k, 0), a["enemy"][k])
        words = [f"the Sentinel loses {card_damage} HP"] if card_damage > 0 else []
        words += [f"it is {k.capitalize()} {enemy[k]}" for k in new_status]
        add("cards", "Your cards resolve: " + (", ".join(words) if words else "no damage to the Sentinel"),
            [("enemy", _hp("enemy", b["enemy"]["hp"], enemy["hp"]))] if card_damage else [])
    # 2. Your Burn ticks.
    if player_burn:
        player["hp"] -= player_burn
        add("burn", f"Burn: you lose {player_burn} HP", [("player", f"-{player_burn} HP")])
    # 3. The Sentinel acts: Guard first (its Block), then the blow.
    blow = now
    guard = re.match(r"Guard (\d+)\s*\+\s*(.*)", now)
    if guard:
        enemy["block"] = a["enemy"]["block"]
        add("guard", f"The Sentinel guards: it raises {a['enemy']['block']} Block")
        blow = guard.group(2)
    lost = b["player"]["hp"] - a["player"]["hp"] - player_burn
    player["hp"] = a["player"]["hp"]
    if lost > 0:
        caption = f"The Sentinel's {blow}: you lose {lost} HP"
        shielded = b["player"]["block"] + b["player"]["standing_block"]
        if shielded:
            caption += " (your Block took its share first)"
        add("blow", caption, [("player", f"-{lost} HP")])
    elif lost < 0:
        add("blow", f"The Sentinel's {blow}: you heal {-lost} HP", [("player", f"+{-lost} HP")])
    else:
        add("blow", f"The Sentinel's {blow}: all of it blocked" if blow else "The Sentinel acts: no damage")
    # 4. The Sentinel's Burn ticks.
    if enemy_burn:
        enemy["hp"] = a["enemy"]["hp"]
        add("burn", f"Burn: the Sentinel loses {enemy_burn} HP", [("enemy", f"-{enemy_burn} HP")])
    enemy["hp"] = a["enemy"]["hp"]
    # 5. Statuses wear off, one line for all.
    ticks = []
    for side, name in (("enemy", "the Sentinel's"), ("player", "your")):
        f = enemy if side == "enemy" else player
        for k in ("weak", "vulnerable", "burn"):
            if f[k] != a[side][k]:
                ticks.append(f"{name} {k.capitalize()} {f[k]} -> {a[side][k]}")
                f[k] = a[side][k]
    if ticks:
        add("ticks", "Statuses wear off: " + "; ".join(ticks))
    # 6. Your Block fades (standing Block stays).
    if player["block"] and not a["player"]["block"]:
        player["block"] = 0
        add("block", "Your Block fades")
    enemy.update({k: a["enemy"][k] for k in ("block", "standing_block", "strength", "dexterity", "burn_turns")})
    player.update({k: a["player"][k] for k in ("block", "standing_block", "strength", "dexterity", "burn_turns")})
    # 7. The next intent.
    if a.get("winner") is None and next_intent:
        now = next_intent
        add("intent", f"Next, the Sentinel will: {next_intent.partition(' (then ')[0]}")
    return beats


class Pacer:
    """Plays a list of beats over the table, with a caption banner, skippable by Space, Enter or a click."""

    def __init__(self, view) -> None:
        self.view = view
        self.running = False
        self.shown: list[str] = []      # captions shown so far this turn (tests read the order)
        self.banner: DirectFrame | None = None
        self.text: OnscreenText | None = None
        self._keys = DirectObject()

    def play(self, beats: list[Beat], flights: list[Any]) -> Sequence:
        steps: list[Any] = [Func(self._start)]
        for i, beat in enumerate(beats):
            motion: list[Any] = [Wait(BEAT)]
            if beat.kind == "cards" and flights:
                motion.append(Parallel(*flights))
            if beat.kind == "blow":
                motion.append(self._lunge())
            for side, text in beat.floats:
                motion.append(self._float(side, text))
            steps += [Func(self._show, beat), Parallel(*motion)]
        steps.append(Func(self.stop))
        return Sequence(*steps)

    def skip(self) -> None:
        if self.running:
            self.view.app.settle()

    def _start(self) -> None:
        self.running = True
        self.shown = []
        for key in SKIP_KEYS:
            self._keys.accept(key, self.skip)
        self._keys.accept("mouse1", self.skip)
        refresh = getattr(self.view.app, "_refresh_status", None)
        if refresh is not None:
            refresh()                   # the title says whose turn the table shows: the Sentinel's

    def stop(self) -> None:
        was = self.running
        self.running = False
        self._keys.ignore_all()
        if was and getattr(self.view.app, "session", None) is not None:
            self.view.app._refresh_status()
        if self.banner is not None:
            self.banner.destroy()
            self.banner = self.text = None

    def _show(self, beat: Beat) -> None:
        self.shown.append(beat.caption)
        view = self.view
        view._draw_hud(enemy=beat.enemy, player=beat.player, intent=beat.intent)
        regions, size = view._hud_regions()
        rect = regions["table"]
        px = layout.body_px(size) * 1.25
        scale = layout.text_scale(size, px)
        if self.banner is None:
            self.banner = DirectFrame(parent=view.hud_root, frameColor=(0.08, 0.06, 0.08, 0.96), state=DGG.DISABLED)
            self.banner.set_name("beat-banner")
            self.text = OnscreenText(parent=self.banner, fg=(1, 0.92, 0.8, 1), font=ui_font(), mayChange=True,
                                     align=TextNode.A_center)
            self.hint = OnscreenText(parent=self.banner, fg=(0.75, 0.75, 0.8, 1), font=ui_font(), mayChange=True,
                                     align=TextNode.A_center, text="Space or click: skip")
        self.text.setScale(scale)
        self.text["wordwrap"] = (rect.width * 0.9) / scale
        self.text.setText(beat.caption)
        lines = max(1, len(layout.wrapped(self.text)))
        small = layout.text_scale(size, layout.body_px(size))
        h = scale * layout.LINE * lines + small * layout.LINE + 0.5 * scale
        top = rect.top - 0.02
        self.text.setPos(rect.center[0], top - 0.25 * scale - 0.93 * scale)
        self.hint.setScale(small)
        self.hint.setPos(rect.center[0], top - h + 0.3 * small)
        self.banner["frameSize"] = (rect.left + rect.width * 0.03, rect.right - rect.width * 0.03, top - h, top)

    def _lunge(self) -> Sequence:
        node = self.view.nodes.get("sentinel")
        if node is None:
            return Sequence()
        home = node.get_pos()
        return Sequence(LerpPosInterval(node, 0.18, home + Point3(0, -1.2, 0.3), blendType="easeIn"),
                        LerpPosInterval(node, 0.35, home, blendType="easeOut"))

    def _float(self, side: str, text: str) -> Sequence:
        view = self.view
        at = view.nodes["sentinel"].get_pos() + Point3(0, -0.8, 5.0) if side == "enemy" else Point3(0, -3.2, 1.2)
        color = (1, 0.3, 0.25, 1) if text.startswith("-") else (0.4, 1, 0.5, 1)
        return view.float_text(text, at, color)
