"""The dice game on the widget shell: :class:`DiceAdapter`, its payloads and
:class:`NationsWidget`."""

from .adapter import DiceAdapter
from .widget import NationsWidget

__all__ = ["DiceAdapter", "NationsWidget"]
