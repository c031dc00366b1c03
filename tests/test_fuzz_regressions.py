"""Every input the fuzzers found a defect with (tests/fuzz/regressions/TARGET/)
and the committed seed corpus, replayed through the same contract the fuzz
targets check (tests/fuzz/contract.py): accepted or refused with the
documented error, an accepted state round-trips and is playable, a refusal
changes nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parent / "fuzz"
sys.path.insert(0, str(FUZZ))

from targets import CORPUS, REGRESSIONS, TARGETS  # noqa: E402


def inputs(root: Path) -> list[tuple[str, Path]]:
    return [(target, path) for target in TARGETS for path in sorted((root / target).glob("*")) if path.is_file()]


@pytest.mark.parametrize(("target", "path"), inputs(REGRESSIONS), ids=lambda v: v if isinstance(v, str) else v.name)
def test_regression_input_keeps_the_contract(target: str, path: Path) -> None:
    TARGETS[target][0](path.read_bytes())


@pytest.mark.parametrize("target", list(TARGETS))
def test_seed_corpus_keeps_the_contract(target: str) -> None:
    corpus = sorted((CORPUS / target).glob("*"))
    assert corpus, f"no committed corpus for {target}: run python tests/fuzz/run.py --write-seeds"
    for path in corpus:
        TARGETS[target][0](path.read_bytes())


def test_the_contract_catches_a_broken_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: a from_dict that loses a field is reported."""
    import contract
    import triptych.aquaignis as aquaignis

    state = aquaignis.new_game()
    state.apply(state.legal_actions()[0])
    real = aquaignis.State.from_dict

    def lossy(d):
        d = dict(d)
        d["actions_left"] = 2 if d["actions_left"] == 1 else 1
        return real(d)

    monkeypatch.setattr(aquaignis.State, "from_dict", staticmethod(lossy), raising=False)
    with pytest.raises(contract.ContractViolation):
        contract.check_round_trip(state)


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet", "combat"])
def test_the_saves_fuzzing_starts_from_are_accepted(game: str) -> None:
    """The dict targets edit these real saves; one the engine now refuses (a
    rule change) makes the fuzzing start from nothing: rerun
    `python tests/fuzz/run.py --write-seeds`."""
    import contract
    from targets import saves

    found = saves(game)
    assert len(found) >= 10
    for doc in found:
        contract.GAMES[game].State.from_dict(doc)


def test_the_engine_contract_catches_a_refusal_that_changed_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The protocol target's checks can fail: an err after the move was played is reported."""
    import contract
    from engine_target import engine_target
    from triptych.engine.protocol import EngineSession, ProtocolError

    real_play = EngineSession._cmd_play

    def play_then_refuse(self, rest):
        real_play(self, rest)
        raise ProtocolError("refused after all")

    engine_target(b"\x00play N1\n")  # the real engine keeps the contract
    monkeypatch.setattr(EngineSession, "_cmd_play", play_then_refuse)
    with pytest.raises(contract.ContractViolation, match="changed the game"):
        engine_target(b"\x00play N1\n")


def test_the_engine_contract_catches_an_answer_that_breaks_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import contract
    from engine_target import engine_target
    from triptych.engine.protocol import EngineSession

    monkeypatch.setattr(EngineSession, "_cmd_info", lambda self, rest: ["id two\nlines"])
    with pytest.raises(contract.ContractViolation, match="line break"):
        engine_target(b"\x01info\n")
