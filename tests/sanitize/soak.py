"""Random-play soak: plays seeded random games of every game and every Combat
variant and checks, after every action, the node contract (a decision node
has a legal action, a chance node outcomes summing to 1), the dict round trip
(same position, same hash), that the action played was offered and legal, and
that an illegal action is refused without a change. Run by .ci/sanitize on
the ASan/UBSan build; it runs on any build.

    python tests/sanitize/soak.py --actions 100000          # per game / variant
    python tests/sanitize/soak.py --actions 2000 --only combat:v07
    python tests/sanitize/soak.py --seconds 300 --shard 1/2   # time-boxed: CI's budget

With --seconds, the shard's subjects share that wall-clock budget (each gets an
equal part of what is left when it starts, so a fast subject hands its unused
time on) and each stops at whichever comes first, its actions or its time; the
actions each subject reached are printed. The games played are the same seeded
games either way: a time box only cuts the run shorter.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))

import triptych  # noqa: E402
from contract import GAMES, check_node, check_refusal_changes_nothing, check_round_trip, require  # noqa: E402

COMBAT_VARIANTS = [f"v{i:02d}" for i in range(1, 11)]
# Text that is never a legal action in any game: each must be refused unchanged.
JUNK = ["", " ", "\n", "zz", "S9.9", "M 9,9>9,9", "lash>9", "+nothing", "{", "roll roll"]


def stalling(offered: list, in_turn: int) -> list:
    """Every other Combat fight is played by a staller that ends its turn only
    when nothing else is left (or after 300 actions in one turn): the long
    in-turn loops (rerolls, repaints, buys) are where 16-bit counters overflowed."""
    if in_turn >= 300:
        return offered
    return [a for a in offered if str(a) != "end"] or offered


def subjects(only: str | None) -> list[str]:
    names = ["aquaignis", "hexfleet"] + [f"combat:{v}" for v in COMBAT_VARIANTS]
    return [n for n in names if only is None or n == only or n.split(":")[0] == only]


def new_game(subject: str, seed: int):
    game, _, variant = subject.partition(":")
    if game == "combat":
        return GAMES["combat"].new_game(variant, seed=seed)
    return GAMES[game].new_game()


def soak(subject: str, actions: int, seed: int, advance, deadline: float = float("inf")) -> dict[str, int]:
    """Plays `actions` actions (chance outcomes included) of random games, or
    fewer if the clock (time.perf_counter) passes `deadline` first."""
    rng = random.Random(f"{subject}/{seed}")
    played = games = 0
    state = new_game(subject, seed)
    turn, in_turn = None, 0
    while played < actions and (played % 100 or time.perf_counter() < deadline):
        offered = check_node(state)
        check_round_trip(state)
        if state.is_terminal():
            games += 1
            state = new_game(subject, seed + games)
            continue
        if state.to_move == triptych.CHANCE:
            action = rng.choices([a for a, _ in offered], weights=[p for _, p in offered])[0]
        else:
            action = rng.choice(stalling(offered, in_turn) if games % 2 and subject.startswith("combat") else offered)
            require(state.is_legal(action), f"{action} is listed but is_legal says no")
            if rng.random() < 0.05:
                junk = rng.choice(JUNK)
                require(not check_refusal_changes_nothing(state, junk), f"junk {junk!r} was accepted")
        state.apply(action)
        turn, in_turn = state.turn, (in_turn + 1 if state.turn == turn else 0)
        played += 1
        if played % 500 == 0:
            advance(500)
    advance(played % 500)
    return {"actions": played, "games": games}


def parse_shard(text: str) -> tuple[int, int]:
    try:
        index, count = (int(x) for x in text.split("/"))
    except ValueError:
        raise click.BadParameter(f"expected I/N, got {text!r}", param_hint="--shard") from None
    if not 1 <= index <= count:
        raise click.BadParameter(f"I must be 1..N, got {text!r}", param_hint="--shard")
    return index, count


@click.command()
@click.option("--actions", default=100_000, show_default=True, help="Actions per game and per Combat variant.")
@click.option("--seconds", default=None, type=click.FloatRange(min=1),
              help="Wall-clock budget for the whole shard (default: none, every subject plays --actions).")
@click.option("--seed", default=1, show_default=True)
@click.option("--only", default=None, help="One game, or combat:VARIANT.")
@click.option("--shard", default="1/1", show_default=True, callback=lambda _c, _p, v: parse_shard(v),
              help="I/N: every N-th subject from the I-th, to soak on N cores at once.")
def main(actions: int, seconds: float | None, seed: int, only: str | None, shard: tuple[int, int]) -> None:
    names = subjects(only)
    if not names:
        raise click.BadParameter(f"nothing matches {only!r}", param_hint="--only")
    names = names[shard[0] - 1::shard[1]]
    columns = [TextColumn("{task.description:<14}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()]
    started, cpu_started = time.perf_counter(), time.process_time()
    total = 0
    with Progress(*columns) as progress:
        for index, name in enumerate(names):
            task = progress.add_task(name, total=actions)
            t0, cpu0 = time.perf_counter(), time.process_time()
            deadline = float("inf")
            if seconds is not None:  # an equal share of the time left, so unused time passes on
                deadline = t0 + (started + seconds - t0) / (len(names) - index)
            result = soak(name, actions, seed, lambda n, task=task: progress.advance(task, n), deadline)
            total += result["actions"]
            cut = " (time box reached)" if result["actions"] < actions else ""
            progress.console.print(f"{name}: {result['actions']} actions{cut}, {result['games']} games finished, "
                                   f"every check held ({time.perf_counter() - t0:.0f} s, "
                                   f"CPU {time.process_time() - cpu0:.1f} s)")
    print(f"soak: {len(names)} subjects, {total} actions of {len(names) * actions}, {time.perf_counter() - started:.0f} s, "
          f"CPU {time.process_time() - cpu_started:.1f} s")


if __name__ == "__main__":
    main()
