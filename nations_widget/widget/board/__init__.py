"""Nations, the board game, in the widget: the payloads the view draws
(:mod:`.payloads`), the game's side of the widget shell (:class:`.adapter.BoardAdapter`)
and the widget itself (:class:`.widget.BoardWidget`, imported from its module: it needs
Jupyter's widget machinery, which the payloads and the adapter do not)."""

from .adapter import BoardAdapter

__all__ = ["BoardAdapter"]
