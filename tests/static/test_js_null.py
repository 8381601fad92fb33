"""Messages from the page in Pyodide's kernel (the static site): a JavaScript ``null``
arrives as ``pyodide.ffi.jsnull``, not None.  The widgets read it as None, as everywhere
else: a New game with a random seed (``seed: null``) was refused in the static site with
"the message holds a JsNull, which JSON has not".  ``FakeJsNull`` stands in for Pyodide's
type here (CPython has no pyodide)."""

from __future__ import annotations

import pytest

from nations_widget.widget import DiceWidget
from nations_widget.widget.shell import wire


class FakeJsNull:
    """Like ``pyodide.ffi.JsNull``: a value of its own type, which JSON has not."""


@pytest.fixture
def pyodide_nulls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire, "JS_NULL", FakeJsNull)


@pytest.mark.usefixtures("pyodide_nulls")
def test_a_new_game_with_a_random_seed_starts() -> None:
    widget = DiceWidget(players=2, seats=["human", "human"], seed=5)
    before = widget._game
    widget.handle_intent({"kind": "new_game", "settings": {
        "players": 2, "seats": ["human", "human"], "seed": FakeJsNull()}})
    assert widget.error == ""
    assert widget._game is not before


def test_nulls_become_none_at_any_depth_and_the_rest_is_kept() -> None:
    message = {"a": FakeJsNull(), "b": [1, FakeJsNull(), {"c": FakeJsNull(), "d": "x"}],
               "e": True}
    assert wire.from_page(message, FakeJsNull) == {
        "a": None, "b": [1, None, {"c": None, "d": "x"}], "e": True}
    assert wire.from_page(FakeJsNull(), FakeJsNull) is None


def test_a_deep_message_is_walked_without_recursion() -> None:
    deep: list[object] = [FakeJsNull()]
    for _ in range(5000):
        deep = [deep]
    out = wire.from_page(deep, FakeJsNull)
    for _ in range(5000):
        assert isinstance(out, list)
        out = out[0]
    assert out == [None]


def test_without_pyodide_the_message_is_untouched() -> None:
    message = {"kind": "pass"}
    assert wire.JS_NULL is None
    assert wire.from_page(message) is message
