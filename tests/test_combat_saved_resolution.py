"""Saved fights must be ones play can reach in their resolution state too (ruling F-R15, issue 25).

The end-of-turn resolution keeps its place in `cursor`, a pending decision in `choice`, and some variants
keep counters that live only while it runs. `from_dict` checks them against the stage and phase, and the
resolution code indexes through bounds checks, so a position play cannot reach is refused by name instead
of being played from an out-of-bounds read.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import triptych
import triptych.combat as combat

DATA = Path(__file__).parent / "data" / "combat"
VARIANTS = [v["id"] for v in combat.VARIANTS]


def repro() -> dict:
    return json.loads((DATA / "v08-cursor-at-rolled.json").read_text())


def test_the_v08_cursor_at_rolled_save_is_refused():
    """Issue 25's reproduction: phase `rolled`, cursor 1, the dice not rolled, nothing pending. It was accepted
    and `end` read slots[-2]; now the cursor is refused by name, and so is the phase once the cursor is 0."""
    data = repro()
    with pytest.raises(triptych.InvalidStateError, match=r"^cursor: .*player's turn"):
        combat.State.from_dict(data)
    data["cursor"] = 0
    with pytest.raises(triptych.InvalidStateError, match=r"^phase: .*neither on the table nor in the air"):
        combat.State.from_dict(data)
    data["phase"] = "placement"
    data["rolls"] = 0
    s = combat.State.from_dict(data)           # the same turn before its first roll is a real position
    s.apply("roll")
    s.apply("2/agni")
    s.apply("end")                             # and it resolves
    assert s.turn >= 3


def player_turn_state(variant: str, seed: int = 3) -> combat.State:
    """A reachable position in the player's turn, a few turns in."""
    s = combat.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while s.turn < 3 and not s.is_terminal():
        if s.to_move == triptych.CHANCE:
            s.play_chance()
        else:
            s.apply(rng.choice(s.legal_actions()))
    while s.to_move == triptych.CHANCE:
        s.play_chance()
    assert not s.is_terminal() and s.to_dict()["stage"] == "player"
    return s


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_saved_resolution_out_of_step_with_its_phase_is_refused(variant):
    """In the player's turn the resolution has not started (cursor 0, no choice); `rolled` means a roll was
    made this turn; a resolution cursor or choice the variant's resolution never stops at is refused."""
    data = player_turn_state(variant).to_dict()
    combat.State.from_dict(data)
    bad = [({"cursor": 1}, "cursor"), ({"choice": 1}, "choice"), ({"choice_arg": 1}, "choice_arg"),
           ({"cursor": 99}, "cursor"), ({"cursor": -1}, "cursor")]
    if data["phase"] == "placement":
        bad.append(({"phase": "rolled"}, "phase"))
    else:
        bad.append(({"rolls": 0}, "phase"))
    for change, field in bad:
        edited = {**data, **change}
        with pytest.raises(triptych.InvalidStateError, match=rf"^{field}"):
            combat.State.from_dict(edited)


def resolution_positions(variant: str, count: int, seed: int = 11) -> list[dict]:
    """Positions saved while the resolution waits (stage 'resolve') and, one a turn, in the player's turn,
    from seeded random fights (V05-V07 resolve in one step and never stop in it)."""
    rng = random.Random(seed)
    found: list[dict] = []
    for fight in range(40):
        s = combat.new_game(variant, seed=seed + fight)
        last_turn = 0
        while not s.is_terminal() and len(found) < count:
            d = s.to_dict()
            if d["stage"] == "resolve" or (d["stage"] == "player" and d["turn"] != last_turn):
                found.append(d)
                last_turn = d["turn"]
            if s.to_move == triptych.CHANCE:
                outcomes = s.chance_outcomes()
                s.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                s.apply(rng.choice(s.legal_actions()))
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_resolution_cursor_from_dict_accepts_is_playable(variant):
    """The class, not the case: a position saved mid-resolution, its cursor, choice, phase and stage set to
    every value in range, is either refused with InvalidStateError or plays every offered action and chance
    outcome without another error (no out-of-bounds read, no error from the resolution code)."""
    positions = resolution_positions(variant, 16)
    assert len(positions) == 16
    accepted = 0
    for data in positions:
        for change in ([{"cursor": c} for c in range(-1, 9)] + [{"choice": c} for c in range(0, 4)]
                       + [{"stage": "player"}, {"phase": "rolled"}, {"phase": "placement"}, {"pending_roll": False}]):
            try:
                s = combat.State.from_dict({**data, **change})
            except triptych.InvalidStateError:
                continue
            accepted += 1
            actions = [a for a, _ in s.chance_outcomes()] if s.to_move == triptych.CHANCE else s.legal_actions()
            assert actions, f"{variant} {change}: accepted but nothing to play"
            for action in actions:
                child = s.clone()
                child.apply(action)
                combat.State.from_dict(child.to_dict())
    assert accepted >= len(positions)          # each unedited save (cursor as saved) is among them



@pytest.mark.parametrize("variant,mask", [("v01", "matched_mask"), ("v03", "lock_mask")])
def test_a_masked_slot_that_fired_but_holds_a_card_is_refused_by_its_mask(variant, mask):
    """V01's matches and V03's locks fire slot by slot as the resolution's cursor passes them, and a fired
    card leaves its slot: a save whose passed slot still holds a card (moved there from another slot, so no
    card is made or lost) is refused, naming the mask counter."""
    saved = [d for d in resolution_positions(variant, 200)
             if d["stage"] == "resolve" and d["counters"][mask] and d["cursor"] > 1]
    checked = 0
    for data in saved:
        combat.State.from_dict(data)
        masked = [i for i in range(4) if data["counters"][mask] >> i & 1]
        passed = [i for i in masked if data["cursor"] > 1 + i]
        holding = [i for i in range(4) if i not in passed and data["slots"][i]["card"]]
        if not passed or not holding:
            continue
        slots = [dict(slot) for slot in data["slots"]]
        slots[passed[0]]["card"], slots[holding[0]]["card"] = slots[holding[0]]["card"], None
        with pytest.raises(triptych.InvalidStateError, match=rf"^counters\.{mask}: slot {passed[0] + 1} fired already"):
            combat.State.from_dict({**data, "slots": slots})
        checked += 1
    assert checked >= 1, f"no {variant} save stopped after a masked slot with a card elsewhere"
