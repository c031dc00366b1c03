"""Positions and small readers shared by the V04-V06 conformance modules (helper cbB)."""

from __future__ import annotations

from typing import Any, Callable

import triptych.combat as combat

PAINT_NAMES = {0: None, 1: "agni", 2: "jal", 3: "vayu", 4: "prithvi"}


def edit(s: combat.State, fn: Callable[[dict[str, Any]], Any]) -> combat.State:
    """The same position with `fn` applied to its dict (validated by from_dict)."""
    data = s.to_dict()
    fn(data)
    return combat.State.from_dict(data)


def paint(s: combat.State) -> list[str | None]:
    """V04: each anchor's paint colour, None when bare."""
    return [PAINT_NAMES[slot["paint"]] for slot in s.to_dict()["slots"]]


def with_paint(s: combat.State, colours: list[str | None]) -> combat.State:
    codes = {v: k for k, v in PAINT_NAMES.items()}
    return edit(s, lambda d: [d["slots"][i].update(paint=codes[c]) for i, c in enumerate(colours)])


def with_shunya(s: combat.State, enemy_hp: int | None = None) -> combat.State:
    """The same position after the Akasha gate opened: Shunya in hand."""
    def fn(d: dict[str, Any]) -> None:
        d["gated"] = True
        d["piles"]["hand"]["Shunya"] = 1
        if enemy_hp is not None:
            d["enemy"]["hp"] = enemy_hp
    return edit(s, fn)


def counters(s: combat.State) -> dict[str, int]:
    return s.to_dict()["counters"]


def roll_distribution(s: combat.State) -> tuple[dict[Any, float], dict[str, float]]:
    """Marginal probabilities of the number and element die of a pending roll."""
    numbers: dict[Any, float] = {}
    elements: dict[str, float] = {}
    for action, p in s.chance_outcomes():
        number, element = str(action).split("/")
        numbers[number] = numbers.get(number, 0) + p
        elements[element] = elements.get(element, 0) + p
    return numbers, elements


def legend(variant: str) -> list[str]:
    return next(v for v in combat.VARIANTS if v["id"] == variant)["legend"].splitlines()
