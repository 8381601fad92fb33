"""The dice widget's name: DiceWidget, with NationsWidget kept as its old name."""

from __future__ import annotations

import nations_widget
import nations_widget.widget as widget
from nations_widget.widget.dice import DiceWidget, NationsWidget


def test_the_old_name_is_the_same_class_and_both_are_exported() -> None:
    assert NationsWidget is DiceWidget
    assert {"DiceWidget", "NationsWidget"} <= set(widget.__all__)
    assert nations_widget.DiceWidget is nations_widget.NationsWidget is DiceWidget
    w = NationsWidget(players=2, seats=["human", "random"], seed=7, bot_delay=0)
    assert isinstance(w, DiceWidget) and repr(w).startswith("<DiceWidget <Game 2p seed=7")
