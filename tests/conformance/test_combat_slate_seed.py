"""The front matter of the Combat slate (combat-variants.txt, before "1. Scoring pass"): what it says about
the slate as a whole, checked against the variants the engine ships.

Each test quotes the seed text it checks.
"""

from __future__ import annotations

from collections import Counter

import triptych.combat as combat

SEED = "combat-variants.txt"
SECTION = "intro"


def test_ten_selections_and_the_bucket_quota():
    """The engine ships the ten selections, V01-V10, and their buckets honour the quota.

    > Bucket quota honoured: 3 verb, 3 reaction, 2 track, 2 wildcard.
    """
    ids = [v["id"] for v in combat.VARIANTS]
    assert ids == [f"v{n:02d}" for n in range(1, 11)]
    assert Counter(v["bucket"] for v in combat.VARIANTS) == {"verb": 3, "reaction": 3, "track": 2, "wildcard": 2}
