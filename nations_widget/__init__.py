"""Rules engines, bots and a Jupyter widget for the Nations games.

`nations_widget.dice` is Nations: The Dice Game; `nations_widget.board` is Nations, the
board game; `nations_widget.widget` their Jupyter widgets.  ``from nations_widget import
DiceWidget`` (or ``BoardWidget``; ``NationsWidget`` is the dice widget's old name) works
too, and imports Jupyter's widget machinery only then (importing this package or an engine
does not).
"""

from typing import Any

__version__ = "0.1.0"

#: names this package lends from :mod:`nations_widget.widget`, imported on first use
_WIDGETS = ("DiceWidget", "NationsWidget", "BoardWidget", "GameWidget")


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        from . import widget
        return getattr(widget, name)
    raise AttributeError(f"module 'nations_widget' has no attribute {name!r}")
