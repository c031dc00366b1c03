"""Small Interval builders shared by the game views.

Animations show how the engine got from one state to the next; when they end
the view is rebuilt from the engine's state, so an animation can never leave
the table wrong, only late.
"""

from __future__ import annotations

from direct.interval.IntervalGlobal import (Func, LerpColorScaleInterval, LerpPosInterval, LerpScaleInterval,
                                            Parallel, Sequence, Wait)
from panda3d.core import NodePath, Point3

SLIDE = 0.35
HOP = 0.45


def slide(np: NodePath, to: Point3, duration: float = SLIDE) -> Sequence:
    return Sequence(LerpPosInterval(np, duration, to, blendType="easeInOut"))


def path(np: NodePath, points: list[Point3], duration: float = SLIDE) -> Sequence:
    """Slides through each point in turn (steps of a move, climbs and drops)."""
    return Sequence(*[LerpPosInterval(np, duration / max(1, len(points)), p, blendType="easeInOut")
                      for p in points])


def hop(np: NodePath, to: Point3, height: float = 1.2, duration: float = HOP, start: Point3 | None = None) -> Sequence:
    """An arc: up and over to `to` (jumps, climbs). `start`: where the node will be when the hop begins,
    when an earlier part of the same animation moves it there (default: where it is now)."""
    start = np.get_pos() if start is None else start
    mid = Point3((start.x + to.x) / 2, (start.y + to.y) / 2, max(start.z, to.z) + height)
    return Sequence(LerpPosInterval(np, duration / 2, mid, blendType="easeOut"),
                    LerpPosInterval(np, duration / 2, to, blendType="easeIn"))


def drop_in(np: NodePath, height: float = 2.5, duration: float = 0.35) -> Sequence:
    """A new piece falls onto its place from above."""
    end = np.get_pos()
    return Sequence(Func(np.set_z, end.z + height), LerpPosInterval(np, duration, end, blendType="easeIn"))


def pulse(np: NodePath, factor: float = 1.25, duration: float = 0.3) -> Sequence:
    base = np.get_scale()
    return Sequence(LerpScaleInterval(np, duration / 2, base * factor, blendType="easeOut"),
                    LerpScaleInterval(np, duration / 2, base, blendType="easeIn"))


def vanish(np: NodePath, duration: float = 0.35) -> Parallel:
    """Fades and shrinks away (destroyed, returned)."""
    np.set_transparency(True)
    return Parallel(LerpScaleInterval(np, duration, 0.01, blendType="easeIn"),
                    LerpColorScaleInterval(np, duration, (1, 1, 1, 0)))


def fade_out(np: NodePath, duration: float = 0.5) -> Sequence:
    np.set_transparency(True)
    return Sequence(LerpColorScaleInterval(np, duration, (1, 1, 1, 0)))


def shake(np: NodePath, amount: float = 0.12, duration: float = 0.3, at: Point3 | None = None) -> Sequence:
    """A hit that did not destroy: a quick sideways shake (around `at`, default where the node is now)."""
    p = np.get_pos() if at is None else at
    d = duration / 4
    return Sequence(LerpPosInterval(np, d, p + (amount, 0, 0)), LerpPosInterval(np, d, p - (amount, 0, 0)),
                    LerpPosInterval(np, d, p + (amount / 2, 0, 0)), LerpPosInterval(np, d, p))


def ring(parent: NodePath, at: Point3, color, radius: float = 1.6, duration: float = 0.45) -> Sequence:
    """An expanding, fading ring on the table (a surge's pulse, a power wave)."""
    from triptych.client3d.geometry import prism

    r = prism(32, 1.0, 0.03, "ring")
    r.reparent_to(parent)
    r.set_pos(at)
    r.set_color(*color)
    r.set_transparency(True)
    r.set_light_off()
    r.set_scale(0.2, 0.2, 1)
    return Sequence(Parallel(LerpScaleInterval(r, duration, (radius, radius, 1)),
                             LerpColorScaleInterval(r, duration, (1, 1, 1, 0))), Func(r.remove_node))


def wait(seconds: float) -> Wait:
    return Wait(seconds)
