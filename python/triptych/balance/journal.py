"""The journal of a balance run: every finished batch, so an interrupted run can be resumed.

``OUT/journal.jsonl`` is written while the run plays: a header line (the
run's configuration and the triptych version), then one line per finished
batch of fights (its cell, its first fight and its records), appended and
flushed as each batch comes back. ``triptych balance --resume OUT`` reads it,
plays only the batches it lacks and writes the same outputs an uninterrupted
run writes: the batches are cut the same way (runner.plan_batches), a batch is
either in the journal whole or not at all, and a batch already there is never
played or counted again. When the outputs are written the journal is removed.

A run killed while writing a line leaves that line incomplete; it is dropped
(and cut from the file) on resume. Any other damage is an error naming the line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any

from triptych import __version__
from triptych.balance.lab import LabConfig, plan
from triptych.balance.runner import Batch, Record, plan_batches

JOURNAL = "journal.jsonl"
FORMAT = 1


class JournalError(ValueError):
    """A journal that cannot be resumed: missing, from another version or another plan, or damaged."""


def _config_dict(config: LabConfig) -> dict[str, Any]:
    return {"variants": config.variants, "players": config.players, "games": config.games, "seed": config.seed,
            "sweeps": [[name, values] for name, values in config.sweeps]}


class Journal:
    """Finished batches of one run, keyed by (cell index, first fight)."""

    def __init__(self, path: Path, config: LabConfig, done: dict[tuple[int, int], list[Record]],
                 stream: IO[str] | None) -> None:
        self.path = path
        self.config = config
        self.done = done  # read from the file when resuming; not updated by append()
        self._stream = stream

    @staticmethod
    def refuse_unfinished(out: Path) -> None:
        """JournalError when ``out`` holds an unfinished run (a new run there would lose it)."""
        path = out / JOURNAL
        if path.exists():
            raise JournalError(f"{out} holds an unfinished run ({JOURNAL}): continue it with --resume {out}, "
                               f"or delete {path} to start over")

    @classmethod
    def create(cls, out: Path, config: LabConfig) -> Journal:
        """A new journal in ``out``; JournalError when an unfinished run is already there."""
        cls.refuse_unfinished(out)
        path = out / JOURNAL
        out.mkdir(parents=True, exist_ok=True)
        stream = path.open("w")
        header = {"journal": "triptych balance", "format": FORMAT, "triptych": __version__,
                  "config": _config_dict(config)}
        journal = cls(path, config, {}, stream)
        journal._write(header)
        return journal

    @classmethod
    def resume(cls, out: Path, workers: int = 1) -> Journal:
        """The journal in ``out``, its configuration and finished batches, open for appending."""
        path = out / JOURNAL
        if not path.exists():
            raise JournalError(f"{out} has no unfinished run to resume (no {JOURNAL}; a finished run removes it)")
        data = path.read_bytes()
        complete = data[:data.rfind(b"\n") + 1]  # a line cut by the interruption is dropped
        lines = complete.decode().splitlines()
        if not lines:
            raise JournalError(f"{path}: empty (the run was interrupted before it started): start it again")
        header = _parse(path, 1, lines[0])
        if header.get("journal") != "triptych balance" or header.get("format") != FORMAT:
            raise JournalError(f"{path}: not a triptych balance journal of format {FORMAT}")
        if header.get("triptych") != __version__:
            raise JournalError(f"{path}: written by triptych {header.get('triptych')}, this is {__version__}: "
                               "its fights would not match this engine's")
        try:
            c = header["config"]
            config = LabConfig(list(c["variants"]), list(c["players"]), int(c["games"]), seed=int(c["seed"]),
                               workers=workers, sweeps=[(str(n), [int(v) for v in vs]) for n, vs in c["sweeps"]])
            config.validate()
        except (KeyError, TypeError, ValueError) as err:
            raise JournalError(f"{path} line 1: bad configuration: {err}") from None
        done: dict[tuple[int, int], list[Record]] = {}
        for number, line in enumerate(lines[1:], start=2):
            entry = _parse(path, number, line)
            try:
                key = (int(entry["cell"]), int(entry["start"]))
                records = entry["records"]
            except (KeyError, TypeError, ValueError):
                raise JournalError(f"{path} line {number}: a batch needs cell, start and records") from None
            if key in done:
                raise JournalError(f"{path} line {number}: batch (cell {key[0]}, fight {key[1]}) is there twice")
            done[key] = records
        journal = cls(path, config, done, None)
        journal.check(plan_batches(plan(config)[1], config.seed, config.games))
        if len(complete) < len(data):
            with path.open("r+b") as f:
                f.truncate(len(complete))
        journal._stream = path.open("a")
        return journal

    def check(self, batches: list[Batch]) -> None:
        """JournalError unless every batch in the journal is one of ``batches``, whole, with its seeds."""
        planned = {(b[0], b[4]): b[5] for b in batches}
        for key, records in self.done.items():
            seeds = planned.get(key)
            if seeds is None or [r.get("seed") for r in records] != seeds:
                raise JournalError(f"{self.path}: batch (cell {key[0]}, fight {key[1]}) is not one this run plans "
                                   "(another plan or a damaged file)")

    def append(self, cell: int, start: int, records: list[Record]) -> None:
        self._write({"cell": cell, "start": start, "records": records})

    def _write(self, entry: dict[str, Any]) -> None:
        assert self._stream is not None, "journal opened for reading only"
        self._stream.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())  # a batch reported done is on disk

    def close(self) -> None:
        if self._stream is not None and not self._stream.closed:
            self._stream.close()

    def finish(self) -> None:
        """The outputs are written: the journal has served."""
        self.close()
        self.path.unlink(missing_ok=True)


def _parse(path: Path, number: int, line: str) -> dict[str, Any]:
    try:
        entry = json.loads(line)
    except json.JSONDecodeError as err:
        raise JournalError(f"{path} line {number}: not JSON ({err})") from None
    if not isinstance(entry, dict):
        raise JournalError(f"{path} line {number}: not a JSON object")
    return entry
