"""Player specs of the balance lab: ``random``, ``greedy`` and ``mcts:N``.

The specs are parsed here (for clear errors) and again by the C++ fight
loop (cpp/combat/fight_record.h), which takes their canonical names. The
ladder order -- random, greedy, then MCTS by growing budget -- is the order
of growing strength the skill ladder reads.
"""

from __future__ import annotations

MAX_ITERATIONS = 10_000_000


def parse_player(text: str) -> str:
    """The canonical name of a player spec; ValueError saying what is wrong."""
    spec = text.strip().lower()
    if spec in ("random", "greedy"):
        return spec
    if spec.startswith("mcts:"):
        budget = spec[5:].strip()
        if budget.isdigit() and 1 <= int(budget) <= MAX_ITERATIONS:
            return f"mcts:{int(budget)}"
        raise ValueError(f"bad player {text!r}: mcts:N needs N, the iterations per decision, in 1..{MAX_ITERATIONS}")
    raise ValueError(f"unknown player {text!r} (known: random, greedy, mcts:N)")


def mcts_budget(player: str) -> int | None:
    """The iterations of an ``mcts:N`` player, None for the others."""
    return int(player[5:]) if player.startswith("mcts:") else None


def ladder_key(player: str) -> tuple[int, int]:
    """Sort key of growing strength: random < greedy < mcts:N by N."""
    budget = mcts_budget(player)
    if budget is not None:
        return (2, budget)
    return (0, 0) if player == "random" else (1, 0)


def parse_players(text: str) -> list[str]:
    """A comma list of specs, canonical, deduplicated, in ladder order."""
    items = [item for item in text.split(",") if item.strip()]
    if not items:
        raise ValueError("no player given (e.g. random,greedy,mcts:200)")
    return sorted({parse_player(item) for item in items}, key=ladder_key)


# Rough cost of one fight in milliseconds on one core, used only to size work
# chunks (so the progress bar moves and workers stay busy); results never depend on it.
def fight_cost_ms(player: str) -> float:
    budget = mcts_budget(player)
    if budget is not None:
        return 0.15 * budget
    return 3.0 if player == "greedy" else 0.05
