"""Shared helpers for building AquaIgnis positions in tests."""

from __future__ import annotations

from typing import Any

import pytest

import triptych.aquaignis as aq


def unit(owner: str, flow: int, pos: int, charge: int, kind: str = "piece") -> dict[str, Any]:
    return {"flow": flow, "pos": pos, "owner": owner, "kind": kind, "charge": charge}


def A(flow: int, pos: int, charge: int = 1) -> dict[str, Any]:
    """An AQUA piece."""
    return unit("aqua", flow, pos, charge)


def I(flow: int, pos: int, charge: int = 1) -> dict[str, Any]:  # noqa: E743 - reads like the board
    """An IGNIS piece."""
    return unit("ignis", flow, pos, charge)


def AB(flow: int, pos: int, durability: int = 1) -> dict[str, Any]:
    return unit("aqua", flow, pos, durability, "barrier")


def IB(flow: int, pos: int, durability: int = 1) -> dict[str, Any]:
    return unit("ignis", flow, pos, durability, "barrier")


def position(*pieces: dict[str, Any], to_move: str = "aqua", actions_left: int = 2,
             score: tuple[int, int] = (0, 0), links: list[dict[str, Any]] | None = None,
             **extra: Any) -> aq.State:
    return aq.State.from_dict({
        "game": "aquaignis", "to_move": to_move, "actions_left": actions_left,
        "score": {"aqua": score[0], "ignis": score[1]}, "pieces": list(pieces),
        "links": links or [], **extra,
    })


def board(state: aq.State) -> dict[tuple[int, int], tuple[str, str, int]]:
    """(flow, pos) -> (owner, kind, charge) for every unit."""
    return {(p["flow"], p["pos"]): (p["owner"], p["kind"], p["charge"]) for p in state.to_dict()["pieces"]}


def notations(state: aq.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@pytest.fixture
def aquaignis():
    return aq
