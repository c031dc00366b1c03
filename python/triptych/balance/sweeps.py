"""Parameter sweeps: ``--set name=v1,v2`` (repeatable), crossed into settings.

A setting is a dict of parameter overrides. The grid is the defaults
(always first, so every sweep has its baseline) followed by the Cartesian
product of the ``--set`` values in the order given. The grid is the same
for every variant (a combination equal to one variant's defaults is played
again, as itself). Every setting is played by the same players on the same
seeds.

The best setting of a variant is the one whose judged cell (the competent
player's) is nearest to the targets by ``targets.distance``; ties go to the
earlier setting in the grid, so the defaults win a tie.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

Setting = dict[str, int]


def parse_set(text: str) -> tuple[str, list[int]]:
    """``name=v1,v2,...`` -> (name, values); ValueError saying what is wrong."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"{text!r} is not name=v1,v2,... (e.g. enemy_hp=60,70,80)")
    out: list[int] = []
    for item in values.split(","):
        item = item.strip()
        try:
            value = int(item)
        except ValueError:
            raise ValueError(f"{text!r}: value {item!r} of {name} is not an integer") from None
        if value in out:
            raise ValueError(f"{text!r}: value {value} of {name} is given twice")
        out.append(value)
    return name, out


def parse_sets(texts: Iterable[str]) -> list[tuple[str, list[int]]]:
    sweeps: list[tuple[str, list[int]]] = []
    for text in texts:
        name, values = parse_set(text)
        if any(name == seen for seen, _ in sweeps):
            raise ValueError(f"{name} is set twice; give all its values in one --set {name}=v1,v2")
        sweeps.append((name, values))
    return sweeps


def check_names(sweeps: Sequence[tuple[str, list[int]]], variants: Sequence[str],
                params_of: dict[str, dict[str, int]]) -> None:
    """Every swept name must be a parameter of every variant swept; ValueError naming the first that is not."""
    for name, _ in sweeps:
        for variant in variants:
            known = params_of[variant]
            if name not in known:
                raise ValueError(f"unknown parameter {name!r} for {variant} (known: {', '.join(known)})")


def settings(sweeps: Sequence[tuple[str, list[int]]]) -> list[Setting]:
    """The grid: {} (the defaults) then every combination of the swept values."""
    names = [name for name, _ in sweeps]
    grid: list[Setting] = [{}]
    if sweeps:
        grid += [dict(zip(names, values)) for values in itertools.product(*(values for _, values in sweeps))]
    return grid


def label(setting: Setting) -> str:
    """``defaults`` or ``enemy_hp=60 strike_damage=7``."""
    return " ".join(f"{k}={v}" for k, v in setting.items()) or "defaults"


def best(distances: Sequence[float]) -> int:
    """Index of the nearest setting; the earlier one on a tie."""
    return min(range(len(distances)), key=lambda i: (round(distances[i], 9), i))
