"""Typed errors shared by both engines.  All are ``ValueError`` subclasses, so a caller
that catches ``ValueError`` catches every refusal; messages are written for a player."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move that the rules forbid right now.  The message says why, in a player's words.

    The state is left exactly as it was before the move was tried.
    """


class MalformedMoveError(IllegalMoveError):
    """A move that is not even well formed (unknown type, missing or wrong-typed field)."""


class StateFormatError(ValueError):
    """A saved state, history or scenario that cannot be loaded; the message names the field."""


class SeatChoiceError(ValueError):
    """A seat that cannot be given as asked: the game has no seat of that number, or the
    player named is neither a person nor a bot the game has.  The message says what can be
    chosen."""


class UnknownBotError(SeatChoiceError):
    """A bot's name that no bot of the game answers to; the message lists those there are."""
