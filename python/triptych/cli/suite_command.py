"""``triptych suite make GAME``: build a proven solve suite (bench/README.md, "Solve suites")."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import click
from rich.console import Console

from triptych.cli.common import SEED_TYPE


@click.group("suite")
def suite() -> None:
    """Solve suites: positions with proven answers (forced wins, only moves, Combat's lethal turns)."""


@suite.command("make")
@click.argument("game", type=click.Choice(["aquaignis", "combat", "hexfleet"]))
@click.option("--seed", type=SEED_TYPE, default=0, show_default=True, help="The first generator seed.")
@click.option("--count", type=click.IntRange(1), default=200, show_default=True,
              help="Stop once the file holds this many positions.")
@click.option("--max-depth", type=click.IntRange(1, 15), default=7, show_default=True,
              help="Longest forced win proven, in plies (one action each; Combat: player decisions).")
@click.option("--only-depth", type=click.IntRange(2, 9), default=4, show_default=True,
              help="Horizon of the only-move proofs, in plies.")
@click.option("--max-nodes", type=click.IntRange(1000), default=400_000, show_default=True,
              help="Proof budget a candidate position; harder ones are skipped.")
@click.option("--window", type=click.IntRange(0, 40), default=0, show_default=True,
              help="Try the winner's positions this many plies before the game's end for a forced win "
                   "(0: --max-depth); wider finds deeper shortest wins.")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(["win", "only_move", "lethal", "only_line"]),
              help="Make only this kind (repeatable; default all the game's): win and only_move "
                   "(AquaIgnis, Hexfleet), lethal and only_line (Combat).")
@click.option("--seeds", "max_seeds", type=click.IntRange(1), default=None,
              help="Play at most this many seeds (default: until --count).")
@click.option("--share", type=click.FloatRange(0.05, 1.0), default=0.25, show_default=True,
              help="The most of --count one kind and depth may take (mates in one are plentiful).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The JSONL file (default bench/suites/GAME.jsonl).")
@click.option("--resume", is_flag=True, help="Append to --out, skipping the seeds it already played.")
def make(game: str, seed: int, count: int, max_depth: int, only_depth: int, max_nodes: int, window: int,
         kinds: tuple[str, ...], max_seeds: int | None, share: float, out: Path | None, resume: bool) -> None:
    """Play seeded games, prove their positions exactly and append the proven ones to a JSONL suite."""
    from triptych.bench import suite_make as sm
    from triptych.executor import progress_bar

    game_kinds = ("lethal", "only_line") if game == "combat" else ("win", "only_move")
    if set(kinds) - set(game_kinds):
        raise click.BadParameter(f"{game} makes {' and '.join(game_kinds)}", param_hint="--kind")
    path = out or sm.default_path(game)
    if path.exists() and not resume:
        raise click.BadParameter(f"{path} exists: pass --resume to add to it, or another --out",
                                 param_hint="--out")
    path.parent.mkdir(parents=True, exist_ok=True)
    existing = sm.read_suite(path)
    done = sm.read_done_seeds(path)
    seen = {entry["hash"] for entry in existing}
    settings = sm.MakeSettings(max_depth=max_depth, only_depth=only_depth, max_nodes=max_nodes, window=window,
                               kinds=kinds)
    buckets = Counter((entry["kind"], entry["depth"]) for entry in existing)
    cap = max(1, int(share * count))
    console = Console(stderr=True)
    found = len(existing)
    current = seed
    played = 0
    try:
        with progress_bar(f"suite {game}", "positions", console) as bar:
            task = bar.add_task("", total=count, completed=min(found, count))
            while found < count and (max_seeds is None or played < max_seeds):
                if current in done:
                    current += 1
                    continue
                new = sm.positions_of_seed(game, current, settings, seen,
                                           full=lambda kind, depth: buckets[(kind, depth)] >= cap)
                buckets.update((entry["kind"], entry["depth"]) for entry in new)
                with path.open("a") as suite_file:
                    for entry in new:
                        suite_file.write(json.dumps(entry, separators=(",", ":")) + "\n")
                with sm.seeds_path(path).open("a") as seeds_file:
                    seeds_file.write(f"{current}\n")
                found += len(new)
                played += 1
                bar.update(task, completed=min(found, count))
                current += 1
    except KeyboardInterrupt:  # say what was kept, then the CLI's boundary exits 130 (docs/cli.md)
        console.print(f"[yellow]interrupted[/yellow]: the seeds played are saved (not seed {current}); --resume continues")
        console.print(f"{path}: {found} positions ({played} seeds played this run)")
        raise
    console.print(f"{path}: {found} positions ({played} seeds played this run)")


def solve_suite_options(command):  # type: ignore[no-untyped-def]
    """The options ``triptych bench`` takes for ``--suite solve`` (kept here, beside the suites)."""
    options = [
        click.option("--suite", type=click.Choice(["solve"]), default=None,
                     help="Run a quality suite instead of the speed benches: 'solve' (proven positions)."),
        click.option("--game", "suite_games", multiple=True, type=click.Choice(["aquaignis", "combat", "hexfleet"]),
                     help="--suite: only this game's suite (repeatable; default all three)."),
        click.option("--player", "players", multiple=True, metavar="SPEC",
                     help="--suite: a player (repeatable): alphabeta:time_ms=100, mcts:time_ms=100, "
                          "engine:COMMAND ({game} is replaced by the game), openspiel-mcts, "
                          "openspiel-minimax:depth=2. Default: alpha-beta, MCTS and OpenSpiel's MCTSBot."),
        click.option("--time-ms", type=click.IntRange(1), default=100, show_default=True,
                     help="--suite: the time a move for engine:, openspiel-mcts and the default players."),
        click.option("--limit", type=click.IntRange(1), default=None,
                     help="--suite: only the first N positions of each suite."),
        click.option("--suite-file", "suite_files", multiple=True, type=click.Path(exists=True, dir_okay=False),
                     help="--suite: a suite JSONL file instead of bench/suites/GAME.jsonl (repeatable)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def reject_suite_options(options: dict[str, object]) -> None:
    """The --suite options given without --suite would be ignored silently: refuse them instead."""
    given = [name for name in ("suite_games", "players", "limit", "suite_files") if options.get(name)]
    if given or options.get("time_ms") != 100:
        flags = {"suite_games": "--game", "players": "--player", "limit": "--limit", "suite_files": "--suite-file"}
        named = [flags[n] for n in given] or ["--time-ms"]
        raise click.UsageError(f"{', '.join(named)}: only with --suite solve")


def run_solve_suite(suite: str, suite_games: tuple[str, ...], players: tuple[str, ...], time_ms: int,
                    limit: int | None, suite_files: tuple[str, ...], json_out: str | None) -> None:
    """``triptych bench --suite solve``: every player on every position, a table and optionally --json."""
    import datetime
    import sys

    from triptych.bench import suite_make as sm
    from triptych.bench import suite_solve as ss
    from triptych.cli.common import check_output_path
    from triptych.executor import progress_bar

    console = Console() if sys.stdout.isatty() else Console(width=150)
    if json_out:
        check_output_path(Path(json_out), "--json")
    suites: dict[str, list] = {}
    for name in suite_files:
        for entry in sm.read_suite(Path(name)):
            suites.setdefault(entry["game"], []).append(entry)
    if not suite_files:
        for game in suite_games or sm.SUITE_GAMES:
            suites[game] = sm.read_suite(sm.default_path(game))
    suites = {g: (p[:limit] if limit else p) for g, p in suites.items() if p and (not suite_games or g in suite_games)}
    if not suites:
        raise click.UsageError("no suite positions: make them with `triptych suite make GAME`")
    specs = list(players) or ss.default_players(time_ms)
    for spec in specs:
        if not spec.startswith("engine:"):
            try:
                ss.make_solver(spec, time_ms)
            except (ValueError, ImportError) as err:
                raise click.BadParameter(str(err), param_hint="--player") from None
    total = sum(len(p) for g, p in suites.items() for s in specs if ss.plays(s, g))
    with progress_bar("solve", "positions", Console(stderr=True)) as bar:
        task = bar.add_task("", total=total)
        attempts = ss.run_suite(suites, specs, time_ms, on_attempt=lambda _: bar.advance(task))
    rows = ss.summarize(attempts)
    print_solve_table(rows, console)
    if json_out:
        report = {"suite": suite, "time_ms": time_ms, "players": specs,
                  "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                  "positions": {g: len(p) for g, p in suites.items()},
                  "rows": [r.to_dict() for r in rows],
                  "attempts": [a.__dict__ for a in attempts]}
        Path(json_out).write_text(json.dumps(report, indent=1) + "\n")
        console.print(f"wrote {json_out}")


def print_solve_table(rows: list, console: Console) -> None:
    from rich.table import Table

    table = Table(title="solve suites: first action proven right")
    for column in ("game", "kind", "depth", "player", "solved", "rate", "95% interval", "median ms", "median nodes"):
        table.add_column(column, justify="left" if column in ("game", "kind", "player") else "right")
    for r in rows:
        table.add_row(r.game, r.kind, "all" if r.depth is None else str(r.depth), r.player, f"{r.solved}/{r.positions}",
                      f"{r.rate:.0%}", f"{r.low:.0%}-{r.high:.0%}",
                      "-" if r.median_ms is None else f"{r.median_ms:.1f}",
                      "-" if r.median_nodes is None else f"{r.median_nodes:,.0f}",
                      end_section=r.depth is None)
    console.print(table)
