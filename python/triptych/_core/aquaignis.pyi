"""
AquaIgnis: 7 flows, two actions a turn, first to 4 breakthroughs.
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str]
class Action:
    """
    One AquaIgnis action; str() gives its notation.
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
    def flow(self) -> int:
        ...
    @property
    def id(self) -> int:
        """
        The action's stable integer id (the OpenSpiel adapter's).
        """
    @property
    def pos(self) -> int:
        ...
    @property
    def to_flow(self) -> int:
        ...
    @property
    def to_pos(self) -> int:
        ...
    @property
    def type(self) -> str:
        ...
class State:
    """
    An AquaIgnis position with the side to move and actions left.
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
        Legal actions in a deterministic order.
        """
    def mask_index_to_id(self, index: typing.Any) -> int:
        """
        The action id at a flat index of action_mask() in this position.
        """
    def observation(self, out: typing.Any = None) -> typing.Any:
        """
        float32 array of shape (16, 7, 7): planes x flows x positions (see docs/rules/aquaignis.md); with out=, fills that preallocated array instead and returns it.
        """
    def returns(self) -> list[float]:
        """
        [player 0's return, player 1's]: +1 a win, -1 a loss, 0 a draw or while the game runs.
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
    def hash(self) -> int:
        """
        64-bit Zobrist hash, updated incrementally.
        """
    @property
    def no_progress(self) -> int:
        """
        Actions since the last breakthrough or destruction (R17 draws at twice the limit).
        """
    @property
    def score(self) -> tuple[int, int]:
        ...
    @property
    def to_move(self) -> int:
        """
        0 (AQUA) or 1 (IGNIS) to act, or triptych.TERMINAL once the game is over.
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
def forced_win(state: State, plies: typing.SupportsInt | typing.SupportsIndex, attacker: typing.SupportsInt | typing.SupportsIndex, max_nodes: typing.SupportsInt | typing.SupportsIndex = 50000000, tt_mb: typing.SupportsInt | typing.SupportsIndex = 64) -> bool:
    """
    Whether `attacker` forces the game to end in its win within `plies` actions (ValueError past max_nodes).
    """
def greedy(state: State, weights: dict = {}) -> dict[str, typing.Any]:
    """
    The one-action greedy choice by the evaluation.
    """
def new_game(**kwargs) -> State:
    """
    A new game; options: no_progress_limit (whole turns without a breakthrough or a destroyed unit before a draw, a house rule, R17; default 40, 0: off), first_player (0 or 'aqua', 1 or 'ignis').
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
def prove_only_move(state: State, max_depth: typing.SupportsInt | typing.SupportsIndex, max_nodes: typing.SupportsInt | typing.SupportsIndex = 50000000, tt_mb: typing.SupportsInt | typing.SupportsIndex = 64) -> dict[str, typing.Any]:
    """
    The shallowest horizon N <= max_depth at which exactly one action avoids a forced loss within N plies, as prove_win's dict (actions: that one action).
    """
def prove_win(state: State, max_depth: typing.SupportsInt | typing.SupportsIndex, max_nodes: typing.SupportsInt | typing.SupportsIndex = 50000000, tt_mb: typing.SupportsInt | typing.SupportsIndex = 64) -> dict[str, typing.Any]:
    """
    The shortest forced win of the side to move within max_depth plies (one action each) and every first action that wins in that many, by an exact AND-OR search: {depth (None: no win), actions, legal, nodes, exhausted (the node budget ran out: nothing is known)}.
    """
def random_playouts(state: State, playouts: typing.SupportsInt | typing.SupportsIndex = 1, seed: typing.SupportsInt | typing.SupportsIndex = 0, max_plies: typing.SupportsInt | typing.SupportsIndex = 0) -> dict[str, typing.Any]:
    """
    Uniformly random playouts in C++ (a benchmark baseline); returns steps, playouts and seconds.
    """
def sample_actions(state: State, count: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> list[Action]:
    """
    `count` uniformly random legal actions drawn independently, as the native MCTS playouts draw them (counted with bitboards, never listed).
    """
ACTION_IDS: int = 16807
ACTION_MASK_SHAPE: tuple
EVAL_WEIGHTS: dict[str, typing.Any]
NNUE_ACC_WIDTH: int = 64
NNUE_FACTOR_FEATURES: int = 112
NNUE_FEATURES: int = 732
NNUE_FEATURE_SET: int = 1
NNUE_GAME_ID: int = 1
NNUE_HIDDEN: int = 16
NNUE_MAX_ACTIVE: int = 59
OBSERVATION_SHAPE: tuple[int, int, int]
