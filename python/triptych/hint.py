"""The hint: the AI's best action in a position, and why, in words.

    >>> import triptych.hexfleet as hexfleet, triptych.hint as hint
    >>> h = hint.hint(hexfleet.new_game())
    >>> h.action, h.words

The action is the search's at a fixed budget in plies (``HINT_DEPTH``: the
same answer on every machine): for AquaIgnis and Hexfleet it is
:class:`triptych.ai.AlphaBeta`'s at that depth, for Combat the Combat
search player's (:class:`triptych.ai.MCTS`, open-loop, at ``HINT_ITERATIONS``
iterations and a fixed seed). The words come from playing the action on a
copy and reading the engine's event records (:mod:`triptych.events`), and,
for a threat, from the line the opponent wins with if the action is not
played:

- a win: "This wins: your fourth breakthrough." / "This blow is lethal: ...";
- a threat answered: "This pushes Purple's Frigate off your Core at 0,1; otherwise Purple wins at the
  start of its turn." (a boarded Core), or "otherwise IGNIS wins: Breakthrough in flow 3 ..." (a threat
  found by searching the other actions: most of them lose within the opponent's next turn, this one
  does not);
- a gain: a forced win further on, a breakthrough, a boarding, a clash, a push, damage;
- else the search's verdict and the line it expects.

Nothing here changes the state it is given (it works on copies) or any
timeline: a hint is not a move and not an undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from triptych import CHANCE, ai
from triptych.events import Event, boarded_cores, events_of, game_over_text, player_names, threats

#: plies searched for a hint (alpha-beta, two-player games): strong, yet well under a second a hint
HINT_DEPTH = {"aquaignis": 6, "hexfleet": 6}
#: Combat: the open-loop MCTS's iterations and seed for a hint
HINT_ITERATIONS = 3000
HINT_SEED = 0
#: at most this many other actions are searched for the threat an action answers (in the engine's order)
MAX_ALTERNATIVES = 120

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass(frozen=True)
class Hint:
    """A hint: the action, who found it, and why.

    Attributes:
        action: The action to play (an Action of the state's game).
        player: The search that chose it and its budget, e.g. "alpha-beta, depth 6".
        result: The search's full result (score, principal variation, nodes).
        events: The event records of playing the action.
        reasons: The threat it answers or the gain it makes, one sentence each (most important first).
        doing: What the action does, in a sentence (the first event's text).
        words: The whole explanation: ``doing`` and the reasons.
    """

    action: Any
    player: str
    result: Any
    events: list[Event] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    doing: str = ""

    @property
    def words(self) -> str:
        return " ".join([self.doing + "."] + self.reasons) if self.doing else " ".join(self.reasons)

    @property
    def short(self) -> str:
        """The action and the most important reason only (a narrow window)."""
        return " ".join([self.doing + "."] + self.reasons[:1])


def hint_player(state: Any) -> tuple[Any, str]:
    """The search a hint uses for `state`'s game, and how it is named to the player."""
    game = ai.game_of(state)[0]
    if game in HINT_DEPTH:
        return ai.AlphaBeta(depth=HINT_DEPTH[game], threads=1), f"alpha-beta, depth {HINT_DEPTH[game]}"
    return (ai.MCTS(iterations=HINT_ITERATIONS, seed=HINT_SEED, threads=1),
            f"Combat MCTS, {HINT_ITERATIONS} iterations")


def hint(state: Any, names: tuple[str, ...] | None = None) -> Hint:
    """The best action in `state` for the side to act, and why. `state` is not changed.

    Raises ValueError when there is nothing to choose (the game is over, or dice or cards are pending).
    """
    if state.is_terminal():
        raise ValueError("the game is over: there is nothing to hint")
    if state.to_move == CHANCE:
        raise ValueError("the dice or cards are pending: a hint waits for a decision")
    game = ai.game_of(state)[0]
    names = tuple(names) if names else player_names(game)
    player, label = hint_player(state)
    result = player.search(state.clone())
    mover = state.to_move
    after = state.clone()
    after.apply(result.best)
    events = events_of(state, after, result.best, mover, names)
    doing = events[0].text if events else str(result.best)
    if game == "combat":
        reasons = _combat_reasons(state, after, result, events, names)
    else:
        reasons = _two_player_reasons(state, after, result, events, names)
    return Hint(result.best, label, result, events, reasons, doing)


# -- two-player games ----------------------------------------------------------------------------------------------
def _two_player_reasons(state: Any, after: Any, result: Any, events: list[Event], names: tuple[str, ...]) -> list[str]:
    mover = state.to_move
    opponent = 1 - mover
    game = ai.game_of(state)[0]
    reasons: list[str] = []
    if after.is_terminal():
        if after.winner == mover:
            return [_win_words(after, mover, names)]
        return ["Nothing saves the game: " + game_over_text(after, names) + "."]
    answered = _boarding_answered(state, result.pv or [result.best], names) if game == "hexfleet" else None
    if answered:
        reasons.append(answered)
    else:
        threat = _threat_answered(state, result.best, names)
        if threat:
            reasons.append(threat)
    mate = result.mate_in
    if mate is not None and mate > 0:
        reasons.append(f"It wins by force within {mate} action{'s' if mate != 1 else ''}"
                       + _line_end(state, result.pv, mover, names) + ".")
    elif mate is not None:
        reasons.append(f"{names[opponent]} wins by force within {-mate} actions whatever you do; this holds "
                       "out longest.")
    gains, costs = _gains_and_costs(events[1:], names[opponent])
    if gains and not answered:
        reasons.append("It gains: " + "; ".join(gains) + ".")
    if costs and not answered:
        reasons.append("At a cost: " + "; ".join(costs) + ".")
    if not reasons:
        reasons.append(_verdict(result, names, mover, state))
    return reasons


GAIN_KINDS = ("breakthrough", "board_core", "clash", "push", "crush", "destroy")


def _gains_and_costs(events: list[Event], enemy: str) -> tuple[list[str], list[str]]:
    """The action's consequences that matter: the enemy's losses (and breakthroughs, boardings) as gains, the
    mover's own pieces lost in them as costs. An event names the owner of what it destroys ("X's piece")."""
    gains, costs = [], []
    for e in events:
        if e.kind not in GAIN_KINDS:
            continue
        lost = e.kind in ("clash", "crush")
        if lost and f"{enemy}'s" not in e.text.split(" is ")[0]:
            costs.append(e.text)
        else:
            gains.append(e.text)
    return gains, costs


def _win_words(after: Any, mover: int, names: tuple[str, ...]) -> str:
    d = after.to_dict()
    if d["game"] == "aquaignis":
        side = ("aqua", "ignis")[mover]
        return f"This wins: your {ORDINALS.get(d['score'][side], str(d['score'][side]) + 'th')} breakthrough."
    return "This wins: " + game_over_text(after, names) + "."


def _boarding_answered(state: Any, line: list[Any], names: tuple[str, ...]) -> str | None:
    """Hexfleet: an enemy ship stands on the mover's Core, and the action (or the action and the mover's next
    one in the search's line, the same turn) removes it. Said with the removing action's own event."""
    mover = state.to_move
    stacks = {(s["q"], s["r"]): s["tiles"] for s in state.to_dict()["stacks"]}
    boarded = [(q, r, level) for q, r, level in boarded_cores(state) if stacks[(q, r)][level - 1]["owner"] == mover]
    probe = state.clone()
    for step, action in enumerate(line):
        if not boarded or probe.is_terminal() or probe.to_move != mover:
            return None
        probe.apply(action)
        still = {(q, r) for q, r, _ in boarded_cores(probe)}
        for q, r, level in boarded:
            if (q, r) in still:
                continue
            ship = stacks[(q, r)][level]
            enemy, unit = names[ship["owner"]], ship["unit"].capitalize()
            data = action.to_dict()
            kind = data["type"] if list(data.get("target", ())) == [q, r] else "other"
            verb = {"push": f"pushes {enemy}'s {unit} off your Core at {q},{r}",
                    "destroy": f"destroys {enemy}'s {unit} on your Core at {q},{r}"}.get(
                        kind, f"removes {enemy}'s {unit} from your Core at {q},{r}")
            how = f"This {verb}" if step == 0 else f"This prepares your next action, {action}, which {verb}"
            return f"{how}; otherwise {enemy} wins at the start of its turn."
    return None


def _horizon(child: Any, mover: int) -> int:
    """Plies from `child` (after one of the mover's actions) to the end of the opponent's next turn, plus the
    mover's following turn in Hexfleet, where a boarding wins only at the start of the boarder's next turn."""
    left = child.actions_left if child.to_move == mover else 0
    per_turn = 2   # both games: two actions a turn
    extra = per_turn if ai.game_of(child)[0] == "hexfleet" else 0
    return left + per_turn + extra


def _loses_soon(searcher: Any, child: Any, mover: int) -> tuple[bool, list[Any]]:
    """Whether the opponent wins by force within its next turn (the horizon) after this action; the line."""
    if child.is_terminal():
        return child.winner is not None and child.winner != mover, []
    raw = searcher.search(child, depth=_horizon(child, mover))
    score = raw["score"] if child.to_move == mover else -raw["score"]
    return score <= -(ai.WIN - 1000), list(raw["pv"])


def _threat_answered(state: Any, best: Any, names: tuple[str, ...]) -> str | None:
    """The threat `best` answers, found by search: most other actions let the opponent win within its next
    turn and `best` does not. The threat is named by the events of the opponent's winning line."""
    mover = state.to_move
    module = ai.game_of(state)[1]
    searcher = module.AlphaBetaSearcher(threads=1, tt_mb=8)
    child = state.clone()
    child.apply(best)
    if _loses_soon(searcher, child, mover)[0]:
        return None
    others = [a for a in state.legal_actions() if a != best][:MAX_ALTERNATIVES]
    losing: list[tuple[Any, Any, list[Any]]] = []
    for action in others:
        child = state.clone()
        child.apply(action)
        lost, line = _loses_soon(searcher, child, mover)
        if lost:
            losing.append((action, child, line))
    if not others or 2 * len(losing) <= len(others):
        return None
    _, child, line = losing[0]
    how = _line_end(child, line, 1 - mover, names)
    share = "every other action" if len(losing) == len(others) else f"{len(losing)} of the {len(others)} other actions"
    return f"This stops a threat: otherwise {names[1 - mover]} wins within its next turn (after {share}){how}."


def _line_end(state: Any, line: list[Any], winner: int, names: tuple[str, ...]) -> str:
    """How `winner` wins along a line, from its event records (at most the last two that decide it):
    ': Breakthrough in flow 3: IGNIS (AQUA 1-4 IGNIS); IGNIS wins with 4 breakthroughs', or ''."""
    probe = state.clone()
    decisive: list[str] = []
    for action in line:
        if probe.is_terminal() or probe.to_move == CHANCE:
            break
        before, who = probe.clone(), probe.to_move
        try:
            probe.apply(action)
        except ValueError:
            break
        for e in events_of(before, probe, action, who, names):
            if e.kind in ("breakthrough", "board_core") and e.player == winner:
                decisive.append(e.text)
            elif e.kind == "game_over":
                decisive.append(e.text)
    if not decisive and not probe.is_terminal():
        # The line stops at the search's horizon: the win is a ship left on a Core, which wins next turn.
        for t in threats(probe, names):
            decisive.append(t)
            break
    return f": {'; '.join(decisive[-2:])}" if decisive else ""


def _verdict(result: Any, names: tuple[str, ...], mover: int, state: Any) -> str:
    """No threat, no gain: the search's judgement and the line it expects, in words."""
    line = [str(action) for action in result.pv[1:4]]
    score = result.score
    if isinstance(score, float) or ai.game_of(state)[0] == "combat":
        judged = "the search rates it best"
    else:
        points = round(score / 100)
        judged = ("the position stays about even" if points == 0 else
                  f"{names[mover] if points > 0 else names[1 - mover]} leads by about {abs(points)} "
                  f"point{'s' if abs(points) != 1 else ''} after it")
    return f"No threat to answer: {judged}" + (f"; the line it expects: {', '.join(line)}." if line else ".")


# -- Combat --------------------------------------------------------------------------------------------------------
def _combat_reasons(state: Any, after: Any, result: Any, events: list[Event], names: tuple[str, ...]) -> list[str]:
    reasons: list[str] = []
    if after.is_terminal() and after.winner == 0:
        hp = state.to_dict()["enemy"]["hp"]
        return [f"This blow is lethal: the Sentinel's last {hp} HP fall and you win."]
    setup = _lethal_line(state, result.pv)
    if setup:
        reasons.append(setup)
    for t in threats(state, names):
        reasons.append("Mind: " + t + ".")
    damage = [e.text for e in events[1:] if e.kind in ("damage", "status", "heal")]
    if damage:
        reasons.append("It does: " + "; ".join(damage) + ".")
    if not reasons:
        reasons.append(_verdict(result, names, 0, state))
    return reasons


def _lethal_line(state: Any, line: list[Any]) -> str | None:
    """Combat: the search's line, played while it stays in this turn's decisions, ends the fight."""
    probe = state.clone()
    steps = []
    for action in line:
        if probe.is_terminal() or probe.to_move == CHANCE:
            break
        try:
            probe.apply(action)
        except ValueError:
            break
        steps.append(str(action))
        if probe.is_terminal():
            break
    if probe.is_terminal() and probe.winner == 0 and len(steps) > 1:
        return f"It sets up a lethal blow: {', '.join(steps)} ends the fight this turn."
    return None
