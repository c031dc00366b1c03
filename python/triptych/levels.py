"""Named AI levels for people: beginner, casual, club, strong, expert.

Each level is a player spec (:func:`triptych.ai.make_player`) with a fixed
budget in plies, not in time, so a level plays the same on every machine
and its Elo (docs/strength.md, *AI levels*) holds on a slow laptop too. The
start screen, ``triptych play --vs-ai LEVEL`` / ``--ai-level LEVEL`` and
the ladder (``triptych ladder GAME --players "random;greedy;beginner;..."``)
use the names.

Why these five: a newcomer needs an opponent that loses to sensible play
yet punishes a piece left hanging (beginner, measured at greedy's strength
on the ladder); casual, club and strong are depths 2, 4 and 6, clear steps
in AquaIgnis (in Hexfleet short ones, 60-140 Elo each, since a ply is worth
less there and many games end in the countdown's draw); the top is the strongest search that still answers
within about a second on a slow machine.
The beginner is :class:`triptych.ai.Softmax`: it sees the opponent's best
reply to each of its actions (depth 1 below each) and draws among the good
ones with a temperature, so its mistakes are plausible second-best moves, not
random blunders.

The old names still work: ``easy``, ``medium`` and ``hard`` are aliases of
the level nearest in strength (``LEVEL_ALIASES``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """A named strength.

    Attributes:
        name: The name people pick.
        spec: The player for two-player games (AquaIgnis, Hexfleet).
        fallback: The player for a game without alpha-beta (Combat: MCTS at a fixed iteration count).
        about: One line for the start screen and ``--help``.
    """

    name: str
    spec: str
    fallback: str
    about: str


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("beginner", "softmax:temperature=40,depth=1", "mcts:100",
          "sees your reply to each move, but often plays a merely good one"),
    Level("casual", "alphabeta:2", "mcts:300", "looks two actions ahead"),
    Level("club", "alphabeta:4", "mcts:1000", "looks four actions ahead"),
    Level("strong", "alphabeta:6", "mcts:3000", "looks six actions ahead"),
    Level("expert", "alphabeta:nodes=400000", "mcts:10000", "searches 400,000 positions a move"),
)}

#: the levels for people, weakest first
LEVEL_NAMES: list[str] = list(LEVELS)

#: players that are not for people but useful to test with (``--vs-ai random``)
EXTRA_LEVELS: dict[str, Level] = {"random": Level("random", "random", "random", "a random legal action")}

#: the names of earlier releases -> the level nearest in strength (easy was greedy; medium and hard were
#: 400 ms and 1.5 s a move, about depth 6-8 on the ladder)
LEVEL_ALIASES: dict[str, str] = {"easy": "beginner", "medium": "strong", "hard": "expert"}


def resolve_level(name: str, strict: bool = True) -> Level | None:
    """The level called `name` (an alias or ``random`` too); None, or with `strict` a ValueError, if none is."""
    key = LEVEL_ALIASES.get(name, name)
    level = LEVELS.get(key) or EXTRA_LEVELS.get(key)
    if level is None and strict:
        raise ValueError(f"unknown AI level {name!r}: choose one of {', '.join(LEVEL_NAMES + list(EXTRA_LEVELS))}")
    return level
