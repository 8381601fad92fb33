"""Seat links: unguessable tokens, kept only as digests.

A link's token is 32 random bytes from :mod:`secrets` written in URL-safe base64 (43
characters, 256 bits).  The store keeps its SHA-256 digest, never the token, so a copy of the
database opens no seat.  (A fast hash is right here: the token is random, not a password, so
there is nothing to guess from its digest.)

>>> token = new_token()
>>> len(token), check_token_shape(token) is None
(43, True)
>>> len(digest(token))
64
"""

from __future__ import annotations

import hashlib
import re
import secrets

from .errors import LinkError

TOKEN_BYTES = 32
TOKEN_CHARS = 43
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{43}")
#: Every refusal of a link the store does not know says only this (a forged link and a
#: link of a removed table look alike to whoever tries them).
UNKNOWN_LINK = ("no table has this link: its table may have been removed, or the link was "
                "mistyped; ask for the link again")


def new_token() -> str:
    """A fresh link token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A table's id: random too, though it is no credential (a link is)."""
    return secrets.token_hex(8)


def check_token_shape(token: object) -> None:
    """Refuse anything that is not a token's shape, without quoting it."""
    if not isinstance(token, str):
        raise LinkError(f"a seat link must be text, not {type(token).__name__}")
    if len(token) != TOKEN_CHARS or not _TOKEN_RE.fullmatch(token):
        raise LinkError(f"this is not a seat link: a link's key is {TOKEN_CHARS} letters, "
                        "digits, '-' or '_'; it may be mistyped or cut short")


def digest(token: str) -> str:
    """The SHA-256 digest kept at rest in place of the token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


__all__ = ["TOKEN_CHARS", "UNKNOWN_LINK", "check_token_shape", "digest", "new_table_id",
           "new_token"]
