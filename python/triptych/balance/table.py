"""The lab's tables, as plain rows of text shared by the terminal (rich) and the HTML report.

One table per variant: a row per (setting, player) with the win rate and its
95% interval, mean and median turns against the band, HP left on wins,
damage per turn, what came into play, and the row's marks against the
targets; the row the variant is judged on (its competent player) is starred.
Then the overview: one line per variant with its verdict, skill ladder and,
for a sweep, its best setting.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from triptych.balance import sweeps, targets
from triptych.balance.lab import LabResult

OK, MISS = "✓", "✗"


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _mark(ok: bool) -> str:
    return OK if ok else MISS


def _elements(summary: dict[str, Any]) -> str:
    return " ".join(f"{e[0].upper()}{summary['in_play'][e]:.1f}" for e in ("agni", "jal", "vayu", "prithvi"))


def _verbs(summary: dict[str, Any], limit: int | None = 3) -> str:
    used = sorted(((n, x) for n, x in summary["verbs"].items() if x > 0), key=lambda item: -item[1])
    shown = used if limit is None else used[:limit]
    text = ", ".join(f"{n} {x:.2f}" for n, x in shown)
    if limit is not None and len(used) > limit:
        text += ", ..."
    return text or "-"


def columns(result: LabResult) -> list[str]:
    head = ["", "player"]
    if len(result.settings) > 1:
        head.append("setting")
    return head + ["fights", "win", "95% CI", "turns mean", "median", "in band", "HP left (wins)", "dmg/turn",
                   "in play/fight A J V P", "Akasha (gate)", "verbs/fight", "targets"]


def variant_rows(result: LabResult, variant: str, verbs_limit: int | None = 3) -> list[list[str]]:
    """Rows of one variant's table (strings, in ``columns`` order)."""
    vr = result.variants[variant]
    rows = []
    for s, setting in enumerate(result.settings):
        for player in result.config.players:
            m = result.summary(variant, s, player)
            win_ok, turns_ok = targets.win_ok(m["win_rate"]), targets.turns_ok(variant, m["mean_turns"])
            judged = player == vr.judged_player
            row = ["*" if judged else "", player]
            if len(result.settings) > 1:
                row.append(sweeps.label(setting) + (" (best)" if s == vr.best and judged else ""))
            hp = m["hp_left_on_wins"]
            row += [
                str(m["games"]),
                f"{pct(m['win_rate'])} {_mark(win_ok)}",
                f"{100 * m['ci_low']:.1f}-{100 * m['ci_high']:.1f}",
                f"{m['mean_turns']:.2f} {_mark(turns_ok)}",
                f"{m['median_turns']:g}",
                pct(m["in_band"]),
                "-" if hp is None else f"{hp:.1f}",
                f"{m['damage_per_turn']:.2f}",
                _elements(m),
                f"{pct(m['akasha_in_play'])} ({pct(m['gated'])})",
                _verbs(m, verbs_limit),
                "both" if win_ok and turns_ok else ("win" if win_ok else "turns" if turns_ok else "neither"),
            ]
            rows.append(row)
    return rows


def variant_title(result: LabResult, variant: str) -> str:
    vr = result.variants[variant]
    lo, hi = vr.band
    verdict = vr.verdicts[0]
    return (f"{variant.upper()} {vr.name} -- band {lo}-{hi} turns, target {targets.WIN_TARGET:.0%} "
            f"+/-{targets.WIN_TOLERANCE * 100:.0f} pts -- judged on {vr.judged_player} (*): {verdict.label()}")


def overview_columns(result: LabResult) -> list[str]:
    head = ["variant", "name", "band", "judged on", "win", "turns", "verdict", "ladder (win % by player)", "skill gap"]
    if len(result.settings) > 1:
        head += ["best setting", "its win", "its turns", "its verdict"]
    return head


def overview_rows(result: LabResult) -> list[list[str]]:
    rows = []
    for v, vr in result.variants.items():
        m = result.summary(v, 0, vr.judged_player)
        ladder = " ".join(f"{p} {100 * r:.0f}" for p, r in zip(vr.ladder.players, vr.ladder.win_rates))
        row = [v, vr.name, f"{vr.band[0]}-{vr.band[1]}", vr.ladder.describe(), pct(m["win_rate"]),
               f"{m['mean_turns']:.2f}", vr.verdicts[0].label(), ladder,
               "-" if vr.ladder.skill_gap is None else f"{100 * vr.ladder.skill_gap:+.1f} pts"]
        if len(result.settings) > 1:
            b = result.summary(v, vr.best, vr.judged_player)
            row += [sweeps.label(result.settings[vr.best]), pct(b["win_rate"]), f"{b['mean_turns']:.2f}",
                    vr.verdicts[vr.best].label()]
        rows.append(row)
    return rows


def _folding(table: Table) -> Table:
    # A narrow terminal folds a long cell onto a second line rather than cutting a player's name to "mct…".
    for column in table.columns:
        column.overflow = "fold"
    return table


def print_tables(result: LabResult, console: Console) -> None:
    for v in result.variants:
        table = Table(*columns(result), title=variant_title(result, v), title_justify="left")
        for row in variant_rows(result, v):
            table.add_row(*row, style="bold" if row[0] == "*" else None)
        console.print(_folding(table))
    table = Table(*overview_columns(result), title="Overview", title_justify="left")
    for row in overview_rows(result):
        table.add_row(*row)
    console.print(_folding(table))
