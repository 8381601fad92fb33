"""The JSON envelope and the shared checker: every refusal is typed, short and quotes at
most a short prefix of the input."""

from __future__ import annotations

from typing import Any

import pytest

from nations_widget.core.envelope import (
    MAX_DEPTH,
    MAX_MESSAGE_CHARS,
    QUOTE_CHARS,
    check_header,
    json_object,
    json_value,
    shown,
)
from nations_widget.core.errors import MalformedMoveError, StateFormatError
from nations_widget.core.validate import Checker


def refusal(data: object, **kwargs: Any) -> str:
    with pytest.raises(StateFormatError) as info:
        json_object(data, "a saved state", **kwargs)
    text = str(info.value)
    assert len(text) < MAX_MESSAGE_CHARS
    return text


def test_text_bytes_and_dicts_give_the_same_object() -> None:
    want = {"a": [1, 2.5, None, True, "é"]}
    assert json_object('{"a": [1, 2.5, null, true, "é"]}', "x") == want
    assert json_object('\ufeff{"a": [1, 2.5, null, true, "é"]}', "x") == want
    assert json_object('{"a": [1, 2.5, null, true, "é"]}'.encode(), "x") == want
    assert json_object(b"\xef\xbb\xbf" + '{"a": [1, 2.5, null, true, "é"]}'.encode(),
                       "x") == want
    assert json_object(want, "x") is want


@pytest.mark.parametrize(("data", "words"), [
    (b"\xc3\x28", "not UTF-8"),
    ("{", "not JSON"),
    ("[]", "must be a JSON object, not an array"),
    ('"text"', "not a text"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
    ("[" * 1_000_000, "nested too deeply"),
    ('{"n": 1' + "0" * 4400 + "}", "digits"),
    ('{"n": -1' + "0" * 4400 + "}", "digits"),
    ('{"n": 1e999}', "too large"),
    ('{"n": Infinity}', "Infinity"),
    ('{"n": NaN}', "NaN"),
    ({"n": 10 ** 5000}, "too large"),
    ({"n": float("nan")}, "not a JSON number"),
    ({1: 2}, "key that is not text"),
    ({"n": object()}, "which JSON has not"),
])
def test_refusals_are_typed_and_short(data: object, words: str) -> None:
    assert words in refusal(data)


def test_oversized_input_is_refused_before_parsing() -> None:
    assert "too large" in refusal(" " * 101, max_chars=100)
    assert "too large" in refusal(b" " * 401, max_chars=100)


def test_messages_quote_a_short_prefix_only() -> None:
    text = refusal("nonsense " * 1000)
    assert "nonsense " * 10 not in text and "…" in text
    quoted = text.split("it begins: ", 1)[1]
    assert len(quoted) <= QUOTE_CHARS


def test_the_error_type_is_the_callers() -> None:
    with pytest.raises(MalformedMoveError):
        json_object("[", "a move", error=MalformedMoveError)
    assert json_value("[1]", "x") == [1]


@pytest.mark.parametrize(("header", "words"), [
    ({"version": 1}, "field 'format': expected 'f' (a saved state), missing"),
    ({"format": "g", "version": 1}, "got 'g'"),
    ({"format": "f"}, "field 'version'"),
    ({"format": "f", "version": True}, "got true"),
    ({"format": "f", "version": 1.0}, "got 1.0"),
    ({"format": "f", "version": 2}, "reads version 1, got 2"),
])
def test_the_header_is_checked(header: dict[str, Any], words: str) -> None:
    with pytest.raises(StateFormatError) as info:
        check_header(header, "a saved state", "f", 1, prefix="state")
    assert words in str(info.value) and str(info.value).startswith("state field")
    check_header({"format": "f", "version": 1}, "a saved state", "f", 1)


def test_shown_values_are_short() -> None:
    assert shown(True) == "true" and shown(None) == "null" and shown([1]) == "an array"
    assert shown("x" * 500).endswith("…'") and len(shown("x" * 500)) <= QUOTE_CHARS + 2
    assert shown(10 ** 400) == "a huge number"


def test_the_checker_never_takes_a_boolean_for_a_number() -> None:
    check = Checker("saved game")
    for value in (True, False, 1.0, "1", None):
        with pytest.raises(StateFormatError, match="saved game field 'position'"):
            check.integer({"position": value}, "position", 0, 9)
    assert check.integer({"position": 3}, "position", 0, 9) == 3
    with pytest.raises(StateFormatError, match="names the same one twice"):
        check.wholes([1, 1], "order", 0, 3, distinct=True)
    with pytest.raises(StateFormatError, match="unknown tile 'x'"):
        check.ref("x", "board", {"t": 0}, "tile")
    with pytest.raises(StateFormatError, match="unknown field; the fields here are a"):
        check.fields({"b": 1}, ("a",))
    with pytest.raises(StateFormatError, match="'a': missing"):
        check.fields({}, ("a",))
    item = check.at("tile 't1'")
    with pytest.raises(StateFormatError, match="saved game: tile 't1' field 'vp'"):
        item.boolean({"vp": 0}, "vp")
