"""``triptych bench``: the benchmark suite, as a library.

    >>> from triptych import bench
    >>> report = bench.run(quick=True)          # a Report: machine info + measurements
    >>> bench.write_json(report, "bench.json")
    >>> bench.signature()                       # the deterministic node count (see signature.py)

Files, one concern each: ``runner`` (repeats, median, spread), ``suites``
(what is measured on our engine), ``peers`` (OpenSpiel and the pure-Python
baseline, side by side), ``pybaseline`` (the pure-Python loops and
alpha-beta), ``signature`` (the bench signature), ``machine`` (CPU, build,
commit, versions), ``report`` (JSON write/read/compare) and ``table`` (the
rich tables). bench/README.md in the repository explains every comparison.
"""

from triptych.bench.report import Report, compare, read_json, write_json
from triptych.bench.runner import WIDE_SPREAD, Measurement, measure
from triptych.bench.signature import EXPECTED_SIGNATURE, signature
from triptych.bench.registry import BENCHES, run

__all__ = ["BENCHES", "EXPECTED_SIGNATURE", "WIDE_SPREAD", "Measurement", "Report", "compare", "measure",
           "read_json", "run", "signature", "write_json"]
