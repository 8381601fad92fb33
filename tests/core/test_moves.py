"""The shared move base: JSON form, readable string and parser worked out from the fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from nations_widget.board import moves as board_moves
from nations_widget.core.errors import MalformedMoveError
from nations_widget.core.moves import MoveBase, MoveSet, defaulted, optional, required
from nations_widget.dice import moves as dice_moves


@dataclass(frozen=True)
class Plant(MoveBase):
    crop: Literal["wheat", "rice"] = "wheat"
    rows: tuple[int, ...] = required((), needs="the rows to sow")
    depth: int = defaulted(2)
    note: str | None = optional(None)
    watered: bool = optional(False)
    type: ClassVar[str] = "plant"
    order: ClassVar[int] = 3

    def _key(self) -> tuple[int, ...]:
        return self.rows


PLANTS = MoveSet([Plant])


def test_json_form_follows_the_fields_and_leaves_out_optional_defaults() -> None:
    assert Plant("rice", (1, 2)).to_json() == {"type": "plant", "crop": "rice",
                                               "rows": [1, 2], "depth": 2}
    full = Plant("rice", (1,), 3, "late", True)
    assert list(full.to_json()) == ["type", "crop", "rows", "depth", "note", "watered"]
    assert PLANTS.parse(full.to_json_str()) == full


def test_missing_fields_read_as_declared() -> None:
    assert PLANTS.parse({"type": "plant", "crop": "wheat", "rows": [4]}) == Plant("wheat", (4,))
    with pytest.raises(MalformedMoveError, match="a plant needs 'rows': the rows to sow"):
        PLANTS.parse({"type": "plant", "crop": "rice"})
    with pytest.raises(MalformedMoveError, match="'crop' is 'wheat' or 'rice', got None"):
        PLANTS.parse({"type": "plant", "crop": None, "rows": []})
    with pytest.raises(MalformedMoveError, match="depth must be a whole number, got True"):
        PLANTS.parse({"type": "plant", "crop": "rice", "rows": [], "depth": True})
    with pytest.raises(MalformedMoveError, match="watered is true or false"):
        PLANTS.parse({"type": "plant", "crop": "rice", "rows": [], "watered": "yes"})
    with pytest.raises(MalformedMoveError, match="a plant move has no field"):
        PLANTS.parse({"type": "plant", "rows": [], "colour": "red"})


def test_readable_string_and_order() -> None:
    assert str(Plant("rice", (1,))) == "plant rice (1,) 2 None False"
    assert Plant(rows=(1,)).sort_key() < Plant(rows=(2,)).sort_key()
    assert board_moves.Undeploy(3, 2).__str__() == "undeploy 2 from slot 3"


def test_a_move_set_refuses_two_moves_of_one_type() -> None:
    with pytest.raises(ValueError, match="its own type name"):
        MoveSet([Plant, Plant])


def test_both_games_moves_derive_from_the_one_base() -> None:
    for module in (dice_moves, board_moves):
        for cls in module.MOVES.by_type.values():
            assert issubclass(cls, MoveBase)
    # each game's base stays its own class: a move of one game is not taken for the other's
    assert not issubclass(dice_moves.Pass, board_moves.MoveBase)
    assert not issubclass(board_moves.Pass, dice_moves.MoveBase)


@dataclass(frozen=True)
class PlantMore(Plant):
    extra: int = 0
    type: ClassVar[str] = "plant_more"


def test_a_subclass_of_a_move_writes_its_own_fields() -> None:
    assert "extra" not in Plant("rice", (1,)).to_json()      # Plant's to_json is written
    assert PlantMore("rice", (1,), extra=4).to_json() == {
        "type": "plant_more", "crop": "rice", "rows": [1], "depth": 2, "extra": 4}
    assert Plant("rice", (1,)).to_json()["type"] == "plant"
