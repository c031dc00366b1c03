"""The skill ladder: win rate against player strength, and the competent player.

Players in ladder order (random, greedy, then MCTS by growing budget) give
win rates r. How much skill matters in a variant is the ladder's rise: the
competent player's rate minus the random player's.

The competent player (the charter's "competent player", whose win rate the
60% target is about) is the smallest MCTS budget past which the win rate
stops rising: with budgets b1 < ... < bm and rates r1 ... rm, the smallest bk
such that no larger budget wins RISE_POINTS (2 points) or more above it:
r_j < r_k + 0.02 for every j > k. When that is the largest budget run
(k = m) the ladder has not been seen to level off -- the competent budget is
bm *or more* -- and the result says so (``levelled`` is False). With no MCTS
budget in the run, the strongest player given stands in, flagged the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triptych.balance.players import ladder_key, mcts_budget

RISE_POINTS = 0.02


@dataclass(frozen=True)
class Ladder:
    players: tuple[str, ...]  # ladder order
    win_rates: tuple[float, ...]
    competent: str
    levelled: bool  # a larger budget was run and did not beat the competent one by RISE_POINTS
    skill_gap: float | None  # competent's rate minus random's (None without a random player)

    def describe(self) -> str:
        if self.levelled:
            return f"{self.competent} (larger budgets gain < {RISE_POINTS:.0%})"
        if self.win_rates[self.players.index(self.competent)] >= 1 - RISE_POINTS:
            return f"{self.competent} (wins {self.win_rates[self.players.index(self.competent)]:.1%}: no room to rise)"
        if mcts_budget(self.competent) is None:
            return f"{self.competent} (no MCTS budget run: the strongest player given stands in)"
        return f">= {self.competent} (still rising at the largest budget run)"


def competent_index(budgets: Sequence[int], win_rates: Sequence[float], rise: float = RISE_POINTS) -> int:
    """Index k of the smallest budget no larger budget beats by ``rise`` or more (see the module doc)."""
    if not budgets:
        raise ValueError("no MCTS budget")
    for k in range(len(budgets)):
        if all(win_rates[j] < win_rates[k] + rise for j in range(k + 1, len(budgets))):
            return k
    return len(budgets) - 1  # unreachable: the last index always qualifies


def build(players: Sequence[str], win_rates: Sequence[float]) -> Ladder:
    """The ladder of one variant (and setting) from its players' win rates."""
    order = sorted(range(len(players)), key=lambda i: ladder_key(players[i]))
    names = tuple(players[i] for i in order)
    rates = tuple(win_rates[i] for i in order)
    mcts = [i for i, p in enumerate(names) if mcts_budget(p) is not None]
    if mcts:
        k = competent_index([mcts_budget(names[i]) or 0 for i in mcts], [rates[i] for i in mcts])
        competent, levelled = mcts[k], k < len(mcts) - 1
    else:
        competent, levelled = len(names) - 1, False
    gap = rates[competent] - rates[names.index("random")] if "random" in names else None
    return Ladder(names, rates, names[competent], levelled, gap)
