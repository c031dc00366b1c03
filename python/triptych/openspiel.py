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

The two-player games take their ``new_game`` options as game parameters, e.g.
``pyspiel.load_game("triptych_hexfleet(max_turns=50,repetitions=0,frigate=7)")``: AquaIgnis
``no_progress_limit`` and ``first_player``; Hexfleet ``max_turns``, ``first_player``, ``repetitions``,
``shield_towers`` and the fleet's counts (``shipyard`` .. ``repulsor``). OpenSpiel needs games that end,
so the options that turn off the length limits (``no_progress_limit=0``, ``max_turns=0``) are refused.
The observation tensor is the native observation (Hexfleet's with a plane saying who moves): see
:class:`TriptychObserver`.

Combat joins as ``triptych_combat``: a single-player game with explicit
chance nodes (every roll and draw is an OpenSpiel chance node listing its
outcomes and probabilities). Its parameters are ``variant`` ("v01".."v10")
and the variant's named numbers (``triptych.combat.VARIANTS``), e.g.
``pyspiel.load_game("triptych_combat(variant=v03,enemy_hp=60)")``; a number
left at -1 keeps the variant's default. Returns: +1 the player won, -1 the
Sentinel won, 0 a fight stopped by its turn cap.

Action ids (stable: they depend only on the action, never on the position
or the order of ``legal_actions()``; ``legal_actions()`` lists them
ascending, as OpenSpiel requires):

* AquaIgnis: the native ids (``Action.id``, 7**5 = 16807 of them), a
  mixed-radix number over the action's dict form, ``((((type*7 + flow-1)*7
  + pos)*7 + to_flow-1)*7 + to_pos)`` with type 0..6 = spawn, charge,
  advance, surge, barrier, jump, pass and absent fields 0 (for flows, 1).
* Hexfleet: a hex (q, r) is a cell ``(q+64)*128 + (r+64)`` of a 128x128
  window (q, r in -64..63; a fleet of 48 connected tiles around Cores that
  start at (0,0)/(1,0) does not leave it in play -- an action outside
  raises ValueError rather than alias another). An action is
  ``cell*38 + plane`` for its acting hex (the hex moved from, destroying or
  pushing, or spawned on) and the plane of the native compact mask
  (``docs/rules/hexfleet.md``, Action ids): 0-17 move by one of the 18
  offsets, 18-23 destroy and 24-29 push a neighbour, 30-36 the spawns, 37 a
  Shipyard. 128*128*38 = 622,592 ids, few enough for OpenSpiel's
  legal-actions mask (the native ``Action.id`` space, 805,519,360 ids, is
  not); :func:`encode_action` / :func:`decode_action` convert.
* Combat: the compact per-variant ids (``Action.compact_id``, documented in
  ``docs/rules/combat.md``; the native ``Action.id`` space, 234,881,024 ids,
  is too sparse for a mask): decisions ``0 .. compact_chance_offset(variant)-1``;
  a chance outcome's OpenSpiel id is its compact id minus that offset.

:func:`encode_action` / :func:`decode_action` convert both ways. For AquaIgnis the engine
computes the same ids natively (``action.id``, ``state.legal_action_ids()``, ``state.apply_id()``),
and the adapter's states use them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyspiel

import triptych.combat as combat
from triptych import CHANCE, TERMINAL, games

# --- action encodings ---------------------------------------------------------------------------

_HF_OFFSET, _HF_SIDE = 64, 128
_HF_PLANES = 38
# The compact mask's planes (docs/rules/hexfleet.md): moves by these offsets, destroy / push a
# neighbour in direction order, the seven spawns, then the Shipyard.
_HF_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_HF_MOVES = _HF_DIRECTIONS + ((2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2),
                              (-1, 2), (0, 2), (1, 1))
_HF_SPAWNS = (("shield", False), ("frigate", False), ("destroyer", False), ("repulsor", False),
              ("frigate", True), ("destroyer", True), ("repulsor", True))
_HF_DESTROY, _HF_PUSH, _HF_SPAWN, _HF_SHIPYARD = 18, 24, 30, 37


def _aq_encode(d: dict[str, Any]) -> int:
    return games.load("aquaignis").Action.from_dict(d).id


def _aq_decode(code: int) -> dict[str, Any]:
    return games.load("aquaignis").Action.from_id(int(code)).to_dict()


def _cell(hex_: list[int]) -> int:
    q, r = hex_[0] + _HF_OFFSET, hex_[1] + _HF_OFFSET
    if not (0 <= q < _HF_SIDE and 0 <= r < _HF_SIDE):
        raise ValueError(f"hex {tuple(hex_)} is outside the adapter's 128x128 action window")
    return q * _HF_SIDE + r


def _hex(cell: int) -> list[int]:
    return [cell // _HF_SIDE - _HF_OFFSET, cell % _HF_SIDE - _HF_OFFSET]


def _hf_plane(d: dict[str, Any]) -> tuple[list[int], int]:
    """The acting hex and the mask plane of a Hexfleet action dict."""
    kind = d["type"]
    if kind == "shipyard":
        return d["at"], _HF_SHIPYARD
    if kind == "spawn":
        try:
            return d["at"], _HF_SPAWN + _HF_SPAWNS.index((d["unit"], bool(d["face_down"])))
        except ValueError:
            raise ValueError(f"no action id for spawning {'a face-down' if d['face_down'] else 'a'} {d['unit']}") from None
    source = d["from"]
    target = d["to"] if kind == "move" else d["target"]
    offset = (target[0] - source[0], target[1] - source[1])
    table, base = (_HF_MOVES, 0) if kind == "move" else (_HF_DIRECTIONS, _HF_DESTROY if kind == "destroy" else _HF_PUSH)
    if offset not in table:
        raise ValueError(f"no action id for a {kind} by {offset}")
    return source, base + table.index(offset)


def _hf_encode(d: dict[str, Any]) -> int:
    at, plane = _hf_plane(d)
    return _cell(at) * _HF_PLANES + plane


def _hf_decode(code: int) -> dict[str, Any]:
    if not 0 <= code < _HF_SIDE * _HF_SIDE * _HF_PLANES:
        raise ValueError(f"hexfleet action id {code} is out of range")
    cell, plane = divmod(int(code), _HF_PLANES)
    at = _hex(cell)
    if plane == _HF_SHIPYARD:
        return {"type": "shipyard", "at": at}
    if plane >= _HF_SPAWN:
        unit, face_down = _HF_SPAWNS[plane - _HF_SPAWN]
        return {"type": "spawn", "unit": unit, "face_down": face_down, "at": at}
    if plane < _HF_DESTROY:
        dq, dr = _HF_MOVES[plane]
        return {"type": "move", "from": at, "to": [at[0] + dq, at[1] + dr]}
    kind = "destroy" if plane < _HF_PUSH else "push"
    dq, dr = _HF_DIRECTIONS[(plane - _HF_DESTROY) % 6]
    return {"type": kind, "from": at, "target": [at[0] + dq, at[1] + dr]}


_CODECS = {"aquaignis": (_aq_encode, _aq_decode, 7**5),
           "hexfleet": (_hf_encode, _hf_decode, _HF_SIDE * _HF_SIDE * _HF_PLANES)}

# Game parameters, as pyspiel.load_game("triptych_hexfleet(max_turns=50,repetitions=0)") passes them: the
# native new_game options, with their defaults. first_player is 0 or 1; Hexfleet's fleet is its five
# counts by unit (the Core is always one).
_HF_FLEET = ("shipyard", "shield", "frigate", "destroyer", "repulsor")
_PARAMS: dict[str, dict[str, Any]] = {
    "aquaignis": {"no_progress_limit": 40, "first_player": 0},
    "hexfleet": {"max_turns": 300, "first_player": 0, "repetitions": 3, "shield_towers": False,
                 **{unit: count for unit, count in games.load("hexfleet").DEFAULT_FLEET.items() if unit != "core"}},
}


def _native_options(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """The native new_game options for OpenSpiel parameters (defaults filled in), checked."""
    unknown = sorted(set(params) - set(_PARAMS[game]))
    if unknown:
        raise ValueError(f"triptych_{game} has no parameter {unknown[0]!r} (its parameters: {', '.join(_PARAMS[game])})")
    values = {**_PARAMS[game], **params}
    if game == "aquaignis":
        options = {"no_progress_limit": int(values["no_progress_limit"]), "first_player": int(values["first_player"])}
        if options["no_progress_limit"] <= 0:
            # OpenSpiel needs a bound on a game's length (max_game_length); without the stall draw there is none.
            raise ValueError("triptych_aquaignis needs no_progress_limit >= 1: OpenSpiel games must end, "
                             "and without the stall draw (R17) an AquaIgnis game has no length limit")
        games.load(game).new_game(**options)  # InvalidStateError naming a bad value
        return options
    options = {"max_turns": int(values["max_turns"]), "first_player": int(values["first_player"]),
               "repetitions": int(values["repetitions"]), "shield_towers": bool(values["shield_towers"]),
               "fleet": {"core": 1, **{unit: int(values[unit]) for unit in _HF_FLEET}}}
    if options["max_turns"] <= 0:
        raise ValueError("triptych_hexfleet needs max_turns >= 1: OpenSpiel games must end, and without the "
                         "turn limit a Hexfleet game has no length limit")
    games.load(game).new_game(**options)  # InvalidStateError naming a bad count (options.fleet.frigate: ...)
    return options


def _max_length(game: str, options: dict[str, Any]) -> int:
    """Longest game in plies. Hexfleet: max_turns turns (each player's turn counts one) of two actions. AquaIgnis ends on
    its stall draw (no_progress_limit turns without a breakthrough or a destroyed unit); 10,000 plies at the
    default 40, scaled with the limit, is far above any game seen."""
    if game == "hexfleet":
        return options["max_turns"] * 2
    return 10_000 * max(1, math.ceil(options["no_progress_limit"] / 40))


def encode_action(game: str, action: Any) -> int:
    """The stable OpenSpiel id of a native action of ``game`` (aquaignis, hexfleet or combat)."""
    if game == "combat":
        return action.compact_id
    return _CODECS[game][0](action.to_dict())


def decode_action(game: str, action_id: int, variant: str = "v01") -> Any:
    """The native action with OpenSpiel id ``action_id`` (for combat, a decision of ``variant``)."""
    if game == "combat":
        return combat.Action.from_compact_id(variant, int(action_id))
    return games.load(game).Action.from_dict(_CODECS[game][1](int(action_id)))


# --- the pyspiel games and states ------------------------------------------------------------------


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
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMS[game]))


def observation_shape(game: str) -> tuple[int, ...]:
    """The shape of the OpenSpiel observation tensor: the native one, plus Hexfleet's mover plane."""
    shape = tuple(games.load(game).OBSERVATION_SHAPE)
    return (shape[0] + 1, *shape[1:]) if game == "hexfleet" else shape


class TriptychObserver:
    """``observation_tensor`` / ``observation_string`` of a two-player game: the native observation.

    The tensor is ``State.observation()`` flattened (AquaIgnis (16, 7, 7), docs/rules/<game>.md).
    Hexfleet's native observation (27, 17, 17) is drawn around the mover's Core with no plane saying
    who the mover is, so a learner that values positions for player 0 (OpenSpiel's AlphaZero) could
    not tell a position from its mirror; the adapter adds plane 27, all ones when player 1 is to move:
    (28, 17, 17). Both games are perfect information, so that one tensor is all either player
    observes, and it is what each is given (information_state_tensor is not provided: as for
    OpenSpiel's chess, the observation is the whole state). The string is the text board.
    """

    def __init__(self, game: str) -> None:
        shape = observation_shape(game)
        self.native_planes = int(games.load(game).OBSERVATION_SHAPE[0])
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: TriptychState, player: int) -> None:
        planes = self.dict["observation"]
        state.native.observation(out=planes[: self.native_planes])
        if len(planes) > self.native_planes:  # Hexfleet's mover plane
            planes[self.native_planes:] = 1.0 if state.native.to_move == 1 else 0.0

    def string_from(self, state: TriptychState, player: int) -> str:
        return str(state.native)


def _game_info(game: str, options: dict[str, Any]) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(num_distinct_actions=_CODECS[game][2], max_chance_outcomes=0, num_players=2,
                            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                            max_game_length=_max_length(game, options))


class TriptychState(pyspiel.State):
    """An OpenSpiel state over a native Triptych state (``self.native``)."""

    def __init__(self, game: pyspiel.Game, native: Any = None) -> None:
        super().__init__(game)
        self.game_name = game.get_type().short_name.removeprefix("triptych_")
        if native is None:
            native = games.load(self.game_name).new_game(**game.native_options)
        self.native = native
        self._encode = _CODECS[self.game_name][0]
        self._decode = _CODECS[self.game_name][1]

    def current_player(self) -> int:
        player = self.native.to_move
        return pyspiel.PlayerId.TERMINAL if player == TERMINAL or self.native.is_terminal() else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():  # OpenSpiel asks per player; only the one to act has actions
            return []
        if self.game_name == "aquaignis":  # the native ids are the adapter's: no Action objects built
            return self.native.legal_action_ids().tolist()
        return sorted(self._encode(a.to_dict()) for a in self.native.legal_actions())

    def legal_native_actions(self) -> dict[int, Any]:
        """id -> native action, for callers that want both."""
        return {self._encode(a.to_dict()): a for a in self.native.legal_actions()}

    def _apply_action(self, action: int) -> None:
        if self.game_name == "aquaignis":
            self.native.apply_id(action)
        else:
            self.native.apply(self._decode(action))

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
        params = dict(params or {})
        self.native_options = _native_options(self.game_name, params)  # raises ValueError naming a bad one
        super().__init__(_game_type(self.game_name), _game_info(self.game_name, self.native_options), params)

    def new_initial_state(self) -> TriptychState:
        return TriptychState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observation (see TriptychObserver); other kinds from OpenSpiel's public-information observer."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TriptychObserver(self.game_name)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


# --- Combat: one player against the Sentinel, with explicit chance nodes -------------------------

def _combat_param_names() -> list[str]:
    names: list[str] = []
    for info in combat.VARIANTS:
        names += [name for name in info["params"] if name not in names]
    return names


def _combat_game_type() -> pyspiel.GameType:
    spec: dict[str, Any] = {"variant": "v01"}
    spec.update({name: -1 for name in _combat_param_names()})  # -1: the variant's default
    return pyspiel.GameType(
        short_name="triptych_combat",
        long_name="Triptych Combat",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=1,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification=spec)


# Decisions a turn can hold at most, for max_game_length: every placement, roll, purchase and spend of
# the largest turns seen in random and greedy fights is far below this.
_COMBAT_DECISIONS_PER_TURN = 200


class CombatState(pyspiel.State):
    """An OpenSpiel state over a native Combat fight (``self.native``)."""

    def __init__(self, game: CombatGame, native: Any = None) -> None:
        super().__init__(game)
        self.game_name = "combat"
        self.native = native if native is not None else combat.new_game(game.variant, seed=0, params=game.params)
        self._offset = combat.compact_chance_offset(self.native.variant)

    def current_player(self) -> int:
        player = self.native.to_move
        if player == TERMINAL or self.native.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if player == CHANCE else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if player != self.current_player():
            return []
        return self.native.legal_compact_ids().tolist()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(action - self._offset, p) for action, p in self.native.chance_compact_ids()]

    def _apply_action(self, action: int) -> None:
        self.native.apply_compact_id(action + self._offset if self.native.to_move == CHANCE else action)

    def _action_to_string(self, player: int, action: int) -> str:
        native_id = action + self._offset if player == pyspiel.PlayerId.CHANCE else action
        return str(combat.Action.from_compact_id(self.native.variant, native_id))

    def is_terminal(self) -> bool:
        return self.native.is_terminal()

    def returns(self) -> list[float]:
        return [float(self.native.returns()[0])] if self.native.is_terminal() else [0.0]

    def __deepcopy__(self, memo: dict) -> CombatState:
        return CombatState(self.get_game(), self.native.clone())

    def __str__(self) -> str:
        return str(self.native)


class CombatGame(pyspiel.Game):
    """A Combat variant as a one-player OpenSpiel game with explicit chance."""

    def __init__(self, params: dict | None = None) -> None:
        params = dict(params or {})
        self.variant = str(params.pop("variant", "v01"))
        ids = combat.variant_ids()
        if self.variant not in ids:
            raise ValueError(f"unknown combat variant {self.variant!r} (known: {', '.join(ids)})")
        own = combat.VARIANTS[ids.index(self.variant)]["params"]
        self.params = {}
        for name, value in params.items():
            if value == -1:
                continue
            if name not in own:
                raise ValueError(f"{self.variant} has no parameter {name!r} (its parameters: {', '.join(own)})")
            self.params[name] = int(value)
        native = combat.new_game(self.variant, seed=0, params=self.params)  # validates the values
        turn_cap = native.to_dict()["params"].get("turn_cap", own.get("turn_cap", 100))
        info = pyspiel.GameInfo(num_distinct_actions=combat.compact_chance_offset(self.variant),
                                max_chance_outcomes=combat.compact_id_count(self.variant)
                                - combat.compact_chance_offset(self.variant),
                                num_players=1, min_utility=-1.0, max_utility=1.0, utility_sum=None,
                                max_game_length=(turn_cap + 1) * _COMBAT_DECISIONS_PER_TURN)
        super().__init__(_combat_game_type(), info, {"variant": self.variant, **self.params})

    def new_initial_state(self) -> CombatState:
        return CombatState(self)


def _game_class(game: str) -> type[TriptychGame]:
    return type(f"Triptych{game.capitalize()}Game", (TriptychGame,), {"game_name": game})


GAME_CLASSES = {game: _game_class(game) for game in _CODECS}
for _name, _cls in GAME_CLASSES.items():
    if f"triptych_{_name}" not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_name), _cls)
GAME_CLASSES["combat"] = CombatGame
if "triptych_combat" not in pyspiel.registered_names():
    pyspiel.register_game(_combat_game_type(), CombatGame)


def load_game(game: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game("triptych_<game>", params)``; combat takes ``variant=`` and the variant's numbers."""
    return pyspiel.load_game(f"triptych_{game}", params) if params else pyspiel.load_game(f"triptych_{game}")


def from_native(game: pyspiel.Game, native: Any) -> TriptychState | CombatState:
    """An OpenSpiel state of ``game`` at the native position ``native`` (which it copies)."""
    if isinstance(game, CombatGame):
        return CombatState(game, native.clone())
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


__all__ = ["GAME_CLASSES", "CombatGame", "CombatState", "TriptychGame", "TriptychState", "decode_action", "encode_action", "from_native",
           "load_game", "observation_shape", "value_function"]
