"""The balance lab: measure each Combat variant against its design targets.

``triptych balance`` (cli/balance_command.py) plays N fights per variant,
parameter setting and player on paired seeds, in worker processes, and
reports each variant's win rate (with its 95% interval), fight length
against its band, HP left on wins, damage per turn and what came into play,
the skill ladder and its competent player, and the best setting of a
parameter sweep. docs/balance.md explains every column and choice.

    >>> from triptych.balance import LabConfig, run_lab
    >>> from triptych.balance.report import write_report  # imports matplotlib
    >>> result = run_lab(LabConfig(["v01"], ["random", "greedy"], games=50))
    >>> write_report(result, Path("out"))

Modules: players (specs), runner (worker processes), stats (per cell),
targets (bands and verdicts), ladder (the competent player), sweeps
(``--set`` grids), lab (the run), table and report (outputs).
"""

from triptych.balance.lab import LabConfig, LabResult, run_lab
from triptych.balance.players import parse_players
from triptych.balance.sweeps import parse_sets
from triptych.balance.table import print_tables

__all__ = ["LabConfig", "LabResult", "parse_players", "parse_sets", "print_tables", "run_lab"]
