"""What the terminal game shows for each game: the board, the legal actions, what a turn did, the rules card.

``run_game`` (play_command.py) asks ``view_for(game)`` for a TerminalView; the default shows ``str(state)``
and every action. Hexfleet draws its hex grid with each stack's height and top tile in the 3D client's
colours (Green, Purple) and groups its actions by piece; Combat reports each turn's resolution, the
Sentinel's blow and the HP before and after, and prints its variant's card and slot rules on `rules`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table


@dataclass
class TerminalView:
    """The default: the engine's text board and a flat list of the legal actions."""

    def board(self, state: Any, console: Console) -> None:
        console.print(str(state), markup=False, highlight=False)

    def actions(self, legal: list[Any], console: Console) -> None:
        console.print(Columns([str(action) for action in legal], padding=(0, 2)))

    def after_turn(self, before: Any, after: Any, console: Console) -> None:
        """Called after each action and the chance it set off."""

    def rules(self, state: Any) -> str:
        return ""


# --- Hexfleet -------------------------------------------------------------------------------------

HEX_COLOURS = ("green", "magenta")  # Green and Purple, as on the 3D table
HEX_NAMES = ("Green", "Purple")
UNIT_LETTERS = {"core": "C", "shipyard": "Y", "shield": "S", "frigate": "F", "destroyer": "D", "repulsor": "R"}


class HexfleetView(TerminalView):
    """A drawn hex grid (axial q, r), each cell the top tile and the stack height; stacks listed in full."""

    def _cell(self, stack: list[dict[str, Any]]) -> str:
        top = stack[-1]
        letter = "?" if top["face_down"] else UNIT_LETTERS[top["unit"]]
        text = f"{letter}{len(stack)}"
        return f"[bold {HEX_COLOURS[top['owner']]}]{text:^3}[/]"

    def board(self, state: Any, console: Console) -> None:
        data = state.to_dict()
        stacks = {(s["q"], s["r"]): s["tiles"] for s in data["stacks"]}
        who = "game over" if state.is_terminal() else (
            f"[{HEX_COLOURS[state.to_move]}]{HEX_NAMES[state.to_move]}[/] to act, {state.actions_left} action(s) left")
        console.print(f"Hexfleet turn {data['turn']}: {who}")
        if stacks:
            # Pointy-top hexes: cell (q, r) sits at column 2q + r (half cells, 3 characters each), so each
            # row is shifted half a cell from the one above. One ring of empty cells is drawn around the fleet.
            columns = [2 * q + r for q, r in stacks]
            x_lo, x_hi = min(columns) - 2, max(columns) + 2
            r_lo, r_hi = min(r for _, r in stacks) - 1, max(r for _, r in stacks) + 1
            for r in range(r_lo, r_hi + 1):
                line, width = f"r={r:>3}  ", 0
                for q in range(-((r - x_lo) // 2), (x_hi - r) // 2 + 1):
                    x = 3 * (2 * q + r - x_lo)
                    cells = stacks.get((q, r))
                    line += " " * (x - width) + (self._cell(cells) if cells else "[dim] · [/]")
                    width = x + 3
                console.print(line.rstrip(), highlight=False)
            console.print("[dim]cell (q, r): q grows to the right along a row, r downwards; a cell shows its "
                          "top tile and the stack height (? a face-down tile)[/]")
        tall = [(q, r, tiles) for (q, r), tiles in sorted(stacks.items()) if len(tiles) > 1]
        if tall:
            console.print("stacks, bottom to top:")
            for q, r, tiles in tall:
                names = [f"[{HEX_COLOURS[t['owner']]}]{t['unit']}{' (face down)' if t['face_down'] else ''}[/]"
                         for t in tiles]
                console.print(f"  {q},{r}: " + " / ".join(names), highlight=False)
        else:
            console.print("stacks: none yet (every tile stands alone)")
        for side in (0, 1):  # where each side's pieces are, to type their moves
            tops = [f"{'?' if tiles[-1]['face_down'] else UNIT_LETTERS[tiles[-1]['unit']]}@{q},{r}"
                    for (q, r), tiles in sorted(stacks.items()) if tiles[-1]["owner"] == side]
            console.print(f"[{HEX_COLOURS[side]}]{HEX_NAMES[side]}[/] on top at: {' '.join(tops) or 'nowhere'}",
                          highlight=False)
        for side, reserve in enumerate(data["reserves"]):
            left = ", ".join(f"{unit} {count}" for unit, count in reserve.items() if count)
            console.print(f"[{HEX_COLOURS[side]}]{HEX_NAMES[side]}[/] reserve: {left or 'empty'}", highlight=False)

    def actions(self, legal: list[Any], console: Console) -> None:
        groups: dict[str, list[str]] = defaultdict(list)
        for action in legal:
            text = str(action)
            for mark in (">", "@"):
                if mark in text:
                    head, _, tail = text.partition(mark)
                    groups[head + mark].append(tail)
                    break
            else:
                groups[text].append("")
        console.print(f"{len(legal)} legal actions (type the piece's part and one target, e.g. "
                      f"{escape(str(legal[0]))}):" if legal else "no legal action")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()  # the targets wrap under themselves, not under the piece
        for head, tails in groups.items():
            grid.add_row(f"  [bold]{escape(head)}[/]", "  ".join(escape(t) for t in tails))
        console.print(grid, highlight=False)


# --- Combat ---------------------------------------------------------------------------------------


class CombatView(TerminalView):
    """Reports what each turn did: the player's damage, the Sentinel's blow, HP before and after."""

    def after_turn(self, before: Any, after: Any, console: Console) -> None:
        if after.turn == before.turn and not after.is_terminal():
            return
        dealt = before.enemy_hp - after.enemy_hp
        taken = before.player_hp - after.player_hp
        console.print(f"[bold]Turn {before.turn} resolved:[/] you dealt {dealt} (Sentinel HP {before.enemy_hp} -> "
                      f"{after.enemy_hp}); the Sentinel's blow cost you {taken} (your HP {before.player_hp} -> "
                      f"{after.player_hp})", highlight=False)

    def rules(self, state: Any) -> str:
        from triptych.combat import VARIANTS

        info = next(v for v in VARIANTS if v["id"] == state.variant)
        verbs = "\n".join(f"  {verb['name']}: {verb['doc']}" for verb in info.get("verbs", []))
        return (f"{info['id']} {info['name']}: {info['teaching']}\n{info['legend']}"
                + (f"\nVerbs:\n{verbs}" if verbs else "") + "\n(`triptych rules combat` has every ruling.)")


def view_for(game: str) -> TerminalView:
    return {"hexfleet": HexfleetView, "combat": CombatView}.get(game, TerminalView)()
