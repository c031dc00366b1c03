"""The balance lab's fight records (cpp/combat/fight_record.h, bound as combat.play_fights)."""

from __future__ import annotations

from collections import Counter

import pytest

import triptych.combat as combat
from triptych._core.combat import parse_player, play_fight_log, play_fights

VARIANTS = combat.variant_ids()
ELEMENTS = ("agni", "jal", "vayu", "prithvi", "akasha")
NATIVE = {"lash": "agni", "undertow": "jal", "gale": "vayu", "stone": "prithvi", "shunya": "akasha"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_record_invariants(variant: str) -> None:
    records = play_fights(variant, list(range(40)), "random") + play_fights(variant, list(range(8)), "greedy")
    for r in records:
        assert r["damage_dealt"] == r["enemy_max_hp"] - r["enemy_hp"]
        assert r["winner"] in (-1, 0, 1)
        if r["winner"] == 0:
            assert r["enemy_hp"] <= 0 < r["player_hp"]
        if r["winner"] == 1:
            assert r["player_hp"] <= 0 < r["enemy_hp"]
        assert 1 <= r["turns"] <= 100  # the default turn cap
        assert sum(r[f"open_{k}"] for k in ("lash", "undertow", "gale", "stone")) == 5
        assert r["rolls"] == sum(r[f"rolled_{f}"] for f in (*ELEMENTS, "blank"))
        assert r["stalls"] == 0
        if r["akasha_played"] or r["rolled_akasha"]:
            assert r["gated"]  # the Akasha card and face exist only once the gate has opened


def test_turn_cap_ends_a_fight_as_a_draw_within_the_cap() -> None:
    # Thirty enemy HP per turn cap of three: nobody can win in time, so every fight is capped.
    for r in play_fights("v01", list(range(30)), "random", {"turn_cap": 3, "enemy_hp": 999, "player_hp": 999}):
        assert r["winner"] == -1 and r["turns"] == 3


def test_same_seed_same_record_and_seeds_matter() -> None:
    a = play_fights("v04", [5, 6, 7], "mcts:20")
    assert a == play_fights("v04", [5, 6, 7], "mcts:20")
    assert play_fights("v04", [6], "mcts:20") == [a[1]]  # a fight depends on its seed only, not its neighbours
    many = play_fights("v04", list(range(20)), "random")
    assert len({(r["turns"], r["damage_dealt"], r["open_lash"]) for r in many}) > 3


@pytest.mark.parametrize("variant", ["v01", "v05", "v09"])
def test_paired_seeds_give_every_player_the_same_opening_hand_and_first_roll(variant: str) -> None:
    seed = 11
    logs = {p: play_fight_log(variant, seed, p)[1] for p in ("random", "greedy", "mcts:10")}
    openings = {p: [a for a in log if a.startswith("+")][:5] for p, log in logs.items()}
    assert len({tuple(o) for o in openings.values()}) == 1
    assert len(openings["random"]) == 5
    # The first roll of turn 1 lands the same for every player (chance hashes from seed, kind, turn, index).
    first_rolls = {p: next(a for a in log if "/" in a) for p, log in logs.items()}
    assert len(set(first_rolls.values())) == 1
    hands = [play_fights(variant, [seed], p)[0] for p in ("random", "greedy")]
    assert all(hands[0][f"open_{k}"] == hands[1][f"open_{k}"] for k in ("lash", "undertow", "gale", "stone"))


def _shunya_in_hand(state: combat.State) -> int:
    return sum(n for name, n in state.to_dict()["piles"]["hand"].items() if name.startswith("Shunya"))


def _replay_counts(variant: str, log: list[str], params: dict | None = None) -> tuple[Counter, combat.State]:
    """Plays the logged actions on a fresh fight and counts, independently of the C++ recorder."""
    verbs = {v["name"] for v in next(x for x in combat.VARIANTS if x["id"] == variant)["verbs"]}
    state = combat.new_game(variant, seed=0, params=params)
    counts: Counter = Counter()
    for note in log:
        shunya_before = _shunya_in_hand(state)
        if ">" in note:
            token = note.split(">")[0]
            kind, _, element = token.partition(":")
            counts[f"placed_{element or NATIVE[kind]}"] += 1
        elif "/" in note:
            counts["rolls"] += 1
            counts[f"rolled_{note.split('/')[1]}"] += 1
        elif note == "buy":
            counts["buys"] += 1
        elif note.split()[0] in verbs:
            counts[f"verb_{note.split()[0]}"] += 1
        state.apply(note)
        if not note.startswith("+") and "/" not in note:
            counts["decisions"] += 1
            counts["akasha_played"] += max(0, shunya_before - _shunya_in_hand(state))
    return counts, state


@pytest.mark.parametrize("variant", VARIANTS)
def test_usage_counts_agree_with_a_replay_of_the_fight(variant: str) -> None:
    seen: Counter = Counter()
    for seed, player in ((1, "random"), (2, "greedy"), (3, "greedy"), (4, "mcts:15")):
        record, log = play_fight_log(variant, seed, player)
        counts, state = _replay_counts(variant, log)
        assert state.is_terminal()
        assert state.winner == (None if record["winner"] == -1 else record["winner"])
        d = state.to_dict()
        assert record["player_hp"] == d["player"]["hp"] and record["enemy_hp"] == d["enemy"]["hp"]
        assert record["turns"] == d["turn"]
        for key, value in record.items():
            if key.startswith(("placed_", "rolled_", "verb_")) or key in ("rolls", "buys", "decisions",
                                                                          "akasha_played"):
                assert counts[key] == value, (key, seed, player, log)
        seen.update({k: v for k, v in record.items() if isinstance(v, int)})
    assert seen["rolls"] > 0 and seen["decisions"] > 0


def test_usage_counts_of_a_short_fight_by_hand() -> None:
    # V02 against a 20-HP Sentinel, seed 5, greedy: read off the log by hand -- the opening hand
    # (two Ember Lash, an Undertow, two Stoneskin), three placements (two Agni, one Jal), a roll
    # landing 2/blank, a reroll landing 3/vayu (the Vayu brazier holds an Ember Lash: across the
    # wheel, a RUPTURE at x3 = 21 damage), then the end of the turn: won in one turn.
    record, log = play_fight_log("v02", 5, "greedy", {"enemy_hp": 20})
    assert log == ["+lash", "+stone", "+lash", "+undertow", "+stone", "lash>3", "lash>4", "undertow>2", "roll",
                   "2/blank", "roll", "3/vayu", "end"]
    assert (record["winner"], record["turns"], record["damage_dealt"], record["player_hp"]) == (0, 1, 20, 50)
    assert (record["placed_agni"], record["placed_jal"], record["placed_vayu"], record["placed_prithvi"]) == (2, 1, 0, 0)
    assert (record["rolls"], record["rolled_blank"], record["rolled_vayu"], record["rolled_agni"]) == (2, 1, 1, 0)
    assert (record["open_lash"], record["open_undertow"], record["open_gale"], record["open_stone"]) == (2, 1, 0, 2)
    assert (record["decisions"], record["buys"], record["akasha_played"], record["gated"]) == (6, 0, 0, 0)


def test_akasha_and_verbs_are_counted_somewhere_on_the_slate() -> None:
    totals: Counter = Counter()
    for variant in VARIANTS:
        for r in play_fights(variant, list(range(30)), "greedy"):
            totals["akasha"] += r["akasha_played"]
            totals["verbs"] += sum(v for k, v in r.items() if k.startswith("verb_"))
            totals["buys"] += r["buys"]
            totals["gated"] += r["gated"]
            totals["rolled_akasha"] += r["rolled_akasha"]
    assert totals["akasha"] > 0 and totals["verbs"] > 0 and totals["buys"] > 0 and totals["gated"] > 0
    assert totals["rolled_akasha"] > 0  # V09's Akasha face


def test_player_specs() -> None:
    assert parse_player("mcts:200") == "mcts:200" and parse_player("greedy") == "greedy"
    for bad, needle in (("mcts:0", "1..10000000"), ("mcts:", "1..10000000"), ("alphabeta", "unknown player")):
        with pytest.raises(ValueError, match=needle):
            parse_player(bad)
    with pytest.raises(ValueError, match="unknown combat variant"):
        play_fights("v42", [1])
    with pytest.raises(ValueError, match="unknown parameter 'bogus'"):
        play_fights("v01", [1], "random", {"bogus": 3})
    with pytest.raises(TypeError):
        play_fights("v01", [1], "random", {"enemy_hp": "many"})
