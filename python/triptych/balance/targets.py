"""The design targets of the slate and how a measured cell is judged against them.

From the slate (shared/seeds/combat-variants.txt, "Conventions"): about 60%
wins for a competent player, and a fight-length band per variant inside the
charter's overall 6-12 turns.

Choices (docs/balance.md explains them):

* Win rate: met when the measured rate is within ``WIN_TOLERANCE`` (5 points)
  of 60%, i.e. in [55%, 65%]. The 95% interval is reported beside it so a
  reader can see when a verdict rests on too few fights.
* Fight length: met when the mean turns of all fights (wins and losses) lie
  inside the variant's band, both ends included.
* Distance to the targets (to rank sweep settings): win-rate points off 60%
  in units of the tolerance, plus turns outside the band, so 5 points of win
  rate weigh as much as one turn outside the band. A cell meeting both
  targets is at distance <= 1.
"""

from __future__ import annotations

from dataclasses import dataclass

WIN_TARGET = 0.60
WIN_TOLERANCE = 0.05
OVERALL_BAND = (6, 12)

# Fight-length bands in turns, as the slate's specs state them.
TURN_BANDS: dict[str, tuple[int, int]] = {
    "v01": (8, 9),
    "v02": (7, 9),
    "v03": (8, 11),
    "v04": (8, 10),
    "v05": (8, 11),
    "v06": (7, 10),
    "v07": (7, 10),
    "v08": (7, 10),
    "v09": (8, 10),
    "v10": (8, 11),
}


def band(variant: str) -> tuple[int, int]:
    """The variant's turn band (the overall 6-12 for a variant the slate gives none)."""
    return TURN_BANDS.get(variant, OVERALL_BAND)


def win_ok(win_rate: float) -> bool:
    return abs(win_rate - WIN_TARGET) <= WIN_TOLERANCE + 1e-12


def turns_outside(variant: str, mean_turns: float) -> float:
    """Turns by which the mean lies outside the band (0 inside)."""
    lo, hi = band(variant)
    return max(0.0, lo - mean_turns, mean_turns - hi)


def turns_ok(variant: str, mean_turns: float) -> bool:
    return turns_outside(variant, mean_turns) == 0.0


def distance(variant: str, win_rate: float, mean_turns: float) -> float:
    """How far a cell is from the targets (see the module doc); 0 is dead on 60% and inside the band."""
    return abs(win_rate - WIN_TARGET) / WIN_TOLERANCE + turns_outside(variant, mean_turns)


@dataclass(frozen=True)
class Verdict:
    win_ok: bool
    turns_ok: bool
    distance: float

    @property
    def inside(self) -> bool:
        return self.win_ok and self.turns_ok

    def label(self) -> str:
        if self.inside:
            return "INSIDE targets"
        misses = [what for what, ok in (("win rate", self.win_ok), ("fight length", self.turns_ok)) if not ok]
        return "OUTSIDE targets (" + " and ".join(misses) + ")"


def judge(variant: str, win_rate: float, mean_turns: float) -> Verdict:
    return Verdict(win_ok(win_rate), turns_ok(variant, mean_turns), distance(variant, win_rate, mean_turns))
