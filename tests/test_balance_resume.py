"""``triptych balance --resume DIR``: an interrupted run continues from its journal, nothing played twice.

The resumed run's fights.csv and summary.json are byte-identical to an
uninterrupted run's; bad journals and conflicting options are refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import triptych.cli.balance_command as balance_command
from triptych.balance.journal import JOURNAL
from triptych.cli import main
from triptych.executor import Executor, LocalExecutor

# 2 variants x 3 players x 24 fights; random and greedy batches are whole cells, the mcts:4 cells are cut
# into batches of 24 too, so the run has 6 batches.
RUN = ["--variants", "v01,v06", "--games", "24", "--players", "random,greedy,mcts:4", "--seed", "5", "--no-progress"]


class CountingExecutor(Executor):
    """Local batches, counted; raises KeyboardInterrupt (as Ctrl-C would) after ``stop_after`` results."""

    name = "local"

    def __init__(self, stop_after: int | None = None) -> None:
        self.inner = LocalExecutor(1)
        self.stop_after = stop_after
        self.shipped = 0
        self.returned = 0

    @property
    def workers(self) -> int:
        return 1

    def imap_unordered(self, fn: Callable[[Any], Any], batches: Sequence[Any]) -> Iterator[tuple[int, Any]]:
        self.shipped += len(batches)
        for i, result in self.inner.imap_unordered(fn, batches):
            if self.returned == self.stop_after:
                raise KeyboardInterrupt
            self.returned += 1
            yield i, result


def _balance(args: list[str], monkeypatch: pytest.MonkeyPatch, executor: Executor | None = None) -> Any:
    if executor is not None:
        monkeypatch.setattr(balance_command, "open_executor", lambda *a: executor)
    return CliRunner().invoke(main, ["balance", *args])


def _journal_lines(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / JOURNAL).read_text().splitlines()]


def test_an_interrupted_run_resumes_to_the_same_outputs_playing_only_what_it_lacked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full, cut = tmp_path / "full", tmp_path / "cut"
    whole = CountingExecutor()
    assert _balance([*RUN, "--out", str(full)], monkeypatch, whole).exit_code == 0
    assert not (full / JOURNAL).exists()  # a finished run removes its journal
    total = whole.shipped

    stopped = CountingExecutor(stop_after=2)
    result = _balance([*RUN, "--out", str(cut)], monkeypatch, stopped)
    assert result.exit_code == 130
    assert f"triptych balance --resume {cut}" in result.output
    lines = _journal_lines(cut)
    assert lines[0]["config"]["games"] == 24 and len(lines) == 1 + 2  # the header and the two finished batches
    saved = sum(len(entry["records"]) for entry in lines[1:])
    assert not (cut / "fights.csv").exists()
    # The interruption also cut a line in half: it is dropped, not read.
    with (cut / JOURNAL).open("a") as f:
        f.write('{"cell":1,"start":0,"records":[{"seed":5,"win')

    resumed = CountingExecutor()
    result = _balance(["--resume", str(cut), "--workers", "1"], monkeypatch, resumed)
    assert result.exit_code == 0, result.output
    assert resumed.shipped == total - 2  # only the missing batches were played
    for name in ("fights.csv", "summary.json"):
        assert (cut / name).read_bytes() == (full / name).read_bytes(), name
    run = json.loads((cut / "run.json").read_text())
    assert run["fights"] == 2 * 3 * 24 and run["fights_resumed"] == saved > 0
    assert not (cut / JOURNAL).exists()


def test_a_journal_that_does_not_fit_is_refused_naming_what_is_wrong(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "run"
    assert _balance([*RUN, "--out", str(out)], monkeypatch, CountingExecutor(stop_after=1)).exit_code == 130
    journal = out / JOURNAL
    good = journal.read_text()

    # A new run into the folder would lose the unfinished one.
    result = _balance([*RUN, "--out", str(out)], monkeypatch)
    assert result.exit_code == 2 and "holds an unfinished run" in result.output
    # A resumed run keeps its own settings and folder.
    result = _balance(["--resume", str(out), "--games", "30"], monkeypatch)
    assert result.exit_code == 2 and "drop --games" in result.output
    result = _balance(["--resume", str(out), "--out", str(tmp_path / "elsewhere")], monkeypatch)
    assert result.exit_code == 2 and "its own folder" in result.output
    result = _balance(["--resume", str(tmp_path / "nothing")], monkeypatch)
    assert result.exit_code == 2 and "no unfinished run" in result.output

    header, batch = good.splitlines()[:2]
    for text, needle in [
        (header + "\n" + "not json\n" + batch + "\n", "line 2: not JSON"),
        (header + "\n" + batch + "\n" + batch + "\n", "is there twice"),
        (header.replace('"triptych":"', '"triptych":"0.0.0-') + "\n", "written by triptych 0.0.0-"),
        (header.replace('"games":24', '"games":0') + "\n", "line 1: bad configuration: games must be at least 1"),
        (header + "\n" + batch.replace('"seed":', '"seed":1000', 1) + "\n", "is not one this run plans"),
    ]:
        journal.write_text(text)
        result = _balance(["--resume", str(out), "--workers", "1"], monkeypatch, CountingExecutor())
        assert result.exit_code == 2 and needle in result.output, (needle, result.output)
        assert journal.read_text() == text  # a refused journal is left as it was
