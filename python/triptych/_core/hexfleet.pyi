"""
Hexfleet: two fleets of hex tiles, stacks, power and combat.
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str]
class Action:
    """
    One Hexfleet action; str() gives its notation.
    """
    @staticmethod
    def from_dict(d: typing.Any) -> Action:
        """
        Reads an action from its dict form.
        """
    @staticmethod
    def from_id(id: typing.Any) -> Action:
        """
        The action with this stable integer id (the OpenSpiel adapter's); raises IllegalActionError for an id that names no action.
        """
    @staticmethod
    def parse(notation: str) -> Action:
        """
        Reads an action from its notation.
        """
    def __eq__(self, other: object) -> bool:
        ...
    def __hash__(self) -> int:
        ...
    def __reduce__(self) -> tuple[..., tuple[dict]]:
        ...
    def __repr__(self) -> str:
        ...
    def __str__(self) -> str:
        ...
    def to_dict(self) -> dict[str, typing.Any]:
        ...
    @property
    def face_down(self) -> bool:
        ...
    @property
    def id(self) -> int:
        """
        The action's stable integer id (the OpenSpiel adapter's).
        """
    @property
    def source(self) -> tuple:
        """
        (q, r) of the acting tile (moves, destroys, pushes); the site for spawns.
        """
    @property
    def target(self) -> tuple:
        """
        (q, r) the action ends at, hits, or spawns on.
        """
    @property
    def type(self) -> str:
        ...
    @property
    def unit(self) -> typing.Any:
        ...
class State:
    """
    A Hexfleet position with the player to move and actions left.
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
    def __reduce__(self) -> tuple[..., tuple[dict]]:
        ...
    def __repr__(self) -> str:
        ...
    def __str__(self) -> str:
        ...
    def _board_indexes_agree(self) -> bool:
        """
        Whether the coordinate table, cached neighbours and occupancy bits agree with the columns (for tests).
        """
    def _compute_hash(self) -> int:
        """
        The hash computed from scratch (for tests).
        """
    def _generated_actions(self) -> list:
        """
        The legal actions in generation order, unsorted (for tests).
        """
    def _legal_actions_reference(self) -> list:
        """
        The same list from a slow, literal chain test (for tests).
        """
    def _tactical_actions(self) -> list:
        """
        Quiescence search's actions: Destroys, pushes and moves onto the enemy Core, in generation order (for tests).
        """
    def action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A bool array over the game's action space, True where legal (see the game's ACTION_MASK_SHAPE).
        """
    def apply(self, action: Action | str | dict[str, typing.Any]) -> None:
        """
        Applies an Action, notation string or dict; raises IllegalActionError and changes nothing if illegal.
        """
    def apply_id(self, id: typing.Any) -> None:
        """
        Applies the action with this id; raises IllegalActionError and changes nothing if it is not legal.
        """
    def clone(self) -> State:
        """
        An independent copy (equal to this state).
        """
    def core(self, side: typing.SupportsInt | typing.SupportsIndex) -> tuple:
        ...
    def height(self, q: typing.SupportsInt | typing.SupportsIndex, r: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        Height of the column at (q, r); 0 for empty ground.
        """
    def id_to_mask_index(self, id: typing.Any) -> int:
        """
        The flat index of action_mask() holding this id in this position, or -1 if none.
        """
    def is_chance_node(self) -> bool:
        """
        Always False: this game has no dice or draws (the method exists on every game's State).
        """
    def is_legal(self, action: Action | str | dict[str, typing.Any]) -> bool:
        """
        Whether apply(action) would be accepted (an Action, notation or dict); never raises.
        """
    def is_terminal(self) -> bool:
        """
        True when the game is over (a win or a draw).
        """
    def legal_action_ids(self) -> numpy.typing.NDArray[numpy.int32]:
        """
        The legal actions' ids as a numpy int32 array, ascending (empty once the game is over).
        """
    def legal_actions(self) -> list[Action]:
        """
        Legal actions in a canonical order (by type, then coordinates).
        """
    def mask_index_to_id(self, index: typing.Any) -> int:
        """
        The action id at a flat index of action_mask() in this position.
        """
    def networks_in_contact(self) -> bool:
        """
        True while one chain of tiles joins the two Cores.
        """
    def observation(self, out: typing.Any = None) -> typing.Any:
        """
        float32 array of shape (27, 17, 17) centred on the mover's Core (see docs/rules/hexfleet.md); with out=, fills that preallocated array instead and returns it.
        """
    def power_network(self) -> list:
        """
        The power network, one dict per occupied column: `hex` (q, r), `component` (its connected piece), `cut` (lifting the column out would split the piece: a cut vertex) and `cores` (the players whose Core is in the piece; a tile is powered when its owner is listed).
        """
    def returns(self) -> list[float]:
        """
        [player 0's return, player 1's]: +1 a win, -1 a loss, 0 a draw or while the game runs.
        """
    def separation(self) -> typing.Any:
        """
        While the networks are apart (R11): `gap`, the empty hexes on the shortest line between them, and `actions`, the actions each player (0, 1) takes before the countdown draws; None while they touch or once the game is over.
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        The complete position as JSON-compatible data.
        """
    @property
    def actions_left(self) -> int:
        """
        Actions the side to act still has this turn.
        """
    @property
    def countdown(self) -> typing.Any:
        """
        Turns left in a separation countdown, or None.
        """
    @property
    def hash(self) -> int:
        """
        64-bit Zobrist hash, updated incrementally.
        """
    @property
    def reserves(self) -> list:
        ...
    @property
    def to_move(self) -> int:
        """
        0 or 1 to act, or triptych.TERMINAL once the game is over.
        """
    @property
    def turn(self) -> int:
        ...
    @property
    def winner(self) -> int | None:
        """
        0 or 1 once that player has won; None while the game runs or after a draw.
        """
class AlphaBetaSearcher:
    """
    Native alpha-beta search; keeps its transposition table between searches.
    """
    def __init__(self, threads: typing.SupportsInt | typing.SupportsIndex = 1, tt_mb: typing.SupportsInt | typing.SupportsIndex = 64, weights: dict = {}, quiescence: bool = True, contempt: typing.SupportsInt | typing.SupportsIndex = 0, eval_cache: bool = True, futility_margin: typing.SupportsInt | typing.SupportsIndex = 0, late_move_pruning: typing.SupportsInt | typing.SupportsIndex = 0, partial_iterations: bool = False) -> None:
        """
        contempt: a draw's value below 0 for the side that searches, in centi-units (docs/ai.md). eval_cache: remember each thread's evaluations by position; off, the same search, slower. futility_margin: static futility's margin a ply, centi-units; 0, off (docs/ai.md). late_move_pruning: quiet actions searched a ply left near the horizon; 0, off (docs/ai.md). partial_iterations: an iteration cut short by time or nodes keeps its best root action where one was searched to the full depth; off, the iteration is discarded (docs/ai.md).
        """
    def clear(self) -> None:
        """
        Empties the transposition table.
        """
    def search(self, state: State, depth: typing.SupportsInt | typing.SupportsIndex = 0, time_ms: typing.SupportsInt | typing.SupportsIndex = 0, nodes: typing.SupportsInt | typing.SupportsIndex = 0, history: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = []) -> dict[str, typing.Any]:
        """
        history: hashes of the positions played before `state` since the last irreversible action (a repetition of one is scored as a draw); Hexfleet states keep their own (R20).
        """
    def stop(self) -> None:
        """
        Stops a running search (callable from any thread).
        """
class MctsSearcher:
    """
    Native UCT Monte Carlo tree search; with reuse=True it keeps its trees between searches.
    """
    def __init__(self, threads: typing.SupportsInt | typing.SupportsIndex = 1, seed: typing.SupportsInt | typing.SupportsIndex = 0, exploration: typing.SupportsFloat | typing.SupportsIndex = 1.4, playout_plies: typing.SupportsInt | typing.SupportsIndex = 0, reuse: bool = False) -> None:
        ...
    def clear(self) -> None:
        """
        Forgets the kept trees (a new game).
        """
    def search(self, state: State, iterations: typing.SupportsInt | typing.SupportsIndex = 0, time_ms: typing.SupportsInt | typing.SupportsIndex = 0, seed: typing.SupportsInt | typing.SupportsIndex | None = None) -> dict[str, typing.Any]:
        """
        seed: this search's random seed (default: the searcher's). The result's 'reused' counts the iterations kept from the previous search's tree.
        """
    def stop(self) -> None:
        """
        Stops a running search (callable from any thread); it returns its best so far.
        """
class NnueNet:
    """
    A quantized NNUE net read from a .nnue file and checked against this game.
    """
    @staticmethod
    def from_bytes(data: bytes) -> NnueNet:
        ...
    def __init__(self, path: str) -> None:
        """
        Raises triptych.NetFileError (a ValueError) naming what is wrong with the file.
        """
    def evaluate(self, state: State) -> int:
        """
        Centi-units for the side to act, from freshly computed accumulators.
        """
    @property
    def out_scale(self) -> int:
        ...
class NnuePosition:
    """
    A state with its NNUE accumulators, updated incrementally after apply (tests and tools).
    """
    def __copy__(self) -> NnuePosition:
        """
        A copy, as the search makes one for each child (a stale position catches up first).
        """
    def __init__(self, net: NnueNet, state: State) -> None:
        ...
    def accumulators(self) -> numpy.typing.NDArray[numpy.int16]:
        """
        int16 array (2, NNUE_ACC_WIDTH), indexed by side (0, 1), not by who acts.
        """
    def apply(self, action: Action) -> None:
        ...
    def evaluate(self) -> int:
        ...
    def refresh(self) -> None:
        """
        Recomputes both accumulators from the full feature lists.
        """
    @property
    def evaluation_key(self) -> int:
        """
        The key of all the evaluation reads (the alpha-beta searches' evaluation cache): the position's hash, and for AquaIgnis the no-progress bucket its net reads.
        """
    @property
    def state(self) -> State:
        ...
class NnueAlphaBetaSearcher:
    """
    Native alpha-beta search with the NNUE evaluation.
    """
    def __init__(self, net: NnueNet, threads: typing.SupportsInt | typing.SupportsIndex = 1, tt_mb: typing.SupportsInt | typing.SupportsIndex = 64, quiescence: bool = True, classic_share: typing.SupportsInt | typing.SupportsIndex = 0, contempt: typing.SupportsInt | typing.SupportsIndex = 0, eval_cache: bool = True, futility_margin: typing.SupportsInt | typing.SupportsIndex = 0, late_move_pruning: typing.SupportsInt | typing.SupportsIndex = 0, partial_iterations: bool = False) -> None:
        """
        classic_share: the percentage of each evaluation taken from the classic evaluation (its tuned weights), the rest from the net; 0, the net alone (docs/nnue.md, "The classic share"). contempt: a draw's value below 0 for the side that searches, in centi-units (docs/ai.md). eval_cache: remember each thread's evaluations by position; off, the same search, slower. futility_margin: static futility's margin a ply, centi-units; 0, off (docs/ai.md). late_move_pruning: quiet actions searched a ply left near the horizon; 0, off (docs/ai.md). partial_iterations: an iteration cut short by time or nodes keeps its best root action where one was searched to the full depth; off, the iteration is discarded (docs/ai.md).
        """
    def clear(self) -> None:
        ...
    def search(self, state: State, depth: typing.SupportsInt | typing.SupportsIndex = 0, time_ms: typing.SupportsInt | typing.SupportsIndex = 0, nodes: typing.SupportsInt | typing.SupportsIndex = 0, history: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = []) -> dict[str, typing.Any]:
        ...
    def stop(self) -> None:
        ...
class Batch:
    """
    n games stepped together by action id (see triptych.batch).
    """
    def __init__(self, initial: State, n: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0, threads: typing.SupportsInt | typing.SupportsIndex = 1, observations: bool = True, masks: bool = True, reuse: bool = False) -> None:
        ...
    def __len__(self) -> int:
        ...
    def legal_action_ids(self, i: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.int32]:
        ...
    def masks(self) -> typing.Any:
        ...
    def observations(self) -> typing.Any:
        ...
    def random_actions(self) -> numpy.typing.NDArray[numpy.int32]:
        ...
    def random_steps(self, steps: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    def reset(self) -> tuple:
        ...
    def state(self, i: typing.SupportsInt | typing.SupportsIndex) -> State:
        ...
    def step(self, actions: typing.Annotated[numpy.typing.ArrayLike, numpy.int64]) -> tuple:
        ...
    def to_move(self) -> numpy.typing.NDArray[numpy.int8]:
        ...
def _action_from_pickle(d: typing.Any) -> Action:
    ...
def _state_from_pickle(d: typing.Any) -> State:
    ...
def evaluate(state: State, weights: dict = {}) -> int:
    """
    Static evaluation for the side to act (centi-units).
    """
def evaluate_board(state: State, weights: dict = {}) -> int:
    """
    evaluate() before a running countdown pulls it toward the draw: the share of the classic evaluation that the NNUE search blends in (the separation outlook then scales the blend).
    """
def greedy(state: State, weights: dict = {}) -> dict[str, typing.Any]:
    """
    The one-action greedy choice by the evaluation.
    """
def new_game(**kwargs) -> State:
    """
    A new game; options: fleet (dict unit -> count, default 1 core, 3 shipyard, 4 shield, 6 frigate, 5 destroyer, 5 repulsor), max_turns (default 300, 0: no limit), first_player (0 or 'green' (default), 1 or 'purple'), repetitions (draw when a turn starts in the same position for that many times, default 3, 0: off; a house rule, R20), shield_towers (default False; True: a Shipyard spawns a Shield onto its own neighbouring Shield at any height, a house rule, R4).
    """
def nnue_factors() -> numpy.typing.NDArray[numpy.int32]:
    """
    For training: the factors (coarser features, 0..NNUE_FACTOR_FEATURES-1) each feature also counts as, int32 array (NNUE_FEATURES, factors), padded with -1 (docs/nnue.md, "Factorized training").
    """
def nnue_features(state: State) -> numpy.typing.NDArray[numpy.int16]:
    """
    The NNUE input features active in `state`: int16 array (2, NNUE_MAX_ACTIVE), row 0 from the side to act's perspective, row 1 from the other side's, padded with -1 (docs/nnue.md).
    """
def perft(state: State, depth: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    Leaves of the action tree `depth` plies deep (each action is one ply).
    """
def random_playouts(state: State, playouts: typing.SupportsInt | typing.SupportsIndex = 1, seed: typing.SupportsInt | typing.SupportsIndex = 0, max_plies: typing.SupportsInt | typing.SupportsIndex = 0) -> dict[str, typing.Any]:
    """
    Uniformly random playouts in C++ (a benchmark baseline); returns steps, playouts and seconds.
    """
def sample_actions(state: State, count: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> list[Action]:
    """
    `count` uniformly random legal actions drawn independently, as the native MCTS playouts draw them (most movers' actions kept as bits and the spawns counted, not listed; each draw is the action the generation order, State._generated_actions(), lists at the index drawn -- not legal_actions(), which is that list sorted).
    """
ACTION_IDS: int = 805519360
ACTION_MASK_SHAPE: tuple
DEFAULT_FLEET: dict
EVAL_WEIGHTS: dict[str, typing.Any]
NNUE_ACC_WIDTH: int = 64
NNUE_FACTOR_FEATURES: int = 798
NNUE_FEATURES: int = 5541
NNUE_FEATURE_SET: int = 1
NNUE_GAME_ID: int = 2
NNUE_HIDDEN: int = 16
NNUE_MAX_ACTIVE: int = 146
OBSERVATION_SHAPE: tuple[int, int, int]
