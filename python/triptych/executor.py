"""Where batches of work run: local worker processes (the default) or a Ray cluster.

The balance lab, matches, ladders and tuning hand their work to an
``Executor`` as a list of *batches* -- a chunk of seeds and what to play with
them -- and a top-level function that plays one batch. ``run_batches`` ships
the batches, streams each result into one rich progress bar as it arrives and
returns the results in batch order, so the output never depends on the
backend, the number of workers or the order in which batches finish.

    >>> with make_executor("local", workers=2) as executor:
    ...     squares = run_batches(executor, sum_of_squares, [[1, 2], [3]], sizes=[2, 1])

Backends (``--backend``):

* ``local`` (``LocalExecutor``, the default): a pool of spawned processes on
  this machine, or the calling process itself with one worker. Nothing to
  install, nothing to start. A pool broken by a lost worker is rebuilt and
  the unfinished batches re-run.
* ``ray`` (``RayExecutor``): one Ray task per batch, on a running cluster
  (``address="auto"`` on a node of it, or ``"ray://HEAD:10001"``) or on a
  Ray started on this machine for the run. A batch whose worker dies is
  re-run elsewhere (Ray task retries). Needs the ``cluster`` extra.

Work goes out in batches, never one task per fight: a task costs Ray about a
millisecond of scheduling, a fight can cost less than a tenth of that.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

B = TypeVar("B")
R = TypeVar("R")

BACKENDS = ("local", "ray")
INSTALL_RAY = "pip install 'triptych[cluster]'  (or: pip install 'ray>=2.9')"
DEFAULT_RETRIES = 3  # re-runs of a batch whose worker was lost, before the run fails


class BackendUnavailable(RuntimeError):
    """The backend asked for cannot run here (Ray not installed, no cluster at the address)."""


class WorkerLost(RuntimeError):
    """Workers kept dying: a batch was lost more often than the retries allow."""


class Executor(ABC):
    """Runs ``fn(batch)`` for every batch somewhere, yielding results as they finish."""

    name: str

    @property
    @abstractmethod
    def workers(self) -> int:
        """How many batches run at once."""

    @abstractmethod
    def imap_unordered(self, fn: Callable[[B], R], batches: Sequence[B]) -> Iterator[tuple[int, R]]:
        """``(i, fn(batches[i]))`` for every i, in the order they finish.

        ``fn`` must be a module-level function (it is pickled by reference).
        Closing the iterator early (an error, Ctrl-C) cancels what has not run.
        """

    def describe(self) -> str:
        return f"{self.name}, {self.workers} worker(s)"

    def close(self) -> None:
        """Releases what the executor started (a Ray it launched); idempotent."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- local ----------------------------------------------------------------------------------

class LocalExecutor(Executor):
    """Spawned worker processes on this machine (in-process with one worker).

    The pool starts with the first batches and serves every later call until
    ``close()``, so a caller that runs many short rounds (a sequential test,
    a tuning loop) pays the start of its workers once.
    """

    name = "local"

    def __init__(self, workers: int | None = None, retries: int = DEFAULT_RETRIES) -> None:
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self._workers = workers or os.cpu_count() or 1
        self.retries = retries
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self._workers

    def imap_unordered(self, fn: Callable[[B], R], batches: Sequence[B]) -> Iterator[tuple[int, R]]:
        if self._workers <= 1:
            for i, batch in enumerate(batches):
                yield i, fn(batch)
            return
        pending = list(range(len(batches)))
        losses = 0
        while pending:
            try:
                for i, result in self._round(fn, batches, pending):
                    pending.remove(i)
                    yield i, result
            except BrokenProcessPool as err:
                # A worker died (killed, out of memory) and the pool with it: every unfinished
                # batch is run again on a new pool; the finished ones were already yielded, once.
                self._drop_pool()
                losses += 1
                if losses > self.retries:
                    raise WorkerLost(f"worker processes died {losses} times; {len(pending)} batch(es) unfinished") from err

    def _round(self, fn: Callable[[B], R], batches: Sequence[B], todo: Sequence[int]) -> Iterator[tuple[int, R]]:
        if self._pool is None:
            # "spawn": fresh workers that import triptych themselves (no fork of a
            # process running a progress bar's thread).
            self._pool = ProcessPoolExecutor(max_workers=self._workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=ignore_sigint)
        pool = self._pool
        futures: dict[Future[R], int] = {}
        try:
            with sigint_deferred():  # workers are spawned by submit(): they start with Ctrl-C blocked
                for i in todo:
                    futures[pool.submit(fn, batches[i])] = i
            # (A Ctrl-C held back above is raised as the block ends: inside this try, so the pool is killed.)
            waiting = set(futures)
            while waiting:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=futures.__getitem__):
                    yield futures[future], future.result()
        finally:
            if any(not future.done() for future in futures):  # interrupted, failed or closed early (SPRT)
                self._kill_pool()

    def _kill_pool(self) -> None:
        """Stops the workers now: batches still running are abandoned, not waited for.

        Waiting would keep a Ctrl-C'd match playing its running games to the
        end (minutes at depth 7). The pool is killed whole, never one worker
        alone, so no worker is left waiting on a queue lock a dead one held.
        """
        pool, self._pool = self._pool, None
        if pool is not None:
            kill_pool(pool)

    def _drop_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        self._drop_pool()


def kill_pool(pool: ProcessPoolExecutor) -> None:
    """Kills a process pool's workers and shuts it down: whatever they were running is abandoned."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):  # the pool's own handles
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Ctrl-C held back while workers are spawned, then delivered.

    A spawned worker that Ctrl-C (the terminal's goes to the whole process
    group) catches while it boots dies half-way with a traceback, and a
    parent interrupted between starting a worker and handing it its start-up
    data leaves it to fail the same way. So SIGINT is blocked in this thread
    (a spawned worker inherits the mask: it never sees the signal, and its
    initializer then ignores it) and Python's handler only records it (the
    signal may land on another thread, a progress bar's); the
    KeyboardInterrupt is raised once the workers have what they need.
    """
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield  # Windows (no masks, no process groups), or a thread Python does not deliver signals to
        return
    caught: list[int] = []
    # SIGTERM, where Python handles it (the command line turns it into Ctrl-C), is held back alike: its
    # handler is recorded and replaced, not masked, since a spawned worker would inherit a mask.
    deferred = [sig for sig in (signal.SIGINT, signal.SIGTERM) if sig == signal.SIGINT or
                callable(signal.getsignal(sig))]
    previous_handlers = {sig: signal.signal(sig, lambda signum, _frame: caught.append(signum)) for sig in deferred}
    previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous_mask)
        for sig, handler in previous_handlers.items():
            signal.signal(sig, handler)
    for signum in dict.fromkeys(caught):  # each signal once, in the order they came
        handler = previous_handlers[signal.Signals(signum)]
        if callable(handler):
            handler(signum, None)  # Python's own raises KeyboardInterrupt, and so does the command line's SIGTERM


# --- ray ------------------------------------------------------------------------------------

def import_ray() -> Any:
    """The ray module, or BackendUnavailable saying how to install it."""
    try:
        import ray
        import ray.util.scheduling_strategies  # noqa: F401 (RayExecutor pins its version probes to nodes)
    except ImportError:
        raise BackendUnavailable(f"--backend ray needs Ray, which is not installed: {INSTALL_RAY}") from None
    return ray


def _call(fn: Callable[[Any], Any], batch: Any) -> Any:
    return fn(batch)


def build_identity() -> str:
    """This process's triptych: its version and a digest of its compiled core.

    Workers of one run must share it (the same wheel installed on every
    node), or their fights would not be the ones this machine would play.
    """
    import hashlib

    import triptych
    from triptych import _core

    with open(_core.__file__, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    return f"triptych {triptych.__version__} (core {digest})"


def _loopback_driver(address: str) -> dict[str, Any]:
    """For a cluster on a loopback address, the driver's own node address: the same one.

    Ray otherwise takes this machine's network address for the driver and
    finds no node of the cluster there (a head started with
    ``--node-ip-address 127.0.0.2``, say, for a cluster that stays on this machine).
    """
    import ipaddress

    host = address.rpartition(":")[0] if "://" not in address else ""
    try:
        loopback = ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        loopback = False
    return {"_node_ip_address": host.strip("[]")} if loopback else {}


class RayExecutor(Executor):
    """One Ray task per batch, on a cluster (``address``) or on a Ray started here for the run.

    Without an address a private Ray is started on this machine with
    ``workers`` CPUs (default: all) on the loopback interface, and stopped by
    ``close()``. With an address (``auto``, ``HOST:6379`` or ``ray://HOST:10001``)
    the executor joins that cluster and uses all its CPUs, or at most
    ``workers`` of them. When Ray is already initialized in this process it is
    used as it is (at most ``workers`` CPUs) and left running.
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None,
                 retries: int = DEFAULT_RETRIES) -> None:
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        ray = self._ray = import_ray()
        self.retries = retries
        self.address = address
        self._started = False
        if not ray.is_initialized():
            common: dict[str, Any] = {"logging_level": "ERROR", "log_to_driver": False, "configure_logging": True}
            try:
                if address:
                    ray.init(address=address, **_loopback_driver(address), **common)
                else:
                    ray.init(address="local", num_cpus=workers or os.cpu_count() or 1, include_dashboard=False,
                             _node_ip_address="127.0.0.1", **common)
            except ConnectionError as err:
                raise BackendUnavailable(f"no Ray cluster at {address!r}: {err}") from None
            except Exception as err:  # Ray raises bare Exceptions, e.g. a raylet too slow to start
                what = f"join the cluster at {address!r}" if address else "start Ray on this machine"
                raise BackendUnavailable(f"could not {what}: {err}") from None
            self._started = True
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._cap = workers if workers and (address or not self._started) else None
        self._workers = min(self._cap or cpus, cpus)
        self._remote = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=False)(_call)
        if address:
            try:
                self._check_workers()
            except BaseException:
                self.close()  # refused: let go of the cluster before saying why
                raise

    @property
    def workers(self) -> int:
        return self._workers

    def describe(self) -> str:
        where = f"cluster at {self.address}" if self.address else "this machine"
        return f"ray ({where}), {self.workers} CPU(s)"

    def _check_workers(self) -> None:
        """Refuses a cluster whose nodes run another triptych: their fights would not be ours."""
        ray = self._ray
        probe = ray.remote(num_cpus=0)(build_identity)
        ours = build_identity()
        # One probe per node, pinned there, so a node with a stale install is found before the run.
        nodes = [n["NodeID"] for n in ray.nodes() if n.get("Alive")]
        refs = [probe.options(scheduling_strategy=ray.util.scheduling_strategies.NodeAffinitySchedulingStrategy(
            node, soft=False)).remote() for node in nodes]
        for node, theirs in zip(nodes, ray.get(refs)):
            if theirs != ours:
                raise BackendUnavailable(f"node {node[:12]} runs {theirs}, this machine {ours}: install the same "
                                         "wheel on every node (docs/cluster.md)")

    def imap_unordered(self, fn: Callable[[B], R], batches: Sequence[B]) -> Iterator[tuple[int, R]]:
        ray = self._ray
        fn_ref = ray.put(fn)
        todo = iter(enumerate(batches))
        running: dict[Any, int] = {}

        def submit(count: int) -> None:
            for i, batch in itertools.islice(todo, count):
                running[self._remote.remote(fn_ref, batch)] = i

        # With a cap (workers given) no more batches run at once; without, Ray schedules them all.
        submit(self._cap or len(batches))
        try:
            while running:
                ready, _ = ray.wait(list(running), num_returns=len(running), timeout=0)  # all that are done...
                if not ready:
                    ready, _ = ray.wait(list(running), num_returns=1)  # ...or the next to be
                for ref in ready:
                    index = running.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as err:
                        raise err.as_instanceof_cause() from None  # the batch's own error, e.g. a ValueError
                    except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as err:
                        raise WorkerLost(f"batch {index} lost its worker more than {self.retries} times") from err
                    submit(1)  # before handing the result on, so the freed CPU is not left idle
                    yield index, result
        finally:
            for ref in running:  # interrupted: nothing of this run keeps running on the cluster
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False


def make_executor(backend: str = "local", workers: int | None = None, address: str | None = None,
                  retries: int = DEFAULT_RETRIES) -> Executor:
    """The executor for ``--backend``; ValueError for an unknown name or an address without Ray."""
    if backend == "local":
        if address:
            raise ValueError("--address is for --backend ray")
        return LocalExecutor(workers, retries)
    if backend == "ray":
        return RayExecutor(address, workers, retries)
    raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")


# --- running a job --------------------------------------------------------------------------

class RateColumn(ProgressColumn):
    """Units per second, from rich's moving estimate."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} {self.unit}/s" if speed else f"- {self.unit}/s", style="progress.data.speed")


def progress_bar(label: str, unit: str, console: Console | None = None, enabled: bool = True) -> Progress:
    """The one bar a job shows: done/total, rate, elapsed and time left."""
    return Progress(TextColumn(f"[bold]{label}[/bold]"), BarColumn(), MofNCompleteColumn(), TextColumn(unit),
                    RateColumn(unit), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=console or Console(stderr=True), disable=not enabled)


def run_batches(executor: Executor, fn: Callable[[B], R], batches: Sequence[B], *, sizes: Sequence[int] | None = None,
                done: Mapping[int, R] | None = None, on_result: Callable[[int, R], None] | None = None,
                label: str = "work", unit: str = "items", console: Console | None = None,
                progress: bool = True) -> list[R]:
    """``[fn(b) for b in batches]``, run on ``executor``, in batch order.

    ``sizes[i]`` is what batch i adds to the bar (default 1 each). ``done``
    holds results already known (a resumed run): those batches are not run
    again and start the bar where it was. ``on_result(i, result)`` sees each
    new result as it arrives, before the next one (to save it, for example).
    """
    sizes = list(sizes) if sizes is not None else [1] * len(batches)
    if len(sizes) != len(batches):
        raise ValueError(f"{len(sizes)} sizes for {len(batches)} batches")
    results: dict[int, R] = dict(done or {})
    todo = [i for i in range(len(batches)) if i not in results]
    bar = progress_bar(label, unit, console, progress)
    with bar:
        job = bar.add_task(label, total=sum(sizes), completed=sum(sizes[i] for i in results))
        for k, result in executor.imap_unordered(fn, [batches[i] for i in todo]):
            index = todo[k]
            if index in results:  # cannot happen with a sound backend; never count a batch twice
                raise RuntimeError(f"batch {index} came back twice")
            results[index] = result
            if on_result:
                on_result(index, result)
            bar.advance(job, sizes[index])
    return [results[i] for i in range(len(batches))]


__all__ = ["BACKENDS", "BackendUnavailable", "build_identity", "Executor", "LocalExecutor", "RayExecutor", "WorkerLost",
           "import_ray", "make_executor", "progress_bar", "run_batches"]
