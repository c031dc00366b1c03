"""Every step of every registered tutorial holds through the engine, and the tutorials teach every rule line of
the player pages (issue 27). Generic: a tutorial added in triptych/tutorials/content/ is checked here too."""

from __future__ import annotations

import pytest

from triptych import CHANCE, IllegalActionError
from triptych.games import load
from triptych.tutorials import all_tutorials, get, rules
from triptych.tutorials.model import Start, Step, Tutorial, TutorialError, build, missing_expectations, played

TUTORIALS = all_tutorials()
STEPS = [pytest.param(t, i, id=f"{t.id}-{i + 1}") for t in TUTORIALS for i in range(len(t.steps))]


def test_the_two_player_games_have_tutorials():
    ids = {t.id for t in TUTORIALS}
    assert {"aquaignis", "hexfleet"} <= ids
    assert get("hexfleet").game == "hexfleet"
    with pytest.raises(KeyError, match="no tutorial"):
        get("chess")


@pytest.mark.parametrize("tutorial, index", STEPS)
def test_each_step_is_a_reachable_position_an_asked_legal_action_and_the_events_its_text_promises(tutorial, index):
    step = tutorial.steps[index]
    state = tutorial.start_state(index)
    module = load(tutorial.game)
    # valid: from_dict (which refuses what play could not reach) accepts what the step stands on, unchanged
    again = module.State.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert not state.is_terminal() and state.to_move != CHANCE, "a step starts at a decision"
    legal = {str(a) for a in state.legal_actions()}
    assert step.ask and all(a in legal for a in step.ask), f"asked {step.ask}, legal: {sorted(legal)[:20]}"
    assert step.text.strip() and len(step.text) <= 400, "a few lines"
    for ask in step.ask:  # every accepted action gives what the text says
        after, events = tutorial.play(index, ask)
        assert events, "something happened"
        assert not missing_expectations(step, events), [e.text for e in events]
    words = (step.text + " " + step.after).lower()
    for phrase in step.expect:  # what the events must contain is what the text tells the player
        assert phrase.lower() in words, f"the step's text never says {phrase!r}"
    module.State.from_dict(after.to_dict())    # where it ends is a valid position too


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=lambda t: t.id)
def test_a_step_that_continues_starts_where_the_previous_one_ended(tutorial):
    assert tutorial.steps[0].start is not None
    for i, step in enumerate(tutorial.steps[1:], start=1):
        if step.start is None:
            ended, _ = tutorial.play(i - 1)
            assert tutorial.start_state(i).to_dict() == ended.to_dict()


def test_each_rule_line_of_the_player_pages_is_taught_by_a_step():
    """The trace: every rule line of the player page of every game with a tutorial is taught by some step."""
    assert not rules.bad_references(TUTORIALS)
    rows = rules.trace(TUTORIALS)
    pages = {line.page for line, _ in rows}
    assert {"aquaignis", "hexfleet"} <= pages
    gaps = [f"{line.id}: {line.text[:70]}" for line, steps in rows if not steps]
    assert not gaps, "rule lines no tutorial step teaches:\n" + "\n".join(gaps)


def test_the_trace_reads_the_same_lines_as_the_f1_page():
    from triptych.client3d.help_pages import help_page

    for game in ("aquaignis", "hexfleet"):
        page = help_page(game)
        lines = rules.page_lines(game)
        assert len(lines) >= 10
        for line in lines:
            assert line.text in page


def test_the_trace_fails_on_a_gap_and_on_a_name_that_matches_no_line():
    aq = get("aquaignis")
    fewer = Tutorial(aq.id, aq.game, aq.title, tuple(s for s in aq.steps if "Side Jump" not in s.teaches))
    assert [line.id for line in rules.gaps([fewer])] == ["aquaignis#8"]   # the Side Jump line
    typo = Tutorial("t", "aquaignis", "t", (Step("x", "x", ("N4",), teaches=("Sidejump",), start=Start()),))
    assert rules.bad_references([typo]) == ["t step 1: 'Sidejump' matches no rule line"]
    vague = Tutorial("t", "aquaignis", "t", (Step("x", "x", ("N4",), teaches=("S",), start=Start()),))
    assert "matches 4 rule lines" in rules.bad_references([vague])[0]


def test_a_step_that_does_not_hold_is_refused_by_name():
    with pytest.raises(TutorialError, match="not a legal action"):
        build("aquaignis", Start(actions=("A4.3",)))
    step = Step("x", "x", ("N4",), start=Start())
    with pytest.raises(TutorialError, match="not what step 'x' asks"):
        played(build("aquaignis", Start()), step, "N5")
    with pytest.raises(Exception, match="pieces|charge|position"):
        build("aquaignis", Start(position="aquaignis a9....../......./......./......./......./......./....... a2 0-0 "
                                          "0 0 - no_progress_limit=40,first_player=aqua"))
    with pytest.raises(IllegalActionError):     # the engine itself refuses an illegal action in a start
        load("aquaignis").new_game().apply("A4.3")


def test_the_trace_page_is_fresh():
    from pathlib import Path

    from triptych.tutorials.trace import render

    page = Path(__file__).resolve().parents[1] / "docs" / "tutorials.md"
    assert page.read_text() == render(), "docs/tutorials.md is stale: python -m triptych.tutorials.trace"
