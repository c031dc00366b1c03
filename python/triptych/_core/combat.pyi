"""
Combat: dice-and-cards fights against the Betaal Sentinel, variants V01-V10.
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str]
class Action:
    """
    One Combat action or chance outcome; str() gives its notation.
    """
    @staticmethod
    def from_compact_id(variant: str, id: typing.Any) -> Action:
        """
        The action of `variant` with integer id `id` (IllegalActionError if none).
        """
    @staticmethod
    def from_id(id: typing.Any, variant: str) -> Action:
        """
        The action of `variant` with this id; raises IllegalActionError for an id that names no action.
        """
    def __eq__(self, other: object) -> bool:
        ...
    def __hash__(self) -> int:
        ...
    def __reduce__(self) -> tuple[..., tuple[str, dict]]:
        ...
    def __repr__(self) -> str:
        ...
    def __str__(self) -> str:
        ...
    def to_dict(self) -> dict[str, typing.Any]:
        ...
    @property
    def compact_id(self) -> int:
        """
        The stable integer id of this action in its variant (see docs/rules/combat.md).
        """
    @property
    def id(self) -> int:
        """
        The action's stable integer id (docs/rules/combat.md); a verb's depends on its variant.
        """
    @property
    def is_chance(self) -> bool:
        ...
    @property
    def type(self) -> str:
        ...
class State:
    """
    A Combat fight: the player against the Betaal Sentinel in one variant.
    """
    @staticmethod
    def from_dict(d: typing.Any) -> State:
        """
        Rebuilds a position; raises InvalidStateError naming the bad field.
        """
    def __copy__(self) -> State:
        ...
    def __deepcopy__(self, arg0: typing.Any) -> State:
        ...
    def __eq__(self, other: object) -> bool:
        """
        Same game and same position (to_dict equal).
        """
    def __hash__(self) -> int:
        """
        The 64-bit Zobrist hash of the position (equal states hash alike).
        """
    def __reduce__(self) -> tuple[..., tuple[dict, typing.Annotated[list[int], "FixedSize(4)"]]]:
        ...
    def __repr__(self) -> str:
        ...
    def __str__(self) -> str:
        ...
    def apply(self, action: Action | str | dict[str, typing.Any]) -> None:
        """
        Applies an Action, notation string or dict; raises IllegalActionError and changes nothing if illegal.
        """
    def apply_compact_id(self, id: typing.Any) -> None:
        """
        Applies the action or chance outcome with this id; IllegalActionError (state untouched) if illegal.
        """
    def apply_id(self, id: typing.Any) -> None:
        """
        Applies the decision or chance outcome with this id; raises IllegalActionError and changes nothing if it is not legal.
        """
    def cards_conserved(self) -> bool:
        ...
    def chance_compact_ids(self) -> list[tuple[int, float]]:
        """
        (id, probability) of each chance outcome, ascending by id ([] when no chance event is pending).
        """
    def chance_outcome_ids(self) -> tuple[numpy.typing.NDArray[numpy.int32], numpy.typing.NDArray[numpy.float64]]:
        """
        (ids int32, probabilities float64) of a chance node's outcomes, ascending by id; empty elsewhere.
        """
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """
        (outcome Action, probability) pairs at a chance node, else [].
        """
    def clone(self) -> State:
        ...
    def compact_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        bool array over the decision ids [0, compact_chance_offset(variant)): True where legal.
        """
    def greedy_action(self) -> Action:
        """
        The reference greedy player's decision (one-turn lookahead, the fight's generator).
        """
    def is_chance_node(self) -> bool:
        """
        True while a roll or a draw is pending (to_move == triptych.CHANCE): apply a chance outcome.
        """
    def is_legal(self, action: Action | str | dict[str, typing.Any]) -> bool:
        """
        Whether apply(action) would be accepted (an Action, notation or dict); never raises.
        """
    def is_terminal(self) -> bool:
        """
        True when the fight is over (one side at 0 HP, or the turn cap reached).
        """
    def legal_action_ids(self) -> numpy.typing.NDArray[numpy.int32]:
        """
        The legal decisions' ids as a numpy int32 array, ascending (empty at chance nodes and once over).
        """
    def legal_actions(self) -> list[Action]:
        """
        Legal player decisions in a deterministic order (empty at chance nodes).
        """
    def legal_compact_ids(self) -> numpy.typing.NDArray[numpy.int32]:
        """
        Ids of the legal decisions, ascending (numpy int32; empty at chance nodes).
        """
    def observation(self, out: typing.Any = None) -> typing.Any:
        """
        float32 array of shape (512,): the raw position fields (see docs/rules/combat.md); with out=, fills that preallocated array instead and returns it.
        """
    def play_chance(self) -> list[Action]:
        """
        Resolves pending chance nodes with the fight's seeded generator; returns the outcomes applied.
        """
    def random_action(self) -> Action:
        """
        A uniformly random legal decision (the fight's generator).
        """
    def returns(self) -> list[float]:
        ...
    def sample_chance(self, rng: typing.Any = None) -> Action:
        """
        Picks a chance outcome by probability (does not apply it). rng: a numpy Generator or random.Random (its .random() is used), an int seed, or None for the fight's own seeded generator.
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        The complete position as JSON-compatible data.
        """
    @property
    def actions_left(self) -> int:
        """
        1 while the fight runs (one decision at a time), 0 when over.
        """
    @property
    def enemy_hp(self) -> int:
        ...
    @property
    def energy(self) -> int:
        ...
    @property
    def hash(self) -> int:
        """
        64-bit Zobrist hash of the position.
        """
    @property
    def player_hp(self) -> int:
        ...
    @property
    def to_move(self) -> int:
        """
        0 (the player), triptych.CHANCE at a roll or draw, triptych.TERMINAL when over.
        """
    @property
    def turn(self) -> int:
        ...
    @property
    def variant(self) -> str:
        ...
    @property
    def winner(self) -> int | None:
        """
        0 when the player won, 1 when the Sentinel won, None otherwise.
        """
def _action_from_pickle(arg0: str, arg1: typing.Any) -> Action:
    ...
def _state_from_pickle(arg0: typing.Any, arg1: typing.Annotated[collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(4)"]) -> State:
    ...
def audit_random_fights(variant: str, fights: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0, params: typing.Any = None) -> dict[str, typing.Any]:
    """
    Random fights with every invariant checked after every step (see audit.h).
    """
def compact_chance_offset(variant: str) -> int:
    """
    The first chance-outcome id of `variant` (= the number of decision ids).
    """
def compact_id_count(variant: str) -> int:
    """
    How many action ids `variant` has: decisions, then chance outcomes.
    """
def greedy(state: State) -> dict[str, typing.Any]:
    """
    The greedy one-turn lookahead choice.
    """
def mcts_search(state: State, iterations: typing.SupportsInt | typing.SupportsIndex = 0, time_ms: typing.SupportsInt | typing.SupportsIndex = 0, seed: typing.SupportsInt | typing.SupportsIndex = 0, exploration: typing.SupportsFloat | typing.SupportsIndex = 0.7, threads: typing.SupportsInt | typing.SupportsIndex = 1, rollout_decisions: typing.SupportsInt | typing.SupportsIndex = 40, horizon_turns: typing.SupportsInt | typing.SupportsIndex = 1, avoid: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = []) -> dict[str, typing.Any]:
    """
    Open-loop MCTS over the player's decisions; chance is sampled from the state's own odds.
    """
def new_game(variant: str = 'v01', seed: typing.Any = None, params: typing.Any = None) -> State:
    """
    A new fight of `variant` (v01..); seed drives play_chance(); params overrides named numbers.
    """
def parse_player(text: str) -> str:
    """
    The canonical name of a balance-lab player spec (random, greedy, mcts:N); ValueError if it is not one.
    """
def perft(state: State, depth: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    Leaves of the tree `depth` plies deep (chance outcomes are plies).
    """
def play_fight_log(variant: str, seed: typing.SupportsInt | typing.SupportsIndex, player: str = 'random', params: typing.Any = None) -> tuple[dict, list]:
    """
    play_fights for one seed, plus every action played (chance included) in notation.
    """
def play_fights(variant: str, seeds: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], player: str = 'random', params: typing.Any = None) -> list:
    """
    One recorded fight per seed (the balance lab): a list of flat dicts (winner, turns, HP, damage, usage counts).
    """
def run_fights(variant: str, policy: str = 'random', games: typing.SupportsInt | typing.SupportsIndex = 100, seed: typing.SupportsInt | typing.SupportsIndex = 0, params: typing.Any = None) -> dict[str, typing.Any]:
    """
    Plays seeded fights in C++; returns win rate, mean fight length and time.
    """
def run_fights_mcts(start: State, iterations: typing.SupportsInt | typing.SupportsIndex = 200, games: typing.SupportsInt | typing.SupportsIndex = 10, seed: typing.SupportsInt | typing.SupportsIndex = 0, threads: typing.SupportsInt | typing.SupportsIndex = 1, exploration: typing.SupportsFloat | typing.SupportsIndex = 0.7, rollout_decisions: typing.SupportsInt | typing.SupportsIndex = 40, horizon_turns: typing.SupportsInt | typing.SupportsIndex = 1, normalize: bool = True) -> dict[str, typing.Any]:
    """
    Seeded fights from `start` played by MCTS in C++.
    """
ACTION_IDS: int = 234881024
OBSERVATION_SHAPE: tuple[int, int, int]
VARIANTS: list[dict[str, typing.Any]]
