"""Save and load's parts (nations_widget.widget.shell.saving): the save's text, the seats
a load takes, and the rollback of a load that could not be shown."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

from nations_widget.core.errors import StateFormatError, UnknownBotError
from nations_widget.widget import NationsWidget
from nations_widget.widget.shell.saving import (
    SHOWING_FAILED,
    Loading,
    Marks,
    Rollback,
    load,
    read_save,
    save_text,
    saved_seats,
)

Make = Callable[..., NationsWidget]


def test_a_save_reads_back_as_the_same_game_and_seats(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    text = save_text(w.game, ["human", "first"], indent=1)
    data, game = read_save(text, w.adapter)
    assert data["seats"] == ["human", "first"]
    assert game.to_json() == w.game.to_json()
    assert text == w.save_json(indent=1)        # the widget's Save is this text


def test_a_bad_save_is_refused_in_words(make_widget: Make) -> None:
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        read_save("[1]", make_widget().adapter)


def checked(seats: Sequence[str], players: int) -> list[str]:
    if len(seats) != players or any(s not in ("human", "first") for s in seats):
        raise UnknownBotError(f"not seats: {seats!r}")
    return list(seats)


def defaults(players: int) -> list[str]:
    return ["human"] + ["first"] * (players - 1)


def test_a_load_takes_the_saved_seats_when_they_still_make_sense() -> None:
    assert saved_seats({"seats": ["first", "human"]}, 2, ["human", "human"], checked,
                       defaults) == ["first", "human"]
    # an unknown bot: the seats shown stay
    assert saved_seats({"seats": ["gone", "human"]}, 2, ["human", "human"], checked,
                       defaults) == ["human", "human"]
    # no seats saved, and another number of players: the defaults
    assert saved_seats({}, 3, ["human", "human"], checked, defaults) == [
        "human", "first", "first"]


class Shown:
    """A widget's traits (plain attributes), and how many updates were sent."""

    def __init__(self) -> None:
        self.view: dict[str, Any] = {"at": 1}
        self.error = ""
        self.updates = 0

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        yield
        self.updates += 1


def test_a_rollback_puts_back_every_part_and_trait_in_one_update() -> None:
    shown = Shown()
    record = {"game": "first"}
    part = Marks(lambda: dict(record), lambda mark: record.update(mark))
    rollback = Rollback.record(shown, ("view", "error"), [part])
    shown.view, shown.error, record["game"] = {"at": 2}, "oops", "second"
    rollback.restore(shown)
    assert (shown.view, shown.error, record) == ({"at": 1}, "", {"game": "first"})
    assert shown.updates == 1


def test_a_load_that_cannot_be_shown_leaves_the_widget_as_it_was(
        make_widget: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    w = make_widget()
    w.play(w.game.state.legal_moves()[0])
    saved = w.save_json()
    other = make_widget(seed=9)
    before = {name: json.dumps(getattr(other, name), sort_keys=True, default=str)
              for name in other.read_only_traits()}
    game = other.game

    def broken(*_: object, **__: object) -> Any:
        raise KeyError("a position the payloads cannot read")

    monkeypatch.setattr(other.adapter, "view_payload", broken)
    with pytest.raises(StateFormatError, match="cannot be shown"):
        other.load_json(saved)
    assert other.game is game
    assert isinstance(other.last_internal_error, KeyError)
    after = {name: json.dumps(getattr(other, name), sort_keys=True, default=str)
             for name in other.read_only_traits() if name != "error"}
    assert after == {k: v for k, v in before.items() if k != "error"}
    assert "could not load the game" in other.error


class Loader:
    """The widget's side of a load (:class:`Loading`): what it was asked and told."""

    def __init__(self, adapter: Any, broken: bool = False) -> None:
        self.shown = Shown()
        self.record: dict[str, Any] = {"game": "the old one"}
        self.broken = broken
        self.showed: list[tuple[Any, list[str], str | None]] = []
        self.failed: list[str] = []
        self.internal: list[BaseException] = []
        self.loading: Loading[Any] = Loading(
            adapter, seats=lambda data, n: saved_seats(data, n, ["human"] * n, checked,
                                                       defaults),
            record=lambda: Rollback.record(self.shown, ("view", "error"), [Marks(
                lambda: dict(self.record), lambda mark: self.record.update(mark))]),
            widget=self.shown, show=self.show, fail=self.failed.append,
            internal_error=self.internal.append)

    def show(self, game: Any, seats: list[str], browser_id: str | None) -> None:
        self.record["game"] = game
        self.shown.view = {"at": game.position}
        self.showed.append((game, seats, browser_id))
        if self.broken:
            raise KeyError("a position the payloads cannot read")


def test_a_load_shows_the_saved_game_with_its_seats(make_widget: Make) -> None:
    w = make_widget(seats=["human", "first"])
    w.play(w.game.state.legal_moves()[0])
    loader = Loader(w.adapter)
    game = load(w.save_json(), loader.loading, browser_id="kept-1")
    assert game.to_json() == w.game.to_json()
    assert loader.showed == [(game, ["human", "first"], "kept-1")]
    assert loader.failed == [] and loader.internal == []


def test_a_bad_save_is_refused_before_anything_is_recorded_or_shown(make_widget: Make) -> None:
    loader = Loader(make_widget().adapter)
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        load("[1]", loader.loading)
    assert loader.showed == [] and loader.shown.updates == 0
    assert loader.failed == ["could not load the game: a saved game must be a JSON object, "
                             "not an array"]


def test_a_load_that_cannot_be_shown_is_rolled_back_and_refused_in_words(
        make_widget: Make) -> None:
    loader = Loader(make_widget().adapter, broken=True)
    with pytest.raises(StateFormatError, match="cannot be shown") as refused:
        load(make_widget(seed=9).save_json(), loader.loading)
    assert isinstance(refused.value.__cause__, KeyError)
    assert loader.record == {"game": "the old one"} and loader.shown.view == {"at": 1}
    assert loader.shown.updates == 1                 # the traits back in one update
    assert [type(e) for e in loader.internal] == [KeyError]
    assert loader.failed == [f"could not load the game: {SHOWING_FAILED}"]
