"""Event records: what an action did, in plain language, for every game.

``events_of(before, after, action, player)`` reads the engine's own report
of the two states (``to_dict`` and the engine's text view, which carries the
variant's pairings, matches and intent) and says what changed: clashes,
breakthroughs, pushes and falls, crushes, destroyed tiles, damage, block,
the Sentinel's blow, rolls and draws, the end of the game and why.
``threats(state)`` lists the dangers the side to move faces now (a ship on
your Core), ``summary(steps)`` closes a game (winner, how, turns, key
numbers). Front ends (the 3D client, the terminal game) show these lines;
:class:`triptych.timeline.Timeline` records them per step.

Each :class:`Event` has a ``kind`` (a short tag: ``"clash"``, ``"push"``,
``"fall"``, ``"damage"``, ``"game_over"``...), the sentence ``text`` and the
``player`` it concerns (None when nobody in particular).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from triptych import CHANCE

NAMES = {"aquaignis": ("AQUA", "IGNIS"), "hexfleet": ("Green", "Purple"), "combat": ("You", "Sentinel")}


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False)


def game_name(state: Any) -> str:
    return state.to_dict()["game"]


def player_names(game: str) -> tuple[str, str]:
    return NAMES.get(game, ("Player 1", "Player 2"))


def events_of(before: Any, after: Any, action: Any, player: int,
              names: tuple[str, ...] | None = None) -> list[Event]:
    """The events of `action` taking `before` to `after` (played by `player`, or triptych.CHANCE)."""
    game = game_name(before)
    names = tuple(names) if names else player_names(game)
    describe = {"aquaignis": _aquaignis, "hexfleet": _hexfleet, "combat": _combat}[game]
    events = describe(before.to_dict(), after.to_dict(), action.to_dict() if hasattr(action, "to_dict") else
                      _as_action(before, action).to_dict(), player, names, before, after)
    if after.is_terminal() and not before.is_terminal():
        events.append(Event("game_over", game_over_text(after, names), after.winner))
    return events


def _as_action(state: Any, action: Any) -> Any:
    for a in list(state.legal_actions()) + [o for o, _ in (state.chance_outcomes() if hasattr(state, "chance_outcomes")
                                                           and state.to_move == CHANCE else [])]:
        if str(a) == str(action) or a.to_dict() == action:
            return a
    raise ValueError(f"not an action here: {action!r}")


def _who(names: tuple[str, ...], player: int) -> str:
    return names[player] if 0 <= player < len(names) else "chance"


def _possessive(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


# -- AquaIgnis ---------------------------------------------------------------------------------------------------
AQ_SIDES = ("aqua", "ignis")


def _aquaignis(b: dict, a: dict, act: dict, player: int, names, *_: Any) -> list[Event]:
    who = _who(names, player)
    kind = act["type"]
    at = f"{act.get('flow')}.{act.get('pos')}"
    verbs = {"spawn": f"{who} spawns a piece in flow {act.get('flow')}",
             "advance": f"{who} advances the piece at {at}",
             "charge": f"{who} charges the piece at {at}",
             "barrier": f"{who} turns the piece at {at} into a barrier",
             "surge": f"{who} surges with the piece at {at}",
             "jump": f"{who} jumps the piece at {at} to {act.get('to_flow')}.{act.get('to_pos')}"}
    events = [Event(kind, verbs.get(kind, f"{who}: {kind}"), player, act)]
    units_b = {(p["flow"], p["pos"]): p for p in b["pieces"]}
    units_a = {(p["flow"], p["pos"]): p for p in a["pieces"]}
    src = (act.get("flow"), act.get("pos"))
    mover_side = AQ_SIDES[player] if player in (0, 1) else None
    arrived = [k for k, p in units_a.items() if k not in units_b or units_b[k]["owner"] != p["owner"]]
    ahead = 1 if mover_side == "aqua" else -1
    for key, p in units_b.items():
        gone = key not in units_a or units_a[key]["owner"] != p["owner"] or units_a[key]["kind"] != p["kind"]
        if key == src and p["owner"] == mover_side:
            continue  # the mover itself
        moved_to = (key[0], key[1] + ahead)
        if (gone and kind == "advance" and p["owner"] == mover_side and key[0] != src[0] and moved_to in arrived
                and units_a[moved_to]["owner"] == mover_side):
            # a Parallel Advance: the linked flow's piece advanced with the mover (not destroyed)
            events.append(Event("link", f"Parallel Advance: {who}'s piece at {key[0]}.{key[1]} advances to "
                                        f"{moved_to[0]}.{moved_to[1]} with the link", player))
            continue
        if gone and not (key in units_a and units_a[key]["owner"] == p["owner"]):
            what = "barrier" if p["kind"] == "barrier" else "piece"
            events.append(Event("clash", f"Clash at {key[0]}.{key[1]}: {_aq_name(p['owner'], names)}'s {what} "
                                         f"(charge {p['charge']}) is destroyed", None, {"at": key}))
        elif key in units_a and units_a[key]["charge"] != p["charge"] and kind != "charge":
            events.append(Event("charge", f"{_aq_name(p['owner'], names)}'s {p['kind']} at {key[0]}.{key[1]}: "
                                          f"charge {p['charge']} -> {units_a[key]['charge']}", None))
    if kind == "surge":  # the pulse sends a fresh scout into a flank that held none of the mover's pieces
        for k in sorted(arrived):
            if k[0] != src[0] and units_a[k]["owner"] == mover_side:
                events.append(Event("scout", f"The pulse sends a fresh scout into flow {k[0]}", player))
    if src in units_b and kind in ("advance", "surge", "jump") and units_b[src]["owner"] == mover_side:
        landed = [k for k in arrived if units_a[k]["owner"] == mover_side]
        if not landed and a["score"][mover_side] == b["score"][mover_side]:
            events.append(Event("clash", f"{who}'s piece from {at} is destroyed in the clash", player))
    for side_i, side in enumerate(AQ_SIDES):
        if a["score"][side] > b["score"][side]:
            score = f"{a['score']['aqua']}-{a['score']['ignis']}"
            events.append(Event("breakthrough", f"Breakthrough in flow {act.get('flow')}: {names[side_i]} "
                                                f"(AQUA {score} IGNIS)", side_i))
    if len(a.get("links", [])) != len(b.get("links", [])):
        events.append(Event("link", f"Links on the board: {len(b['links'])} -> {len(a['links'])}", None))
    return events


def _aq_name(side: str, names) -> str:
    return names[AQ_SIDES.index(side)] if side in AQ_SIDES else side


# -- Hexfleet ----------------------------------------------------------------------------------------------------
def _stacks(d: dict) -> dict[tuple[int, int], list[dict]]:
    return {(s["q"], s["r"]): s["tiles"] for s in d["stacks"]}


def _tile(t: dict, names) -> str:
    unit = "face-down tile" if t.get("face_down") else t["unit"].capitalize()
    return f"{names[t['owner']]}'s {unit}"


def _hexfleet(b: dict, a: dict, act: dict, player: int, names, *_: Any) -> list[Event]:
    who = _who(names, player)
    sb, sa = _stacks(b), _stacks(a)
    kind = act["type"]

    def hexs(p) -> str:
        return f"{p[0]},{p[1]}"

    def height(stacks, p) -> int:
        return len(stacks.get(tuple(p), []))

    events: list[Event] = []
    told = None    # the tile whose return to the reserve an event below already tells (destroyed, crushed)
    if kind == "move":
        tile = sb[tuple(act["from"])][-1]
        hb, ha = height(sb, act["from"]), height(sa, act["to"])
        climb = "climbs to" if ha > hb else "drops to" if ha < hb else "stays at"
        mover = _tile(tile, names).replace(f"{who}'s", "its")
        events.append(Event("move", f"{who} moves {mover} {hexs(act['from'])} -> {hexs(act['to'])} "
                                    f"({climb} level {ha - 1})", player, act))
        below = sa[tuple(act["to"])][-2] if ha > 1 else None
        if below is not None and below["unit"] == "core" and below["owner"] != player:
            events.append(Event("board_core", f"{who} boards {_possessive(names[below['owner']])} Core at "
                                              f"{hexs(act['to'])}: {names[below['owner']]} must dislodge it this "
                                              f"turn or lose", player))
    elif kind in ("shipyard", "spawn"):
        unit = "Shipyard" if kind == "shipyard" else ("face-down " if act.get("face_down") else "") + \
            act.get("unit", "").capitalize()
        events.append(Event("spawn", f"{who} spawns a {unit} at {hexs(act['at'])}", player, act))
    elif kind == "destroy":
        target = told = sb[tuple(act["target"])][-1]
        events.append(Event("destroy", f"{who}'s Destroyer at {hexs(act['from'])} destroys {_tile(target, names)} "
                                       f"at {hexs(act['target'])}; it returns to its owner's reserve", player, act))
    elif kind == "push":
        target = tuple(act["target"])
        tile = sb[target][-1]
        frm = tuple(act["from"])
        dest = (2 * target[0] - frm[0], 2 * target[1] - frm[1])
        h0, h1 = height(sb, target), height(sa, dest)
        victim = f"{_possessive(names[tile['owner']])} {tile['unit'].capitalize()}".replace("Your", "your") \
            if tile["owner"] != player else f"its own {tile['unit'].capitalize()}"
        if h1 > height(sb, dest):
            fall = f"it falls to level {h1 - 1}" if h1 < h0 else f"it lands at level {h1 - 1}"
            events.append(Event("push", f"{who}'s Repulsor pushes {victim} off {hexs(target)} to {hexs(dest)} "
                                        f"- {fall}", player, act))
        else:
            events.append(Event("push", f"{who}'s Repulsor pushes {victim} off {hexs(target)}", player, act))
        back = a["reserves"][tile["owner"]].get(tile["unit"], 0) > b["reserves"][tile["owner"]].get(tile["unit"], 0)
        if h1 <= height(sb, dest) and back:
            # nothing landed beyond: the column there was higher than the ship's level, so it was crushed
            told = tile
            events.append(Event("crush", f"{_tile(tile, names)} is crushed against the higher column at "
                                         f"{hexs(dest)}: back to its owner's reserve", tile["owner"]))
    else:
        events.append(Event(kind, f"{who}: {kind}", player, act))
    # Units that left the board otherwise return to their reserves: they lost power (a cascade).
    for side in (0, 1):
        for unit, n in a["reserves"][side].items():
            gained = n - b["reserves"][side].get(unit, 0)
            if told is not None and told["owner"] == side and told["unit"] == unit:
                gained -= 1
            if gained > 0:
                why = " (cut off from its Core)" if kind in ("destroy", "push") else ""
                events.append(Event("reserve", f"{names[side]}'s {unit} x{gained} back to the reserve{why}", side))
    if a.get("countdown") is not None and b.get("countdown") is None:
        events.append(Event("countdown", f"The fleets are apart: {a['countdown']} turns until a draw unless "
                                         f"they touch again", None))
    return events


# -- Combat ------------------------------------------------------------------------------------------------------
CARD_SHORT = {"lash": "Ember Lash", "undertow": "Undertow", "gale": "Gale", "stone": "Stoneskin", "shunya": "Shunya"}
VERB_TEXT = {"roll_dice": "roll the dice", "end": "end the turn", "buy": "buy cards", "shunya": "play Shunya",
             "exhaust": "exhaust the card in slot"}


def _variant_lines(text: str) -> list[str]:
    """The variant's own report in the engine's text view (pairings, matches, previews), beyond the board."""
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith("Draw ")) + 1
    except StopIteration:
        return []
    return [line.strip() for line in lines[start:] if line.strip() and not line.startswith("Preview")]


def _intent(text: str) -> str:
    m = re.search(r"Intent: (.*?) \(then", text)
    return m.group(1) if m else ""


def _combat(b: dict, a: dict, act: dict, player: int, names, before: Any, after: Any) -> list[Event]:
    kind = act["type"]
    events: list[Event] = []
    if player == CHANCE:
        if kind == "roll":
            events.append(Event("roll", f"Dice: {act['number']} / {act['element']}", None, act))
        elif kind == "draw":
            events.append(Event("draw", f"Drew {act['card']}", None, act))
        else:
            events.append(Event(kind, f"Chance: {act}", None, act))
    elif kind == "place":
        events.append(Event("place", f"You place {act['card']} in slot {act['slot']}", player, act))
    elif kind == "end":
        report = "; ".join(_variant_lines(str(before)))
        events.append(Event("end", "You end the turn" + (f" ({report})" if report else ""), player, act))
    else:
        detail = " ".join(str(v) for k, v in act.items() if k != "type")
        events.append(Event(kind, f"You {VERB_TEXT.get(kind, kind)}" + (f" {detail}" if detail else ""), player, act))
    if a["energy"] != b["energy"] and player != CHANCE:
        events.append(Event("energy", f"Energy {b['energy']} -> {a['energy']}", None))
    for side, name in (("enemy", "the Sentinel"), ("player", "you")):
        hb, ha = b[side]["hp"], a[side]["hp"]
        if ha < hb:
            blow = ""
            if side == "player" and kind == "end":
                blow = f"The Sentinel's {_intent(str(before)) or 'blow'}: "
            events.append(Event("damage", f"{blow}{hb - ha} damage to {name} (HP {hb} -> {ha})",
                                0 if side == "player" else 1, {"side": side, "amount": hb - ha}))
        elif ha > hb:
            events.append(Event("heal", f"{name.capitalize()} heal{'s' if side == 'enemy' else ''} {ha - hb} "
                                        f"(HP {hb} -> {ha})", None))
        for status in ("weak", "vulnerable", "burn", "strength"):
            if a[side][status] > b[side][status]:
                events.append(Event("status", f"{name.capitalize()}: {status} {a[side][status]}", None))
    if kind == "end" and a["enemy"]["hp"] == b["enemy"]["hp"] and a["player"]["hp"] == b["player"]["hp"]:
        events.append(Event("blocked", "No damage this turn (all blocked)", None))
    events += _combat_board(b, a, act if player == CHANCE else {})
    return events


def _combat_board(b: dict, a: dict, drawn: dict) -> list[Event]:
    """What an action did to the board and the hand that HP and statuses do not show: a slot's mark that rose
    (Scorch, a latch, a clog, a Charge, a Ward...), a card back in the hand from the board, Shunya joining.
    `drawn`: the chance outcome when it is a draw (that card reached the hand from the pile, not the board)."""
    events: list[Event] = []
    for i, (sb, sa) in enumerate(zip(b["slots"], a["slots"]), start=1):
        for mark, value in sa.items():
            if mark != "card" and isinstance(value, int) and value > (sb.get(mark) or 0):
                events.append(Event("mark", f"Slot {i}: {mark.replace('_', ' ')} {value}", None,
                                    {"slot": i, "mark": mark, "value": value}))
    board_b = [s["card"] for s in b["slots"] if s["card"]]
    board_a = [s["card"] for s in a["slots"] if s["card"]]
    hand_b, hand_a = b["piles"]["hand"], a["piles"]["hand"]
    for card in sorted(set(board_b)):
        gained = hand_a.get(card, 0) - hand_b.get(card, 0) - (drawn.get("type") == "draw" and drawn.get("card") == card)
        back = min(board_b.count(card) - board_a.count(card), gained)
        if back > 0:
            events.append(Event("hand", f"{card} returns to your hand" + (f" (x{back})" if back > 1 else ""), None,
                                {"card": card, "count": back}))
    if a.get("gated") and not b.get("gated"):
        events.append(Event("shunya", "Shunya joins your hand", None))
    return events


# -- threats and the end of the game ---------------------------------------------------------------------------
def boarded_cores(state: Any) -> list[tuple[int, int, int]]:
    """Hexfleet: (q, r, level of the boarding ship) for each Core with an enemy ship face-up right on it,
    which wins for the ship's owner at the start of its turn unless it is removed."""
    out = []
    for (q, r), tiles in _stacks(state.to_dict()).items():
        for i, t in enumerate(tiles[:-1]):
            above = tiles[i + 1]
            if t["unit"] == "core" and above["owner"] != t["owner"] and above["unit"] in (
                    "frigate", "destroyer", "repulsor") and not above.get("face_down"):
                out.append((q, r, i + 1))
    return out


def threats(state: Any, names: tuple[str, ...] | None = None) -> list[str]:
    """Dangers the side to move faces now, one sentence each (empty: none)."""
    d = state.to_dict()
    game = d["game"]
    names = tuple(names) if names else player_names(game)
    out: list[str] = []
    if state.is_terminal():
        return out
    if game == "hexfleet":
        for q, r, level in boarded_cores(state):
            tiles = _stacks(d)[(q, r)]
            t, above = tiles[level - 1], tiles[level]
            victim, boarder = names[t["owner"]], names[above["owner"]]
            out.append(f"{_possessive(boarder)} {above['unit'].capitalize()} is on {_possessive(victim)} "
                       f"Core at {q},{r}: {boarder} wins at the start of its next turn unless it is removed")
        if d.get("countdown") is not None:
            out.append(f"The fleets are apart: a draw in {d['countdown']} turns unless they touch")
    elif game == "aquaignis":
        for i, side in enumerate(AQ_SIDES):
            if d["score"][side] == 3:
                out.append(f"{names[i]} needs one more breakthrough to win")
    elif game == "combat":
        incoming = _intent(str(state))
        blow = sum(int(n) for n in re.findall(r"(?:Strike|Cleave|Jab) (\d+)", incoming))
        p = d["player"]
        if blow and blow >= p["hp"] + p["block"] + p["standing_block"]:
            out.append(f"The Sentinel's next move ({incoming}) can end the fight: you have {p['hp']} HP")
    return out


def game_over_text(state: Any, names: tuple[str, ...] | None = None) -> str:
    """Who won and how, in one sentence."""
    d = state.to_dict()
    game = d["game"]
    names = tuple(names) if names else player_names(game)
    winner = state.winner
    if game == "aquaignis":
        if winner is None:
            return f"Draw: no progress for {d['options']['no_progress_limit']} turns"
        side = AQ_SIDES[winner]
        return f"{names[winner]} wins with {d['score'][side]} breakthroughs"
    if game == "hexfleet":
        if winner is None:
            if d.get("countdown") == 0 or d.get("countdown") is not None:
                return "Draw: the fleets stayed apart until the countdown ran out"
            if d["options"]["max_turns"] and d["turn"] >= d["options"]["max_turns"]:
                return f"Draw: the game reached its {d['options']['max_turns']}-turn limit"
            return "Draw: the same position came round for the third time"
        boarded = any(tiles[i]["unit"] == "core" and tiles[i]["owner"] != winner and tiles[i + 1]["owner"] == winner
                      for tiles in _stacks(d).values() for i in range(len(tiles) - 1))
        how = "a ship on the enemy Core at the start of its turn" if boarded else \
            "the enemy fleet had no legal action (disabled)"
        return f"{names[winner]} wins: {how}"
    if game == "combat":
        if winner == 0:
            return f"You win: the Sentinel fell on turn {d['turn']} (you kept {d['player']['hp']} HP)"
        if winner == 1:
            if d["player"]["hp"] <= 0:
                return f"The Sentinel wins: you fell on turn {d['turn']} (Sentinel had {d['enemy']['hp']} HP left)"
            return f"The Sentinel wins: the fight reached the turn limit ({d['turn']})"
        return "Draw"
    return "Game over"


def summary(steps: list[Any], state: Any, names: tuple[str, ...] | None = None) -> list[str]:
    """The end-of-game summary: the result and how, turns, decisions and key numbers."""
    d = state.to_dict()
    game = d["game"]
    names = tuple(names) if names else player_names(game)
    lines = [game_over_text(state, names)]
    decisions = [s for s in steps if s.player != CHANCE]
    turns = d.get("turn", 0)
    n = len(decisions)
    lines.append(f"{turns} turn{'s' if turns != 1 else ''}, {n} decision{'s' if n != 1 else ''}")
    kinds: dict[str, int] = {}
    for s in steps:
        for e in s.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    if game == "aquaignis":
        lines.append(f"Breakthroughs AQUA {d['score']['aqua']} - IGNIS {d['score']['ignis']}; "
                     f"clashes {kinds.get('clash', 0)}")
    elif game == "hexfleet":
        lines.append(f"Pushes {kinds.get('push', 0)}, destroyed {kinds.get('destroy', 0)}, "
                     f"crushed {kinds.get('crush', 0)}")
    elif game == "combat":
        dealt = sum(e.data.get("amount", 0) for s in steps for e in s.events
                    if e.kind == "damage" and e.data.get("side") == "enemy")
        taken = sum(e.data.get("amount", 0) for s in steps for e in s.events
                    if e.kind == "damage" and e.data.get("side") == "player")
        lines.append(f"Damage dealt {dealt}, taken {taken}; rolls {kinds.get('roll', 0)}")
    return lines
