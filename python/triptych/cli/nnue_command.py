"""``triptych selfplay`` and ``triptych train``: data and training for the NNUE evaluation (docs/nnue.md)."""

from __future__ import annotations

import shlex
import signal
from collections.abc import Callable
from pathlib import Path

import click

from triptych.cli.backend_options import backend_options, open_executor

NNUE_GAMES = ("aquaignis", "hexfleet")


@click.command()
@click.argument("game", type=click.Choice(NNUE_GAMES))
@click.option("--games", "-n", type=click.IntRange(1), default=100, show_default=True, help="Games to play.")
@click.option("--depth", "-d", type=click.IntRange(1, 12), default=3, show_default=True,
              help="Depth of the alpha-beta that plays and scores every position.")
@click.option("--seed", type=click.IntRange(0, 2**62), default=0, show_default=True, help="Game i uses seed SEED + i.")
@click.option("--opening", type=(click.IntRange(0), click.IntRange(0)), default=(2, 10), show_default=True,
              metavar="MIN MAX", help="Random actions before the recorded play: between MIN and MAX.")
@click.option("--random-rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Share of the actions after the opening played at random (the position is still recorded).")
@click.option("--net", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Play and score with the alpha-beta on this NNUE net instead of the classic evaluation (the "
                   "current best net makes the next one's data).")
@click.option("--classic-share", type=click.IntRange(0, 100), default=0, show_default=True,
              help="With --net: the classic share its search blends in (a residual net's, from `triptych train "
                   "--classic-share`).")
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path), default=Path("selfplay.npz"),
              show_default=True, help="The data set written (.npz).")
@click.option("--workers", "-j", type=click.IntRange(1), default=None, help="Worker processes (default: CPUs).")
@backend_options
@click.option("--resume", is_flag=True, help="Continue the interrupted run writing OUT (its settings, only the games "
                                             "it lacks).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def selfplay(game: str, games: int, depth: int, seed: int, opening: tuple[int, int], random_rate: float,
             net: Path | None, classic_share: int, out: Path, workers: int | None,
             backend: str, address: str | None, resume: bool, no_progress: bool) -> None:
    """Play GAME against itself and record positions with search scores and results, for `triptych train`."""
    from triptych.nnue import selfplay as sp

    if net is not None and not resume:
        _check_net(game, net)
    if classic_share and net is None and not resume:
        raise click.BadParameter("a classic share is for a net's search: give --net too", param_hint="--classic-share")
    try:
        if resume:
            config = sp.resume_config(out)
        else:
            config = sp.SelfplayConfig(game, games, depth, seed, opening[0], opening[1], random_rate=random_rate,
                                       net=None if net is None else str(net.resolve()),
                                       net_crc=None if net is None else sp.net_crc(net),
                                       classic_share=classic_share)
            sp.start(out, config)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--resume" if resume else "--opening") from None
    try:
        with open_executor(backend, workers, address) as executor:
            summary = sp.run(out, config, executor, progress=not no_progress)
    except KeyboardInterrupt:
        click.echo(f"the finished games are kept in {sp.parts_dir(out)}; continue with: "
                   f"triptych selfplay {game} --out {shlex.quote(str(out))} --resume", err=True)
        raise  # the command group prints "Interrupted." and exits 130
    resumed = f" ({summary['resumed_games']} from the interrupted run)" if summary["resumed_games"] else ""
    click.echo(f"{summary['positions']} positions from {summary['games']} games{resumed}: wrote {out}")


def _check_net(game: str, path: Path) -> None:
    """A usage error naming what is wrong (the NetFileError's message) when `path` is not a net for `game`."""
    from triptych.nnue.games import nnue_game

    try:
        nnue_game(game).module.NnueNet(str(path))
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--net") from None


@click.command()
@click.argument("game", type=click.Choice(NNUE_GAMES))
@click.argument("data", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--epochs", "-e", type=click.IntRange(1), default=10, show_default=True)
@click.option("--batch-size", type=click.IntRange(1), default=256, show_default=True)
@click.option("--lr", "learning_rate", type=click.FloatRange(0, min_open=True), default=1e-3, show_default=True)
@click.option("--lr-end", type=click.FloatRange(0), default=None,
              help="Let the learning rate fall along a cosine from LR to LR_END over the whole run (at most LR; "
                   "default: it stays LR).")
@click.option("--lambda", "lam", type=click.FloatRange(0, 1), default=0.75, show_default=True,
              help="Weight of the search score in the target; the game result has 1 - LAMBDA.")
@click.option("--scale", "scale_text", default="1500", show_default=True, metavar="K|fit",
              help="K, centi-units per logistic unit of the score term; 'fit': the K at which the data's search "
                   "scores best predict its results.")
@click.option("--weight-decay", type=click.FloatRange(0), default=0.0, show_default=True,
              help="AdamW's weight decay (the weights, not the biases): pulls each feature's own weights toward "
                   "zero, so what features share is learnt by their factors.")
@click.option("--factorize/--no-factorize", default=True, show_default=True,
              help="Also learn coarser shared features (a tile at the same distance from a Core, a unit on the "
                   "same row of any flow), folded into the net written (docs/nnue.md).")
@click.option("--classic-share", type=click.IntRange(0, 99), default=0, show_default=True,
              help="0: the net is the whole evaluation. 1-99: train it as a correction to the classic evaluation "
                   "(the data must record it), written to be searched with this classic share "
                   "(`alphabeta:nnue=NET,classic_share=SHARE`).")
@click.option("--skip-apart", is_flag=True,
              help="Leave out the positions whose networks stand apart (Hexfleet data of format 3 or later): the "
                   "search judges those by the separation outlook, which the net should not learn twice.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True)
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The quantized net written (default: GAME.nnue).")
def train(game: str, data: tuple[Path, ...], epochs: int, batch_size: int, learning_rate: float,
          lr_end: float | None, lam: float, scale_text: str, weight_decay: float, factorize: bool,
          classic_share: int, skip_apart: bool, seed: int, out: Path | None) -> None:
    """Train GAME's NNUE on DATA (one or more files from `triptych selfplay`) and write the quantized .nnue file."""
    if lr_end is not None and lr_end > learning_rate:
        raise click.BadParameter(f"{lr_end} is above the starting rate --lr {learning_rate}: the rate only falls",
                                 param_hint="--lr-end")
    try:
        scale = None if scale_text == "fit" else float(scale_text)
    except ValueError:
        scale = -1.0
    if scale is not None and not 0 < scale < float("inf"):
        raise click.BadParameter(f"{scale_text!r} is neither a positive number nor 'fit'", param_hint="--scale")
    # Ctrl-C sets a flag the training loop reads after each batch: a KeyboardInterrupt raised where
    # SIGINT happens to land can fall inside JAX's garbage-collection callback, which swallows it and
    # trains on (seen once in the exit-code test).
    interrupted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: interrupted.append(signum))
    try:
        _train(game, list(data), epochs, batch_size, learning_rate, lr_end, lam, scale, weight_decay, factorize,
               classic_share, skip_apart, seed, out, lambda: bool(interrupted))
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt  # the command group prints "Interrupted." and exits 130


def _train(game: str, data: list[Path], epochs: int, batch_size: int, learning_rate: float,
           lr_end: float | None, lam: float, scale: float | None, weight_decay: float, factorize: bool,
           classic_share: int, skip_apart: bool, seed: int, out: Path | None, stop: Callable[[], bool]) -> None:
    if stop():
        return
    try:
        from triptych.nnue import train as trainer
    except ImportError as err:  # pragma: no cover - the train extra is missing
        raise click.ClickException(f"training needs the train extra: pip install 'triptych[train]' ({err})") from None
    from triptych.nnue.games import nnue_game
    from triptych.nnue.netfile import write_net
    from triptych.nnue.selfplay import join, load

    spec = nnue_game(game)
    try:
        dataset = join([load(path) for path in data])
        if dataset["config"].game != game:
            raise ValueError(f"the data is {dataset['config'].game}'s, not {game}'s")
        everything = len(dataset["score"])
        if skip_apart:
            dataset = trainer.without_apart(dataset)
        if scale is None:
            scale = trainer.fit_scale(dataset["score"], dataset["result"])
            click.echo(f"K fitted to the data: {scale:.0f} centi-units")
        config = trainer.TrainConfig(epochs=epochs, batch_size=batch_size, learning_rate=learning_rate,
                                     lr_end=lr_end, lam=lam, scale=scale, seed=seed, factorize=factorize,
                                     weight_decay=weight_decay, classic_share=classic_share)
        left_out = f" ({everything - len(dataset['score'])} with the networks apart left out)" if skip_apart else ""
        click.echo(f"{len(dataset['score'])} positions from {', '.join(map(str, data))}{left_out}")
        report = trainer.train(spec, dataset, config, on_epoch=lambda e, t, v: click.echo(
            f"epoch {e}/{epochs}: train loss {t:.5f}, validation loss {v:.5f}"), stop=stop)
    except (ValueError, KeyError) as err:
        raise click.BadParameter(str(err), param_hint="DATA") from None
    if stop():
        return  # interrupted after the last batch: no net is written
    out = out or Path(f"{game}.nnue")
    write_net(out, spec, report["net"], config.file_out_scale)
    best = report["best_epoch"]
    click.echo(f"validation loss {report['validation_loss'][0]:.5f} -> {report['validation_loss'][best]:.5f} "
               f"(epoch {best}, the net written) in {report['seconds']:.1f} s; wrote {out} "
               f"({out.stat().st_size} bytes)")
    if config.residual:
        click.echo(f"a correction to the classic evaluation: search it with classic_share={classic_share}, "
                   f"e.g. \"alphabeta:nnue={out},classic_share={classic_share}\"")
