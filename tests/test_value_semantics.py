"""States and actions behave as values, as in python-chess and pyspiel."""

from __future__ import annotations

import copy

import pytest

import triptych
import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet


def _started_fight() -> combat.State:
    fight = combat.new_game("v02", seed=4)
    fight.play_chance()
    return fight


STARTS = {"aquaignis": aquaignis.new_game, "hexfleet": hexfleet.new_game, "combat": _started_fight}


@pytest.mark.parametrize("game", sorted(STARTS))
def test_a_clone_equals_its_original_until_one_moves(game: str) -> None:
    state = STARTS[game]()
    twin = state.clone()
    assert twin == state and hash(twin) == hash(state) == hash(state.hash)
    assert copy.deepcopy(state) == state
    assert len({state, twin, copy.copy(state)}) == 1
    twin.apply(twin.legal_actions()[0])
    assert twin != state and state != twin
    assert len({state, twin}) == 2
    assert state != "not a state" and state != None  # noqa: E711 - comparing with other types is False


@pytest.mark.parametrize("game", sorted(STARTS))
def test_a_position_reached_two_ways_and_a_reloaded_one_are_equal(game: str) -> None:
    state = STARTS[game]()
    state.apply(state.legal_actions()[-1])
    module = {"aquaignis": aquaignis, "hexfleet": hexfleet, "combat": combat}[game]
    again = module.State.from_dict(state.to_dict())
    assert again == state and hash(again) == hash(state)
    assert {state: "seen"}[again] == "seen"


def test_states_of_different_games_are_never_equal() -> None:
    assert aquaignis.new_game() != hexfleet.new_game()


@pytest.mark.parametrize("game", sorted(STARTS))
def test_actions_equal_by_value_and_hash_alike(game: str) -> None:
    state = STARTS[game]()
    first, again = state.legal_actions()[0], state.legal_actions()[0]
    assert first == again and hash(first) == hash(again)
    assert len(set(state.legal_actions())) == len(state.legal_actions())


def test_every_game_answers_is_chance_node() -> None:
    assert aquaignis.new_game().is_chance_node() is False
    assert hexfleet.new_game().is_chance_node() is False
    fight = combat.new_game("v01", seed=1)
    assert fight.is_chance_node() is (fight.to_move == triptych.CHANCE) is True
    fight.play_chance()
    assert fight.is_chance_node() is False


@pytest.mark.parametrize("target, source, message", [
    ("aquaignis", "hexfleet", "a Hexfleet action was given to an AquaIgnis state"),
    ("hexfleet", "aquaignis", "an AquaIgnis action was given to a Hexfleet state"),
    ("combat", "aquaignis", "an AquaIgnis action was given to a Combat state"),
    ("aquaignis", "combat", "a Combat action was given to an AquaIgnis state"),
])
def test_an_action_of_another_game_is_refused_by_name(target: str, source: str, message: str) -> None:
    state, other = STARTS[target](), STARTS[source]()
    before = state.to_dict()
    with pytest.raises(triptych.IllegalActionError, match=message):
        state.apply(other.legal_actions()[0])
    assert state.to_dict() == before
    assert state.is_legal(other.legal_actions()[0]) is False


def test_a_wrong_type_of_action_says_what_was_given() -> None:
    with pytest.raises(triptych.IllegalActionError, match="got int"):
        aquaignis.new_game().apply(42)


@pytest.mark.parametrize("module, name", [(aquaignis, "ignis"), (hexfleet, "purple")])
def test_first_player_is_spelled_alike_in_every_two_player_game(module, name: str) -> None:
    assert module.new_game(first_player=1).to_move == 1
    assert module.new_game(first_player=name) == module.new_game(first_player=1)
    assert module.new_game(first_player=0).to_move == 0
    with pytest.raises(triptych.InvalidStateError, match="first_player"):
        module.new_game(first_player=2)
