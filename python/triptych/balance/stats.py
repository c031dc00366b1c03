"""Per-cell statistics of the balance lab: what the tables, plots and summary show.

Definitions (docs/balance.md has the reasoning):

* win rate: wins / fights (a turn-cap draw is not a win), with the Wilson 95% interval;
* mean and median turns over all fights, and the share of fights inside the
  variant's band and inside the charter's overall 6-12;
* HP left on wins: the player's mean HP at the end of the fights won;
* damage per turn: all damage dealt to the Sentinel / all turns played
  (damage dealt = its maximum HP minus its HP left, so overkill is not counted);
* in play per fight, per element: cards of that element placed plus element-die
  landings on it; the Akasha card: the share of fights where it (or V09/V10's
  Akasha face) came into play, and the share where the gate opened at all;
* verbs per fight: the mean count of each of the variant's verbs.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from triptych.balance import targets
from triptych.stats import wilson_interval

ELEMENTS = ("agni", "jal", "vayu", "prithvi")


def summarize(variant: str, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The statistics of one cell's fight records."""
    n = len(records)
    if n == 0:
        raise ValueError("a cell needs at least one fight")
    wins = [r for r in records if r["winner"] == 0]
    turns = [r["turns"] for r in records]
    lo, hi = targets.band(variant)
    olo, ohi = targets.OVERALL_BAND
    ci_low, ci_high = wilson_interval(len(wins), n)
    verbs = sorted(k for k in records[0] if k.startswith("verb_"))
    total_turns = sum(turns)
    return {
        "games": n,
        "wins": len(wins),
        "losses": sum(r["winner"] == 1 for r in records),
        "capped": sum(r["winner"] == -1 for r in records),
        "win_rate": len(wins) / n,
        "ci_low": ci_low,
        "ci_high": ci_high,
        "mean_turns": total_turns / n,
        "median_turns": float(statistics.median(turns)),
        "in_band": sum(lo <= t <= hi for t in turns) / n,
        "in_overall_band": sum(olo <= t <= ohi for t in turns) / n,
        "hp_left_on_wins": statistics.fmean(r["player_hp"] for r in wins) if wins else None,
        "damage_per_turn": sum(r["damage_dealt"] for r in records) / total_turns if total_turns else 0.0,
        "in_play": {e: sum(r[f"placed_{e}"] + r[f"rolled_{e}"] for r in records) / n for e in ELEMENTS},
        "placed": {e: sum(r[f"placed_{e}"] for r in records) / n for e in (*ELEMENTS, "akasha")},
        "rolled": {e: sum(r[f"rolled_{e}"] for r in records) / n for e in (*ELEMENTS, "akasha", "blank")},
        "akasha_in_play": sum(r["akasha_played"] > 0 or r["rolled_akasha"] > 0 for r in records) / n,
        "gated": sum(r["gated"] > 0 for r in records) / n,
        "verbs": {k[5:]: sum(r[k] for r in records) / n for k in verbs},
        "rolls_per_turn": sum(r["rolls"] for r in records) / total_turns if total_turns else 0.0,
        "buys_per_fight": sum(r["buys"] for r in records) / n,
        "stalls": sum(r["stalls"] for r in records),
        "turns_histogram": {str(t): turns.count(t) for t in sorted(set(turns))},
    }
