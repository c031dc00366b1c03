"""``triptych match`` (AI against AI, with Elo and SPRT), ``triptych ladder`` and ``triptych tune``."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from triptych import ai
from triptych.cli.backend_options import backend_options, open_executor
from triptych.cli.common import GAME_ARGUMENT, SEED_TYPE, write_atomically
from triptych.elo import Sprt
from triptych.engine.client import EngineError
from triptych.match import MAX_ACTIONS, MatchResult, check_player_spec, default_workers, run_match

TWO_PLAYER_GAME = GAME_ARGUMENT  # Combat is refused with the reason (ai.require_two_player_game)
WORKERS_OPTION = click.option("--workers", "-j", type=click.IntRange(1), default=None,
                              help="Worker processes (default: all cores).")
MAX_ACTIONS_OPTION = click.option("--max-actions", type=click.IntRange(1), default=MAX_ACTIONS, show_default=True,
                                  help="Adjudicate a game still going after this many actions (opening included) "
                                       "as a draw, ended by 'action limit' (AquaIgnis has no turn limit).")


def _progress(console: Console) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[info]}"),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console, transient=True)


def _live_info(result: MatchResult, sprt: Sprt | None) -> str:
    elo = result.elo()
    text = f"+{result.wins} ={result.draws} -{result.losses}  score {result.score:.1%}  Elo {elo}"
    if sprt is not None and sum(result.pentanomial()):
        lower, upper = sprt.bounds
        text += f"  LLR {sprt.llr(result.pentanomial()):+.2f} ({lower:.2f}, {upper:.2f})"
    return text


def _check_spec(spec: str) -> str:
    try:
        check_player_spec(spec)
    except ValueError as err:
        raise click.BadParameter(str(err)) from None
    return spec


@click.command()
@TWO_PLAYER_GAME
@click.argument("player_a")
@click.argument("player_b")
@click.option("--games", "-n", type=click.IntRange(1), default=10, show_default=True,
              help="Games to play (whole opening pairs); with --sprt, the most to play.")
@click.option("--seed", type=SEED_TYPE, default=0, show_default=True, help="Seed for the openings and the players.")
@click.option("--opening", type=click.IntRange(0), default=4, show_default=True,
              help="Random actions that open each pair of games (each opening is played from both sides).")
@WORKERS_OPTION
@backend_options
@click.option("--sprt", "sprt_text", metavar="elo0=0,elo1=10",
              help="Stop when the GSPRT decides (alpha = beta = 0.05 unless given).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every game (players, seed, opening, actions, result, how it ended) to this file.")
@click.option("--engine-time-ms", type=click.IntRange(1), default=100, show_default=True,
              help="Clock of an engine:COMMAND player: its time per move (bestmove time MS).")
@click.option("--engine-depth", type=click.IntRange(1, 64), help="Give engine players a depth instead of a time.")
@MAX_ACTIONS_OPTION
@click.option("--skip-decided-openings", "skip_decided", is_flag=True,
              help="Draw each pair's opening again while a 6-ply classic search finds a forced win in it: such a "
                   "pair splits 1-1 whoever is stronger (docs/ai.md, \"Matches\").")
@click.option("--balanced-openings", "balanced", type=click.IntRange(0), metavar="CENTI",
              help="Draw each pair's opening again while an 8-ply classic search finds a forced win in it or "
                   "scores it beyond CENTI centi-units either way, so the seat does not decide the pair "
                   "(docs/ai.md, \"Matches\").")
def match(game: str, player_a: str, player_b: str, games: int, seed: int, opening: int, workers: int | None,
          backend: str, address: str | None, sprt_text: str | None, json_path: Path | None,
          engine_time_ms: int, engine_depth: int | None, max_actions: int, skip_decided: bool,
          balanced: int | None) -> None:
    """Play PLAYER_A against PLAYER_B on GAME in opening pairs, with Elo and an optional SPRT.

    Players: random, greedy, alphabeta[:DEPTH or key=value,...], mcts[:ITERATIONS or key=value,...],
    for example `alphabeta:4`, `alphabeta:time_ms=100`, `alphabeta:clock_ms=10000,increment_ms=100`,
    `alphabeta:4,weights=tuned.json`, `mcts:500`; or `engine:COMMAND`, any program speaking the engine
    protocol (docs/protocol.md), e.g. 'engine:triptych engine aquaignis'.
    """
    try:
        ai.require_two_player_game(game)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="GAME") from None
    _check_spec(player_a), _check_spec(player_b)
    try:
        sprt = Sprt.parse(sprt_text) if sprt_text else None
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--sprt") from None
    console = Console()
    workers = workers or default_workers()
    with _progress(console) as progress:
        task = progress.add_task(f"{player_a} vs {player_b}", total=games + games % 2, info="")

        def on_pair(result: MatchResult, verdict: str | None) -> None:
            progress.update(task, completed=result.games, info=_live_info(result, sprt))
            if json_path is not None:  # a long match cut short keeps the pairs it played
                _write_match_json(json_path, game, player_a, player_b, seed, opening, sprt, result, verdict,
                                  finished=False, max_actions=max_actions, skip_decided=skip_decided,
                                  balanced=balanced)

        try:
            with open_executor(backend, workers, address) as executor:
                result, verdict = run_match(game, player_a, player_b, games, seed=seed, opening=opening,
                                            sprt=sprt, executor=executor, on_pair=on_pair,
                                            engine_time_ms=engine_time_ms, engine_depth=engine_depth,
                                            max_actions=max_actions, skip_decided=skip_decided,
                                            balanced=balanced)
        except EngineError as err:  # a program that is missing, is no engine, or broke the protocol: the user's
            raise click.ClickException(f"engine player: {err}") from None
        except KeyboardInterrupt:
            # Exit 130 (the boundary says "Interrupted."); the partial record, if any, is a whole file.
            if json_path is not None and json_path.exists():
                click.echo(f"interrupted: the pairs played so far are in {json_path} (finished: false)", err=True)
            raise
    elo = result.elo()
    low, high = (elo.score_low, elo.score_high) if elo else result.interval  # the interval the Elo one maps
    # Names are never truncated (they say which settings played). Names too long to leave the numbers
    # room in the console are shown as A and B in the table, and written out in full above it.
    widest = max(len(player_a), len(player_b))
    short = widest + 44 > console.width
    if short:
        console.print(f"A: {player_a}\nB: {player_b}", soft_wrap=True, highlight=False)
    table = Table("player", "games", "wins", "draws", "losses", "score")
    for name, wins, losses, score in (("A" if short else player_a, result.wins, result.losses, result.score),
                                      ("B" if short else player_b, result.losses, result.wins, 1 - result.score)):
        table.add_row(name, str(result.games), str(wins), str(result.draws), str(losses), f"{score:.1%}")
    for column in table.columns[:1]:
        column.no_wrap, column.overflow = True, "ignore"
    console.print(table)
    console.print(f"{player_a} scored {result.score:.1%} (95% {low:.1%} - {high:.1%}): Elo {elo}")
    console.print(f"pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2): {result.pentanomial()}; "
                  f"{result.actions / max(result.games, 1):.0f} actions per game; "
                  "ends: " + ", ".join(f"{k} {v}" for k, v in sorted(result.ends().items())))
    for name, clock in zip((player_a, player_b), result.clocks()):
        if clock is not None:  # an engine player: its clock, as docs/protocol.md promises
            per_move = clock["seconds"] / max(clock["moves"], 1)
            console.print(f"clock of {name}: {clock['seconds']:.1f} s for {clock['moves']} moves "
                          f"({per_move * 1000:.0f} ms a move), {clock['overruns']} over time", soft_wrap=True)
    if sprt is not None:
        lower, upper = sprt.bounds
        llr = sprt.llr(result.pentanomial()) if sum(result.pentanomial()) else 0.0
        outcome = {"H1": "H1 accepted (A is stronger)", "H0": "H0 accepted (A is not elo1 stronger)",
                   None: "no decision within the games"}[verdict]
        console.print(f"SPRT({sprt}): LLR {llr:+.2f} in ({lower:.2f}, {upper:.2f}): {outcome}")
    if json_path is not None:
        _write_match_json(json_path, game, player_a, player_b, seed, opening, sprt, result, verdict,
                          max_actions=max_actions, skip_decided=skip_decided, balanced=balanced)
        console.print(f"wrote {result.games} games to {json_path}")


def _write_match_json(path: Path, game: str, player_a: str, player_b: str, seed: int, opening: int,
                      sprt: Sprt | None, result: MatchResult, verdict: str | None, finished: bool = True,
                      max_actions: int = MAX_ACTIONS, skip_decided: bool = False,
                      balanced: int | None = None) -> None:
    elo = result.elo()
    data = {"game": game, "players": [player_a, player_b], "seed": seed, "opening": opening,
            "max_actions": max_actions, "finished": finished,
            **({"skip_decided_openings": True} if skip_decided else {}),
            **({"balanced_openings": balanced} if balanced is not None else {}),
            "summary": {"wins": result.wins, "draws": result.draws, "losses": result.losses,
                        "pentanomial": result.pentanomial(), "elo": _finite(elo.elo) if elo else None,
                        "elo95": [_finite(elo.low), _finite(elo.high)] if elo else None, "ends": result.ends(),
                        "clocks": dict(zip(("a", "b"), result.clocks())),
                        "sprt": str(sprt) if sprt else None,
                        "llr": round(sprt.llr(result.pentanomial()), 3) if sprt and sum(result.pentanomial()) else None,
                        "verdict": verdict},
            "games": [r.to_dict() for r in sorted(result.records, key=lambda r: (r.pair, r.a_side))]}
    write_atomically(path, json.dumps(data, indent=1))


def _finite(value: float) -> float | None:
    """JSON has no infinity: a score of 0% or 100% has no finite Elo."""
    return round(value, 1) if math.isfinite(value) else None


@click.command()
@TWO_PLAYER_GAME
@click.option("--players", help="Comma-free list separated by ';', weakest first (default: random, greedy, "
                                "alphabeta 1-8 plies and 10/100/1000 ms, mcts 100/300/1000 iterations, in the "
                                "order measured in docs/strength.md).")
@click.option("--games", "-n", type=click.IntRange(2), default=20, show_default=True, help="Games per pairing.")
@click.option("--reach", type=click.IntRange(1), default=2, show_default=True,
              help="Each player meets the next REACH players of the list.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--opening", type=click.IntRange(0), default=4, show_default=True)
@WORKERS_OPTION
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the ladder as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path), help="Write a PNG plot.")
@MAX_ACTIONS_OPTION
def ladder(game: str, players: str | None, games: int, reach: int, seed: int, opening: int, workers: int | None,
           json_path: Path | None, plot_path: Path | None, max_actions: int) -> None:
    """Place players on one Elo scale by maximum likelihood, anchored at random = 0."""
    from triptych.ladder import DEFAULT_PLAYERS, Pairing, plot, run_ladder, schedule

    try:
        ai.require_two_player_game(game)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="GAME") from None
    specs = [p.strip() for p in players.split(";")] if players else list(DEFAULT_PLAYERS)
    if len(specs) < 2:
        raise click.BadParameter(f"a ladder needs at least two players, got {len(specs)}", param_hint="--players")
    for spec in specs:
        _check_spec(spec)
    console = Console()
    pairs = schedule(len(specs), reach)
    per_pairing = games + games % 2  # whole opening pairs
    with _progress(console) as progress:
        # The bar counts games, not pairings: a pairing of deep searches takes minutes.
        task = progress.add_task(f"{game} ladder", total=len(pairs) * per_pairing,
                                 info=f"{specs[pairs[0][0]]} vs {specs[pairs[0][1]]}" if pairs else "")

        def on_pair(index: int, result: MatchResult) -> None:
            i, j = pairs[index]
            progress.update(task, completed=index * per_pairing + result.games,
                            info=f"pairing {index + 1}/{len(pairs)}: {specs[i]} vs {specs[j]} "
                                 f"+{result.wins} ={result.draws} -{result.losses}")

        def on_pairing(index: int, _total: int, p: Pairing) -> None:
            progress.update(task, completed=(index + 1) * per_pairing,
                            info=f"{specs[p.i]} vs {specs[p.j]}: +{p.wins} ={p.draws} -{p.losses}")
            played.append(p)
            if json_path:  # a long ladder cut short keeps the pairings it played
                write_atomically(json_path, json.dumps(dict(settings, finished=False,
                                                            pairings=[q.to_dict(specs) for q in played]), indent=1))

        played: list[Pairing] = []
        settings = {"game": game, "games_per_pairing": games, "reach": reach, "seed": seed, "opening": opening,
                    "max_actions": max_actions}
        try:
            result = run_ladder(game, specs, games, reach=reach, seed=seed, opening=opening,
                                workers=workers or default_workers(), on_pairing=on_pairing, max_actions=max_actions,
                                on_pair=on_pair)
        except ValueError as err:
            raise click.ClickException(str(err)) from None
    table = Table("player", "Elo", "95%", "games")
    for name, elo, half, games_played in result.rows():
        table.add_row(name, f"{elo:+.0f}", f"±{half:.0f}", str(games_played))
    console.print(table)
    if json_path:
        write_atomically(json_path, json.dumps(dict(settings, finished=True, **result.to_dict()), indent=1))
    if plot_path:
        plot(result, str(plot_path), f"{game}: Elo ladder ({games} games a pairing)")


@click.command()
@TWO_PLAYER_GAME
@click.option("--method", type=click.Choice(["spsa", "texel"]), default="spsa", show_default=True,
              help="spsa: self-play games probing the weights; texel: a logistic fit to positions of recorded games.")
@click.option("--steps", type=click.IntRange(1), default=100, show_default=True, help="SPSA steps (the budget).")
@click.option("--depth", type=click.IntRange(1, 20), default=3, show_default=True, help="SPSA: alpha-beta depth of the games.")
@click.option("--pairs", type=click.IntRange(1), default=2, show_default=True, help="SPSA: opening pairs per step.")
@click.option("--records", "records", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Texel: match records (triptych match --json) whose positions are fitted; repeatable.")
@click.option("--max-positions", type=click.IntRange(1), default=None, help="Texel: fit a seeded sample of this many.")
@click.option("--prior", type=click.FloatRange(0), default=1e-3, show_default=True,
              help="Texel: pull toward the start weights (L2 on the relative change).")
@click.option("--weights", "names", help="Comma-separated weights to tune (default: all).")
@click.option("--start", "start_path", type=click.Path(exists=True, dir_okay=False), help="Start from these weights.")
@click.option("--seed", type=int, default=0, show_default=True)
@WORKERS_OPTION
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the tuned weights (JSON; load with alphabeta:...,weights=FILE).")
def tune(game: str, method: str, steps: int, depth: int, pairs: int, records: tuple[str, ...],
         max_positions: int | None, prior: float, names: str | None, start_path: str | None, seed: int,
         workers: int | None, out: Path) -> None:
    """Tune GAME's evaluation weights: SPSA over self-play games, or a Texel fit to recorded games."""
    start = ai.load_weights(start_path) if start_path else None
    console = Console()
    if method == "texel":
        _tune_texel(console, game, list(records), max_positions, prior, names, start, seed, out)
        return
    from triptych.tune import SpsaSettings, spsa

    with _progress(console) as progress:
        task = progress.add_task(f"{game} SPSA", total=steps, info="")

        def on_step(k: int, theta: dict[str, float]) -> None:
            # The weights so far are written after every step, so a run cut short keeps its work.
            progress.update(task, completed=k + 1)
            out.write_text(json.dumps({"game": game, "weights": {n: int(round(v)) for n, v in theta.items()},
                                       "steps": k + 1, "method": "SPSA", "finished": False}, indent=1))

        try:
            result = spsa(game, steps, start=start, names=names.split(",") if names else None,
                          settings=SpsaSettings(depth=depth, pairs_per_step=pairs), seed=seed,
                          workers=workers or default_workers(),
                          on_step=on_step)
        except ValueError as err:
            raise click.ClickException(str(err)) from None
    _write_tuned(console, result, out)
    console.print(f"{result.games} games; wrote {out}")


def _write_tuned(console: Console, result: Any, out: Path) -> None:
    """Writes a finished tuning result (SPSA or Texel) as the weights JSON and shows start against tuned."""
    out.write_text(json.dumps(result.to_dict() | {"finished": True}, indent=1))
    table = Table("weight", "start", "tuned")
    for name in sorted(result.weights):
        table.add_row(name, str(result.start[name]), str(result.weights[name]))
    console.print(table)


def _tune_texel(console: Console, game: str, records: list[str], max_positions: int | None, prior: float,
                names: str | None, start: dict[str, int] | None, seed: int, out: Path) -> None:
    from triptych.texel import load_records, positions_from_records, texel

    if not records:
        raise click.UsageError("--method texel needs --records FILE (games written by triptych match --json)")
    try:
        with console.status(f"{game}: replaying the records' positions"):
            positions = positions_from_records(game, load_records(records), max_positions=max_positions, seed=seed)
        with console.status(f"{game}: fitting {len(positions)} positions"):
            result = texel(game, positions, start=start, names=names.split(",") if names else None, prior=prior,
                           sources=records)
    except ValueError as err:
        raise click.ClickException(str(err)) from None
    _write_tuned(console, result, out)
    console.print(f"{result.positions} positions of {result.games} games; log-loss {result.loss_start:.4f} -> "
                  f"{result.loss:.4f} (K = {result.scale:.0f}); wrote {out}")
