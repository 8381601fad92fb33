"""The table API on both stores: create, join, play, the words of a refused move, resuming
after the kernel died, undo's rule, bots handed seats and taken back, waiting."""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.core.errors import IllegalMoveError
from nations_widget.core.registry import GAME_KEYS
from nations_widget.dice import Game as DiceGame
from nations_widget.tables import (
    SeatError,
    StaleMoveError,
    Store,
    TableError,
    create_table,
    join_table,
)


def _unsalted(saved: dict[str, Any]) -> dict[str, Any]:
    """A save without its fair-dice salt (a game replayed apart draws a salt of its own)."""
    return {k: v for k, v in saved.items() if k != "salt"}

def _play_firsts(seat_handles: dict[int, object], count: int) -> None:
    """The seat to move plays a random legal move, ``count`` times."""
    rng = random.Random(count)
    for _ in range(count):
        for handle in seat_handles.values():
            handle.refresh()  # type: ignore[attr-defined]
        to_play = next(iter(seat_handles.values())).game.current_player  # type: ignore[attr-defined]
        if to_play is None:
            return
        handle = seat_handles[to_play]
        handle.play(rng.choice(handle.legal_moves()))  # type: ignore[attr-defined]
    for handle in seat_handles.values():
        handle.refresh()  # type: ignore[attr-defined]


def test_two_screens_play_and_each_sees_the_others_moves(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=11)
    alice, bob = join_table(store, links.seats[0]), join_table(store, links.seats[1])
    assert (alice.seat, bob.seat, alice.number) == (0, 1, 0)
    mirror = DiceGame(players=2, seed=11)
    rng = random.Random(1)
    while not alice.game.is_over:
        mover = alice if alice.game.current_player == 0 else bob
        move = rng.choice(mover.legal_moves())
        assert mover.play(move) == mover.number
        mirror.play(move)
        alice.refresh()
        bob.refresh()
        assert _unsalted(alice.game.to_json()) == _unsalted(bob.game.to_json()) == _unsalted(
            mirror.to_json())
        assert alice.game.salt == bob.game.salt      # one game: one fingerprint
    assert alice.number == mirror.position > 20


def test_a_move_on_an_old_number_is_refused_in_words_and_stores_nothing(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=5)
    laptop, phone = join_table(store, links.seats[0]), join_table(store, links.seats[0])
    move = laptop.legal_moves()[0]
    laptop.play(move, seen=0)
    with pytest.raises(StaleMoveError, match=r"^You \(from another screen\) moved first$"):
        phone.play(move, seen=0)
    assert store.head(links.table_id) == 1
    # the other seat's move is named so
    bob = join_table(store, links.seats[1])
    while bob.game.current_player != 1:
        laptop.play(laptop.legal_moves()[0])
        bob.refresh()
    seen = bob.number
    bob.play(bob.legal_moves()[0], seen=seen)
    host = join_table(store, links.host)
    with pytest.raises(StaleMoveError, match=r"^Player 2 moved first$") as refused:
        host.hand_to_bot("random", seat=0, seen=seen)
    assert refused.value.head == seen + 1
    assert store.head(links.table_id) == seen + 1


def test_only_the_seat_to_play_may_move(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=5)
    bob = join_table(store, links.seats[1])
    move = join_table(store, links.seats[0]).legal_moves()[0]
    with pytest.raises(SeatError, match="it is Player 1's turn, not yours"):
        bob.play(move)
    assert bob.legal_moves() == []
    for token in (links.spectator, links.host):
        with pytest.raises(SeatError, match="cannot play a move: it holds no seat"):
            join_table(store, token).play(move)
    assert store.head(links.table_id) == 0


def test_an_illegal_move_is_the_engines_refusal_and_stores_nothing(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=5)
    alice = join_table(store, links.seats[0])
    with pytest.raises(IllegalMoveError):
        alice.play({"type": "buy", "tile": "no-such-tile"})
    with pytest.raises(IllegalMoveError):
        alice.play('{"type": "dance"}')
    with pytest.raises(TableError, match="no event 4 yet"):
        alice.play(alice.legal_moves()[0], seen=4)
    assert store.head(links.table_id) == 0 and alice.number == 0


@pytest.mark.parametrize("kind", GAME_KEYS)
def test_a_table_comes_back_after_the_kernel_dies(make_store: Callable[[], Store],
                                                  kind: str) -> None:
    store = make_store()
    links = create_table(store, kind, players=3, seed=21)
    handles = {s: join_table(store, links.seats[s]) for s in range(3)}
    _play_firsts(handles, 40)
    before = handles[0].game.to_json()
    number = handles[0].number
    views = {s: handles[s].view() for s in range(3)}
    store.close()                   # the kernel dies: every object of it is gone
    del handles
    again = make_store()
    back = {s: join_table(again, links.seats[s]) for s in range(3)}
    assert back[0].number == number and back[0].game.to_json() == before
    assert {s: back[s].view() for s in range(3)} == views
    _play_firsts(back, 5)            # and play goes on
    assert back[0].number == number + 5


def test_a_game_begun_from_a_position_keeps_its_moves_so_far() -> None:
    import tempfile
    from pathlib import Path

    from nations_widget.tables import SQLiteStore
    store = SQLiteStore(Path(tempfile.mkdtemp()) / "t.sqlite3")
    game = BoardGame(players=2, seed=4)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    game.undo()                       # the undone move is not part of the table
    links = create_table(store, game)
    seat = join_table(store, links.spectator)
    assert seat.number == 0 and seat.game.moves == game.moves
    assert seat.game.to_json()["moves"] == game.to_json()["moves"][:5]
    store.close()


def test_undo_only_at_a_table_with_one_person(store: Store) -> None:
    shared = create_table(store, "dice", players=2, seed=3)
    alice = join_table(store, shared.seats[0])
    alice.play(alice.legal_moves()[0])
    assert alice.view()["table"]["can_undo"] is False
    with pytest.raises(SeatError, match="no undo at a shared table"):
        alice.undo()
    solo = create_table(store, "dice", seats=[None, "random"], players=2, seed=3)
    me = join_table(store, solo.seats[0])
    with pytest.raises(SeatError, match="nothing to undo"):
        me.undo()
    first = me.legal_moves()[0]
    me.play(first)
    me.run_bots()
    while me.game.current_player != 0:
        me.run_bots()
    position = me.game.game_position
    assert me.view()["table"]["can_undo"] is True
    me.undo()
    assert me.game.game_position < position
    assert me.game.current_player == 0
    # the undo is stored: another kernel opens the table at the same place
    assert join_table(store, solo.seats[0]).game.to_json() == me.game.to_json()
    bot_seat = join_table(store, solo.seats[1])
    with pytest.raises(SeatError):
        bot_seat.undo()


def test_a_seat_handed_to_a_bot_is_played_by_it_and_taken_back(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=8)
    handles = [join_table(store, links.seats[0]), join_table(store, links.seats[1])]
    first = handles[0].game.current_player
    assert first is not None
    mover, leaver = handles[first], handles[1 - first]
    leaver.hand_to_bot("heuristic")
    assert mover.run_bots() == 0                  # the person's turn: no bot plays
    mover.play(mover.legal_moves()[0])
    assert mover.game.current_player == leaver.seat
    leaver.refresh()
    with pytest.raises(SeatError, match="a bot plays your seat now: take your seat back"):
        leaver.play({"type": "pass"})
    assert mover.run_bots() >= 1
    assert mover.game.current_player in (mover.seat, None)
    leaver.refresh()
    assert leaver.view()["table"]["seats"][leaver.seat]["bot"] == "heuristic"
    with pytest.raises(SeatError, match=f"only Player {leaver.seat + 1} or the table's host"):
        mover.hand_to_bot("random", seat=leaver.seat)
    with pytest.raises(SeatError, match="no bot of that name"):
        leaver.hand_to_bot("nobody")
    leaver.take_back()
    with pytest.raises(SeatError, match="already played by a person"):
        leaver.take_back()
    host = join_table(store, links.host)
    host.hand_to_bot("random", seat=0)
    host.take_back(seat=0)
    leaver.refresh()
    assert [s["bot"] for s in leaver.view()["table"]["seats"]] == [None, None]


def test_a_bots_move_is_its_seats_and_the_table_replays_it(store: Store) -> None:
    links = create_table(store, "board", seats=["random", "heuristic-easy"], players=2,
                         seed=2)
    runner = join_table(store, links.spectator)
    assert runner.run_bots(limit=25) == 25
    replayed = join_table(store, links.seats[1])
    assert replayed.game.to_json() == runner.game.to_json()
    assert replayed.number == 25


def test_wait_and_watch_see_another_screens_move(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=9)
    watcher = join_table(store, links.spectator)
    assert watcher.wait(0.05) is False
    to_play = watcher.game.current_player
    assert to_play is not None
    mover = join_table(store, links.seats[to_play])
    timer = threading.Timer(0.2, lambda: mover.play(mover.legal_moves()[0]))
    timer.start()
    seen = list(itertools.islice(watcher.watch(timeout=10.0, until_over=False), 1))
    timer.join()
    assert seen == [1] and watcher.number == 1


def test_a_table_is_created_only_with_sound_seats(store: Store) -> None:
    with pytest.raises(TableError, match="this game has 2 seats; 3 were given"):
        create_table(store, "dice", seats=[None, None, None], players=2)
    with pytest.raises(TableError, match="no bot of that name"):
        create_table(store, "dice", seats=[None, "nobody"], players=2)
    with pytest.raises(TableError, match="no game of that name"):
        create_table(store, "chess")
    assert store.list_tables() == []


def test_the_hosts_new_link_replaces_the_old(store: Store) -> None:
    links = create_table(store, "dice", players=2, seed=1)
    host = join_table(store, links.host)
    fresh = host.new_link(1)
    assert join_table(store, fresh).seat == 1
    with pytest.raises(TableError, match="replaced by a newer one"):
        join_table(store, links.seats[1])
    assert join_table(store, links.seats[0]).seat == 0
    with pytest.raises(SeatError, match="only the table's host"):
        join_table(store, links.seats[0]).new_link(1)


def test_links_show_no_token_in_their_repr() -> None:
    import tempfile
    from pathlib import Path

    from nations_widget.tables import SQLiteStore
    store = SQLiteStore(Path(tempfile.mkdtemp()) / "t.sqlite3")
    links = create_table(store, "dice", players=2)
    text = repr(links) + repr(join_table(store, links.seats[0])) + repr(store)
    for token in (*links.seats, links.spectator, links.host):
        assert token not in text
    assert links.url("https://x.example/play", links.seats[0]).endswith(
        "#table=" + links.seats[0])
    store.close()
