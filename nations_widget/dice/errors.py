"""The dice game's errors are the shared typed errors (kept here so old imports keep working)."""

from ..core.errors import IllegalMoveError, MalformedMoveError, StateFormatError

__all__ = ["IllegalMoveError", "MalformedMoveError", "StateFormatError"]
