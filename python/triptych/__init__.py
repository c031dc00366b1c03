"""Triptych: a native-accelerated engine for three tabletop games.

The rules, move generation and search live in the C++ core
(``triptych._core``); this package is its typed Python face.

    >>> import triptych.aquaignis as aquaignis
    >>> state = aquaignis.new_game()
    >>> state.apply(state.legal_actions()[0])

Every game module (``triptych.aquaignis``, ...) offers the same State
contract: ``legal_actions``, ``apply``, ``clone``, ``to_dict``/``from_dict``,
``hash``, ``observation``, ``returns`` and, in games with dice or cards,
chance nodes.
"""

from triptych._core import CHANCE, TERMINAL, IllegalActionError, InvalidStateError, NetFileError, __version__

__all__ = ["CHANCE", "TERMINAL", "IllegalActionError", "InvalidStateError", "NetFileError", "__version__"]
