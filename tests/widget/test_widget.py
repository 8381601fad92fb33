"""The widget's Python side: intents, refusals, bots, history, files, settings."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.dice import Game, IllegalMoveError, Pass, StateFormatError
from nations_widget.widget import MAX_MESSAGE_CHARS, NationsWidget
from tests.widget.conftest import fake_factory

Make = Callable[..., NationsWidget]


def snapshot(w: NationsWidget) -> tuple[str, int, int]:
    return (w.state.to_json_str(), w.game.position, w.game.length)


def test_importing_the_package_does_not_import_jupyter() -> None:
    import subprocess
    code = ("import nations_widget, nations_widget.dice, sys; "
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'ipykernel') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_widget_is_also_importable_from_the_package() -> None:
    from nations_widget import NationsWidget as FromPackage
    assert FromPackage is NationsWidget
    import nations_widget
    with pytest.raises(AttributeError, match="no attribute 'Widget'"):
        nations_widget.Widget  # noqa: B018


def test_traits_are_published(make_widget: Make) -> None:
    w = make_widget()
    assert w.catalogue["tiles"]["start-farm"]["tooltip"]
    assert w.catalogue["reconstructed"] is True and w.reconstructed is True
    assert "reconstruction" in w.catalogue["notice"]
    assert w.view["current"] == w.game.current_player
    assert w.view["viewer"] == w.game.current_player
    assert w.view["human_turn"] is True
    assert w.view["prompt"].startswith("Player")
    assert w.history == {"position": 0, "length": 0, "can_undo": False, "can_redo": False,
                         "undo_to": 0, "game_at": 0, "game": 1}
    assert w.seats == ["human", "human"]
    assert w.settings["players"] == 2 and w.settings["bot_delay"] == 0
    assert w.error == ""
    assert all({"move", "text"} <= set(e) for e in w.legal)
    assert w.game_log and w.game_log[-1]["kind"] == "roll"


def test_view_stays_small(make_widget: Make) -> None:
    w = make_widget(players=4, seats=["human"] * 4)
    sizes = []
    while not w.game.is_over:
        moves = w.game.legal_moves()
        buys = [m for m in moves if m.type in ("buy", "build")]
        w.play(buys[-1] if buys else moves[0])
        sizes.append(len(json.dumps(w.view)))
        assert len(json.dumps(w.legal)) < 12_000
    assert max(sizes) < 6_000


def test_rerolls_are_listed_once(make_widget: Make) -> None:
    w = make_widget()
    rerolls = [e for e in w.legal if e["move"]["type"] == "reroll"]
    assert len(rerolls) == 1 and rerolls[0]["subset"] is True
    assert rerolls[0]["move"]["dice"] == w.state.unused_dice(w.game.current_player or 0)


def test_a_move_intent_applies_the_move(make_widget: Make) -> None:
    w = make_widget()
    entry = next(e for e in w.legal if e["move"]["type"] == "buy")
    w.handle_intent({"kind": "move", "move": entry["move"], "seat": 0})
    assert w.error == ""
    assert w.game.position == 1
    assert w.history["position"] == 1
    assert any(e["kind"] == "buy" for e in w.game_log)


MALFORMED: list[Any] = [
    "not an object",
    None,
    [1, 2],
    {},
    {"kind": "dance"},
    {"kind": 7},
    {"kind": "move"},
    {"kind": "move", "move": "pass"},
    {"kind": "move", "move": {"type": "pass"}, "extra": 1},
    {"kind": "move", "move": {"type": "fly"}},
    {"kind": "move", "move": {"type": "reroll", "dice": [99]}},
    {"kind": "move", "move": {"type": "reroll", "dice": [-1]}},
    {"kind": "move", "move": {"type": "reroll", "dice": ["a"]}},
    {"kind": "move", "move": {"type": "reroll", "dice": [7]}},          # another seat's die
    {"kind": "move", "move": {"type": "reroll", "dice": [0, 0]}},
    {"kind": "move", "move": {"type": "buy", "tile": "nope"}},
    {"kind": "move", "move": {"type": "buy", "tile": "t1-07", "payment": {"dice": [2]}}},
    {"kind": "move", "move": {"type": "buy", "tile": "t1-07", "payment": {"chits": 9}}},
    {"kind": "move", "move": {"type": "buy", "tile": "t1-07", "payment": {"dice": True}}},
    {"kind": "move", "move": {"type": "books", "dice": []}},           # wrong step
    {"kind": "move", "move": {"type": "pass"}, "seat": 1},              # out of turn
    {"kind": "move", "move": {"type": "pass"}, "seat": "0"},
    {"kind": "move", "move": {"type": "pass"}, "seat": True},
    {"kind": "undo"},                                                   # nothing to undo
    {"kind": "undo", "steps": 0},
    {"kind": "redo"},
    {"kind": "goto", "position": 5},
    {"kind": "goto", "position": -1},
    {"kind": "goto", "position": "1"},
    {"kind": "goto", "position": 1.5},
    {"kind": "goto"},
    {"kind": "load", "text": "{not json"},
    {"kind": "load", "text": "{}"},
    {"kind": "load", "text": '{"format": "nations-dice-game", "version": 1}'},
    {"kind": "load", "text": 12},
    {"kind": "load_catalogue", "text": "{}"},
    {"kind": "load_catalogue", "text": "]"},
    {"kind": "new_game", "settings": {"players": 9}},
    {"kind": "new_game", "settings": {"players": "2"}},
    {"kind": "new_game", "settings": {"seats": ["human", "alien"]}},
    {"kind": "new_game", "settings": {"seats": ["human"]}},
    {"kind": "new_game", "settings": {"variant": "fast"}},
    {"kind": "new_game", "settings": {"seed": "abc"}},
    {"kind": "new_game", "settings": {"bot_delay": -1}},
    {"kind": "new_game", "settings": {"colour": "red"}},
    {"kind": "new_game", "settings": []},
    {"kind": "set_seat", "seat": 5, "player": "human"},
    {"kind": "set_seat", "seat": 0, "player": "alien"},
    {"kind": "set_seat", "seat": 0},
    {"kind": "play_bots"},                                              # a human's turn
    {"kind": "move", "move": {"type": "pass", "pledge": [0, 1]}},       # Original variant
]


@pytest.mark.parametrize("message", MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_malformed_intents_set_error_and_change_nothing(make_widget: Make, message: Any) -> None:
    w = make_widget()
    before = snapshot(w)
    seats = list(w.seats)
    w.handle_intent(message)          # never raises
    assert w.error, f"no error for {message!r}"
    assert snapshot(w) == before
    assert w.seats == seats


def test_a_huge_message_is_refused(make_widget: Make) -> None:
    w = make_widget()
    before = snapshot(w)
    w.handle_intent({"kind": "move", "move": {"type": "reroll", "dice": [0] * 300_000}})
    assert "too large" in w.error
    w.handle_intent({"kind": "load", "text": "x" * 1_000_000})
    assert "too large" in w.error and str(MAX_MESSAGE_CHARS // 1000) in w.error.replace(",", "")
    assert snapshot(w) == before


def test_a_deeply_nested_message_is_refused(make_widget: Make) -> None:
    w = make_widget()
    nested: Any = []
    for _ in range(50_000):
        nested = [nested]
    w.handle_intent({"kind": "move", "move": {"type": "reroll", "dice": nested}})
    assert "nested too deeply" in w.error


def test_binary_buffers_are_refused(make_widget: Make) -> None:
    w = make_widget()
    w._on_custom_msg(w, {"kind": "redo"}, [b"x"])
    assert "buffers" in w.error


def test_an_internal_failure_does_not_escape(make_widget: Make,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    w = make_widget()

    def boom(*_: object) -> None:
        raise FileNotFoundError("/srv/app/.venv/lib/python3/site-packages/kaput.py")

    monkeypatch.setattr(w, "redo", boom)
    before = snapshot(w)
    w.handle_intent({"kind": "redo"})
    # in the widget's words: the kind of failure, no server path, no exception text
    assert w.error.startswith("something went wrong inside the app (FileNotFoundError)")
    assert "/srv" not in w.error and "kaput" not in w.error
    assert isinstance(w.last_internal_error, FileNotFoundError)   # Python still has it
    assert snapshot(w) == before


def test_the_error_clears_after_a_good_move(make_widget: Make) -> None:
    w = make_widget()
    w.handle_intent({"kind": "move", "move": {"type": "reroll", "dice": [99]}})
    assert "no die 99" in w.error
    w.handle_intent({"kind": "clear_error"})
    assert w.error == ""
    w.handle_intent({"kind": "move", "move": {"type": "reroll", "dice": [99]}})
    w.handle_intent({"kind": "move", "move": {"type": "pass"}})
    assert w.error == ""


def test_python_api_raises_and_shows_the_reason(make_widget: Make) -> None:
    w = make_widget()
    with pytest.raises(IllegalMoveError):
        w.play({"type": "reroll", "dice": [99]})
    assert "no die 99" in w.error
    w.play(Pass())
    assert w.game.position == 1 and w.error == ""
    with pytest.raises(IndexError):
        w.goto(5)


def test_bots_answer_a_human_move(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    human = w.game.current_player
    assert human is not None
    if w.seats[human] != "human":        # the bot moved first at creation
        assert w.game.position > 0
    w.handle_intent({"kind": "move", "move": {"type": "pass"}})
    assert w.error == ""
    # after the pass, the bot seat played until a human decision or the end
    cur = w.game.current_player
    assert cur is None or w.seats[cur] == "human"
    assert any(e["seat"] == 1 for e in w.game_log)
    assert w.busy is False


def test_all_bot_game_plays_to_the_end(make_widget: Make) -> None:
    w = make_widget(players=3, seats=["first", "other", "first"])
    assert w.game.is_over
    assert w.view["winner"] is not None
    assert w.legal == []
    assert w.view["prompt"].startswith("Game over")


def test_a_bot_seat_refuses_browser_moves(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    while w.game.current_player == 0:
        w.play(w.game.legal_moves()[-1])
    # bots ran; now make it the bot's turn without letting it move
    w.undo(1)
    if w.game.current_player == 1:
        before = snapshot(w)
        w.handle_intent({"kind": "move", "move": {"type": "pass"}})
        assert "bot" in w.error
        assert snapshot(w) == before
        w.handle_intent({"kind": "play_bots"})
        assert w.game.current_player != 1 or w.game.is_over


def test_bot_move_and_hint(make_widget: Make) -> None:
    w = make_widget()
    move = w.bot_move()                      # a hint for a human seat: played by a bot
    assert w.game.position == 1 and w.game.moves[-1] == move
    w.handle_intent({"kind": "bot_move"})
    assert w.game.position == 2 and w.error == ""


def test_undo_redo_goto(make_widget: Make) -> None:
    w = make_widget()
    for _ in range(4):
        w.play(w.game.legal_moves()[-1])
    states = [w.game.state_at(i).to_json_str() for i in range(5)]
    w.handle_intent({"kind": "undo"})
    assert w.game.position == 3 and w.history["can_redo"]
    w.handle_intent({"kind": "redo"})
    assert w.game.position == 4
    w.handle_intent({"kind": "goto", "position": 1})
    assert w.game.position == 1 and w.state.to_json_str() == states[1]
    assert w.history == {"position": 1, "length": 4, "can_undo": True, "can_redo": True,
                         "undo_to": 0, "game_at": 4, "game": 1}
    # replay: going forward again shows the same rolls (nothing re-rolled)
    w.handle_intent({"kind": "goto", "position": 4})
    assert w.state.to_json_str() == states[4]
    # playing after an undo discards the rest
    w.undo()
    w.play(Pass())
    assert w.game.length == 4 and not w.history["can_redo"]


def test_undo_against_bots_goes_back_to_the_human_decision(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    for _ in range(3):
        if w.game.is_over:
            break
        w.play(w.game.legal_moves()[-1])
    pos = w.game.position
    target = w.history["undo_to"]
    assert w.game.state_at(target).current_player() == 0
    w.handle_intent({"kind": "undo"})
    assert w.game.position == target < pos
    assert w.game.current_player == 0
    assert w.error == ""
    # bots do not move by themselves after an undo
    assert w.game.position == target


def test_save_load_round_trip(make_widget: Make) -> None:
    w = make_widget(players=3)
    for _ in range(6):
        w.play(w.game.legal_moves()[-1])
    w.undo(2)
    text = w.save_json()
    other = make_widget(players=2)
    other.load_json(text)
    assert other.state == w.state
    assert other.game.length == w.game.length and other.game.position == w.game.position
    assert other.seats == ["human", "human", "human"]
    assert other.view == w.view
    # and as an intent, with the file name in errors
    third = make_widget()
    third.handle_intent({"kind": "load", "text": text, "name": "mine.json"})
    assert third.error == "" and third.state == w.state
    third.handle_intent({"kind": "load", "text": "{", "name": "bad.json"})
    assert third.error.startswith("could not load bad.json: a saved game is not JSON")
    assert third.state == w.state


def test_load_json_raises_on_a_bad_file(make_widget: Make) -> None:
    w = make_widget()
    with pytest.raises(StateFormatError):
        w.load_json('{"format": "something else"}')
    assert "could not load" in w.error


def test_save_intent_answers_with_the_json(make_widget: Make,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    w = make_widget()
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    w.play(Pass())
    w.handle_intent({"kind": "save"})
    assert sent and sent[0]["kind"] == "saved"
    assert sent[0]["filename"].endswith("move1.json")
    assert Game.from_json(sent[0]["text"]).state == w.state


def test_new_game_settings(make_widget: Make) -> None:
    w = make_widget()
    w.handle_intent({"kind": "new_game", "settings": {
        "players": 3, "seats": ["human", "human", "human"], "variant": "accelerated",
        "automate": False, "seed": "42", "bot_delay": 0}})
    assert w.error == ""
    cfg = w.game.config
    assert (cfg.players, cfg.variant, cfg.automate, cfg.seed) == (3, "accelerated", False, 42)
    assert w.settings["players"] == 3 and w.seats == ["human"] * 3
    assert w.game.position == 0
    w.handle_intent({"kind": "new_game", "settings": {"players": 1, "solo_tougher": True,
                                                       "seed": None}})
    assert w.error == "" and w.game.config.players == 1 and w.game.config.solo_tougher
    assert w.seats == ["human"]
    assert w.view["opponent_books"] >= 1
    w.new_game(players=2, seed=7)
    assert w.game.config.seed == 7 and len(w.seats) == 2


def test_set_seat_hands_a_seat_to_a_bot(make_widget: Make) -> None:
    w = make_widget()
    cur = w.game.current_player
    assert cur is not None
    w.handle_intent({"kind": "set_seat", "seat": cur, "player": "first"})
    assert w.error == ""
    assert w.seats[cur] == "first"
    assert w.game.position > 0      # the bot played at once (delay 0)


def test_accelerated_hides_other_pledges(make_widget: Make) -> None:
    w = make_widget(variant="accelerated", seats=["human", "human"])
    assert w.view["viewer"] == w.game.current_player


def test_the_board_payload_does_not_tell_an_empty_pledge_from_a_full_one() -> None:
    """What the widget sends for the next seat is byte-identical whether the passed player
    traded dice for food or traded nothing (Accelerated; seed 000's secret pledges)."""
    from nations_widget.dice import scenario

    def table(pledge: bool) -> NationsWidget:
        state = scenario({"players": 2, "variant": "accelerated", "order": [0, 1],
                          "event": "e1-1", "automate": False,
                          "seats": [{"dice": ["white:food", "white:food", "white:gold",
                                              "white:stone", "white:book"]},
                                    {"dice": ["white:food", "white:strength", "white:gold",
                                              "white:strength", "white:strength"]}]})
        w = NationsWidget(game=Game.from_state(state), seats=["human", "human"], bot_delay=0,
                          bot_factory=fake_factory, bot_names=["first", "other"])
        dice = tuple(d for d in state.dice_of(0)
                     if state.face(d)[0] or state.face(d)[1]) if pledge else ()
        w.handle_intent({"kind": "move", "move": Pass(dice).to_json()})
        assert w.error == ""
        return w

    full, empty = table(True), table(False)
    assert full.game.state.players[0].pledge and not empty.game.state.players[0].pledge
    assert full.view["viewer"] == empty.view["viewer"] == 1
    for trait in ("view", "legal", "log_patch", "history"):
        assert json.dumps(getattr(full, trait), sort_keys=True) == \
            json.dumps(getattr(empty, trait), sort_keys=True), trait
    assert full.view["players"][0]["pledge"] == "hidden"


def test_load_catalogue(make_widget: Make) -> None:
    from nations_widget.dice.catalogue import catalogue_to_json, default_catalogue
    data = catalogue_to_json(default_catalogue())
    data["name"] = "my-real-components"
    data["reconstructed"] = False
    w = make_widget()
    w.handle_intent({"kind": "load_catalogue", "text": json.dumps(data), "name": "real.json"})
    assert w.error == ""
    assert w.catalogue["name"] == "my-real-components"
    assert w.reconstructed is False and w.catalogue["notice"] == ""
    bad = dict(data, tiles=[])
    w.handle_intent({"kind": "load_catalogue", "text": json.dumps(bad), "name": "bad.json"})
    assert w.error.startswith("could not load bad.json")
    assert w.catalogue["name"] == "my-real-components"


def test_log_is_bounded_and_numbered(make_widget: Make) -> None:
    w = make_widget(players=4, seats=["human"] * 4)
    while not w.game.is_over:
        w.play(w.game.legal_moves()[-1])
    from nations_widget.widget.shell.log import LOG_LIMIT
    total = len(w.game.log())
    assert len(w.game_log) == LOG_LIMIT
    assert [e["n"] for e in w.game_log] == list(range(total - LOG_LIMIT, total))
    assert [e["text"] for e in w.game_log] == [e.text for e in w.game.log()][-LOG_LIMIT:]
    assert w.game_log[-1]["kind"] == "end"


class Browser:
    """What the browser does with the log_patch trait (js/src/logstore.js)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] | None = None
        self.seq: int | None = None

    def receive(self, patch: dict[str, Any]) -> bool:
        from nations_widget.widget import apply_log_patch
        got = apply_log_patch(self.entries, self.seq, patch)
        if got is None:
            return False
        self.entries, self.seq = got, patch["seq"]
        return True


def test_log_patches_keep_the_browser_log_equal_to_pythons(make_widget: Make) -> None:
    import random
    rng = random.Random(5)
    w = make_widget(players=3, seats=["human"] * 3)
    browser = Browser()
    patches: list[dict[str, Any]] = []
    w.observe(lambda change: patches.append(change["new"]), names=["log_patch"])
    assert browser.receive(w.log_patch)
    saved = w.save_json()
    for i in range(400):
        r = rng.random()
        if w.game.is_over or r < 0.08:
            w.goto(rng.randint(0, w.game.length))
        elif r < 0.18 and w.game.can_undo:
            w.undo()
        elif r < 0.24 and w.game.can_redo:
            w.redo()
        elif r < 0.26:
            w.load_json(saved)
        elif r < 0.27:
            w.new_game(seed=i)
        else:
            moves = w.game.legal_moves()
            w.play(moves[rng.randrange(len(moves))])
        for patch in patches:
            assert browser.receive(patch), patch
        patches.clear()
        assert browser.entries == w.game_log
    assert browser.entries and len(browser.entries) <= 50


def test_a_move_sends_only_its_own_log_lines(make_widget: Make) -> None:
    w = make_widget(players=2)
    while len(w.game.log()) < 60:           # past the board's 50 lines: the window slides
        w.play(w.game.legal_moves()[-1])
    assert not w.game.is_over
    before = {e["n"] for e in w.game_log}
    w.play(w.game.legal_moves()[0])
    patch = w.log_patch
    assert not patch.get("reset") and patch["head"] == []
    assert [e["n"] for e in patch["tail"]] == [e["n"] for e in w.game_log if e["n"] not in before]
    assert len(json.dumps(patch)) < len(json.dumps(w.game_log)) / 2
    w.undo()
    assert not w.log_patch.get("reset") and w.log_patch["tail"] == []


def test_a_browser_that_missed_patches_asks_for_the_whole_log(make_widget: Make) -> None:
    w = make_widget(players=2)
    for _ in range(5):
        w.play(w.game.legal_moves()[-1])
    late = Browser()                       # a page opened now: it only has the last patch
    assert not late.receive(w.log_patch)
    sent: list[dict[str, Any]] = []
    w.observe(lambda change: sent.append(change["new"]), names=["log_patch"])
    w.handle_intent({"kind": "log_sync"})
    assert w.error == ""
    assert sent and sent[-1]["reset"] is True
    assert late.receive(sent[-1]) and late.entries == w.game_log


def test_scheduled_bots_run_in_a_thread_without_a_loop(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    w.bot_delay = 0.01
    w.play(Pass())
    deadline = time.time() + 5
    while w.busy and time.time() < deadline:
        time.sleep(0.01)
    assert not w.busy
    cur = w.game.current_player
    assert cur is None or w.seats[cur] == "human"


def test_scheduled_bots_run_as_an_asyncio_task(make_widget: Make) -> None:
    import asyncio

    async def scenario() -> NationsWidget:
        w = make_widget(seats=["human", "first"])
        w.bot_delay = 0.01
        w.handle_intent({"kind": "move", "move": {"type": "pass"}})
        assert w.busy
        for _ in range(500):
            if not w.busy:
                break
            await asyncio.sleep(0.01)
        return w

    w = asyncio.run(scenario())
    assert not w.busy and w.error == ""
    cur = w.game.current_player
    assert cur is None or w.seats[cur] == "human"


def test_an_undo_cancels_scheduled_bot_moves(make_widget: Make) -> None:
    import asyncio

    async def scenario() -> tuple[int, int]:
        w = make_widget(seats=["human", "first"])
        w.bot_delay = 0.2
        w.play(Pass())
        pos = w.game.position
        assert w.busy
        w.undo(1)                       # before the bot's first move
        assert not w.busy
        await asyncio.sleep(0.4)
        return pos, w.game.position

    pos, after = asyncio.run(scenario())
    assert after == pos - 1


def test_the_real_bots_are_offered() -> None:
    w = NationsWidget(players=2, seed=1, bot_delay=0)
    assert w.bot_names
    assert w.seats[0] == "human" and w.seats[1] in w.bot_names
    assert w.game.current_player is None or w.seats[w.game.current_player] == "human"


def test_a_seat_for_an_unknown_bot_or_no_such_seat_is_refused_with_a_typed_error(
        make_widget: Make) -> None:
    """set_seat refusals are typed like every other refusal (issue 32: a bare ValueError
    before): the bot's name is in the message, with the names there are."""
    from nations_widget.core.errors import SeatChoiceError, UnknownBotError
    w = make_widget()
    before = (snapshot(w), list(w.seats))
    with pytest.raises(UnknownBotError, match="'no-such-bot'") as refused:
        w.set_seat(1, "no-such-bot")
    assert "first" in str(refused.value) and "human" in str(refused.value)
    assert isinstance(refused.value, SeatChoiceError)
    with pytest.raises(SeatChoiceError, match="seat must be 0-1"):
        w.set_seat(2, "human")
    with pytest.raises(UnknownBotError):
        make_widget(seats=["human", "no-such-bot"])
    assert (snapshot(w), list(w.seats)) == before
    # from the page: the same words on the board
    w.handle_intent({"kind": "set_seat", "seat": 1, "player": "no-such-bot"})
    assert "'no-such-bot'" in w.error and w.last_internal_error is None


@pytest.mark.parametrize("engine", ["dice", "board"])
def test_the_engines_refuse_an_unknown_bot_with_a_typed_error(engine: str) -> None:
    import importlib

    from nations_widget.core.errors import UnknownBotError
    bots = importlib.import_module(f"nations_widget.{engine}.bots")
    with pytest.raises(UnknownBotError, match="unknown bot 'nobody'"):
        bots.make_bot("nobody")
