"""The solve suites (bench/suites/*.jsonl): their proofs re-checked by an independent search, and a tiny
suite run end to end through a protocol engine and an OpenSpiel bot.

The re-proof below is deliberately not the generator's code (triptych.bench.proof, cpp/search/proof.h):
a plain recursive minimax over win / no-win values with alpha-beta cut-offs and no table, written from
the definition: "a forced win in N plies" = the side to move can make the game end in its win by the
N-th action (one action = one ply) whatever the opponent does. The 8- and 9-ply wins are beyond it in a
test's time: the easiest of each depth is re-proven by the same search with a table added and nothing
else. Combat's lethal turns and only lines are re-proven by plain searches over every chance outcome.
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

import pytest

from triptych import CHANCE, TERMINAL, games
from triptych.bench import suite_make, suite_solve

TWO_PLAYER = ("aquaignis", "hexfleet")
ENGINE = [sys.executable, "-c", "from triptych.cli import main; main()", "engine"]
SAMPLE = 6  # positions re-proven per game and kind
MAX_RECHECK_DEPTH = 4  # the plain search is exponential: it re-proves the shallower positions


SUITES = Path(__file__).resolve().parents[1] / "bench" / "suites"  # the committed suites, however installed


def suite(game: str) -> list[dict]:
    return suite_make.read_suite(SUITES / f"{game}.jsonl")


def forced_win(state, plies: int, attacker: int) -> bool:
    """Minimax: 1 when `attacker` forces a win within `plies` actions. No table, no ordering."""
    if state.to_move == TERMINAL or state.is_terminal():
        return state.winner == attacker
    if plies == 0:
        return False
    attacking = state.to_move == attacker
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if forced_win(child, plies - 1, attacker) == attacking:
            return attacking  # a win found for the attacker, or a refutation found for the defender
    return not attacking


def after(state, action):
    child = state.clone()
    child.apply(action)
    return child


def sample(entries: list[dict], kind: str, seed: int) -> list[dict]:
    fitting = [e for e in entries if e["kind"] == kind and e["depth"] <= MAX_RECHECK_DEPTH]
    return random.Random(seed).sample(fitting, min(SAMPLE, len(fitting)))


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_suite_is_large_deduplicated_and_well_formed(game):
    entries = suite(game)
    assert len(entries) >= 200
    assert len({e["hash"] for e in entries}) == len(entries)
    module = games.load(game)
    for e in entries[:50]:
        state = module.State.from_dict(e["position"])
        assert f"{state.hash:016x}" == e["hash"]
        assert e["kind"] in ("win", "only_move") and e["depth"] >= 1 and isinstance(e["seed"], int)
        legal = {str(a) for a in state.legal_actions()}
        assert e["winning"] and set(e["winning"]) <= legal and len(e["winning"]) < len(legal)


def test_combat_suite_is_large_deduplicated_and_holds_both_kinds():
    import triptych.combat as combat

    entries = suite("combat")
    assert len(entries) >= 200 and len({e["hash"] for e in entries}) == len(entries)
    assert {e["kind"] for e in entries} == {"lethal", "only_line"}
    for e in [e for e in entries if e["kind"] == "only_line"][:30]:
        state = combat.State.from_dict(e["position"])
        assert f"{state.hash:016x}" == e["hash"] and state.to_move == 0
        legal = {str(a) for a in state.legal_actions()}
        assert len(e["winning"]) == 1 and e["winning"][0] in legal and len(legal) >= 2 and e["depth"] >= 1


def test_aquaignis_wins_reach_nine_plies_and_only_on_the_winners_plies():
    """Depths 8 and 9 are in the suite; 3 and 7 cannot occur: a win is the winner's own action, which
    from a turn's start falls on plies 1, 2, 5, 6, 9, 10 and with one action left on 1, 4, 5, 8, 9."""
    module = games.load("aquaignis")
    depths = set()
    for e in suite("aquaignis"):
        if e["kind"] != "win":
            continue
        actions_left = module.State.from_dict(e["position"]).actions_left
        landing = {1, 2, 5, 6, 9, 10} if actions_left == 2 else {1, 4, 5, 8, 9}
        assert e["depth"] in landing, (e["hash"], actions_left, e["depth"])
        depths.add(e["depth"])
    assert {8, 9} <= depths


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_forced_wins_reproved_by_an_independent_search(game):
    module = games.load(game)
    checked = sample(suite(game), "win", seed=31)
    assert checked, f"no shallow forced wins in the {game} suite"
    for e in checked:
        state = module.State.from_dict(e["position"])
        me, depth = state.to_move, e["depth"]
        winning = {str(a) for a in state.legal_actions() if forced_win(after(state, a), depth - 1, me)}
        assert winning == set(e["winning"]), (e["hash"], "listed winning actions differ")
        assert not forced_win(state, depth - 1, me), (e["hash"], "a shorter win exists: the depth is wrong")


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_only_moves_reproved_by_an_independent_search(game):
    module = games.load(game)
    checked = sample(suite(game), "only_move", seed=32)
    if not checked:
        pytest.skip(f"no shallow only-move positions in the {game} suite")
    for e in checked:
        state = module.State.from_dict(e["position"])
        me, depth = state.to_move, e["depth"]
        survivors = {str(a) for a in state.legal_actions() if not forced_win(after(state, a), depth - 1, 1 - me)}
        assert survivors == set(e["winning"]), e["hash"]


def forced_win_with_table(state, plies: int, attacker: int, won: dict, lost: dict) -> bool:
    """forced_win with a transposition table and nothing else (no pruning besides it; the actions in a
    fixed order, Advances and Surges first): what the deep (8- and 9-ply) wins are re-proven with. A win within b plies holds within more, a
    refutation within b within fewer; the key adds to the hash (which covers the board, side, actions
    left, scores and links) the no-progress counter (R17's draw) and the attacker."""
    if state.to_move == TERMINAL or state.is_terminal():
        return state.winner == attacker
    if plies == 0:
        return False
    key = (state.hash, state.no_progress, attacker)
    if won.get(key, plies + 1) <= plies:
        return True
    if lost.get(key, -1) >= plies:
        return False
    attacking = state.to_move == attacker
    result = not attacking
    # Advances and Surges first (they score and fight): an order, not a pruning; every action is tried.
    for action in sorted(state.legal_actions(), key=lambda a: str(a)[0] not in "AS"):
        if forced_win_with_table(after(state, action), plies - 1, attacker, won, lost) == attacking:
            result = attacking
            break
    if result:
        won[key] = min(won.get(key, plies), plies)
    else:
        lost[key] = max(lost.get(key, -1), plies)
    return result


def test_deep_aquaignis_wins_reproved_with_a_table_only_search():
    """The 8- and 9-ply wins are beyond the plain minimax; the easiest of each depth (fewest proof nodes)
    is re-proven with forced_win_with_table: every listed action wins within N, no other does, and no
    win exists within N - 1."""
    module = games.load("aquaignis")
    entries = suite("aquaignis")
    for depth in (8, 9):
        deep = [e for e in entries if e["kind"] == "win" and e["depth"] == depth]
        assert deep, f"no {depth}-ply wins in the AquaIgnis suite"
        e = min(deep, key=lambda e: e["proof_nodes"])
        state = module.State.from_dict(e["position"])
        me, won, lost = state.to_move, {}, {}
        winning = {str(a) for a in state.legal_actions()
                   if forced_win_with_table(after(state, a), depth - 1, me, won, lost)}
        assert winning == set(e["winning"]), (e["hash"], "listed winning actions differ")
        assert not forced_win_with_table(state, depth - 1, me, won, lost), (e["hash"], "a shorter win exists")


def combat_lethal(state, turn: int, decisions: int) -> bool:
    """Every roll and draw, some decision: the player wins before `turn` ends within `decisions` decisions."""
    if state.is_terminal():
        return state.winner == 0
    if state.turn != turn:
        return False
    if state.to_move == CHANCE:
        return all(combat_lethal(after(state, o), turn, decisions) for o, _ in state.chance_outcomes())
    return decisions > 0 and any(combat_lethal(after(state, a), turn, decisions - 1) for a in state.legal_actions())


def test_combat_lethal_turns_reproved_by_an_independent_search():
    import triptych.combat as combat

    entries = [e for e in suite("combat") if e["kind"] == "lethal" and e["depth"] <= 3]
    if not entries:
        pytest.skip("no Combat suite")
    for e in random.Random(33).sample(entries, min(SAMPLE, len(entries))):
        state = combat.State.from_dict(e["position"])
        lethal = {str(a) for a in state.legal_actions()
                  if combat_lethal(after(state, a), state.turn, e["depth"] - 1)}
        assert lethal == set(e["winning"]), e["hash"]


def combat_survives(state, turn: int, decisions: int, path: frozenset = frozenset()) -> bool:
    """Every roll and draw, some decision: the player is alive when `turn` ends (or has won), within
    `decisions` decisions. No table; a position met again on the path is a loop that decides nothing
    (a player's loop survives nothing, a chance outcome looping back stands for its re-roll)."""
    if state.is_terminal():
        return state.winner == 0
    if state.turn != turn:
        return True
    chance = state.to_move == CHANCE
    if state.hash in path:
        return chance
    path = path | {state.hash}
    if chance:
        return all(combat_survives(after(state, o), turn, decisions, path) for o, _ in state.chance_outcomes())
    return decisions > 0 and any(combat_survives(after(state, a), turn, decisions - 1, path)
                                 for a in state.legal_actions())


def test_combat_only_lines_reproved_by_an_independent_search():
    """Exactly one first decision survives the declared blow (within the proven depth; no other within
    twelve decisions), and the proven depth is the shortest."""
    import triptych.combat as combat

    entries = [e for e in suite("combat") if e["kind"] == "only_line"]
    assert entries, "no only-line positions in the Combat suite"
    for e in random.Random(35).sample(entries, min(2 * SAMPLE, len(entries))):
        state = combat.State.from_dict(e["position"])
        [line] = e["winning"]
        for action in state.legal_actions():
            child = after(state, action)
            if str(action) == line:
                assert combat_survives(child, state.turn, e["depth"] - 1), e["hash"]
                assert e["depth"] == 1 or not combat_survives(child, state.turn, e["depth"] - 2), e["hash"]
            else:
                assert not combat_survives(child, state.turn, 12), (e["hash"], str(action))


def test_a_combat_only_line_counts_as_solved_when_the_first_decision_is_the_surviving_one():
    entries = [e for e in suite("combat") if e["kind"] == "only_line"][:4]
    attempts = suite_solve.run_suite({"combat": entries}, ["random"], time_ms=10)
    assert [a.kind for a in attempts] == ["only_line"] * len(entries)
    for attempt, entry in zip(attempts, entries):
        assert attempt.solved == (attempt.action == entry["winning"][0])
    assert {(r.kind, r.depth) for r in suite_solve.summarize(attempts)} >= {("only_line", None)}


def tiny_suite(game: str, count: int = 3) -> dict[str, list[dict]]:
    return {game: [e for e in suite(game) if e["kind"] == "win" and e["depth"] <= 2][:count]}


def test_a_protocol_engine_solves_shallow_wins_end_to_end():
    spec = "engine:" + shlex.join([*ENGINE, "{game}"])
    attempts = suite_solve.run_suite(tiny_suite("aquaignis"), [spec], time_ms=200)
    assert len(attempts) == 3
    assert all(a.player == spec and a.game == "aquaignis" for a in attempts)
    # Mates in one and two at 200 ms: a working engine through the protocol finds them all.
    assert all(a.solved for a in attempts), [a.action for a in attempts]


def test_an_openspiel_bot_runs_the_suite_and_a_wrong_answer_is_not_counted():
    pytest.importorskip("pyspiel")
    positions = tiny_suite("hexfleet", 2)
    attempts = suite_solve.run_suite(positions, ["openspiel-minimax:depth=1"], time_ms=50)
    assert [a.depth for a in attempts] == [e["depth"] for e in positions["hexfleet"]]
    for attempt, entry in zip(attempts, positions["hexfleet"]):
        assert attempt.solved == (attempt.action in entry["winning"])
    rows = suite_solve.summarize(attempts)
    overall = next(r for r in rows if r.depth is None)
    assert overall.positions == 2 and overall.low <= overall.rate <= overall.high


def test_openspiel_mcts_on_a_time_budget_answers_a_legal_action():
    pytest.importorskip("pyspiel")
    positions = tiny_suite("aquaignis", 1)
    [attempt] = suite_solve.run_suite(positions, ["openspiel-mcts:time_ms=50"], time_ms=50)
    state = games.load("aquaignis").State.from_dict(positions["aquaignis"][0]["position"])
    assert state.is_legal(attempt.action)


def test_bench_suite_solve_writes_every_player_in_one_json(tmp_path):
    from click.testing import CliRunner

    from triptych.cli import main

    path = tmp_path / "tiny.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in tiny_suite("aquaignis", 2)["aquaignis"]))
    out = tmp_path / "run.json"
    result = CliRunner().invoke(main, ["bench", "--suite", "solve", "--suite-file", str(path), "--player",
                                       "alphabeta:depth=3", "--player", "random", "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert {r["player"] for r in report["rows"]} == {"alphabeta:depth=3", "random"}
    assert all(a["solved"] for a in report["attempts"] if a["player"] == "alphabeta:depth=3")
    # A suite option without --suite would be ignored: it is refused instead.
    refused = CliRunner().invoke(main, ["bench", "--player", "random"])
    assert refused.exit_code == 2 and "--player: only with --suite solve" in refused.output


def test_suite_make_resume_skips_played_seeds(tmp_path):
    from click.testing import CliRunner

    from triptych.cli import main

    out = tmp_path / "s.jsonl"
    args = ["suite", "make", "aquaignis", "--out", str(out), "--seed", "1", "--seeds", "1", "--max-depth", "2",
            "--only-depth", "2", "--count", "1000"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert suite_make.read_done_seeds(out) == {1}
    assert CliRunner().invoke(main, args).exit_code != 0  # the file exists: --resume is needed
    again = CliRunner().invoke(main, args + ["--resume"])
    assert again.exit_code == 0, again.output
    assert suite_make.read_done_seeds(out) == {1, 2}
    entries = suite_make.read_suite(out)
    assert len({e["hash"] for e in entries}) == len(entries)


def test_suite_make_kind_keeps_only_that_kind_and_refuses_another_games_kind(tmp_path):
    from click.testing import CliRunner

    from triptych.cli import main

    base = ["suite", "make", "aquaignis", "--seed", "1", "--seeds", "1", "--max-depth", "2", "--only-depth", "2",
            "--count", "1000"]
    made = {}
    for kind in ("win", "only_move"):
        out = tmp_path / f"{kind}.jsonl"
        result = CliRunner().invoke(main, base + ["--kind", kind, "--out", str(out)])
        assert result.exit_code == 0, result.output
        made[kind] = suite_make.read_suite(out)
        assert all(e["kind"] == kind for e in made[kind])
    assert made["win"], "seed 1 ends in forced wins within 2 plies"
    refused = CliRunner().invoke(main, base + ["--kind", "lethal", "--out", str(tmp_path / "x.jsonl")])
    assert refused.exit_code == 2 and "aquaignis makes win and only_move" in refused.output
