"""The dice game on the widget shell: :class:`DiceAdapter`, its payloads and
:class:`DiceWidget` (``NationsWidget``: its old name, kept as an alias)."""

from .adapter import DiceAdapter
from .widget import DiceWidget, NationsWidget

__all__ = ["DiceAdapter", "DiceWidget", "NationsWidget"]
