"""Makes the README's screenshots of the 3D table with the real-window (OpenGL) renderer.

Needs an X display; without a desktop, start a virtual one first:

    apt-get install -y xvfb imagemagick
    Xvfb :99 -screen 0 1280x800x24 &
    DISPLAY=:99 python tools/screenshots.py                 # every shot
    DISPLAY=:99 python tools/screenshots.py table-hexfleet  # one shot

Each shot is a function below that sets the table up through the client's own handlers (a scripted,
seeded line of play, or a loaded position) and returns; `main` frames, renders and writes
`docs/screenshots/NAME.png`, then shrinks it with ImageMagick (when installed) to stay small.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
MAX_BYTES = 300_000


def seeded_actions(module: Any, seed: int, plies: int) -> list[Any]:
    """`plies` random legal actions drawn with `random.Random(seed)` from a new game (reproducible)."""
    rng = random.Random(seed)
    state = module.new_game()
    line = []
    for _ in range(plies):
        line.append(rng.choice(state.legal_actions()))
        state.apply(line[-1])
    return line


def seeded_line(module: Any, seed: int, plies: int) -> Any:
    """The position after `seeded_actions(module, seed, plies)`."""
    state = module.new_game()
    for action in seeded_actions(module, seed, plies):
        state.apply(action)
    return state


def play_line(app: Any, game: str, line: list[Any]) -> None:
    """Starts `game` and plays `line` through the session (the log fills as in play), then draws it."""
    app.start_game(game)
    for action in line:
        app.session.apply(action)
    app.view.build(app.session.state)
    app.refresh()
    app.run_until_idle()


def hexfleet_midgame() -> Any:
    """A Hexfleet mid-game: 18 columns, a stack four high, Purple's ship on Green's Core."""
    import triptych.hexfleet as hexfleet

    return seeded_line(hexfleet, 1, 54)


def aquaignis_midgame() -> Any:
    """An AquaIgnis mid-game: 13 units, IGNIS's flows 2 and 7 linked, a Crown and a barrier."""
    import triptych.aquaignis as aquaignis

    return seeded_line(aquaignis, 1, 44)


def table_hexfleet(app: Any, tmp: Path, network: bool = False) -> None:
    """Hexfleet: stacks three and four high, a boarded Core (the threat flag), a column's stack listed."""
    import triptych.hexfleet as hexfleet

    play_line(app, "hexfleet", seeded_actions(hexfleet, 1, 54))
    view = app.view
    if network:
        view.show_network(True)
    # The mouse over the tallest column, so its stack is listed bottom to top.
    (q, r), tiles = max(view.cols.items(), key=lambda kv: len(kv[1]))
    hover(app, view.tiles[(q, r, len(tiles) - 1)])


def hover(app: Any, node: Any) -> None:
    """Moves the real mouse pointer over `node` (the hover tooltip follows it)."""
    from triptych.client3d.picking import pixel_of, screen_point

    app.step(20)  # the camera settles first
    x, y = pixel_of(app.base, screen_point(app.base, node, (0, 0, 0.3)))
    app.base.win.move_pointer(0, x, y)
    app.step(12)


def table_aquaignis(app: Any, tmp: Path) -> None:
    """AquaIgnis: a link between two flows, a Crown, barriers, a piece selected with its targets."""
    import triptych.aquaignis as aquaignis

    play_line(app, "aquaignis", seeded_actions(aquaignis, 1, 44))
    if app.sources:
        app.select(sorted(app.sources)[0])


def table_hexfleet_network(app: Any, tmp: Path) -> None:
    """Hexfleet's power network (N): each tile's route home to its Core, cut vertices ringed in red."""
    table_hexfleet(app, tmp, network=True)


def table_combat_roll(app: Any, tmp: Path) -> None:
    """Combat mid-roll on turn 2: cards in the slots, Clogged marks as tokens, the intent banner, dice in the air."""
    app.options.seed = 2
    app.start_game("combat", "v01")
    app.run_until_idle()

    def press(prefix: str) -> None:
        label = next((k for k in app.hud.buttons if k.startswith(prefix)), None)
        if label:
            app.hud.press(label)
            app.run_until_idle()

    for turn in range(2):
        for _ in range(2):  # two cards into the braziers, through the buttons a player presses
            label = next((k for k in app.hud.buttons if " to slot " in k), None)
            if label:
                app.hud.press(label)
                app.run_until_idle()
        if turn == 0:
            press("action:Roll the dice")
            press("action:End turn")
    app.hud.press("action:Roll the dice")
    # Step until the dice are thrown, then slow them down: main renders ~1 s later, a third into the tumble.
    while not (app.animating and app.session.timeline.steps[-1].action.to_dict()["type"] == "roll"):
        app.step()
    app._current.set_play_rate(0.3)


def table_analysis(app: Any, tmp: Path) -> None:
    """The analysis panel on a Hexfleet replay: the AI's best line as numbered arrows, with its score."""
    import json

    from triptych import ai
    from triptych.match import opening_actions, play_game

    players = (ai.AlphaBeta(depth=2), ai.AlphaBeta(depth=2))
    record = play_game("hexfleet", players, ["alphabeta:2", "alphabeta:2"], opening_actions("hexfleet", 11, 6, {}),
                       seed=11)
    path = tmp / "record.json"
    path.write_text(json.dumps({"game": "hexfleet", "games": [record.to_dict()]}))
    app.open_replay_file(path)
    app.replay_mode.replay.goto(min(24, record and len(record.actions) - 2))
    app.replay_mode.show()
    app.analysis.spec = "alphabeta:6"
    app.toggle_analysis()
    app.analysis.wait()
    # Close in on the line, so the arrows and their numbers read.
    nodes = [node for _, node in app.analysis.arrows]
    if nodes:
        centre = sum((n.get_pos(app.base.render) for n in nodes), nodes[0].get_pos() * 0) / len(nodes)
        app.camera.goal.target = (centre.x, centre.y, 0)
    app.camera.goal.distance *= 0.6
    app.camera.goal.pitch = 52
    app.hud.set_tip("")


def tutorial_combat(app: Any, tmp: Path) -> None:
    """The Combat V01 tutorial's Scorch step: the card says the rule, Ember Lash is picked up from the hand and
    the asked slot 1 (with its Scorch token) is lit."""
    from triptych.client3d.picking import screen_point

    app.start_tutorial("combat", "v01", step=4)
    app.run_until_idle()
    app.click_at(*screen_point(app.base, app.view.nodes["card:Ember Lash"]))   # where a player clicks the card
    app.hud.set_tip("")


def tutorial_aquaignis(app: Any, tmp: Path) -> None:
    """The AquaIgnis tutorial's Flow Link step, asking: the card, and the piece to click marked."""
    app.start_tutorial("aquaignis", step=5)
    app.run_until_idle()


def tutorial_hexfleet(app: Any, tmp: Path) -> None:
    """The Hexfleet tutorial's destroy step, played by its clicks: what happened (the power check's cascade)."""
    app.start_tutorial("hexfleet", step=4)
    app.run_until_idle()
    action = app.tutorial.asked_actions()[0]
    data = action.to_dict()
    app.click_key(app.view.source_of(action, data, app.session.state)[0])
    app.click_key(app.view.target_of(action, data, app.session.state))
    app.run_until_idle()


def table_hint(app: Any, tmp: Path) -> None:
    """A hint (H): Purple's Repulsor is on Green's Core; the hint lights Green's Repulsor and the hex it pushes,
    and says why (the position of tests/test_client_hint.py: seeded greedy play, seed 2, 12 actions)."""
    import triptych.hexfleet as hexfleet
    from triptych import ai

    rng, greedy, state, line = random.Random(2), ai.Greedy(), hexfleet.new_game(), []
    for _ in range(12):
        line.append(greedy.choose(state) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
        state.apply(line[-1])
    play_line(app, "hexfleet", line)
    app.hud.press("Hint")
    app.hints.wait()
    app.run_until_idle()
    app.hud.set_tip("")


SHOTS: dict[str, Callable[[Any, Path], None]] = {
    "tutorial-aquaignis": tutorial_aquaignis,
    "tutorial-hexfleet": tutorial_hexfleet,
    "tutorial-combat": tutorial_combat,
    "table-hint": table_hint,
    "table-hexfleet": table_hexfleet,
    "table-hexfleet-network": table_hexfleet_network,
    "table-aquaignis": table_aquaignis,
    "table-combat-roll": table_combat_roll,
    "table-analysis": table_analysis,
}


def shrink(path: Path) -> None:
    """Quantizes the PNG with ImageMagick until it is under MAX_BYTES (a no-op without ImageMagick)."""
    found = [shutil.which("magick"), shutil.which("convert"), "/usr/bin/convert"]
    working = [c for c in found if c and subprocess.run([c, "-version"], capture_output=True).returncode == 0]
    if not working:
        return
    convert = working[0]
    for colors in (256, 160, 96):
        subprocess.run([convert, str(path), "-strip", "-alpha", "off", "-colors", str(colors), "-define", "png:compression-level=9",
                        str(path)], check=True)
        if path.stat().st_size < MAX_BYTES:
            return


def main(argv: list[str] | None = None) -> int:
    import tempfile

    from triptych.client3d.app import ClientOptions, TabletopApp
    from triptych.client3d.config import has_display

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shots", nargs="*", choices=[[], *SHOTS], help="which shots (default: all)")
    parser.add_argument("--size", default="1280x800", help="window size, WxH")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not has_display():
        print("No display: run under Xvfb (see this script's docstring).", file=sys.stderr)
        return 2
    w, h = (int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    app = TabletopApp(ClientOptions(game=None, size=(w, h), fixed_clock=True, seed=1))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name in args.shots or list(SHOTS):
                SHOTS[name](app, Path(tmp))
                app.step(30)  # the camera and any hover settle
                path = args.out / f"{name}.png"
                app.screenshot(path)
                shrink(path)
                print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                      f"{path.stat().st_size // 1024} KB")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
