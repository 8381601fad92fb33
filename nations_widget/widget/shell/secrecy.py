"""What the page may know of a game's randomness: the seed stays in Python until the end.

The seed decides every future draw of a game (the dice game's rolls, the board game's
deck orders): whoever reads it can replay the game's generator and see what is coming.
The page draws whatever it is sent, and anybody at the table (a hot seat) or anybody
reading the page's widget state sees it all, so the synced traits never hold the seed of
a game in progress: :func:`published_settings` drops it from the ``settings`` trait until
the game has been played to its end, and the games' ``view`` payloads leave it out (the
engines' ``view`` leaves the generator and the seed out).  What the page gets instead is a
commitment (the ``fair`` trait, :mod:`nations_widget.core.fairness`): a fingerprint of the
seed and a secret salt from the first move, the seed and salt once the game is over.

The rule is the same whoever chose the seed.  A seed typed into the New game dialog is no
secret to the player who typed it, but at a shared screen it is to the others, and the
page cannot tell who is looking.  Once the game is over nothing is left to hide, and the
seed is what makes the game worth sharing (the same seed and settings deal the same
draws): from then on ``settings`` holds it.

Python keeps full access (``widget.game.config.seed``), and a saved file (the Save
button, :meth:`GameWidget.save_json`) holds the seed and the generator on purpose: loading
it must restore the game exactly.
"""

from __future__ import annotations

from typing import Any

from ...core.history import HistoryGame

#: The settings key the page does not get while the game is in progress.
SECRET_SETTING = "seed"


def game_finished(game: HistoryGame[Any, Any]) -> bool:
    """The game has been played to its end: the last position of its history is final.

    Looking back at earlier positions of a finished game keeps it finished (the seed stays
    shown while the game is reviewed); playing on from an earlier position cuts the
    history, and the game is in progress again."""
    return game.finished


def published_settings(settings: dict[str, Any],
                       game: HistoryGame[Any, Any]) -> dict[str, Any]:
    """``settings`` (an adapter's ``settings_of(game)``) as the page may see them: without
    the seed until :func:`game_finished`."""
    if game_finished(game):
        return dict(settings)
    return {k: v for k, v in settings.items() if k != SECRET_SETTING}


__all__ = ["SECRET_SETTING", "game_finished", "published_settings"]
