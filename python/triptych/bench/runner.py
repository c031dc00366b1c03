"""The measuring runner: repeat a measurement, keep the median and the spread.

A benchmark here is a callable that does a fixed amount of work and returns
``(work, seconds)``: the count it did (leaves, nodes, iterations, steps) and
the time it took, timed by whoever knows where the work starts and ends (the
native searches time themselves, so Python call overhead is not counted
twice). The runner turns that into a rate per repeat and reports the median
rate, because one slow repeat on a shared machine should not move the figure,
and the spread (max - min) / median, because a wide spread means the figure
is not to be trusted -- the report flags it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Above this relative spread a figure is flagged: on 2 shared cores a quiet run
# stays under ~10%, a neighbour's compile pushes it well past 20%.
WIDE_SPREAD = 0.20


@dataclass
class Measurement:
    """One figure of the report: a rate (work per second) over repeats."""

    name: str  # stable key, e.g. "perft/hexfleet/start/d4"
    group: str  # table section, e.g. "perft"
    unit: str  # what the rate counts per second, e.g. "leaves/s"
    rates: list[float] = field(default_factory=list)
    work: int = 0  # work of one repeat (leaves, nodes...); deterministic ones are checked to stay equal
    seconds: list[float] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. depth reached, ratio, note
    higher_is_better: bool = True

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else 0.0

    @property
    def median_seconds(self) -> float:
        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def spread(self) -> float:
        """(max - min) / median of the repeats' rates; 0 with fewer than two repeats."""
        if len(self.rates) < 2 or self.median == 0:
            return 0.0
        return (max(self.rates) - min(self.rates)) / self.median

    @property
    def wide(self) -> bool:
        return self.spread > WIDE_SPREAD

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "group": self.group, "unit": self.unit, "median": self.median,
                "spread": self.spread, "rates": self.rates, "seconds": self.seconds, "work": self.work,
                "extra": self.extra, "higher_is_better": self.higher_is_better}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Measurement:
        return cls(name=d["name"], group=d["group"], unit=d["unit"], rates=list(d["rates"]), work=d.get("work", 0),
                   seconds=list(d.get("seconds", [])), extra=dict(d.get("extra", {})),
                   higher_is_better=d.get("higher_is_better", True))


def measure(name: str, group: str, unit: str, fn: Callable[[], tuple[float, float]], repeats: int = 3,
            warmup: bool = True, **extra: Any) -> Measurement:
    """Runs ``fn`` (returning (work, seconds)) ``repeats`` times and collects the rates.

    A first untimed call warms caches, the transposition table allocation and
    lazy imports, so repeat 1 is not an outlier by construction.
    """
    if warmup:
        fn()
    m = Measurement(name=name, group=group, unit=unit, extra=dict(extra))
    for _ in range(max(1, repeats)):
        work, seconds = fn()
        m.work = int(work)
        m.seconds.append(seconds)
        m.rates.append(work / seconds if seconds > 0 else 0.0)
    return m


def pair(ours: Measurement, theirs: Measurement, time_based: bool = False) -> None:
    """Sets ours.extra["ratio"] (> 1: ours is faster), what it compares ("time" to the same depth, or the
    "rate" in ours.unit) and the cross-reference to theirs."""
    if time_based:
        if ours.median_seconds:
            ours.extra["ratio"] = theirs.median_seconds / ours.median_seconds
    elif theirs.median:
        ours.extra["ratio"] = ours.median / theirs.median
    ours.extra["ratio_basis"] = "time" if time_based else "rate"
    ours.extra["vs"] = theirs.name


def faster_words(m: Measurement) -> str:
    """Which of a pair is faster and by how much, e.g. "ours 3.62x faster (time to depth 4)": the ratio alone
    (x3.62) read as "ours faster" even where the peer's own figure in the table was the larger."""
    ratio = m.extra.get("ratio")
    if not ratio:
        return ""
    timed = m.extra.get("ratio_basis", "time" if "time_to_depth" in m.extra else "rate") == "time"
    basis = f"time to depth {m.extra['depth']}" if timed and "depth" in m.extra else "time" if timed else m.unit
    who, factor = ("ours", ratio) if ratio >= 1 else ("theirs", 1 / ratio)
    return f"{who} {factor:.2f}x faster ({basis})"


def timed(fn: Callable[[], float]) -> tuple[float, float]:
    """(work, seconds) for a callable that returns its work and is timed from outside."""
    t0 = time.perf_counter()
    work = fn()
    return work, time.perf_counter() - t0
