"""The dice game's side of the widget: :class:`DiceAdapter` (the
:class:`~nations_widget.widget.shell.adapter.GameAdapter` of Nations: The Dice Game).

It keeps the components the widget plays with (its catalogue: a new game, a load and the
``load_catalogue`` intent use them), builds the dice game's payloads
(:mod:`nations_widget.widget.dice.payloads`) and publishes the dice-only traits
``catalogue`` and ``reconstructed``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core.envelope import json_value
from ...core.errors import UnknownBotError
from ...core.review import Answer, Review
from ...dice import (
    Buy,
    Catalogue,
    CatalogueError,
    Game,
    GameConfig,
    GameState,
    Move,
    Pass,
    StateFormatError,
    default_catalogue,
)
from ...dice.catalogue import parse_catalogue
from ...dice.coach import Hint, Verdict, compare
from ...dice.coach import check_answer as check_puzzle_answer
from ...dice.coach import review as review_game
from ...dice.game import as_move
from ...dice.preview import preview_move
from ..shell.adapter import AdapterBase, BotFactory, ExtraIntent
from ..shell.bots import bot_descriptions, bot_levels, bot_menu, default_seats
from ..shell.intents import IntentError
from ..shell.log import log_entries
from ..shell.review import review_pool
from .payloads import (
    catalogue_payload,
    give_back_choice,
    legal_payload,
    replace_choice,
    rerolls_choice,
    seat_label,
    view_payload,
)

if TYPE_CHECKING:
    from ..shell.widget import GameWidget


class RandomBot:
    """Picks a legal move at random, preferring buys and builds (the fallback bot, when
    :mod:`nations_widget.dice.bots` cannot be imported)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        productive = [m for m in moves if m.type in ("buy", "build")]
        if productive and self._rng.random() < 0.85:
            return self._rng.choice(productive)
        return self._rng.choice(moves)


def fallback_make_bot(name: str, seed: int) -> RandomBot:
    if name != "random":
        raise UnknownBotError(f"unknown bot {name!r}; the bots available are: random")
    return RandomBot(seed)


FALLBACK_NAMES: tuple[str, ...] = ("random",)
BOTS_MODULE = "nations_widget.dice.bots"


def load_bots() -> tuple[tuple[str, ...], BotFactory]:
    """``(names, make_bot)`` from :mod:`nations_widget.dice.bots`, or the fallback."""
    return bot_menu(BOTS_MODULE, (FALLBACK_NAMES, fallback_make_bot))


def _load_catalogue(widget: GameWidget[Game, Move], fields: dict[str, Any]) -> None:
    """The ``load_catalogue`` intent: play with the components of a catalogue file."""
    name = fields.get("name") or "the catalogue file"
    adapter = widget.adapter
    assert isinstance(adapter, DiceAdapter)
    try:
        widget.replace_game(adapter.with_catalogue(fields["text"], widget.game))
    except CatalogueError as exc:
        raise IntentError(f"could not load {name}: {exc}") from None


class DiceAdapter(AdapterBase[Move], reads_moves=as_move):
    """Nations: The Dice Game for the widget shell (see
    :class:`~nations_widget.widget.shell.adapter.GameAdapter` for each member)."""

    kind = "dice"
    title = "Nations: The Dice Game"
    likely_move_types = (Pass,)
    fair_words: Mapping[str, str] = {"title": "Fair dice",
                                     "draws": "Every roll and deck of this game"}
    preferred_bot = "heuristic"
    settings_fields: Mapping[str, tuple[str, ...]] = {
        "variant": ("text",),
        "automate": ("boolean",),
        "solo_tougher": ("boolean",),
        "unrest": ("boolean",),
    }
    extra_intents: Mapping[str, ExtraIntent] = {
        "load_catalogue": ExtraIntent(
            {"text": ("text",), "name": ("text", "null")}, _load_catalogue,
            frozenset({"text"}),
            "``text`` (a catalogue file's JSON text), ``name`` (optional): play with "
            "those components (a new game with the current settings)"),
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        #: the components new games are played with
        self.catalogue = catalogue or default_catalogue()
        self._sent: str | None = None       # the fingerprint of the catalogue last sent

    # -------------------------------------------------------------- games
    def new_game(self, settings: Mapping[str, Any], current: Game | None) -> Game:
        old = current.config if current is not None else GameConfig()

        def pick(name: str) -> Any:
            value = settings.get(name)
            return getattr(old, name) if value is None else value

        config = GameConfig(pick("players"), settings["seed"], pick("variant"),
                            pick("automate"), pick("solo_tougher"), pick("unrest"))
        return Game(config=config, catalogue=self.catalogue)

    def with_catalogue(self, catalogue: Catalogue | str, current: Game) -> Game:
        """A new game with ``catalogue`` (a :class:`Catalogue`, or a catalogue file's JSON
        text, raising :class:`CatalogueError`) and ``current``'s settings, a new seed;
        the catalogue is kept for the games after it."""
        if isinstance(catalogue, str):
            data = json_value(catalogue, "",
                              error=lambda problem: CatalogueError("<file>", problem))
            catalogue = parse_catalogue(data, "<file>")
        config = current.config
        # Unrest carries over when the new catalogue has the expansion's components
        unrest = config.unrest and catalogue.unrest is not None
        game = Game(config=GameConfig(config.players, secrets.randbelow(2**31),
                                      config.variant, config.automate, config.solo_tougher,
                                      unrest),
                    catalogue=catalogue)
        self.catalogue = catalogue
        return game

    def settings_of(self, game: Game) -> dict[str, Any]:
        return game.config.to_json()

    def load_game(self, data: dict[str, Any]) -> Game:
        try:
            game = Game.from_json(data, catalogue=self.catalogue)
        except StateFormatError as exc:
            # a save made with the packaged components while other ones are loaded
            if "'catalogue'" not in str(exc) or self.catalogue == default_catalogue():
                raise
            game = Game.from_json(data, catalogue=default_catalogue())
        self.catalogue = game.catalogue
        return game

    def seat_label(self, seat: int) -> str:
        return seat_label(seat)

    # --------------------------------------------------------------- bots
    def bots(self) -> tuple[tuple[str, ...], BotFactory]:
        return load_bots()

    def bot_descriptions(self, names: Sequence[str]) -> dict[str, str]:
        return bot_descriptions(BOTS_MODULE, names, {"random": "plays a random legal move"})

    def bot_levels(self, names: Sequence[str]) -> dict[str, str]:
        return bot_levels(BOTS_MODULE, names, {"random": 0})

    def default_seats(self, players: int, bot_names: Sequence[str]) -> list[str]:
        return default_seats(players, bot_names, self.preferred_bot)

    # ----------------------------------------------------------- payloads
    def view_payload(self, game: Game, seats: Sequence[str]) -> dict[str, Any]:
        return view_payload(game, list(seats))

    def legal_payload(self, game: Game) -> list[dict[str, Any]]:
        return legal_payload(game.state)

    def log_entries(self, game: Game, limit: int) -> list[dict[str, Any]]:
        return log_entries(game, limit)

    def preview_payload(self, game: Game, move: Move) -> dict[str, Any]:
        """:func:`~nations_widget.dice.preview.preview_move`, and the choices a buy leaves
        to the player, each with the engine's default and this move's choice, which the
        board offers inside the preview (a change asks the preview again): for a building,
        ``replace`` (:func:`~.payloads.replace_choice`) and ``give_back``
        (:func:`~.payloads.give_back_choice`); for an advisor replacing the player's,
        ``rerolls`` (:func:`~.payloads.rerolls_choice`, None without a choice)."""
        state = game.state
        result = preview_move(state, move)
        if isinstance(move, Buy):
            result["replace"] = replace_choice(state, move)
            result["give_back"] = (give_back_choice(state, move)
                                   if move.replaces is not None else None)
            result["rerolls"] = rerolls_choice(state, move)
        return result

    def extra_traits(self, game: Game, full: bool) -> dict[str, Any]:
        """``catalogue`` (the components, ~19 KB) and ``reconstructed``: sent when they
        change, or whole when asked."""
        cat = game.catalogue
        if not full and self._sent == cat.fingerprint:
            return {}
        self._sent = cat.fingerprint
        return {"catalogue": catalogue_payload(cat), "reconstructed": cat.reconstructed}

    # -------------------------------------------------------------- coach
    def hint(self, game: Game, top: int) -> Hint:
        return game.hint(top)

    def grade(self, game: Game, position: int) -> Verdict | None:
        before = game.state_at(position - 1)
        if len(before.legal_moves()) < 2:
            return None
        move = game.moves[position - 1]
        return compare(before, move, seed=game.config.seed ^ (position - 1))

    def review(self, game: Game, upto: int, seats: Sequence[int],
               progress: Callable[[int, int], None] | None,
               cancelled: Callable[[], bool] | None) -> Review:
        """The coach's review (:func:`nations_widget.dice.coach.review`) of the first
        ``upto`` moves, ``seats``' decisions graded, at its default budget, on the
        app's pool of processes where the machine has the cores (:func:`review_pool`)."""
        return review_game(game, seats=seats, upto=upto, progress=progress,
                           cancelled=cancelled, executor=review_pool(upto))

    def check_answer(self, game: Game, review: Review, puzzle: int, move: Any) -> Answer:
        return check_puzzle_answer(game, review, puzzle, move)
