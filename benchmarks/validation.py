"""What checking a saved dice state costs with each candidate validation approach.

    python benchmarks/validation.py

Candidates: our own checker (``nations_widget.core.validate``, as the dice loader uses
it), jsonschema, pydantic v2 and msgspec (each skipped when not installed).  For each:
the time to validate one saved 3-player state (median of many calls), the import time it
adds (a fresh interpreter, median of 5), and the message it gives for two bad inputs:
``"books": true`` (a boolean where a number belongs) and an unknown tile id.

The libraries check the *shape* only (types, ranges, lengths, known fields); the dice
loader also turns ids into indices, checks every cross-reference and the game's
invariants, and builds the state.  Both figures are given for our checker.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.core.validate import Checker
from nations_widget.dice import Game, GameState, default_catalogue
from nations_widget.dice.catalogue import catalogue_to_json, parse_catalogue

CHITS = ("reroll", "gold", "stone", "food", "book", "strength")


def saved_state() -> dict[str, Any]:
    game = Game(players=3, seed=7)
    while game.round < 3:
        game.play(game.legal_moves()[-1])
    return game.state.to_json()


def per_call(fn: Any, data: Any, calls: int = 300) -> float:
    times = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(calls):
            fn(data)
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def import_time(module: str) -> float:
    """Seconds to import ``module`` in a fresh interpreter (median of 5).  pydantic imports
    lazily, so its ``BaseModel`` (what any model needs) is fetched too."""
    code = (f"import time; t = time.perf_counter(); import importlib; "
            f"m = importlib.import_module({module!r}); getattr(m, 'BaseModel', None); "
            f"print(time.perf_counter() - t)")
    runs = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, cwd=Path(__file__).resolve().parents[1])
        runs.append(float(out.stdout))
    return statistics.median(runs)


# ------------------------------------------------------------------- our own checker
def ours_shape(data: dict[str, Any]) -> None:
    """The shape part of the dice loader, written with the shared Checker."""
    check = Checker("state")
    check.integer(data, "round", 1, 4)
    check.wholes(data["order"], "order", 0, 3, distinct=True)
    for c, column in enumerate(check.array(data["board"], "board")):
        for r, tile in enumerate(check.array(column, f"board[{c}]", 3)):
            if tile is not None:
                check.text(tile, f"board[{c}][{r}]")
    for d, row in enumerate(check.array(data["dice"], "dice", 44)):
        check.wholes(row, f"dice[{d}]", -1, 5)
    for i, p in enumerate(check.array(data["players"], "players")):
        where = f"players[{i}]"
        p = check.mapping(p, where)
        for kind in CHITS:
            check.integer(p["chits"], kind, 0, 12, f"{where}.chits.{kind}")
            check.integer(p["chits_used"], kind, 0, 12, f"{where}.chits_used.{kind}")
        check.integer(p, "books", 0, 10_000, f"{where}.books")
        for key in ("books", "famine", "war"):
            check.integer(p["vp"], key, 0, 10_000, f"{where}.vp.{key}")
        check.boolean(p, "passed", f"{where}.passed")
        check.boolean(p, "rolled", f"{where}.rolled")


# ------------------------------------------------------------------------ jsonschema
INT = {"type": "integer"}
COUNTS = {"type": "object", "additionalProperties": False, "required": list(CHITS),
          "properties": {k: {"type": "integer", "minimum": 0, "maximum": 12} for k in CHITS}}
PLAYER = {"type": "object", "required": ["books", "vp", "chits", "chits_used", "passed"],
          "properties": {
              "buildings": {"type": "array", "items": {"type": "array"}},
              "chits": COUNTS, "chits_used": COUNTS,
              "books": {"type": "integer", "minimum": 0, "maximum": 10_000},
              "vp": {"type": "object", "properties": {k: INT for k in ("books", "famine", "war")}},
              "passed": {"type": "boolean"}, "rolled": {"type": "boolean"},
              "pledge": {"type": "array", "items": {"type": "integer", "minimum": 0,
                                                    "maximum": 43}}}}
STATE_SCHEMA = {
    "type": "object",
    "required": ["format", "version", "round", "order", "board", "dice", "players"],
    "properties": {
        "format": {"const": "nations-dice-state"}, "version": {"const": 1},
        "round": {"type": "integer", "minimum": 1, "maximum": 4},
        "order": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3},
                  "uniqueItems": True},
        "board": {"type": "array", "items": {"type": "array", "minItems": 3, "maxItems": 3,
                                             "items": {"type": ["string", "null"]}}},
        "dice": {"type": "array", "minItems": 44, "maxItems": 44,
                 "items": {"type": "array", "items": INT, "minItems": 3, "maxItems": 3}},
        "players": {"type": "array", "items": PLAYER},
    },
}


def candidates() -> dict[str, Any]:
    found: dict[str, Any] = {"ours (shape)": ours_shape,
                             "ours (full loader)": GameState.from_json}
    try:
        import jsonschema
        validator = jsonschema.Draft202012Validator(STATE_SCHEMA)

        def with_jsonschema(data: dict[str, Any]) -> None:
            error = jsonschema.exceptions.best_match(validator.iter_errors(data))
            if error is not None:
                raise ValueError(f"{'/'.join(map(str, error.absolute_path))}: {error.message}")

        found["jsonschema"] = with_jsonschema
    except ImportError:
        pass
    try:
        from typing import Annotated, Literal

        from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

        class Strict(BaseModel):
            model_config = ConfigDict(extra="forbid")  # StrictInt/StrictBool: no bool as int

        class Counts(Strict):
            reroll: Annotated[StrictInt, Field(ge=0, le=12)]
            gold: Annotated[StrictInt, Field(ge=0, le=12)]
            stone: Annotated[StrictInt, Field(ge=0, le=12)]
            food: Annotated[StrictInt, Field(ge=0, le=12)]
            book: Annotated[StrictInt, Field(ge=0, le=12)]
            strength: Annotated[StrictInt, Field(ge=0, le=12)]

        class Vp(Strict):
            books: StrictInt
            famine: StrictInt
            war: StrictInt

        class Player(Strict):
            buildings: list[tuple[str, StrictInt]]
            advisor: tuple[str, StrictInt] | None
            wonder: str | None
            colonies: list[str]
            wonders: list[str]
            chits: Counts
            chits_used: Counts
            books: Annotated[StrictInt, Field(ge=0, le=10_000)]
            vp: Vp
            passed: StrictBool
            rolled: StrictBool
            pledge: list[Annotated[StrictInt, Field(ge=0, le=43)]]
            fed: StrictBool | None
            fought: StrictBool | None

        class State(Strict):
            format: Literal["nations-dice-state"]
            version: Literal[1]
            config: dict[str, Any]
            catalogue: dict[str, str]
            rng: str
            round: Annotated[StrictInt, Field(ge=1, le=4)]
            step: str
            order: list[StrictInt]
            cursor: StrictInt
            pending: list[StrictInt]
            board: list[tuple[str | None, str | None, str | None]]
            event: str | None
            dice: list[tuple[StrictInt, StrictInt, StrictInt]]
            players: list[Player]
            opponent_books: StrictInt
            solo_roll: StrictInt

        found["pydantic v2"] = State.model_validate
    except ImportError:
        pass
    try:
        import msgspec

        class MCounts(msgspec.Struct, forbid_unknown_fields=True):
            reroll: int
            gold: int
            stone: int
            food: int
            book: int
            strength: int

        class MPlayer(msgspec.Struct):
            chits: MCounts
            chits_used: MCounts
            books: int
            passed: bool
            rolled: bool
            pledge: list[int]

        class MState(msgspec.Struct):
            round: int
            order: list[int]
            board: list[tuple[str | None, str | None, str | None]]
            dice: list[tuple[int, int, int]]
            players: list[MPlayer]

        # the annotations are strings (from __future__ import annotations): msgspec
        # resolves them in the module's namespace
        globals().update(MCounts=MCounts, MPlayer=MPlayer)
        found["msgspec"] = lambda data: msgspec.convert(data, MState)
    except ImportError:
        pass
    return found


def message_for(fn: Any, data: dict[str, Any]) -> str:
    try:
        fn(data)
    except Exception as exc:  # the point is to see every library's own error
        return " ".join(str(exc).split())[:200]
    return "(accepted)"


def main() -> None:
    data = saved_state()
    text = json.dumps(data)
    bool_books = json.loads(text)
    bool_books["players"][1]["books"] = True
    bad_tile = json.loads(text)
    bad_tile["board"][0][0] = "t9-99"
    print(f"saved 3-player state: {len(text):,} characters of JSON")
    for name, fn in candidates().items():
        seconds = per_call(fn, data)
        print(f"\n{name}: {seconds * 1e6:,.0f} µs per call")
        print(f"  books: true  -> {message_for(fn, bool_books)}")
        print(f"  unknown tile -> {message_for(fn, bad_tile)}")
    cat = catalogue_to_json(default_catalogue())
    print(f"\ncatalogue (ours, full): {per_call(parse_catalogue, cat, 50) * 1e6:,.0f} µs per call")
    print("\nimport time added (fresh interpreter, median of 5):")
    for module in ("nations_widget.core.validate", "jsonschema", "pydantic", "msgspec"):
        try:
            print(f"  {module}: {import_time(module) * 1000:.1f} ms")
        except subprocess.CalledProcessError:
            print(f"  {module}: not installed")


if __name__ == "__main__":
    main()
