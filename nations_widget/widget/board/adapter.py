"""The board game's side of the widget shell: :class:`BoardAdapter` (see
:mod:`nations_widget.widget.shell.adapter` for what the shell does with each part).

New-game settings are :class:`~nations_widget.board.GameConfig`'s: ``difficulty`` (one
level for everybody or one per seat: chieftain, prince, king, emperor), ``sides`` ("A",
"B", "choose", or one per seat: "A" or a B side's id), ``decks`` (base, base+advanced,
all, balanced), ``ages`` (1-4, the short game) and ``easier``; the shell adds ``players``
(1-5) and ``seed``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...board import DECK_CHOICES, Game, GameConfig, IllegalMoveError, Move
from ...board import coach as board_coach
from ...board.bots import BOT_INFO, BOT_NAMES, make_bot
from ...board.components import Components
from ...board.constants import DIFFICULTIES
from ...board.game import as_move
from ...board.moves import Pass
from ...board.state import decks_serve
from ...core.envelope import MAX_INT_DIGITS
from ...core.review import Answer, Review
from ...core.validate import plain_digits
from ..shell.adapter import AdapterBase, BotFactory, ExtraIntent, ToJson
from ..shell.bots import described, level_word
from ..shell.log import log_entries
from ..shell.review import review_pool
from . import payloads

#: The bot a New game form puts in the seats it adds, and the one asked to play a human's
#: decision: the medium level (a first game stays gentle; the levels above look ahead or
#: search), which answers at once.
PREFERRED_BOT = "heuristic-quick"
#: How a per-seat setting is filled for seats a New game adds.
SEAT_DEFAULTS = {"difficulty": "prince", "sides": "A"}


def _per_seat(value: Any, name: str, players: int) -> Any:
    """A per-seat setting fitted to ``players`` seats (a New game that changes the number
    of players keeps the other settings): one name stays one name (it applies to every
    seat); a list of one repeated mode or level becomes that name; a longer list is cut,
    a shorter one grows with the default (never a copy of a B side: each is in the box
    once)."""
    if not isinstance(value, (list, tuple)):
        return value
    items = list(value)
    if len(items) == players:
        return items
    if len(set(items)) == 1 and items[0] in ("A", "B", "choose", *DIFFICULTIES):
        return items[0]
    if len(items) > players:
        return items[:players]
    return items + [SEAT_DEFAULTS[name]] * (players - len(items))


class BoardAdapter(AdapterBase[Move], reads_moves=as_move):
    """Nations, the board game, for the widget shell."""

    kind = "board"
    title = "Nations"
    likely_move_types = (Pass,)
    fair_words: Mapping[str, str] = {"title": "Fair shuffles",
                                     "draws": "Every shuffle of this game's decks"}
    settings_fields: Mapping[str, tuple[str, ...]] = {
        "difficulty": ("text", "array"),
        "sides": ("text", "array"),
        "decks": ("text", "array"),
        "ages": ("integer",),
        "easier": ("boolean",),
    }
    extra_intents: Mapping[str, ExtraIntent] = {}
    preferred_bot = PREFERRED_BOT

    def __init__(self, components: Components | None = None) -> None:
        self._components = components
        # the card catalogue last sent (the ``cards`` trait): (fingerprint, card sets)
        self._cards_key: tuple[str, tuple[str, ...]] | None = None

    # ------------------------------------------------------------------ games
    def new_game(self, settings: Mapping[str, Any], current: Game | None) -> Game:
        base: dict[str, Any] = ({} if current is None else self.settings_of(current))
        merged = {**base, **settings}
        players = merged.get("players", 2)
        seed = merged.get("seed", 0)
        if isinstance(seed, str):
            seed = seed.strip()
            if not plain_digits(seed.removeprefix("-")):
                raise ValueError(f"the seed must be a whole number, got {seed[:20]!r}")
            if len(seed.removeprefix("-")) > MAX_INT_DIGITS:
                raise ValueError(f"a seed has at most {MAX_INT_DIGITS} digits")
            seed = int(seed)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError("players must be a whole number 1-5")
        kwargs: dict[str, Any] = {"players": players, "seed": seed}
        for name in ("difficulty", "sides"):
            if name in merged:
                fitted = _per_seat(merged[name], name, players)
                kwargs[name] = tuple(fitted) if isinstance(fitted, list) else fitted
        if "decks" in merged:
            decks = merged["decks"]
            kwargs["decks"] = tuple(decks) if isinstance(decks, list) else decks
            if "decks" not in settings and not _decks_serve(kwargs["decks"], players):
                # the last game's cards, not asked for again, run short for this many
                # players: the usual cards for the count instead (GameConfig's default)
                kwargs["decks"] = None
        for name in ("ages", "easier"):
            if name in merged:
                kwargs[name] = merged[name]
        config = GameConfig(**kwargs)        # ValueError in words on a bad value
        return Game(config=config, components=self._components)

    def settings_of(self, game: Game) -> dict[str, Any]:
        data = game.config.to_json()
        cfg = game.config
        # one name where every seat has the same (the form's single menu), else per seat
        for name in ("difficulty", "sides"):
            values = list(getattr(cfg, name))
            data[name] = values[0] if len(set(values)) == 1 else values
        data["decks"] = cfg.deck_name if cfg.deck_name in DECK_CHOICES else list(cfg.deck_sets)
        return data

    def load_game(self, data: dict[str, Any]) -> Game:
        return Game.from_json(data, self._components)

    def seat_label(self, seat: int) -> str:
        return payloads.seat_label(seat)

    # ------------------------------------------------------------------- bots
    def bots(self) -> tuple[tuple[str, ...], BotFactory]:
        return BOT_NAMES, make_bot

    def bot_descriptions(self, names: Sequence[str]) -> dict[str, str]:
        return {n: described(BOT_INFO[n]) for n in names if n in BOT_INFO}

    def bot_levels(self, names: Sequence[str]) -> dict[str, str]:
        return {n: level_word(BOT_INFO[n].level) for n in names if n in BOT_INFO}

    def default_seats(self, players: int, bot_names: Sequence[str]) -> list[str]:
        """Seat 1 is a human, the others the preferred bot (else the first bot; all humans
        without bots)."""
        fallback = bot_names[0] if bot_names else "human"
        bot = PREFERRED_BOT if PREFERRED_BOT in bot_names else fallback
        return ["human"] + [bot] * (players - 1)

    # --------------------------------------------------------------- payloads
    def view_payload(self, game: Game, seats: Sequence[str]) -> dict[str, Any]:
        return payloads.view_payload(game, seats)

    def legal_payload(self, game: Game) -> list[dict[str, Any]]:
        return payloads.legal_payload(game.state)

    def log_entries(self, game: Game, limit: int) -> list[dict[str, Any]]:
        return log_entries(game, limit)

    def preview_payload(self, game: Game, move: Move) -> dict[str, Any]:
        preview = payloads.preview_payload(game.state, move)
        if not preview["ok"]:
            raise IllegalMoveError(str(preview["error"]))
        return preview

    def extra_traits(self, game: Game, full: bool) -> dict[str, Any]:
        """``cards``: the game's card catalogue, sent when the game's cards change (a new
        game with other decks, a load) or on a full publish."""
        state = game.state
        key = (state.comp.fingerprint, state.config.card_sets)
        if not full and key == self._cards_key:
            return {}
        self._cards_key = key
        return {"cards": payloads.cards_payload(state)}

    # ------------------------------------------------------------------ coach
    def hint(self, game: Game, top: int) -> ToJson | None:
        """The board game's coach (:mod:`nations_widget.board.coach`): the ``top`` best
        moves in words.  A solo game is refused in words (its bots do not play it)."""
        return game.hint(top)

    def grade(self, game: Game, position: int) -> ToJson | None:
        """How the move that led to ``position`` compared with the coach's best move; None
        where there was no choice, and in a solo game (the coach does not advise it)."""
        before = game.state_at(position - 1)
        if before.config.players < 2 or len(before.legal_moves()) < 2:
            return None
        move = game.moves[position - 1]
        return board_coach.compare(before, move, seed=game.config.seed ^ (position - 1))

    def review(self, game: Game, upto: int, seats: Sequence[int],
               progress: Callable[[int, int], None] | None,
               cancelled: Callable[[], bool] | None) -> Review:
        """The coach's review (:func:`nations_widget.board.coach.review`) of the first
        ``upto`` moves, ``seats``' decisions graded, at its default budget, on the
        app's pool of processes where the machine has the cores (:func:`review_pool`)."""
        return board_coach.review(game, seats=seats, upto=upto, progress=progress,
                                  cancelled=cancelled, executor=review_pool(upto))

    def check_answer(self, game: Game, review: Review, puzzle: int, move: Any) -> Answer:
        return board_coach.check_answer(game, review, puzzle, move)



def _decks_serve(decks: Any, players: int) -> bool:
    """Whether a game of ``players`` may play with the card choice ``decks`` (a name or card
    sets; one GameConfig refuses for another reason is let through, to be refused in full)."""
    sets = DECK_CHOICES.get(decks) if isinstance(decks, str) else decks
    return not isinstance(sets, (list, tuple)) or decks_serve(sets, players)


__all__ = ["PREFERRED_BOT", "BoardAdapter"]
