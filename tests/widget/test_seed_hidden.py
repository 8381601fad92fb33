"""The page never gets the seed of a game in progress (it tells every draw to come).

For both games, at every position of a whole game: no synced trait's JSON holds a
``seed`` key, the seed's value, or the generator of any position of the game; once the
game has been played to its end, ``settings`` holds the seed (for sharing), also while
the finished game is looked back at, and playing on from an earlier position hides it
again.  Play again (the settings the page has, a new seed) and New game (with or without
a seed typed in) still start the game asked for.  Python keeps the seed
(``widget.game.config.seed``), and the Save button still gives the whole state.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.core.fairness import verify
from nations_widget.dice import Game as DiceGame
from nations_widget.widget import NationsWidget
from nations_widget.widget.board.widget import BoardWidget
from nations_widget.widget.shell import GameWidget
from nations_widget.widget.shell.secrecy import game_finished, published_settings

#: Ten digits: a number no other payload field comes near.
SEED = 1_234_567_891

Widget = GameWidget[Any, Any]


def dice_widget(seats: list[str] | None = None, **kwargs: Any) -> NationsWidget:
    return NationsWidget(players=2, seats=seats or ["human", "human"], seed=SEED,
                         bot_delay=0, **kwargs)


def board_widget(seats: list[str] | None = None, **kwargs: Any) -> BoardWidget:
    # the short game (one age): a whole game in a few hundred moves
    return BoardWidget(players=2, seats=seats or ["human", "human"], seed=SEED, ages=1,
                       bot_delay=0, **kwargs)


MAKERS = {"dice": dice_widget, "board": board_widget}


def synced(w: Widget) -> dict[str, str]:
    """Every synced trait as the page gets it (JSON text), by name."""
    return {name: json.dumps(getattr(w, name)) for name in w.read_only_traits()}


def generators(w: Widget) -> set[str]:
    """The generator of every position of the game (as saved: hex text)."""
    game = w.game
    return {str(game.state_at(p).to_json()["rng"]) for p in range(game.length + 1)}


def seed_leaks(w: Widget) -> list[str]:
    """Where the synced traits give away the seed or a generator: ``trait: what``."""
    rngs = generators(w)
    found = []
    for name, text in synced(w).items():
        if '"seed"' in text:
            found.append(f"{name}: a seed key")
        if str(w.game.config.seed) in text:
            found.append(f"{name}: the seed's value")
        if '"rng"' in text or any(r in text for r in rngs):
            found.append(f"{name}: a generator")
    return found


def play_out(w: Widget, check: bool = True) -> int:
    """Play the game to its end with random moves (``bot_move``: the bots do not answer),
    checking at every position that nothing gives the seed away; the moves played."""
    moves = 0
    while not w.game.is_over:
        if check:
            assert seed_leaks(w) == [], f"at move {w.game.position}"
        w.bot_move("random")
        moves += 1
        assert moves < 5000, "the game does not end"
    return moves


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_no_synced_trait_holds_the_seed_while_the_game_runs(kind: str) -> None:
    w = MAKERS[kind]()
    assert w.game.config.seed == SEED              # Python keeps it
    assert "seed" not in w.settings and w.settings["players"] == 2
    play_out(w)
    assert w.game.is_over and w.settings["seed"] == SEED
    assert seed_leaks(w) != []                     # the check sees a seed when there is one


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_undo_redo_goto_preview_and_the_log_sync_hold_no_seed(kind: str) -> None:
    w = MAKERS[kind]()
    for _ in range(12):
        w.bot_move("random")
    w.undo(3)
    assert seed_leaks(w) == []
    w.redo()
    w.goto(2)
    w.handle_intent({"kind": "log_sync"})
    assert w.error == "" and seed_leaks(w) == []
    w.goto(w.game.length)
    # a preview of each move the human may play now (the ones that have one)
    for entry in w.legal[:20]:
        w.handle_intent({"kind": "preview", "move": entry["move"], "ask": 1})
    assert w.preview, "no move had a preview"
    assert seed_leaks(w) == []
    # the coach's answer (its playouts are seeded from the game's seed, its words are not)
    w.handle_intent({"kind": "clear_error"})      # the moves without a preview said so
    w.handle_intent({"kind": "hint"})
    assert w.error == "" and w.coach["hint"]
    assert seed_leaks(w) == []


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_a_finished_game_shows_its_seed_until_it_is_played_on_from_earlier(kind: str) -> None:
    w = MAKERS[kind]()
    play_out(w, check=False)
    assert game_finished(w.game) and w.settings["seed"] == SEED
    played = w.game.moves
    # looking back at the finished game keeps the seed shown
    w.goto(w.game.length - 3)
    assert not w.game.is_over and w.settings["seed"] == SEED
    w.undo(1)
    assert w.settings["seed"] == SEED
    # another move than the one played (one that does not end the game at once), from the
    # last position that had one, cuts the history: the game is in progress again
    def goes_on(position: int, move: Any) -> bool:
        after = w.game.state_at(position).clone()
        after.apply(move)
        return not after.is_terminal()

    choice, other = next((p, m) for p in range(w.game.length - 1, -1, -1)
                         for m in w.game.state_at(p).legal_moves()
                         if m != played[p] and goes_on(p, m))
    w.goto(choice)
    assert w.settings["seed"] == SEED
    w.play(other)
    assert not game_finished(w.game) and "seed" not in w.settings
    assert seed_leaks(w) == []


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_a_game_the_bots_finish_at_once_publishes_its_seed(kind: str) -> None:
    bots = ["random", "random"]
    w = MAKERS[kind](seats=bots)          # bot_delay 0: the bots play it out at once
    assert w.game.is_over and w.settings["seed"] == SEED


def page_play_again(w: Widget) -> dict[str, Any]:
    """What the page's Play again sends (js/src/shell/newgame.js, playAgain): every
    setting the page has but the message limit and the seed, the seats, no seed."""
    same = {k: v for k, v in w.settings.items() if k not in ("max_message", "seed")}
    return {**same, "seats": list(w.seats), "seed": None}


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_play_again_keeps_the_settings_with_a_new_hidden_seed(kind: str) -> None:
    w = MAKERS[kind]()
    play_out(w, check=False)
    finished = w.settings
    old_config = w.game.config.to_json()
    number = w.history["game"]
    w.handle_intent({"kind": "new_game", "settings": page_play_again(w)})
    assert w.error == ""
    assert w.game.position == 0 and not w.game.is_over   # both seats human: no move yet
    new_config = w.game.config.to_json()
    assert new_config["seed"] != SEED
    assert {k: v for k, v in new_config.items() if k != "seed"} == \
        {k: v for k, v in old_config.items() if k != "seed"}
    assert w.settings == {k: v for k, v in finished.items() if k != "seed"}
    assert w.history["game"] == number + 1
    assert seed_leaks(w) == []


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_play_again_in_the_middle_of_a_game_needs_no_seed_either(kind: str) -> None:
    w = MAKERS[kind]()
    for _ in range(5):
        w.bot_move("random")
    w.handle_intent({"kind": "new_game", "settings": page_play_again(w)})
    assert w.error == "" and w.game.config.seed != SEED
    assert w.game.config.players == 2 and seed_leaks(w) == []


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_a_seed_typed_in_the_new_game_dialog_is_played_and_kept_from_the_page(
        kind: str) -> None:
    w = MAKERS[kind]()
    w.handle_intent({"kind": "new_game", "settings": {"players": 3, "seed": " 987654321 ",
                                                      "seats": ["human"] * 3}})
    assert w.error == ""
    assert w.game.config.seed == 987654321 and w.game.config.players == 3
    assert "seed" not in w.settings and seed_leaks(w) == []
    # the same seed from Python: the same game, seed kept in Python only
    again = type(w)(players=3, seats=["human"] * 3, seed=987654321, bot_delay=0,
                    **({"ages": 1} if kind == "board" else {}))
    assert again.game.config.seed == 987654321 and "seed" not in again.settings
    # an empty seed field: a random seed
    w.handle_intent({"kind": "new_game", "settings": {"seed": ""}})
    assert w.error == "" and w.game.config.seed != 987654321 and seed_leaks(w) == []


def test_the_python_api_start_game_and_new_game_keep_the_seed_in_python() -> None:
    w = dice_widget()
    w.new_game(seed=77)
    assert w.game.config.seed == 77 and "seed" not in w.settings
    b = board_widget()
    b.new_game(seed=78)
    assert b.game.config.seed == 78 and "seed" not in b.settings


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_the_save_button_still_gives_the_whole_state(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    w = MAKERS[kind]()
    for _ in range(6):
        w.bot_move("random")
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    w.handle_intent({"kind": "save"})
    assert sent and sent[0]["kind"] == "saved"
    data = json.loads(sent[0]["text"])
    assert data["config"]["seed"] == SEED     # deliberately: the save restores the game
    engine = DiceGame if kind == "dice" else BoardGame
    loaded = engine.from_json(data)
    assert loaded.state == w.game.state       # the generator included
    # loading it on a page: the page still does not get the seed
    w.handle_intent({"kind": "load", "text": sent[0]["text"]})
    assert w.error == "" and w.game.config.seed == SEED and seed_leaks(w) == []


def test_the_game_number_tells_games_apart() -> None:
    w = dice_widget()
    assert w.history["game"] == 1
    w.play(w.game.legal_moves()[0])
    assert w.history["game"] == 1                  # a move is the same game
    w.handle_intent({"kind": "new_game", "settings": {"seed": SEED}})
    assert w.history["game"] == 2                  # the same seed is a new game all the same
    w.load_json(w.save_json())
    assert w.history["game"] == 3


def test_published_settings_drop_only_the_seed() -> None:
    game = DiceGame(players=2, seed=5)
    settings = game.config.to_json()
    shown = published_settings(settings, game)
    assert shown == {k: v for k, v in settings.items() if k != "seed"}
    assert settings["seed"] == 5                   # the caller's settings are left alone


def test_board_play_again_keeps_every_board_setting_and_the_seats() -> None:
    """The board game's Play again (its game-over panel's button, the shell's playAgain)
    with every board setting away from its default: the players, the seats (a bot among
    them), the difficulty and the side per seat, the decks, the length and the easier
    start all carry over; only the seed is new."""
    seats = ["human", "random", "human"]
    w = BoardWidget(players=3, seats=seats, seed=SEED, ages=1, easier=True,
                    decks="base+advanced", difficulty=["chieftain", "king", "emperor"],
                    sides=["A", "china-b", "A"], bot_delay=0)
    play_out(w, check=False)
    assert w.settings["seed"] == SEED
    old_config = w.game.config.to_json()
    sent = page_play_again(w)
    assert sent["difficulty"] == ["chieftain", "king", "emperor"]   # the page has them all
    w.handle_intent({"kind": "new_game", "settings": sent})
    assert w.error == ""
    new_config = w.game.config.to_json()
    assert new_config["seed"] != SEED
    assert {k: v for k, v in new_config.items() if k != "seed"} == {
        "players": 3, "difficulty": ["chieftain", "king", "emperor"],
        "sides": ["A", "china-b", "A"], "decks": ["base", "adv"], "ages": 1, "easier": True}
    assert {k: v for k, v in new_config.items() if k != "seed"} == \
        {k: v for k, v in old_config.items() if k != "seed"}
    assert w.seats == seats and w.bot_delay == 0
    assert seed_leaks(w) == []


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_the_page_gets_the_fingerprint_from_the_start_and_what_checks_it_at_the_end(
        kind: str) -> None:
    """Fair dice, shown: the ``fair`` trait holds the game's fingerprint from the first
    position (nothing else: the salt would let the seed be found), and once the game is
    over the seed, the salt and the text whose SHA-256 is that fingerprint."""
    w = MAKERS[kind]()
    at_start = dict(w.fair)
    assert set(at_start) == {"fingerprint"} and at_start["fingerprint"] == w.game.fingerprint
    assert w.game.salt is not None
    for _ in range(10):
        w.bot_move("random")
        assert w.fair == at_start and w.game.salt not in json.dumps(synced(w))
    play_out(w, check=False)
    end = w.fair
    assert end["fingerprint"] == at_start["fingerprint"]
    assert end["seed"] == SEED and end["salt"] == w.game.salt
    assert verify(at_start["fingerprint"], end["text"])
    # a new game: a new fingerprint, hidden again
    w.handle_intent({"kind": "new_game", "settings": page_play_again(w)})
    assert set(w.fair) == {"fingerprint"} and w.fair["fingerprint"] != at_start["fingerprint"]
    # a load keeps the saved game's fingerprint
    second = w.fair["fingerprint"]
    saved = w.save_json()
    w.handle_intent({"kind": "new_game", "settings": {"seed": ""}})
    assert w.fair["fingerprint"] != second
    w.load_json(saved)
    assert w.fair == {"fingerprint": second}


@pytest.mark.parametrize("kind", ["dice", "board"])
def test_a_saved_file_is_named_without_the_seed_until_the_game_is_finished(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    w = MAKERS[kind]()
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    for _ in range(3):
        w.bot_move("random")
    w.handle_intent({"kind": "save"})
    assert str(SEED) not in sent[-1]["filename"]
    assert sent[-1]["filename"] == f"nations-{kind}-2p-move3.json"
    play_out(w, check=False)
    w.goto(2)                         # looking back at the finished game: it is finished
    w.handle_intent({"kind": "save"})
    assert sent[-1]["filename"] == f"nations-{kind}-2p-seed{SEED}-move2.json"
