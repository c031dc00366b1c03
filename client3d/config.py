"""Panda3D settings and the display check, before any window opens."""

from __future__ import annotations

import os
import sys

from panda3d.core import ClockObject, load_prc_file_data


class NoDisplayError(RuntimeError):
    """No screen to open a window on; the message says how to proceed."""


NO_DISPLAY_HELP = (
    "No display found (DISPLAY is not set), so the 3D window cannot open.\n"
    "  - render without a screen:  triptych play GAME --offscreen --screenshot out.png [--ai-moves N]\n"
    "  - play in the terminal:      triptych play GAME --terminal\n"
    "  - or run it on a desktop session (or with X forwarding: ssh -X)."
)


def has_display() -> bool:
    """Whether an on-screen window can be opened (Linux/BSD need an X11 or Wayland display)."""
    if sys.platform.startswith(("win", "darwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def configure(offscreen: bool, size: tuple[int, int], title: str = "Triptych") -> None:
    lines = [
        f"win-size {size[0]} {size[1]}",
        f"window-title {title}",
        "audio-library-name null",          # a table game needs no sound device
        "sync-video false",
        "notify-level-device fatal",         # no joystick/input devices in containers: not an error for us
        "notify-level-x11display fatal",
        "notify-level-glxdisplay fatal",
        "print-pipe-types false",            # not the "Known pipe types" listing on every start
        "framebuffer-multisample true",
        "multisamples 4",
        "text-minfilter linear",
        "text-magfilter linear",
    ]
    if offscreen:
        # Software rendering into an offscreen buffer: needs no GPU and no screen, only libX11.
        lines += ["load-display p3tinydisplay", "window-type offscreen"]
    load_prc_file_data("triptych-client3d", "\n".join(lines))


def fixed_clock(base, fps: float = 30.0) -> None:
    """Each frame advances exactly 1/fps seconds: animations are the same however slow the renderer."""
    clock = ClockObject.get_global_clock()
    clock.set_mode(ClockObject.M_non_real_time)
    clock.set_frame_rate(fps)
