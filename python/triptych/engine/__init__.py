"""The Triptych engine protocol (docs/protocol.md): ``triptych engine GAME`` and players that drive engines.

* :mod:`triptych.engine.protocol` -- the engine side: one session, one command line at a time.
* :mod:`triptych.engine.client` -- the other side: an engine process as a match player.
"""

from triptych.engine.client import EngineError, EnginePlayer, EngineProcess, make_match_player
from triptych.engine.protocol import PROTOCOL_GAMES, EngineSession, ProtocolError

__all__ = ["PROTOCOL_GAMES", "EngineError", "EnginePlayer", "EngineProcess", "EngineSession", "ProtocolError",
           "make_match_player"]
