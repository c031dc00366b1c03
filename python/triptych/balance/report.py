"""The lab's outputs: fights.csv, summary.json, PNG plots and one self-contained report.html.

* ``fights.csv``: one row per fight (variant, setting, player, fight, seed and
  the record of cpp/combat/fight_record.h); a verb column is empty for a
  variant without that verb.
* ``summary.json``: the run's configuration, the targets and rules used, every
  cell's statistics, each variant's ladder, verdicts and best setting; the
  same seeds give the same file, byte for byte, on any backend.
* ``run.json``: how it was played: the command, backend, workers, wall time
  and how many fights came from a resumed run's journal.
* ``winrate.png`` (win rate per variant and player with 95% intervals and the
  60% line), ``turns.png`` (turn distributions with each variant's band
  shaded), ``ladder.png`` (win rate by player strength), ``sweep_NAME.png``
  per swept parameter (win rate and mean turns against its value).
* ``report.html``: the tables and the plots (embedded as base64), nothing else
  needed to read it.
"""

from __future__ import annotations

import base64
import csv
import datetime
import html
import io
import json
import statistics
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, never a window
import matplotlib.pyplot as plt  # noqa: E402

from triptych import __version__  # noqa: E402
from triptych.balance import ladder as ladder_mod  # noqa: E402
from triptych.balance import sweeps, table, targets  # noqa: E402
from triptych.balance.lab import VARIANTS, LabResult  # noqa: E402

BASE_COLUMNS = ["variant", "setting", "player", "fight", "seed", "winner", "turns", "player_hp", "enemy_hp",
                "enemy_max_hp", "damage_dealt", "gated", "open_lash", "open_undertow", "open_gale", "open_stone",
                "placed_agni", "placed_jal", "placed_vayu", "placed_prithvi", "placed_akasha", "rolled_agni",
                "rolled_jal", "rolled_vayu", "rolled_prithvi", "rolled_akasha", "rolled_blank", "akasha_played",
                "rolls", "buys", "decisions", "stalls"]


# --- records and summary ---------------------------------------------------------

def write_csv(result: LabResult, path: Path) -> int:
    """fights.csv; returns the number of rows."""
    verb_columns: list[str] = []
    for records in result.records:
        for key in records[0] if records else {}:
            if key.startswith("verb_") and key not in verb_columns:
                verb_columns.append(key)
    rows = 0
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=BASE_COLUMNS + verb_columns, restval="", extrasaction="raise")
        writer.writeheader()
        for cell, records in zip(result.cells, result.records):
            label = sweeps.label(result.settings[cell.setting])
            for r in records:
                writer.writerow({**r, "variant": cell.variant, "setting": label, "player": cell.player})
                rows += 1
    return rows


def summary_dict(result: LabResult) -> dict[str, Any]:
    """Everything the tables show, as JSON-ready data.

    Nothing here depends on how the run was played (backend, workers, wall
    time, resumed or not: see ``run_dict``), so the same seeds give the same
    summary.json, byte for byte.
    """
    c = result.config
    return {
        "seed": c.seed,
        "games": c.games,
        "players": c.players,
        "variants": c.variants,
        "targets": {
            "win_target": targets.WIN_TARGET,
            "win_tolerance": targets.WIN_TOLERANCE,
            "overall_band": list(targets.OVERALL_BAND),
            "bands": {v: list(targets.band(v)) for v in c.variants},
            "rule": "win rate within the tolerance of the target; mean turns inside the band; "
                    "distance = |win - target| / tolerance + turns outside the band",
        },
        "ladder_rule": f"competent = smallest MCTS budget that no larger budget beats by {ladder_mod.RISE_POINTS:.0%} "
                       "or more in win rate",
        "settings": [{"index": i, "label": sweeps.label(s), "params": s} for i, s in enumerate(result.settings)],
        "cells": [{"variant": cell.variant, "setting": cell.setting, "player": cell.player, **summary}
                  for cell, summary in zip(result.cells, result.summaries)],
        "results": {
            v: {
                "name": vr.name,
                "band": list(vr.band),
                "ladder": {"players": list(vr.ladder.players), "win_rates": list(vr.ladder.win_rates),
                           "competent": vr.ladder.competent, "levelled": vr.ladder.levelled,
                           "skill_gap": vr.ladder.skill_gap, "reading": vr.ladder.describe()},
                "judged_player": vr.judged_player,
                "verdicts": [{"setting": i, "win_ok": x.win_ok, "turns_ok": x.turns_ok, "inside": x.inside,
                              "distance": round(x.distance, 6)} for i, x in enumerate(vr.verdicts)],
                "best_setting": {"index": vr.best, "label": sweeps.label(result.settings[vr.best]),
                                 "params": result.settings[vr.best]},
            }
            for v, vr in result.variants.items()
        },
    }


def run_dict(result: LabResult, command: str = "", backend: str = "local", resumed_fights: int = 0) -> dict[str, Any]:
    """How the run was played (run.json): the command, backend, workers, wall time, fights taken from a journal."""
    played = sum(len(records) for records in result.records)
    return {"command": command, "backend": backend, "workers": result.config.workers,
            "seconds": round(result.seconds, 3), "fights": played, "fights_resumed": resumed_fights,
            "triptych": __version__}


# --- plots -----------------------------------------------------------------------------

def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()


def yerr(summary: dict[str, Any]) -> tuple[float, float]:
    """Error-bar lengths below and above the win rate (never negative: the interval's ends are rounded floats)."""
    return max(0.0, summary["win_rate"] - summary["ci_low"]), max(0.0, summary["ci_high"] - summary["win_rate"])


def plot_winrate(result: LabResult) -> bytes:
    variants, players = result.config.variants, result.config.players
    fig, ax = plt.subplots(figsize=(min(16.0, max(6.0, 0.3 * len(variants) * len(players) + 2)), 4.2))
    width = 0.8 / len(players)
    for j, p in enumerate(players):
        xs, ys, lo, hi = [], [], [], []
        for i, v in enumerate(variants):
            m = result.summary(v, 0, p)
            xs.append(i - 0.4 + width * (j + 0.5))
            ys.append(m["win_rate"])
            below, above = yerr(m)
            lo.append(below)
            hi.append(above)
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=p, color=plt.cm.viridis(j / max(1, len(players) - 1)))
    ax.axhspan(targets.WIN_TARGET - targets.WIN_TOLERANCE, targets.WIN_TARGET + targets.WIN_TOLERANCE,
               color="tab:green", alpha=0.12, zorder=0)
    ax.axhline(targets.WIN_TARGET, color="tab:red", linestyle="--", linewidth=1, label="60% target")
    ax.set_xticks(range(len(variants)), [v.upper() for v in variants])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title("Win rate by variant and player (default parameters)")
    ax.legend(fontsize=7, ncol=min(6, len(players) + 1), loc="upper center", bbox_to_anchor=(0.5, -0.08))
    return _png(fig)


def plot_turns(result: LabResult) -> bytes:
    variants = result.config.variants
    cols = min(5, len(variants))
    rows = (len(variants) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.0 * cols, 2.5 * rows), squeeze=False, sharey=True)
    for k, v in enumerate(variants):
        ax = axes[k // cols][k % cols]
        vr = result.variants[v]
        lo, hi = vr.band
        ax.axvspan(lo - 0.5, hi + 0.5, color="tab:green", alpha=0.15, label="band")
        for p in result.config.players:
            turns = [r["turns"] for r in result.records[result.index(v, 0, p)]]
            if not turns:
                continue
            edges = [t - 0.5 for t in range(1, max(turns) + 2)]
            judged = p == vr.judged_player
            ax.hist(turns, bins=edges, density=True, histtype="stepfilled" if judged else "step",
                    alpha=0.55 if judged else 0.9, linewidth=1.6 if judged else 0.8, label=p)
        ax.set_title(f"{v.upper()} (band {lo}-{hi})", fontsize=9)
        ax.set_xlabel("turns", fontsize=8)
        ax.tick_params(labelsize=7)
    for k in range(len(variants), rows * cols):
        axes[k // cols][k % cols].axis("off")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=7, bbox_to_anchor=(0.5, -0.02))
    fig.suptitle("Fight length (share of fights per turn count; filled: the judged player)", fontsize=10)
    fig.tight_layout(rect=(0, 0.04, 1, 0.97))
    return _png(fig)


def plot_ladder(result: LabResult) -> bytes:
    players = result.config.players
    fig, ax = plt.subplots(figsize=(max(5.0, 1.3 * len(players) + 3), 4.2))
    for k, v in enumerate(result.config.variants):
        vr = result.variants[v]
        ms = [result.summary(v, 0, p) for p in players]
        xs = [i + (k - len(result.config.variants) / 2) * 0.02 for i in range(len(players))]
        ys = [m["win_rate"] for m in ms]
        err = [[yerr(m)[0] for m in ms], [yerr(m)[1] for m in ms]]
        color = plt.cm.tab10(k % 10)
        ax.errorbar(xs, ys, yerr=err, marker="o", markersize=3, linewidth=1, capsize=2, color=color, label=v.upper())
        c = players.index(vr.judged_player)
        ax.plot([xs[c]], [ys[c]], marker="*", markersize=12, color=color, markeredgecolor="black")
    ax.axhline(targets.WIN_TARGET, color="tab:red", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(players)), players)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title("Skill ladder (star: the competent player)")
    ax.legend(fontsize=7, ncol=2, loc="center left", bbox_to_anchor=(1.0, 0.5))
    return _png(fig)


def plot_sweep(result: LabResult, name: str, values: list[int]) -> bytes:
    fig, (ax_win, ax_turns) = plt.subplots(1, 2, figsize=(10, 4))
    for k, v in enumerate(result.config.variants):
        judged = result.variants[v].judged_player
        color = plt.cm.tab10(k % 10)
        wins, turns = [], []
        for value in values:
            # The marginal curve: the mean over the other swept parameters' values.
            ms = [result.summary(v, s, judged) for s, setting in enumerate(result.settings)
                  if s > 0 and setting.get(name) == value]
            wins.append(statistics.fmean(m["win_rate"] for m in ms))
            turns.append(statistics.fmean(m["mean_turns"] for m in ms))
        ax_win.plot(values, wins, marker="o", color=color, label=v.upper())
        ax_turns.plot(values, turns, marker="o", color=color, label=v.upper())
        default = VARIANTS[v]["params"].get(name)
        base = result.summary(v, 0, judged)
        if default is not None:
            ax_win.plot([default], [base["win_rate"]], marker="o", mfc="none", color=color, markersize=9)
            ax_turns.plot([default], [base["mean_turns"]], marker="o", mfc="none", color=color, markersize=9)
    ax_win.axhspan(targets.WIN_TARGET - targets.WIN_TOLERANCE, targets.WIN_TARGET + targets.WIN_TOLERANCE,
                   color="tab:green", alpha=0.12)
    ax_win.axhline(targets.WIN_TARGET, color="tab:red", linestyle="--", linewidth=1)
    ax_win.set_ylim(0, 1.05)
    ax_win.set_xlabel(name)
    ax_win.set_ylabel("win rate (judged player)")
    ax_turns.axhspan(*targets.OVERALL_BAND, color="tab:green", alpha=0.08)
    ax_turns.set_xlabel(name)
    ax_turns.set_ylabel("mean turns")
    ax_turns.legend(fontsize=7, ncol=2, loc="center left", bbox_to_anchor=(1.0, 0.5))
    others = len(result.config.sweeps) > 1
    fig.suptitle(f"Sweep of {name}" + (" (mean over the other swept parameters)" if others else "")
                 + "; hollow: the defaults", fontsize=10)
    return _png(fig)


def plots(result: LabResult) -> dict[str, bytes]:
    out = {"winrate.png": plot_winrate(result), "turns.png": plot_turns(result), "ladder.png": plot_ladder(result)}
    for name, values in result.config.sweeps:
        out[f"sweep_{name}.png"] = plot_sweep(result, name, values)
    return out


# --- HTML ------------------------------------------------------------------------------

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 1500px; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
tr.judged { font-weight: bold; background: #fffbe6; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
.inside { color: #1a7f37; } .outside { color: #b42318; }
img { max-width: 100%; border: 1px solid #eee; margin: 0.5em 0; }
code { background: #f5f5f5; padding: 1px 4px; }
"""


def _table_html(head: list[str], rows: list[list[str]], caption: str = "", judged_col: bool = False) -> str:
    out = ["<table>"]
    if caption:
        cls = "inside" if "INSIDE" in caption else "outside" if "OUTSIDE" in caption else ""
        out.append(f'<caption class="{cls}">{html.escape(caption)}</caption>')
    out.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>")
    for row in rows:
        cls = ' class="judged"' if judged_col and row[0] == "*" else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{html.escape(x)}</td>" for x in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def html_report(result: LabResult, images: dict[str, bytes], command: str = "", backend: str = "local") -> str:
    c = result.config
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Triptych balance lab</title>',
        f"<style>{CSS}</style></head><body>",
        "<h1>Triptych balance lab</h1>",
        f"<p><code>{html.escape(command)}</code></p>" if command else "",
        f"<p>{c.games} fights per variant, setting and player on paired seeds {c.seed}..{c.seed + c.games - 1}; "
        f"players {', '.join(c.players)}; {len(result.settings)} setting(s); {backend}, {c.workers} worker(s); "
        f"wall time {result.seconds:.1f} s; written {datetime.datetime.now().isoformat(timespec='seconds')}.</p>",
        "<p>Targets: win rate within "
        f"{targets.WIN_TOLERANCE * 100:.0f} points of {targets.WIN_TARGET:.0%} and mean turns inside the "
        "variant's band, judged on the competent player (the smallest MCTS budget that no larger budget beats by "
        f"{ladder_mod.RISE_POINTS * 100:.0f} points or more). In play per fight: cards of the element placed plus "
        "element-die landings on it. Akasha: share of fights where the Akasha card (V09/V10: its die face) came "
        "into play, and in brackets where the gate opened. See docs/balance.md.</p>",
        "<h2>Overview</h2>",
        _table_html(table.overview_columns(result), table.overview_rows(result)),
        "<h2>Plots</h2>",
    ]
    for name, data in images.items():
        b64 = base64.b64encode(data).decode("ascii")
        parts.append(f'<h3>{html.escape(name)}</h3><img alt="{html.escape(name)}" src="data:image/png;base64,{b64}">')
    parts.append("<h2>Per variant</h2>")
    for v in result.variants:
        parts.append(_table_html(table.columns(result), table.variant_rows(result, v, verbs_limit=None),
                                 caption=table.variant_title(result, v), judged_col=True))
    parts.append("</body></html>")
    return "\n".join(p for p in parts if p)


def write_report(result: LabResult, out: Path, command: str = "", backend: str = "local",
                 resumed_fights: int = 0) -> dict[str, Path]:
    """Writes every output into ``out`` (created if needed); returns the paths by name."""
    out.mkdir(parents=True, exist_ok=True)
    names = ["fights.csv", "summary.json", "run.json", "winrate.png", "turns.png", "ladder.png"]
    names += [f"sweep_{name}.png" for name, _ in result.config.sweeps] + ["report.html"]
    paths = {name: out / name for name in names}
    # The data first: a plotting failure must not lose a long run's records.
    write_csv(result, paths["fights.csv"])
    summary = summary_dict(result)
    summary["files"] = names
    paths["summary.json"].write_text(json.dumps(summary, indent=1) + "\n")
    run = run_dict(result, command, backend, resumed_fights)
    paths["run.json"].write_text(json.dumps(run, indent=1) + "\n")
    images = plots(result)
    for name, data in images.items():
        paths[name].write_bytes(data)
    paths["report.html"].write_text(html_report(result, images, command, backend))
    return paths
