"""The Panda3D tabletop client: AquaIgnis, Hexfleet and Combat on a 3D table.

Installed as ``triptych.client3d``. It drives the games only through the
public State contract (``legal_actions``, ``apply``, ``chance_outcomes``,
``to_dict`` ...): the engine decides what is legal and what happened; the
client draws it, animates it and turns clicks into actions.

    triptych play aquaignis                      # a window, hotseat
    triptych play hexfleet --vs-ai club          # against the AI (beginner .. expert)
    triptych play aquaignis --offscreen --screenshot a.png --ai-moves 12
"""

from __future__ import annotations

__all__ = ["ClientOptions", "launch"]


def __getattr__(name: str):
    # Panda3D is imported lazily, so `import triptych.client3d` stays cheap and a
    # missing display is reported before any window machinery starts.
    if name in ("ClientOptions", "launch"):
        from triptych.client3d import app
        return getattr(app, name)
    raise AttributeError(name)
