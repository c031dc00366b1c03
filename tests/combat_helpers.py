"""Helpers for Combat tests: fights whose every draw and roll the test sets."""

from __future__ import annotations

from typing import Any

import triptych
import triptych.combat as combat


def fight(variant: str, hand: list[str] | tuple[str, ...] = (), params: dict[str, int] | None = None,
          seed: int = 0) -> combat.State:
    """A new fight whose opening hand is exactly `hand` (card tokens: lash, undertow, gale, stone)."""
    p = {"hand_size": len(hand)}
    p.update(params or {})
    s = combat.new_game(variant, seed=seed, params=p)
    for card in hand:
        s.apply("+" + card)
    assert s.to_move == 0
    return s


def draw(s: combat.State, card: str) -> None:
    assert s.to_move == triptych.CHANCE, "no draw pending"
    s.apply("+" + card)


def roll(s: combat.State, number: int | str, element: str, action: str = "roll") -> None:
    """Pays for a roll (or does `action`, e.g. a verb that rolls) and lands the dice on number/element."""
    s.apply(action)
    s.apply(f"{number}/{element}")


def d(s: combat.State) -> dict[str, Any]:
    return s.to_dict()


def hand(s: combat.State) -> dict[str, int]:
    return s.to_dict()["piles"]["hand"]


def slots(s: combat.State) -> list[str | None]:
    return [slot["card"] for slot in s.to_dict()["slots"]]


def notations(s: combat.State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def enemy_hp(s: combat.State) -> int:
    return s.to_dict()["enemy"]["hp"]


def player(s: combat.State) -> dict[str, Any]:
    return s.to_dict()["player"]


def enemy(s: combat.State) -> dict[str, Any]:
    return s.to_dict()["enemy"]


def patched(s: combat.State, **changes: Any) -> combat.State:
    """The same position with top-level dict fields replaced (validated by from_dict)."""
    data = s.to_dict()
    data.update(changes)
    return combat.State.from_dict(data)


def declared_fight(variant: str, hand_cards: list[str] | tuple[str, ...], number: int | str, element: str,
                   params: dict[str, int] | None = None, **changes: Any) -> combat.State:
    """A V09-style fight: opening hand exactly `hand_cards`, the Sentinel's first declaration number/element.

    `changes` replace fields of the position (validated by from_dict); a dict value updates that field.
    """
    p = {"hand_size": len(hand_cards)}
    p.update(params or {})
    s = combat.new_game(variant, params=p)
    for card in hand_cards:
        s.apply("+" + card)
    assert s.to_move == triptych.CHANCE and s.chance_outcomes()[0][0].to_dict()["type"] == "roll"
    s.apply(f"{number}/{element}")
    if changes:
        data = s.to_dict()
        for key, value in changes.items():
            if isinstance(value, dict):
                data[key].update(value)
            else:
                data[key] = value
        s = combat.State.from_dict(data)
    assert s.to_move == 0
    return s
