"""Where a report's figures came from: CPU, cores, build, commit and versions.

Figures are only comparable between runs on the same machine and build, so
every JSON report carries this and ``--compare`` warns when it differs.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cores() -> int:
    """Cores this process may run on (the affinity mask, not the host's total)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # .../triptych


def _checkout_commit(package_dir: Path) -> str | None:
    """HEAD (with "-dirty" for uncommitted changes) when ``package_dir`` is the source tree's python/triptych
    (an editable install), else None: an installed package inside some other checkout is not its source."""
    try:
        top = subprocess.run(["git", "-C", str(package_dir), "rev-parse", "--show-toplevel"], capture_output=True,
                             text=True, timeout=5)
        if top.returncode != 0 or Path(top.stdout.strip()).resolve() / "python" / "triptych" != package_dir:
            return None
        out = subprocess.run(["git", "-C", str(package_dir), "rev-parse", "HEAD"], capture_output=True, text=True,
                             timeout=5)
        if out.returncode != 0:
            return None
        dirty = subprocess.run(["git", "-C", str(package_dir), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=5).stdout.strip()
        return out.stdout.strip() + ("-dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return None


def build_commit() -> str | None:
    """The commit recorded when the package was built (triptych/_build_commit.py, written by CMake), or None."""
    try:
        from triptych import _build_commit
    except ImportError:
        return None
    return _build_commit.COMMIT


def git_commit(package_dir: Path | None = None) -> str | None:
    """The commit of the source the package came from: the checkout's HEAD for an editable install, else the
    commit recorded at build time (a wheel built from a checkout); None when neither is known (an sdist)."""
    return _checkout_commit(package_dir or _PACKAGE_DIR) or build_commit()


def version_of(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def load_average() -> list[float] | None:
    """1/5/15-minute load: on a shared machine, the first thing to read beside a surprising figure."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def machine_info() -> dict[str, Any]:
    from triptych import _core

    return {
        "cpu": cpu_model(),
        "cores": cores(),
        "host_cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "python_implementation": platform.python_implementation(),
        "build": dict(getattr(_core, "BUILD_INFO", {})),
        "git_commit": git_commit(),
        "load_average": load_average(),
        "versions": {name: version_of(name) for name in ("triptych", "pybind11", "numpy", "open-spiel")},
    }
