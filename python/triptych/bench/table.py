"""The rich tables ``triptych bench`` prints: the figures, the peers' ratios, a comparison."""

from __future__ import annotations

from rich.markup import escape
from rich.console import Console
from rich.table import Table

from triptych.bench.report import Report, compare
from triptych.bench.runner import WIDE_SPREAD, faster_words


def _num(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:,.2f} M"
    if x >= 1e4:
        return f"{x / 1e3:,.1f} k"
    return f"{x:,.1f}"


def _secs(x: float | None) -> str:
    if not x:
        return ""
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def _detail(extra: dict) -> str:
    parts = []
    for key in ("nps_speedup", "ttd_speedup"):
        if key in extra:
            parts.append(f"{key.split('_')[0]} x{extra[key]:.2f}")
    if "overhead_us" in extra:
        parts.append(f"overhead {extra['overhead_us']:.2f} us/step")
    if "nps_vs_classic" in extra:
        parts.append(f"x{extra['nps_vs_classic']:.2f} classic ({_num(extra['classic_nps'])})")
    if "net" in extra:
        parts.append(f"{extra['nodes']:,} nodes, net {extra['net']}")
    if "mean_moves" in extra:
        parts.append(f"{extra['mean_moves']:.1f} moves/pos")
    return ", ".join(parts)


def results_table(report: Report) -> Table:
    title = f"triptych bench{' --quick' if report.quick else ''} -- {report.machine.get('cpu')}, " \
            f"{report.machine.get('cores')} cores"
    table = Table(title=title, show_lines=False)
    for col, just in (("bench", "left"), ("median", "right"), ("unit", "left"), ("spread", "right"),
                      ("time", "right"), ("vs peer", "right"), ("notes", "left")):
        table.add_column(col, justify=just)
    group = None
    for m in report.measurements:
        if m.group != group and group is not None:
            table.add_section()
        group = m.group
        spread = f"{m.spread * 100:.0f}%"
        if m.wide:
            spread = f"[yellow]{spread} ![/yellow]"
        ratio = faster_words(m)
        t = m.extra.get("time_to_depth", m.median_seconds)
        table.add_row(m.name, _num(m.median), m.unit, spread, _secs(t), ratio, _detail(m.extra))
    return table


def peers_table(report: Report) -> Table | None:
    """Each of our figures that has a peer, beside it: absolute figures and which of the two is faster."""
    by = report.by_name()
    rows = [(m, by[m.extra["vs"]]) for m in report.measurements if "ratio" in m.extra and m.extra.get("vs") in by]
    if not rows:
        return None
    table = Table(title="ours beside peers")
    for col, just in (("ours", "left"), ("ours", "right"), ("theirs", "left"), ("theirs", "right"),
                      ("faster", "right")):
        table.add_column(col, justify=just)
    for ours, theirs in rows:
        timed = "time_to_depth" in ours.extra and "time_to_depth" in theirs.extra
        fmt = (lambda m: _secs(m.extra["time_to_depth"])) if timed else (lambda m: f"{_num(m.median)} {m.unit}")
        table.add_row(ours.name, fmt(ours), theirs.name, fmt(theirs), faster_words(ours))
    return table


def print_report(report: Report, console: Console) -> None:
    console.print(results_table(report))
    peers = peers_table(report)
    if peers is not None:
        console.print(peers)
    sig = report.signature
    if sig:
        status = "[green]matches[/green]" if sig.get("matches") else f"[red]differs from {sig.get('expected')}[/red]"
        console.print(f"bench signature: [bold]{sig['total']}[/bold] nodes ({status})")
    for name, why in report.skipped.items():
        console.print(f"[dim]skipped {escape(name)}: {escape(why)}[/dim]")  # why may hold [extras]
    wide = report.wide()
    if wide:
        console.print(f"[yellow]warning: {len(wide)} figure(s) spread more than {WIDE_SPREAD:.0%} between repeats "
                      f"(load average {report.machine.get('load_average')}): "
                      f"{', '.join(m.name for m in wide)}. Rerun on a quieter machine before trusting them.[/yellow]")
    console.print(f"[dim]{len(report.measurements)} figures in {report.seconds:.1f} s; commit "
                  f"{report.machine.get('git_commit')}; build {report.machine.get('build', {}).get('compiler')} "
                  f"{report.machine.get('build', {}).get('build_type')}[/dim]")


def print_comparison(old: Report, new: Report, console: Console) -> None:
    changes, warnings = compare(old, new)
    table = Table(title=f"change since {old.created} ({old.machine.get('git_commit')})")
    for col, just in (("bench", "left"), ("old", "right"), ("new", "right"), ("unit", "left"), ("change", "right")):
        table.add_column(col, justify=just)
    for c in changes:
        if c.percent is None:
            change = "new" if c.old is None else "gone"
        else:
            colour = "green" if c.percent > 0 else "red"
            change = f"[{colour}]{c.percent:+.1f}%[/{colour}]"
            if c.noisy:
                change += " [yellow](noisy)[/yellow]"
        table.add_row(c.name, _num(c.old) if c.old is not None else "", _num(c.new) if c.new is not None else "",
                      c.unit, change)
    console.print(table)
    for w in warnings:
        console.print(f"[yellow]warning: {w}[/yellow]")
