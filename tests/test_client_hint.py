"""The Hint button and H on the 3D table (issue 27): the hinted action is lit with the view's own selection
highlight and explained in the bottom panel; the game, its timeline and its undo history stay as they were;
the next action clears it."""

from __future__ import annotations

import random

import pytest

import triptych.hexfleet as hexfleet
from triptych import ai
from triptych.hint import hint

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def seeded_actions(plies: int, seed: int = 2) -> list[str]:
    """The actions of seeded play from Hexfleet's start (greedy, or one time in five a random action): at
    ply 12 Purple's Repulsor stands on Green's Core at 0,1 (tests/test_hint.py)."""
    rng, greedy, state, out = random.Random(seed), ai.Greedy(), hexfleet.new_game(), []
    for _ in range(plies):
        action = greedy.choose(state) if rng.random() < 0.8 else rng.choice(state.legal_actions())
        out.append(str(action))
        state.apply(action)
    return out


def boarded_position(app):
    """Hexfleet at ply 12 of the seeded game, its last two actions played on the table (so Undo has steps)."""
    actions = seeded_actions(12)
    start = hexfleet.new_game()
    for action in actions[:10]:
        start.apply(action)
    app.start_game("hexfleet")
    app.session.timeline.reset(start)
    app.view.build(app.session.state)
    for action in actions[10:]:
        app.play_action(next(a for a in app.session.legal_actions() if str(a) == action))
        app.run_until_idle()
    return app.view


def test_hint_lights_the_action_and_explains_it_without_changing_the_game(client_app):
    app = client_app
    view = boarded_position(app)
    timeline = app.session.timeline
    before, steps = app.session.state.to_dict(), list(timeline.steps)
    undo = (timeline.can_undo, timeline.can_redo)
    expected = hint(app.session.state.clone())

    app.hud.press("Hint")
    app.hints.wait()
    app.run_until_idle()

    shown = app.hints.hint
    assert shown is not None and str(shown.action) == str(expected.action) == "R -1,2>0,1"
    assert str(shown.action) == str(ai.AlphaBeta(depth=6).choose(app.session.state.clone()))
    words = app.hud.hint_words()
    assert words.startswith("Hint (alpha-beta, depth 6): ")
    assert "pushes Purple's Repulsor off your Core at 0,1" in words
    # Lit as a selection is: the Repulsor that acts and the hex it pushes.
    data = shown.action.to_dict()
    source = view.source_of(shown.action, data, app.session.state)[0]
    target = view.target_of(shown.action, data, app.session.state)
    for key in (source, target):
        assert not view.nodes["highlight:" + key].is_empty()
    # Not a move, not an undo: the same state, the same steps, the same undo and redo.
    assert app.session.state.to_dict() == before
    assert timeline.steps == steps and (timeline.can_undo, timeline.can_redo) == undo

    # The next action clears it.
    app.play_action(shown.action)
    app.run_until_idle()
    assert app.hints.hint is None and app.hud.hint_words() == ""


def test_the_h_key_asks_for_a_hint_and_undo_clears_it(client_app):
    app = client_app
    boarded_position(app)
    app.base.messenger.send("h")
    app.hints.wait()
    assert "otherwise Purple wins at the start of its turn" in app.hud.hint_words()
    app.hud.press("Undo")
    app.run_until_idle()
    assert app.hints.hint is None and app.hud.hint_words() == ""


def test_no_hint_on_the_ais_turn(client_app):
    app = client_app
    app.start_game("aquaignis", mode="vs-ai", ai_level="beginner", human=1)   # the AI (AQUA) moves first
    app.hud.press("Hint")
    assert not app.hints.thinker.busy and app.hints.hint is None
    assert "your own turn" in app.session.notes[-1]


def test_no_hint_inside_a_tutorial_step(client_app):
    """A tutorial step asks for its own action and refuses others; a hint there could light a different one,
    so H says where to look instead and searches nothing, and the toolbar shows no Hint button."""
    app = client_app
    app.start_tutorial("aquaignis", step=0)
    app.run_until_idle()
    before = app.session.state.to_dict()
    app.base.messenger.send("h")
    assert not app.hints.thinker.busy and app.hints.hint is None
    assert "lesson's card" in app.session.notes[-1]
    assert app.session.state.to_dict() == before and app.tutorial.awaiting()
    assert not app.hud.tool_shown("Hint")
