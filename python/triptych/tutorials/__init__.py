"""Interactive tutorials: short scripted games on the real table, one rule a step.

Pure Python (no Panda3D): the model (``model``: Tutorial, Step, Start), the player-page trace (``rules``)
and the tutorials themselves, one module per game in ``triptych.tutorials.content`` (each defines
``TUTORIALS``, a list of Tutorial; modules are found automatically, so adding a tutorial is adding a module
or an entry). The 3D client plays them (``client3d/tutorial.py``: ``triptych play GAME --tutorial``, or
"Learn to play" on the start screen); docs/tutorials.md says how to write one.

    >>> from triptych import tutorials
    >>> t = tutorials.get("aquaignis")
    >>> state = t.start_state(0)            # the first step's position, built by the engine
"""

from __future__ import annotations

import importlib
import pkgutil

from triptych.tutorials.model import Start, Step, Tutorial, TutorialError

__all__ = ["Start", "Step", "Tutorial", "TutorialError", "all_tutorials", "for_game", "get"]


def all_tutorials() -> list[Tutorial]:
    """Every registered tutorial, in module order (aquaignis, combat..., hexfleet)."""
    from triptych.tutorials import content

    out: list[Tutorial] = []
    for info in sorted(pkgutil.iter_modules(content.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{content.__name__}.{info.name}")
        out += list(getattr(module, "TUTORIALS", []))
    ids = [t.id for t in out]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise TutorialError(f"two tutorials share the id {', '.join(sorted(dup))}")
    return out


def get(tutorial_id: str) -> Tutorial:
    """The tutorial `tutorial_id`; KeyError listing the known ones."""
    for t in all_tutorials():
        if t.id == tutorial_id:
            return t
    raise KeyError(f"no tutorial {tutorial_id!r}; tutorials: {', '.join(t.id for t in all_tutorials())}")


def for_game(game: str, variant: str | None = None) -> Tutorial | None:
    """The tutorial for `game` (Combat: for the variant, else V01's), or None."""
    found = [t for t in all_tutorials() if t.game == game]
    if variant is not None:
        exact = [t for t in found if t.variant == variant]
        found = exact or found
    return found[0] if found else None
