"""
Triptych native core: rules, move generation and search.
"""
from __future__ import annotations
import typing
from . import aquaignis
from . import combat
from . import hexfleet
__all__: list[str]
class IllegalActionError(ValueError):
    pass
class InvalidStateError(ValueError):
    pass
class NetFileError(ValueError):
    pass
BUILD_INFO: dict[str, typing.Any]
CHANCE: int = -1
TERMINAL: int = -4
__version__: str = '0.1.0'
