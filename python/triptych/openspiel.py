"""OpenSpiel adapter: every Triptych two-player game as a registered pyspiel game.

With the optional extra installed (``pip install 'triptych[bench]'``, which
brings PyPI ``open-spiel``), importing this module registers

    ``triptych_aquaignis``  and  ``triptych_hexfleet``

so any OpenSpiel algorithm runs on them::

    import pyspiel
    import triptych.openspiel                      # registers the games
    from open_spiel.python.algorithms import mcts, minimax

    game = pyspiel.load_game("triptych_hexfleet")
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 2.0, 100, mcts.RandomRolloutEvaluator())
    state.apply_action(bot.step(state))
    value, action = minimax.alpha_beta_search(game, state, value_function=triptych.openspiel.value_function(0),
                                              maximum_depth=3)

A pyspiel state wraps a native state (``state.native``, a triptych State),
so ``triptych.openspiel.from_native(game, native_state)`` starts from any
position (e.g. one read with ``State.from_dict``). Each ply is one action,
so a player is "current" for two consecutive plies of a two-action turn --
OpenSpiel's sequential games allow that. Returns are the engine's:
+1 win, -1 loss, 0 draw.

Action ids (stable: they depend only on the action, never on the position
or the order of ``legal_actions()``; ``legal_actions()`` lists them
ascending, as OpenSpiel requires):

* AquaIgnis, 7**5 = 16807 ids: a mixed-radix number over the action's
  dict form, ``((((type*7 + flow-1)*7 + pos)*7 + to_flow-1)*7 + to_pos)``
  with type 0..6 = spawn, charge, advance, surge, barrier, jump, pass and
  absent fields 0 (for flows, 1).
* Hexfleet: a hex (q, r) is a cell ``(q+64)*128 + (r+64)`` of a 128x128
  window (q, r in -64..63; a fleet of 48 connected tiles around Cores that
  start at (0,0)/(1,0) does not leave it in play -- an action outside
  raises ValueError rather than alias another). With C = 128*128 cells:
  move ``from*C + to``; destroy ``C*C + from*C + to``; push
  ``2*C*C + from*C + to``; spawn ``3*C*C + (unit*2 + face_down)*C + at``
  (unit 0..5 = core, shipyard, shield, frigate, destroyer, repulsor);
  shipyard ``3*C*C + 12*C + at``. 3*C*C + 13*C = 805,519,360 ids in all.

:func:`encode_action` / :func:`decode_action` convert both ways. The engine computes
the same ids natively (``action.id``, ``Action.from_id``, ``state.legal_action_ids()``,
``state.apply_id()``; docs/rules/<game>.md), and the adapter's states use them.
"""

from __future__ import annotations

import math
from typing import Any

import pyspiel

from triptych import TERMINAL, games

# --- action encodings ---------------------------------------------------------------------------

_AQ_TYPES = ("spawn", "charge", "advance", "surge", "barrier", "jump", "pass")
_HF_UNITS = ("core", "shipyard", "shield", "frigate", "destroyer", "repulsor")
_HF_OFFSET, _HF_SIDE = 64, 128
_HF_CELLS = _HF_SIDE * _HF_SIDE
_HF_PAIRS = _HF_CELLS * _HF_CELLS
_HF_SPAWN = 3 * _HF_PAIRS


def _aq_encode(d: dict[str, Any]) -> int:
    code = _AQ_TYPES.index(d["type"])
    for key, base in (("flow", 1), ("pos", 0), ("to_flow", 1), ("to_pos", 0)):
        code = code * 7 + (d[key] - base if key in d else 0)
    return code


def _aq_decode(code: int) -> dict[str, Any]:
    digits = []
    for _ in range(4):
        code, digit = divmod(code, 7)
        digits.append(digit)
    to_pos, to_flow, pos, flow = digits
    kind = _AQ_TYPES[code]
    d: dict[str, Any] = {"type": kind}
    if kind != "pass":
        d["flow"] = flow + 1
    if kind not in ("pass", "spawn"):
        d["pos"] = pos
    if kind == "jump":
        d.update(to_flow=to_flow + 1, to_pos=to_pos)
    return d


def _cell(hex_: list[int]) -> int:
    q, r = hex_[0] + _HF_OFFSET, hex_[1] + _HF_OFFSET
    if not (0 <= q < _HF_SIDE and 0 <= r < _HF_SIDE):
        raise ValueError(f"hex {tuple(hex_)} is outside the adapter's 128x128 action window")
    return q * _HF_SIDE + r


def _hex(cell: int) -> list[int]:
    return [cell // _HF_SIDE - _HF_OFFSET, cell % _HF_SIDE - _HF_OFFSET]


def _hf_encode(d: dict[str, Any]) -> int:
    kind = d["type"]
    if kind == "spawn":
        return _HF_SPAWN + (_HF_UNITS.index(d["unit"]) * 2 + int(d["face_down"])) * _HF_CELLS + _cell(d["at"])
    if kind == "shipyard":
        return _HF_SPAWN + 12 * _HF_CELLS + _cell(d["at"])
    block = {"move": 0, "destroy": 1, "push": 2}[kind]
    to = d["to"] if kind == "move" else d["target"]
    return block * _HF_PAIRS + _cell(d["from"]) * _HF_CELLS + _cell(to)


def _hf_decode(code: int) -> dict[str, Any]:
    if code >= _HF_SPAWN:
        slot, cell = divmod(code - _HF_SPAWN, _HF_CELLS)
        if slot == 12:
            return {"type": "shipyard", "at": _hex(cell)}
        return {"type": "spawn", "unit": _HF_UNITS[slot // 2], "face_down": bool(slot % 2), "at": _hex(cell)}
    block, rest = divmod(code, _HF_PAIRS)
    src, dst = divmod(rest, _HF_CELLS)
    kind = ("move", "destroy", "push")[block]
    return {"type": kind, "from": _hex(src), ("to" if kind == "move" else "target"): _hex(dst)}


_CODECS = {"aquaignis": (_aq_encode, _aq_decode, 7**5), "hexfleet": (_hf_encode, _hf_decode, _HF_SPAWN + 13 * _HF_CELLS)}
# Longest games, in plies: AquaIgnis ends on its no-progress rule; Hexfleet at max_turns (default 300) x 2 x 2.
_MAX_LENGTH = {"aquaignis": 10_000, "hexfleet": 1_200}


def encode_action(game: str, action: Any) -> int:
    """The stable OpenSpiel id of a native action of ``game``."""
    return _CODECS[game][0](action.to_dict())


def decode_action(game: str, action_id: int) -> Any:
    """The native action with OpenSpiel id ``action_id``."""
    return games.load(game).Action.from_dict(_CODECS[game][1](int(action_id)))


# --- the pyspiel game and state -------------------------------------------------------------------


def _game_type(game: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"triptych_{game}",
        long_name=f"Triptych {game.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={})


def _game_info(game: str) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(num_distinct_actions=_CODECS[game][2], max_chance_outcomes=0, num_players=2,
                            min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=_MAX_LENGTH[game])


class TriptychState(pyspiel.State):
    """An OpenSpiel state over a native Triptych state (``self.native``)."""

    def __init__(self, game: pyspiel.Game, native: Any = None) -> None:
        super().__init__(game)
        self.game_name = game.get_type().short_name.removeprefix("triptych_")
        self.native = native if native is not None else games.load(self.game_name).new_game()
        self._encode = _CODECS[self.game_name][0]
        self._decode = _CODECS[self.game_name][1]

    def current_player(self) -> int:
        player = self.native.to_move
        return pyspiel.PlayerId.TERMINAL if player == TERMINAL or self.native.is_terminal() else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():  # OpenSpiel asks per player; only the one to act has actions
            return []
        return self.native.legal_action_ids().tolist()  # the native ids: the same encoding, ascending

    def legal_native_actions(self) -> dict[int, Any]:
        """id -> native action, for callers that want both."""
        return {self._encode(a.to_dict()): a for a in self.native.legal_actions()}

    def _apply_action(self, action: int) -> None:
        self.native.apply_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(games.load(self.game_name).Action.from_dict(self._decode(action)))

    def is_terminal(self) -> bool:
        return self.native.is_terminal()

    def returns(self) -> list[float]:
        return list(self.native.returns()) if self.native.is_terminal() else [0.0, 0.0]

    def __deepcopy__(self, memo: dict) -> TriptychState:
        # OpenSpiel clones Python states with deepcopy; copy the native state, share the game.
        return TriptychState(self.get_game(), self.native.clone())

    def __str__(self) -> str:
        return str(self.native)


class TriptychGame(pyspiel.Game):
    """A Triptych two-player game registered with OpenSpiel."""

    game_name = ""

    def __init__(self, params: dict | None = None) -> None:
        super().__init__(_game_type(self.game_name), _game_info(self.game_name), params or {})

    def new_initial_state(self) -> TriptychState:
        return TriptychState(self)


def _game_class(game: str) -> type[TriptychGame]:
    return type(f"Triptych{game.capitalize()}Game", (TriptychGame,), {"game_name": game})


GAME_CLASSES = {game: _game_class(game) for game in _CODECS}
for _name, _cls in GAME_CLASSES.items():
    if f"triptych_{_name}" not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_name), _cls)


def load_game(game: str) -> pyspiel.Game:
    """``pyspiel.load_game("triptych_<game>")``."""
    return pyspiel.load_game(f"triptych_{game}")


def from_native(game: pyspiel.Game, native: Any) -> TriptychState:
    """An OpenSpiel state of ``game`` at the native position ``native`` (which it copies)."""
    return TriptychState(game, native.clone())


def value_function(maximizing_player: int, scale: float = 400.0):
    """A value function for ``minimax.alpha_beta_search``: the native evaluation, squashed into
    (-1, 1) for ``maximizing_player`` (terminal returns are +-1)."""

    def value(state: TriptychState) -> float:
        module = getattr(__import__("triptych._core", fromlist=[state.game_name]), state.game_name)
        score = module.evaluate(state.native) / scale
        side = state.native.to_move
        return math.tanh(score if side == maximizing_player else -score)

    return value


__all__ = ["GAME_CLASSES", "TriptychGame", "TriptychState", "decode_action", "encode_action", "from_native",
           "load_game", "value_function"]
