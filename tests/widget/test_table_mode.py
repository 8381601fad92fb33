"""The widget at a table (nations_widget.widget.shell.table_mode): each screen its seat's view
only, moves stored as table plays, other screens' moves shown as they are stored, bots
playing once, a page coming back with its links."""

from __future__ import annotations

import importlib
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from nations_widget.tables import Store, create_table, join_table
from nations_widget.widget import NationsWidget
from nations_widget.widget.board.widget import BoardWidget
from nations_widget.widget.shell.table_mode import open_hands, with_names
from nations_widget.widget.shell.widget import GameWidget

SEED = 738_291_004_615_229_380_117_564_093


@pytest.fixture
def widgets() -> Iterator[list[GameWidget[Any, Any]]]:
    made: list[GameWidget[Any, Any]] = []
    yield made
    for widget in made:
        widget.leave_table()


#: how soon another screen must see a page come or go (issue 31: within 5 s; the watcher's
#: own cycle takes a part of it, longer on a loaded machine: a tighter wait was flaky)
PRESENCE_BOUND = 5.0


def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait for a watcher thread (no timing is asserted: only that it happens)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the screen did not follow the table")
        time.sleep(0.02)


def dice_screen(store: Store, tokens: list[str], made: list[GameWidget[Any, Any]],
                **kwargs: Any) -> NationsWidget:
    widget = NationsWidget(players=2, seats=["human", "random"], bot_delay=0)
    widget.sit_at(open_hands(store, tokens), **kwargs)
    made.append(widget)
    return widget


def synced(widget: GameWidget[Any, Any]) -> dict[str, Any]:
    """Every synced trait as the page gets it, and the log as its patches build it (the
    patches' numbers count the widget's publishes, not the game)."""
    data = {name: getattr(widget, name) for name in widget.read_only_traits()}
    data["log_patch"] = {k: v for k, v in data["log_patch"].items() if k not in ("seq", "prev")}
    return data | {"log": widget.game_log}


def test_a_move_at_one_screen_shows_at_the_other(store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets)
    bob = dice_screen(store, [links.seats[1]], widgets)
    assert alice.seats == ["human", "remote"] and bob.seats == ["remote", "human"]
    first = alice.game.current_player
    mover, other = (alice, bob) if first == 0 else (bob, alice)
    assert mover.table["my_turn"] and not other.table["my_turn"]
    assert mover.legal and other.legal == []
    mover.handle_intent({"kind": "move", "move": mover.legal[0]["move"],
                         "position": mover.game.position})
    assert mover.error == "" and mover.table["number"] == 1
    until(lambda: other.table.get("number") == 1)
    assert other.game.position == mover.game.position == 1
    assert join_table(store, links.spectator).number == 1      # it is in the store


def test_a_move_for_another_screens_seat_is_refused_and_nothing_stored(
        store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets)
    bob = dice_screen(store, [links.seats[1]], widgets)
    waiting = bob if alice.game.current_player == 0 else alice
    move = waiting.game.legal_moves()[0].to_json()
    waiting.handle_intent({"kind": "move", "move": move})
    assert "turn" in waiting.error and "another screen" in waiting.error
    assert store.head(links.table_id) == 0


def test_a_move_another_screen_stored_first_is_refused_in_words(
        store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    here = dice_screen(store, [links.seats[0], links.seats[1]], widgets, run_bots=False)
    here.leave_table()                  # stop watching: it does not see the other screen
    to_play = here.game.current_player
    assert to_play is not None
    there = join_table(store, links.seats[to_play])
    here.sit_at(open_hands(store, [links.seats[0], links.seats[1]]))
    here.table_binding.stop()           # type: ignore[union-attr]
    there.play(there.legal_moves()[0])
    here.handle_intent({"kind": "move", "move": here.legal[0]["move"]})
    assert "moved first" in here.error
    assert store.head(links.table_id) == 1
    assert here.game.position == 1      # it shows the table as it is now


def test_no_screen_gets_another_seats_accelerated_pledge(
        store: Store, widgets: list[Any]) -> None:
    """Two tables alike but for one seat's pledge: every other screen (and the
    spectators') gets the very same traits, log included, from both."""
    screens: list[list[dict[str, Any]]] = []
    pledger_seat = None
    for pledge in ([10, 11], []):
        links = create_table(store, "dice", players=3, seed=4, variant="accelerated")
        mover = join_table(store, links.seats[0])
        seat = mover.game.current_player
        assert seat is not None
        pledger_seat = seat
        move = {"type": "pass", "pledge": pledge} if pledge else {"type": "pass"}
        join_table(store, links.seats[seat]).play(move)
        tokens = [t for s, t in enumerate(links.seats) if s != seat] + [links.spectator]
        shown = []
        for token in tokens:
            widget = dice_screen(store, [token], widgets, run_bots=False)
            data = synced(widget)
            # (the table's id and links differ, and which screens are connected is
            # a matter of timing)
            data["table"] = {k: v for k, v in data["table"].items()
                             if k not in ("id", "tokens", "seats")}
            shown.append(data)
        screens.append(shown)
    with_pledge, without = screens
    # each table's game has a salt of its own, so its fair-dice fingerprint differs; the
    # fingerprint is all the page gets of it before the end
    for data in (*with_pledge, *without):
        assert set(data.pop("fair")) == {"fingerprint"}
    assert with_pledge == without
    for data in with_pledge:
        assert data["view"]["players"][pledger_seat]["pledge"] == "hidden"
        text = json.dumps(data)
        assert '"seed"' not in text and '"rng"' not in text


def test_the_seed_is_in_no_trait_of_any_screen(store: Store, widgets: list[Any]) -> None:
    for kind, cls in (("dice", NationsWidget), ("board", BoardWidget)):
        links = create_table(store, kind, players=2, seed=SEED)
        for token in (*links.seats, links.spectator):
            widget = cls(players=2, seats=["human", "random"], bot_delay=0)
            widget.sit_at(open_hands(store, [token]), run_bots=False)
            widgets.append(widget)
            assert str(SEED) not in json.dumps(synced(widget))


def test_a_bot_seat_is_played_once_by_the_screens_watchers(
        store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=3, seats=[None, "random"])
    # two screens of the same person (two tabs), both running the table's bots
    one = dice_screen(store, [links.seats[0]], widgets)
    two = dice_screen(store, [links.seats[0]], widgets)
    for _ in range(6):
        until(lambda: one.game.current_player in (0, None)
              and one.table["number"] == store.head(links.table_id))
        if one.game.current_player is None:
            break
        one.play(one.game.legal_moves()[0])
    until(lambda: two.table["number"] == store.head(links.table_id))
    events = [json.loads(e.record) for e in store.events(links.table_id)]
    bot_moves = [e for e in events if e.get("seat") == 1]
    assert bot_moves, "the bot never played"
    # each bot turn stored once: the events replay (a second copy would be out of turn)
    assert join_table(store, links.spectator).number == len(events)


def test_a_seat_handed_to_a_bot_and_taken_back(store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    host = dice_screen(store, [links.seats[0], links.host], widgets, run_bots=False)
    host.set_seat(1, "random")
    assert host.seats[1] == "random" and host.table["seats"][1]["who"] == "bot"
    host.set_seat(1, "human")
    assert host.seats[1] == "remote"
    alice = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    alice.handle_intent({"kind": "set_seat", "seat": 1, "player": "random"})
    assert "host" in alice.error and alice.seats[1] == "remote"


def test_a_new_game_with_invited_seats_makes_a_table(store: Store, widgets: list[Any]) -> None:
    widget = NationsWidget(players=2, seats=["human", "random"], bot_delay=0)
    widgets.append(widget)
    widget.handle_intent({"kind": "new_game", "settings": {
        "players": 3, "seats": ["human", "invite", "random"], "variant": "accelerated"}})
    assert widget.error == ""
    table = widget.table
    assert table["mine"] == [0] and table["host"] and table["shared"]
    invite = table["links"]["seats"]["1"]
    assert set(table["links"]["seats"]) == {"1"} and table["links"]["spectator"]
    guest = dice_screen(store, [invite], widgets)
    assert guest.table["id"] == table["id"] and guest.table["mine"] == [1]
    assert "links" not in guest.table          # only the page that made the table has them
    assert widget.seats == ["human", "remote", "random"]


def test_what_a_shared_table_refuses(store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    for intent, said in (({"kind": "undo"}, "shared table"), ({"kind": "redo"}, "no redo"),
                         ({"kind": "hint"}, "coach is off"), ({"kind": "save"}, "not saved"),
                         ({"kind": "coach", "on": True}, "coach is off"),
                         ({"kind": "bot_move"}, "shared table no bot decides")):
        alice.handle_intent(intent)
        assert said in alice.error, (intent, alice.error)
    assert store.head(links.table_id) == 0


def test_undo_at_a_one_person_table(store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=5, seats=[None, "random"])
    me = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    if me.game.current_player != 0:
        join_table(store, links.seats[0]).run_bots()
        me.table_binding.refresh()              # type: ignore[union-attr]
    me.play(me.game.legal_moves()[0])
    assert me.history["can_undo"]
    me.handle_intent({"kind": "undo"})
    assert me.error == ""
    assert json.loads(store.events(links.table_id)[-1].record)["kind"] == "undo"


def test_a_page_coming_back_finds_the_table_at_its_last_stored_move(
        store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "board", players=2, seed=11)
    first = BoardWidget(players=2, seats=["human", "random"], bot_delay=0)
    first.sit_at(open_hands(store, [links.seats[0], links.seats[1]]), run_bots=False)
    widgets.append(first)
    for _ in range(5):
        first.play(first.game.legal_moves()[0])
    first.close()                               # the kernel went away
    again = BoardWidget(players=2, seats=["human", "random"], bot_delay=0)
    again.sit_at([links.seats[0], links.seats[1]], run_bots=False)   # the shared store
    widgets.append(again)
    assert again.game.position == 5 and again.table["number"] == 5
    assert again.view == first.view


def test_looking_back_while_another_screen_moves(store: Store, widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    here = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    other = join_table(store, links.seats[1])
    if here.game.current_player == 0:
        here.play(here.game.legal_moves()[0])
        other.refresh()
    other.play(other.legal_moves()[0])
    until(lambda: here.table["number"] == store.head(links.table_id))
    here.goto(0)
    other.refresh()
    if other.legal_moves():
        other.play(other.legal_moves()[0])
    else:
        join_table(store, links.seats[0]).play(join_table(store, links.seats[0]).legal_moves()[0])
    until(lambda: here.table["number"] == store.head(links.table_id))
    assert here.game.position == 0               # still looking back
    here.back_to_game()
    assert here.game.position == store.head(links.table_id)


def test_the_app_joins_the_table_a_pages_links_open(store: Store, widgets: list[Any]) -> None:
    from nations_widget.widget.app import GameApp, table_widget
    links = create_table(store, "board", players=2, seed=11, seats=[None, "random"])
    app = GameApp()
    app._on_msg(app.chooser, {"kind": "join", "tokens": [links.seats[0]]})
    assert app.chooser.error == "" and app.shown == "board"
    widget = app.widgets["board"]
    widgets.append(widget)
    assert widget.table["mine"] == [0] and not widget.new_game_open
    assert app.chooser.joined == {"id": links.table_id, "kind": "board",
                                  "title": "Nations (the board game)", "mine": [0],
                                  "role": "seat"}
    lab = table_widget(f"#table={links.seats[0]}")       # a JupyterLab cell
    widgets.append(lab)
    assert lab.table["id"] == links.table_id


@pytest.mark.parametrize("tokens", [["x" * 43], ["short"], "not a list", [], [1], ["a"] * 9])
def test_the_app_refuses_links_that_open_nothing_without_quoting_them(
        store: Store, tokens: Any) -> None:
    from nations_widget.widget.app import GameApp
    app = GameApp()
    app._on_msg(app.chooser, {"kind": "join", "tokens": tokens})
    # said as a table link that did not open (the page frames it so), not a page's fault
    assert app.chooser.link_error and app.chooser.error == ""
    assert app.shown is None and app.chooser.joined == {}
    assert "x" * 43 not in app.chooser.link_error


def test_a_link_the_store_does_not_know_has_its_own_words_and_starts_no_game(
        store: Store) -> None:
    """Issue 31: a page whose address asked for a game (?game=dice) and held a table link
    made that game at once, its bot moving, whatever the link then did.  Now the game waits
    for the page's word: a well-formed link of no table (removed, or mistyped to the right
    length) says so in its own words, and nothing is made."""
    from nations_widget.widget.app import GameApp
    app = GameApp("dice", wait_for_link=True)
    assert app.widgets == {} and app.chooser.asked == "dice" and app.shown is None
    assert "opening dice once" in repr(app)
    app._on_msg(app.chooser, {"kind": "join", "tokens": ["x" * 43]})
    assert app.chooser.link_error.startswith("No table has this link")
    assert "removed" in app.chooser.link_error and app.chooser.link_error.endswith(".")
    assert app.widgets == {} and app.shown is None and app.chooser.asked == ""
    app._on_msg(app.chooser, {"kind": "join", "tokens": ["short"]})
    assert "not a seat link" in app.chooser.link_error      # a different fault, other words
    # the player chooses: the game opens, the words go
    app._on_msg(app.chooser, {"kind": "choose", "game": "dice"})
    assert app.shown == "dice" and app.chooser.link_error == "" and app.chooser.asked == ""


def test_a_page_without_a_table_link_opens_the_game_its_address_asked_for(
        store: Store, widgets: list[Any]) -> None:
    from nations_widget.widget.app import GameApp
    app = GameApp("board", wait_for_link=True)
    app._on_msg(app.chooser, {"kind": "choose", "game": app.chooser.asked})
    assert app.shown == "board" and app.chooser.asked == ""
    # a good link on such a page: its table, and no other game made
    links = create_table(store, "dice", players=2, seed=7, seats=[None, "random"])
    other = GameApp("board", wait_for_link=True)
    other._on_msg(other.chooser, {"kind": "join", "tokens": [links.seats[0]]})
    widgets.append(other.widgets["dice"])
    assert other.shown == "dice" and set(other.widgets) == {"dice"}
    assert other.chooser.asked == "" and other.chooser.link_error == ""
    with pytest.raises(ValueError, match="no game called"):
        GameApp("chess", wait_for_link=True)


def test_the_host_link_is_never_among_the_links_for_the_address(
        store: Store, widgets: list[Any]) -> None:
    """Issue 31: the host's page put its seat link and the host link in its address, so a
    host who copied the address to invite someone handed over the host's powers.  The
    ``table`` trait's ``tokens`` (the address) now leave the host link out; ``host_link``
    carries it (the page keeps it in the browser's storage)."""
    links = create_table(store, "dice", players=2, seed=7)
    host = dice_screen(store, [links.seats[0], links.host], widgets, run_bots=False)
    assert host.table["tokens"] == [links.seats[0]]
    assert host.table["host_link"] == links.host and host.table["role"] == "seat"
    only_host = dice_screen(store, [links.host], widgets, run_bots=False)
    assert only_host.table["tokens"] == [] and only_host.table["host_link"] == links.host
    guest = dice_screen(store, [links.seats[1]], widgets, run_bots=False)
    assert guest.table["tokens"] == [links.seats[1]] and "host_link" not in guest.table
    # a table made by New game: the same
    maker = NationsWidget(players=2, seats=["human", "random"], bot_delay=0)
    widgets.append(maker)
    maker.handle_intent({"kind": "new_game", "settings": {
        "players": 2, "seats": ["human", "invite"]}})
    assert maker.error == ""
    assert len(maker.table["tokens"]) == 1 and maker.table["host_link"] not in maker.table["tokens"]


def test_each_screen_sees_which_other_seats_are_connected(
        store: Store, widgets: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from nations_widget.widget.shell import table_mode
    monkeypatch.setattr(table_mode, "PRESENCE_EVERY", 0.05)
    links = create_table(store, "dice", players=3, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    assert alice.table["seats"][1]["connected"] is False
    assert alice.table["seats"][0]["connected"] is None          # this screen's own
    bob = dice_screen(store, [links.seats[1]], widgets, run_bots=False)
    until(lambda: alice.table["seats"][1]["connected"] is True)
    until(lambda: bob.table["seats"][0]["connected"] is True)
    assert alice.table["seats"][2]["connected"] is False
    bob.leave_table()                                            # the page went away
    until(lambda: alice.table["seats"][1]["connected"] is False)


def a_bots_turn_left_waiting(store: Store) -> Any:
    """A table whose person moved and left while the bot was to move: no screen open."""
    links = create_table(store, "dice", players=2, seed=3, seats=[None, "random"])
    person = join_table(store, links.seats[0])
    while person.game.current_player != 1:
        if person.game.current_player == 0:
            person.play(person.legal_moves()[0])
        else:
            raise AssertionError("the game ended before the bot's turn")
    return links


def recording_waits(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The table's head in the store each time a watcher starts to wait on it."""
    heads: list[int] = []
    real_wait = store.wait

    def wait(table_id: str, seen: int, timeout: float) -> int | None:
        heads.append(store.head(table_id) or 0)
        return real_wait(table_id, seen, timeout)

    monkeypatch.setattr(store, "wait", wait)
    return heads


def test_a_bots_turn_left_waiting_is_played_as_a_screen_opens_before_it_waits(
        store: Store, widgets: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    links = a_bots_turn_left_waiting(store)
    left_at = store.head(links.table_id)
    assert left_at is not None
    time.sleep(0.3)
    assert store.head(links.table_id) == left_at        # no screen open: nobody plays
    heads = recording_waits(store, monkeypatch)
    widget = NationsWidget(players=2, seats=["human", "random"], bot_delay=30)
    widgets.append(widget)
    widget.sit_at(open_hands(store, [links.seats[0]]))
    until(lambda: widget.table["number"] > left_at)
    # the bot played before the screen's watcher first waited on the store (not after a
    # wait for another screen's move, nor after the widget's 30 s pause)
    assert heads and heads[0] > left_at


def test_a_spectators_screen_plays_a_bots_turn_left_waiting(
        store: Store, widgets: list[Any]) -> None:
    links = a_bots_turn_left_waiting(store)
    left_at = store.head(links.table_id)
    assert left_at is not None
    watcher = dice_screen(store, [links.spectator], widgets)
    until(lambda: watcher.table["number"] > left_at)
    assert watcher.seats == ["remote", "random"]


def test_screens_opening_at_once_play_a_waiting_bots_turn_once(
        store: Store, widgets: list[Any]) -> None:
    links = a_bots_turn_left_waiting(store)
    left_at = store.head(links.table_id)
    assert left_at is not None
    screens = [dice_screen(store, [token], widgets)
               for token in (links.seats[0], links.spectator, links.host)]
    until(lambda: all(s.table["number"] > left_at and s.game.current_player != 1
                      for s in screens))
    until(lambda: len({s.table["number"] for s in screens}) == 1)
    events = [json.loads(e.record) for e in store.events(links.table_id)]
    # the bot's turn stored once: the next event is the person's (a second copy of the
    # bot's move would be out of turn and the table would not replay)
    assert [e["seat"] for e in events[left_at:]][:1] == [1]
    assert join_table(store, links.spectator).number == len(events)


def test_let_a_bot_decide_at_a_one_person_table_stores_the_bots_move_as_the_persons(
        store: Store, widgets: list[Any]) -> None:
    """At a table with one person (the others bots) "Let a bot decide" plays a bot's choice
    for this screen's seat, stored as its move; at a shared table it is refused (above)."""
    links = create_table(store, "dice", players=2, seed=5, seats=[None, "random"])
    me = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    if me.game.current_player != 0:
        join_table(store, links.seats[0]).run_bots()
        me.table_binding.refresh()              # type: ignore[union-attr]
        me.refresh()
    head = store.head(links.table_id)
    assert head is not None
    me.handle_intent({"kind": "bot_move"})
    assert me.error == ""
    assert store.head(links.table_id) == head + 1
    stored = json.loads(store.events(links.table_id)[-1].record)
    assert stored["kind"] == "move" and stored["seat"] == 0
    assert me.table["number"] == head + 1
    me.goto(0)                                  # looking back: a bot decides where the game is
    me.handle_intent({"kind": "bot_move"})
    assert "go back to the game" in me.error and store.head(links.table_id) == head + 1


def test_a_shared_table_names_what_it_refuses_with_the_words_of_each_refusal(
        store: Store, widgets: list[Any]) -> None:
    """The page offers no control Python would refuse: the ``table`` trait's ``off`` names
    each, with the very reason the refusal gives (issue 29: Hint and Save were live
    buttons at a shared table, then refused)."""
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    off = alice.table["off"]
    assert set(off) == {"hint", "coach", "save", "bot_help"}
    for kind, key in (("hint", "hint"), ("save", "save"), ("bot_move", "bot_help")):
        alice.handle_intent({"kind": "clear_error"})
        alice.handle_intent({"kind": kind})
        assert alice.error and off[key] in alice.error, (kind, alice.error)
    alice.handle_intent({"kind": "coach", "on": True})
    assert off["coach"] in alice.error
    alone = create_table(store, "dice", players=2, seed=7, seats=[None, "random"])
    solo = dice_screen(store, [alone.seats[0]], widgets, run_bots=False)
    assert solo.table["off"] == {} and not solo.table["shared"]


def finished_table(store: Store, kind: str = "dice") -> Any:
    """A table of two people played to its end (each seat's moves picked at random with a
    fixed seed), through the store as the two screens would."""
    links = create_table(store, kind, players=2, seed=7)
    seats = [join_table(store, token) for token in links.seats]
    pick = random.Random(3)
    while not seats[0].game.state.is_terminal():
        mover = seats[seats[0].game.current_player]
        mover.refresh()
        mover.play(pick.choice(mover.legal_moves()))
        seats[0].refresh()
    return links


def play_again_intent(widget: GameWidget[Any, Any]) -> dict[str, Any]:
    """What a page's Play again sends (js/src/shell/newgame.js playAgain): every setting
    it was sent but the seed and the message cap, the seats it was shown, a new seed."""
    same = {k: v for k, v in widget.settings.items() if k not in ("seed", "max_message")}
    return {"kind": "new_game", "settings": {**same, "seats": list(widget.seats), "seed": None}}


def test_play_again_at_a_finished_shared_table_invites_the_others_to_a_new_table(
        store: Store, widgets: list[Any]) -> None:
    """Play again at a finished shared table was refused in a developer's words ("unknown
    seat player 'remote'"): the page sends the seats it shows, a person at their own screen
    as "remote".  It starts a new table with the same seats, this screen's seat played here
    and a new link for the other person; nothing is lost: the finished table stays in the
    store at its last move, its links open it, and the other screen stays at it until its
    player opens the new link."""
    links = finished_table(store)
    finished = store.head(links.table_id)
    host = dice_screen(store, [links.seats[0], links.host], widgets, run_bots=False)
    guest = dice_screen(store, [links.seats[1]], widgets, run_bots=False)
    assert host.table["over"] and host.seats == ["human", "remote"]
    host.handle_intent(play_again_intent(host))
    assert host.error == ""
    table = host.table
    assert table["id"] != links.table_id and not table["over"] and table["shared"]
    assert table["mine"] == [0] and host.seats == ["human", "remote"]
    assert host.game.position == 0 and host.settings["players"] == 2
    invite = table["links"]["seats"]["1"]
    assert set(table["links"]["seats"]) == {"1"}
    # the finished table: unchanged in the store, opened at its end by its old links
    assert store.head(links.table_id) == finished
    guest.table_binding.refresh()                  # type: ignore[union-attr]
    assert guest.table["id"] == links.table_id and guest.table["over"]
    back = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    assert back.table["id"] == links.table_id and back.table["over"]
    # the other player joins the new table by its new link
    newcomer = dice_screen(store, [invite], widgets, run_bots=False)
    assert newcomer.table["id"] == table["id"] and newcomer.table["mine"] == [1]
    # the guest's own Play again makes a table of its own the same way (it then holds the
    # links to hand out)
    guest.handle_intent(play_again_intent(guest))
    assert guest.error == "" and guest.table["id"] not in (links.table_id, table["id"])
    assert guest.table["mine"] == [1] and set(guest.table["links"]["seats"]) == {"0"}


def test_a_page_that_says_goodbye_or_stops_speaking_is_no_longer_connected(
        store: Store, widgets: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel outlives a page closed without Voila's unload call (it was shown connected
    until the idle culler came, ten minutes): once a page has spoken, its seats count as
    connected only while it keeps speaking, and its goodbye takes them off at once."""
    from nations_widget.widget.shell import table_mode
    monkeypatch.setattr(table_mode, "PRESENCE_EVERY", 0.05)
    monkeypatch.setattr(table_mode, "PAGE_AWAY", 0.5)
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets, run_bots=False)
    bob = dice_screen(store, [links.seats[1]], widgets, run_bots=False)
    bob.handle_intent({"kind": "presence", "here": True, "hidden": False})
    until(lambda: alice.table["seats"][1]["connected"] is True)
    bob.handle_intent({"kind": "presence", "here": False})         # the page closes
    assert bob.error == ""
    assert store.presence(alice.table["id"]) == [0]                # at once, in the store
    until(lambda: alice.table["seats"][1]["connected"] is False, seconds=PRESENCE_BOUND)
    bob.handle_intent({"kind": "presence", "here": True})          # a page opened again
    until(lambda: alice.table["seats"][1]["connected"] is True, seconds=PRESENCE_BOUND)
    # the page goes without a word (its kernel lives on): away once it has been silent
    # for PAGE_AWAY
    silent = time.monotonic()
    until(lambda: alice.table["seats"][1]["connected"] is False, seconds=3.0)
    assert time.monotonic() - silent >= 0.4
    # the kernel asks the page whether it is there (a background tab's timers are slowed,
    # its messages are not): the question goes with each note, and the answer keeps the
    # seat connected, a background page's with no longer grace
    asked: list[Any] = []

    def answering(message: Any) -> None:          # a page in a background tab answers
        asked.append(message)
        bob.handle_intent({"kind": "presence", "here": True, "hidden": True})

    bob.send = answering  # type: ignore[method-assign]
    bob.handle_intent({"kind": "presence", "here": True, "hidden": True})
    until(lambda: alice.table["seats"][1]["connected"] is True, seconds=PRESENCE_BOUND)
    time.sleep(2.0)                                  # four times PAGE_AWAY
    assert alice.table["seats"][1]["connected"] is True
    assert len(asked) >= 3 and all(m == {"kind": "presence?"} for m in asked)
    bob.send = asked.append  # type: ignore[method-assign]   # it stops answering
    until(lambda: alice.table["seats"][1]["connected"] is False, seconds=3.0)
    assert alice.error == bob.error == ""


def test_presence_is_noted_often_and_runs_out_soon() -> None:
    """How soon another screen sees a kernel gone silently (issue 29: the host was shown
    connected 30 s after closing): the lease plus a read, within a few seconds."""
    from nations_widget.widget.shell import table_mode
    assert table_mode.PRESENCE_SECONDS + 2 * table_mode.PRESENCE_EVERY <= 6.0
    # a page gone silent (crashed, no goodbye) is off the other screens within 5 s
    # (issue 31): its last word's grace, the watcher's next turn, the other's next read;
    # the kernel asks three times within the grace
    assert (table_mode.PAGE_AWAY + table_mode.WATCH_SECONDS + table_mode.PRESENCE_EVERY
            <= 4.5)
    assert table_mode.PRESENCE_EVERY * 3 <= table_mode.PAGE_AWAY


# ------------------------------------------------------------------ players' names
# the name intent keeps the name in the store; every screen's table trait, view texts and
# log show it instead of "Player N" (the engine's log and the payloads kept per position are
# untouched); a bad name is refused in words


def _seat(widget: GameWidget[Any, Any], seat: int) -> dict[str, Any]:
    return next(s for s in widget.table["seats"] if s["seat"] == seat)


def _play_until_both_moved(screens: list[NationsWidget]) -> None:
    for _ in range(40):
        movers = [w for w in screens if w.table["my_turn"]]
        if not movers:
            until(lambda: any(w.table["my_turn"] for w in screens))
            continue
        mover = movers[0]
        mover.handle_intent({"kind": "move", "move": mover.legal[0]["move"],
                             "position": mover.game.position})
        assert mover.error == ""
        seats = {e.get("seat") for e in mover.game_log if e.get("kind") != "setup"}
        if {0, 1} <= seats:
            return
        until(lambda n=mover.table["number"]: all(w.table["number"] >= n for w in screens))
    raise AssertionError("both seats did not move")


def test_a_name_chosen_at_one_screen_shows_on_the_others(store: Store,
                                                        widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets)
    bob = dice_screen(store, [links.seats[1]], widgets)
    _play_until_both_moved([alice, bob])
    assert "Player 2" in json.dumps(alice.game_log)
    bob.handle_intent({"kind": "name", "name": " Bob <i>the</i>\u202e builder\n"})
    assert bob.error == ""
    assert _seat(bob, 1) | {"connected": None} == {
        "seat": 1, "name": "Bob <i>the</i> builder", "label": "Player 2", "named": True,
        "who": "here", "bot": None, "connected": None}
    until(lambda: _seat(alice, 1)["name"] == "Bob <i>the</i> builder")
    assert _seat(alice, 0) | {"connected": None} == {
        "seat": 0, "name": "Player 1", "label": "Player 1", "named": False, "who": "here",
        "bot": None, "connected": None}
    # the texts the page draws name him; the engine's own log still says "Player 2"
    for screen in (alice, bob):
        shown = json.dumps(screen.log_patch) + json.dumps(screen.view)
        assert "Bob <i>the</i> builder" in shown and "Player 2" not in shown
        game = screen.game
        assert any("Player 2" in e.text for p in range(game.position + 1)
                   for e in game.log_of_move(p))
    # back to the seat's number
    bob.handle_intent({"kind": "name", "name": None})
    until(lambda: _seat(alice, 1)["name"] == "Player 2" and not _seat(alice, 1)["named"])
    assert "Bob" not in json.dumps(alice.log_patch)
    assert join_table(store, links.spectator).table.names == {}


def test_a_bad_name_is_refused_in_words_and_nothing_is_kept(store: Store,
                                                            widgets: list[Any]) -> None:
    links = create_table(store, "dice", players=2, seed=7)
    alice = dice_screen(store, [links.seats[0]], widgets)
    alice.handle_intent({"kind": "name", "name": "x" * 10_000})
    assert alice.error == "a name has at most 24 characters"
    alice.handle_intent({"kind": "name", "name": "\u202e\u200b \x07"})
    assert alice.error == "a name needs at least one letter or sign that shows"
    alice.handle_intent({"kind": "name", "name": 7})
    assert "field 'name': must be a text or null" in alice.error
    assert store.names(links.table_id) == {}
    spectator = dice_screen(store, [links.spectator], widgets)
    spectator.handle_intent({"kind": "name", "name": "Eve"})
    assert spectator.error == "this screen holds no seat to name"
    alone = NationsWidget(players=2, seats=["human", "random"], bot_delay=0)
    alone.handle_intent({"kind": "name", "name": "Solo"})
    assert alone.error.startswith("a name is shown at a shared table only")


def test_names_replace_seat_words_in_texts_only_once() -> None:
    names = {1: "Player 1", 0: "Ann"}
    payload = {"Player 2": "Player 2 buys; Player 1 pays", "n": [3, "Player 12", None],
               "order": "Player order: Player 1, Player 2"}
    assert with_names(payload, names) == {
        "Player 2": "Player 1 buys; Ann pays", "n": [3, "Player 12", None],
        "order": "Player order: Ann, Player 1"}
    assert payload["Player 2"] == "Player 2 buys; Player 1 pays"    # not changed in place


def test_a_preview_and_the_review_name_the_players_at_a_table(store: Store,
                                                             widgets: list[Any]) -> None:
    """The preview of a move ("Ada passes.") and the review's texts say the chosen names
    too, not "Player 1" (they are published apart from the view and the log)."""
    links = create_table(store, "board", players=2, seed=7)
    hot = BoardWidget(players=2, seats=["human", "random"], bot_delay=0)
    hot.sit_at(open_hands(store, [links.seats[0], links.seats[1]]))
    widgets.append(hot)
    hot.handle_intent({"kind": "name", "name": "Ada", "seat": 0})
    hot.handle_intent({"kind": "name", "name": "Player 1", "seat": 1})   # names may read so
    assert hot.error == ""
    while not any(m["move"].get("type") == "pass" for m in hot.legal):   # past the growth
        hot.handle_intent({"kind": "move", "move": hot.legal[0]["move"],
                           "position": hot.game.position})
    passing = next(m["move"] for m in hot.legal if m["move"].get("type") == "pass")
    hot.handle_intent({"kind": "preview", "move": passing})
    who = "Ada" if hot.game.current_player == 0 else "Player 1"
    assert hot.error == "" and hot.preview["goes"] == [f"{who} passes."], hot.preview
    # a finished table's review: its lines say who played, by name
    done = finished_table(store)
    screen = dice_screen(store, [done.seats[0]], widgets)
    screen.handle_intent({"kind": "name", "name": "Ada"})
    review = importlib.import_module("nations_widget.dice.coach").review
    screen._adapter.review = lambda game, upto, seats, progress, cancelled: review(
        game, seats=seats, upto=upto, progress=progress, cancelled=cancelled, playouts=8)
    screen.handle_intent({"kind": "review"})
    assert screen.error == "" and screen.review["status"] == "done"
    said = json.dumps(screen.review["result"])
    assert '"Ada: Pass' in said and '"Player 1:' not in said, said[:400]
    # the coach's own record keeps the seat's words (a rename is shown anew from it)
    screen.handle_intent({"kind": "name", "name": "Bea"})
    until(lambda: '"Bea: Pass' in json.dumps(screen.review["result"]))
