"""A bench run as data: the versioned JSON file, and the comparison of two runs.

Schema (SCHEMA_VERSION 1)::

    {"schema": "triptych-bench", "version": 1, "created": ISO-8601 UTC,
     "quick": bool, "benches": [...], "seconds": wall time of the run,
     "machine": {...machine_info()...},
     "signature": {"total": int, "parts": {...}, ...},
     "measurements": [{"name", "group", "unit", "median", "spread", "rates",
                       "seconds", "work", "extra", "higher_is_better"}, ...]}

A reader refuses another schema or a newer version rather than misread it.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from triptych.bench.runner import WIDE_SPREAD, Measurement

SCHEMA = "triptych-bench"
SCHEMA_VERSION = 1


@dataclass
class Report:
    machine: dict[str, Any]
    quick: bool = False
    benches: list[str] = field(default_factory=list)
    measurements: list[Measurement] = field(default_factory=list)
    signature: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    skipped: dict[str, str] = field(default_factory=dict)  # bench -> why it did not run
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))

    def by_name(self) -> dict[str, Measurement]:
        return {m.name: m for m in self.measurements}

    def wide(self) -> list[Measurement]:
        """The figures whose repeats disagree by more than WIDE_SPREAD."""
        return [m for m in self.measurements if m.wide]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "version": SCHEMA_VERSION, "created": self.created, "quick": self.quick,
                "benches": self.benches, "seconds": self.seconds, "skipped": self.skipped, "machine": self.machine,
                "signature": self.signature, "measurements": [m.to_dict() for m in self.measurements]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Report:
        if d.get("schema") != SCHEMA:
            raise ValueError(f"not a triptych bench report (schema {d.get('schema')!r})")
        if not isinstance(d.get("version"), int) or d["version"] > SCHEMA_VERSION:
            raise ValueError(f"bench report version {d.get('version')!r} is newer than this reader "
                             f"({SCHEMA_VERSION}); upgrade triptych")
        return cls(machine=d["machine"], quick=d["quick"], benches=list(d["benches"]),
                   measurements=[Measurement.from_dict(m) for m in d["measurements"]],
                   signature=dict(d.get("signature", {})), seconds=d.get("seconds", 0.0),
                   skipped=dict(d.get("skipped", {})), created=d["created"])


def write_json(report: Report, path: str | Path) -> None:
    Path(path).write_text(json.dumps(report.to_dict(), indent=1) + "\n")


def read_json(path: str | Path) -> Report:
    return Report.from_dict(json.loads(Path(path).read_text()))


@dataclass(frozen=True)
class Change:
    name: str
    unit: str
    old: float | None
    new: float | None
    noisy: bool  # either side's spread is wide: the change may be noise

    @property
    def ratio(self) -> float | None:
        if self.old and self.new is not None:
            return self.new / self.old
        return None

    @property
    def percent(self) -> float | None:
        r = self.ratio
        return None if r is None else (r - 1.0) * 100.0


def compare(old: Report, new: Report) -> tuple[list[Change], list[str]]:
    """The change of every figure present in either run, and warnings about comparability."""
    warnings = []
    if old.quick != new.quick:
        warnings.append("one run is --quick and the other is not: depths and sizes differ")
    for key in ("cpu", "cores", "build"):
        if old.machine.get(key) != new.machine.get(key):
            warnings.append(f"machine {key} differs: {old.machine.get(key)!r} -> {new.machine.get(key)!r}")
    if old.signature.get("total") and new.signature.get("total") and old.signature["total"] != new.signature["total"]:
        warnings.append(f"bench signature changed: {old.signature['total']} -> {new.signature['total']} "
                        "(search or move generation behave differently; node-count figures are not like for like)")
    olds, news = old.by_name(), new.by_name()
    changes = []
    for name in list(news) + [n for n in olds if n not in news]:
        o, n = olds.get(name), news.get(name)
        changes.append(Change(name=name, unit=(n or o).unit, old=o.median if o else None,
                              new=n.median if n else None,
                              noisy=bool((o and o.spread > WIDE_SPREAD) or (n and n.spread > WIDE_SPREAD))))
    return changes, warnings
