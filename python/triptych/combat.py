"""Combat: a single-player dice-and-cards fight against the Betaal Sentinel.

The player (HP 50, a 10-card deck, a hand of 5) fights the Sentinel in one
of the slate's variants (``VARIANTS``: id, name, bucket, teaching sentence,
UI legend, default parameters). The rules, with every ruling, are in
``triptych rules combat``.

    >>> import triptych.combat as combat
    >>> fight = combat.new_game("v01", seed=7, params={"enemy_hp": 60})
    >>> fight.play_chance()          # the opening hand is drawn
    >>> fight.apply(fight.legal_actions()[0])

Every die roll and card draw is a chance node (``to_move == triptych.CHANCE``):
``chance_outcomes()`` lists ``(outcome, probability)``, ``apply(outcome)``
resolves it, ``sample_chance(rng)`` picks one (rng: a numpy Generator or
``random.Random``, whose ``.random()`` is used; an int seed; or None for the
fight's own generator seeded by ``new_game(seed=...)``) and ``play_chance()``
plays every pending chance node with that generator.

Notation (``str(action)``): ``lash>2`` place Ember Lash in slot 2 (cards:
``lash``, ``undertow``, ``gale``, ``stone``, ``shunya``, with ``:element``
once converted), ``roll`` (first roll or reroll), ``buy`` (paid draw),
``end`` (end the turn), variant verbs such as ``exhaust 3`` or ``shunya``;
chance outcomes ``3/agni``, ``blank/blank`` (a roll) and ``+lash`` (a draw).
``winner`` is 0 when the player won and 1 when the Sentinel won.
"""

from triptych._core.combat import (
    ACTION_IDS,
    OBSERVATION_SHAPE,
    VARIANTS,
    Action,
    State,
    audit_random_fights,
    new_game,
    perft,
    run_fights,
)

PLAYER = 0
SENTINEL = 1
NAME = "combat"
SIDE_NAMES = ("player", "sentinel")

__all__ = [
    "ACTION_IDS",
    "NAME",
    "OBSERVATION_SHAPE",
    "PLAYER",
    "SENTINEL",
    "SIDE_NAMES",
    "VARIANTS",
    "Action",
    "State",
    "audit_random_fights",
    "new_game",
    "perft",
    "run_fights",
    "variant_ids",
]


def variant_ids() -> list[str]:
    """The ids of the implemented variants, in slate order."""
    return [v["id"] for v in VARIANTS]
