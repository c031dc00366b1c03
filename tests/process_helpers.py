"""What is left of a command run in its own session (``start_new_session=True``) once it has ended."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path


def session_processes(sid: int) -> list[str]:
    """Command lines of the processes still in session ``sid``."""
    out = []
    for pid in subprocess.run(["pgrep", "-s", str(sid)], capture_output=True, text=True).stdout.split():
        try:
            out.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:200])
        except OSError:  # gone while we looked
            pass
    return out


def processes_left(sid: int, within: float) -> list[str]:
    """The processes of session ``sid`` still alive after up to ``within`` seconds (a helper such as
    multiprocessing's resource tracker may take a moment to see its parent gone)."""
    deadline = time.monotonic() + within
    while (left := session_processes(sid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left
