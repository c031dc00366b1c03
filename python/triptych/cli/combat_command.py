"""``triptych combat ...``: Combat-only commands (``stats``).

Exposes the click group ``combat``; the main CLI adds it with
``main.add_command(combat)``.
"""

from __future__ import annotations

import click
from rich.console import Console
from rich.table import Table

import triptych.combat as combat_module


@click.group()
def combat() -> None:
    """Combat: fights against the Betaal Sentinel in the slate's variants."""


@combat.command()
@click.option("--variant", "variants", multiple=True, type=click.Choice(combat_module.variant_ids()),
              help="Variant id (repeatable); all variants when omitted.")
@click.option("--games", "-n", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Fights per variant and player.")
@click.option("--player", "players", multiple=True, type=click.Choice(["random", "greedy"]),
              help="Reference player(s); both when omitted.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="Seed of the fights' dice and draws.")
def stats(variants: tuple[str, ...], games: int, players: tuple[str, ...], seed: int) -> None:
    """Win rate and mean fight length of the reference players (a smoke figure, not a balance study)."""
    table = Table("variant", "name", "player", "games", "win rate", "mean turns", "capped", "fights/s")
    names = {v["id"]: v["name"] for v in combat_module.VARIANTS}
    for variant in variants or combat_module.variant_ids():
        for player in players or ("random", "greedy"):
            r = combat_module.run_fights(variant, player, games, seed)
            rate = r["games"] / r["seconds"] if r["seconds"] > 0 else float("inf")
            table.add_row(variant, names[variant], player, str(r["games"]), f"{r['win_rate']:.1%}",
                          f"{r['mean_turns']:.2f}", str(r["capped"]), f"{rate:,.0f}")
    Console(width=120).print(table)


__all__ = ["combat"]
