"""The dice game's generator is the shared one (kept here so old imports keep working)."""

from ..core.rng import Rng

__all__ = ["Rng"]
