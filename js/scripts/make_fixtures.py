"""Write the JS tests' fixtures: real widget payloads from the Python engine.

    .venv/bin/python js/scripts/make_fixtures.py

Writes ``js/test/fixtures/catalogue.json`` (the ``catalogue`` trait), one JSON file per
scenario holding every other synced trait of a :class:`NationsWidget` at an interesting
moment (``log_patch`` as a reset carrying the whole log, as a page that has just opened
gets it), and ``log_patches.json``: a game's log patches through moves, undo, redo, goto,
a new branch, a new game and a load, each with the log Python holds after it.  Games are
driven by a fixed policy (no bots), so the files only change when the engine or the
payloads do.  ``give_back_dice`` and ``give_back_rerolls`` are positions set up with
:func:`scenario` where a purchase replaces a building or an advisor with a choice of what
goes back; they also hold ``engine``: what the engine gives back for buys left to its
defaults (``give_back_dice`` also ``refusal``: its reason for refusing a wrong choice), and
``previews``: the ``preview`` trait Python sends for each of those buys and for each
other choice of what goes back (which carry the choices the board offers inside the
preview), and
``scenario``: the position's description (tests/widget/test_give_back.py plays on it).
``tests/widget/test_fixtures.py`` checks that the committed files still have the shape the
widget publishes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nations_widget.dice import Buy, Game, GameConfig, Move, Payment, scenario  # noqa: E402
from nations_widget.dice.rules import check, used_reroll_choices  # noqa: E402
from nations_widget.dice.state import BOARD_ROWS, DIE_COLOUR  # noqa: E402
from nations_widget.widget import NationsWidget  # noqa: E402
from nations_widget.widget.dice.adapter import fallback_make_bot  # noqa: E402
from nations_widget.widget.dice.payloads import give_back_choice  # noqa: E402

OUT = ROOT / "js" / "test" / "fixtures"
TRAITS = ("game_kind", "game_info", "view", "legal", "log_patch", "error", "seats", "bot_names",
          "bot_info", "settings", "history", "reconstructed", "busy")


def policy(moves: list[Move]) -> Move:
    """Build if possible, else the dearest buy, else the last option (pay), else pass."""
    for kind in ("build", "buy"):
        found = [m for m in moves if m.type == kind]
        if found:
            return found[-1]
    return moves[-1] if moves[-1].type != "reroll" else moves[0]


def widget(players: int, seed: int, seats: list[str] | None = None, **config: Any
           ) -> NationsWidget:
    game = Game(config=GameConfig(players, seed, **config))
    return NationsWidget(game=game, seats=seats or ["human"] * players, bot_delay=0,
                         bot_factory=fallback_make_bot, bot_names=["random"])


def advance(w: NationsWidget, until: Callable[[NationsWidget], bool], limit: int = 400) -> None:
    for _ in range(limit):
        if until(w) or w.game.is_over:
            return
        w.play(policy(w.game.legal_moves()))
    raise RuntimeError("scenario not reached")


def rich(w: NationsWidget) -> bool:
    """An actions turn whose player has an advisor, a wonder under construction and a
    colony or built wonder, with some dice used."""
    s = w.state
    seat = s.current_player()
    if s.step != "actions" or seat is None:
        return False
    p = s.players[seat]
    used = any(s.dice_used[d] for d in s.dice_of(seat))
    return (p.advisor >= 0 and p.wonder >= 0 and bool(p.colonies or p.wonders) and used
            and len(s.unused_dice(seat)) >= 3)


def dump(name: str, w: NationsWidget, **extra: Any) -> dict[str, Any]:
    data = {t: getattr(w, t) for t in TRAITS}
    data.update(extra)
    # the log whole, as a page that has just opened gets it (log_sync)
    data["log_patch"] = {"seq": 1, "reset": True, "entries": w.game_log}
    (OUT / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return data


# Unrest: Player 1 holds Aqueduct (2 green dice), one showing Unrest, and a star chit.
UNREST = {
    "players": 2, "seed": 5, "unrest": True, "order": [0, 1],
    "board": [["t1-01", "t1-07", "t1-13"], ["t1-05", "t1-09", "t1-14"],
              ["t1-03", "t1-10", "t1-15"]],
    "seats": [{"buildings": ["u1-02", "start-farm", "start-caravan", "start-quarry",
                             "start-temple"],
               "dice": ["green:unrest", "green:2gold+food", "white:gold", "white:food",
                        "white:book", "white:strength"],
               "stars": 1}],
}


# Replacing something, with a choice of what goes back.  Player 1 holds Legion (2 red
# dice) and Phalanx (1 red die) beside three printed buildings: one red die and one white
# die are used, and the unused ones differ, so which ones go back makes a difference.
GIVE_BACK_DICE = {
    "players": 2, "seed": 5, "round": 2,
    "board": [["t2-01", "t2-02", "t2-03"], ["t2-05", "t2-06", "t2-07"],
              ["t2-04", None, "t2-08"]],
    "seats": [{
        "buildings": ["t1-02", "t1-01", "start-farm", "start-caravan", "start-temple"],
        "dice": ["red:strength", {"colour": "red", "face": "strength", "used": True},
                 "red:3strength", "white:gold", "white:food",
                 {"colour": "white", "face": "book", "used": True}],
        "chits": {"gold": 1, "reroll": 1},
    }],
}

# Player 1's advisor Confucius brought 2 reroll chits; with the starting one they hold 3,
# 1 of them used: 0 or 1 used ones can go back with Confucius.
GIVE_BACK_REROLLS = {
    "players": 2, "seed": 5, "round": 2,
    "board": [["t2-07", "t2-01", "t2-08"], ["t2-05", "t2-06", "t2-03"],
              ["t2-04", None, "t2-02"]],
    "seats": [{
        "advisor": "t1-08",
        "dice": ["white:gold", "white:gold", "white:food", "white:book", "white:stone"],
        "chits": {"gold": 1, "reroll": 2},
        "chits_used": {"reroll": 1},
    }],
}


def scenario_widget(description: dict[str, Any]) -> NationsWidget:
    game = Game.from_state(scenario(description))
    return NationsWidget(game=game, seats=["human", "human"], bot_delay=0,
                         bot_factory=fallback_make_bot, bot_names=["random"])


def engine_returns(w: NationsWidget, moves: list[Buy]) -> list[dict[str, Any]]:
    """What the engine gives back for each buy that leaves it to the default (for the JS
    tests: the choice the board offers first must be this one)."""
    out = []
    for move in moves:
        plan = check(w.state, move)
        out.append({"move": move.to_json(), "returned_dice": list(plan.returned_dice),
                    "returned_used_rerolls": plan.returned_used})
    return out


def previews(w: NationsWidget, moves: list[Buy]) -> list[dict[str, Any]]:
    """The ``preview`` trait Python sends for each move (the board asks for a building's
    give-back choice this way)."""
    out = []
    for move in moves:
        w.preview_move(move)
        out.append(dict(w.preview))
    w.preview = {}
    return out


def with_choices(w: NationsWidget, moves: list[Buy]) -> list[Buy]:
    """``moves`` and, for each, the same buy with every other choice of the dice given back
    or of the used reroll chits given back (the board asks the preview of each choice)."""
    out: list[Buy] = []
    s = w.state
    seat = s.current_player()
    assert seat is not None
    for move in moves:
        out.append(move)
        if move.replaces:
            choice = give_back_choice(s, move)
            if choice is None:
                continue
            for back in combinations(choice["order"], choice["count"]):
                if sorted(back) != choice["default"]:
                    out.append(Buy(move.tile, move.payment, move.replaces, back))
        else:
            for k in used_reroll_choices(s, seat):
                if k != check(s, move).returned_used:
                    out.append(Buy(move.tile, move.payment, returned_used_rerolls=k))
    return out


def give_back_fixtures() -> None:
    w = scenario_widget(GIVE_BACK_DICE)
    listed = [m for m in w.game.legal_moves() if isinstance(m, Buy) and m.replaces]
    # Knights paid with the gold chit instead of the suggested white die: another default
    own = [Buy("t2-01", Payment(chits=1), r) for r in ("start-farm", "t1-02")]
    # the engine's answer to a wrong choice: a white die back for Legion's red ones
    probe = scenario_widget(GIVE_BACK_DICE)
    white = probe.state.unused_dice(0)[0]
    red = next(d for d in probe.state.dice_of(0) if DIE_COLOUR[d] == "red")
    probe.handle_intent({"kind": "move", "move": {
        "type": "buy", "tile": "t2-01", "payment": {"chits": 1}, "replaces": "t1-02",
        "returned_dice": [white, red]}})
    assert probe.error, "a white die cannot go back for a red building"
    buys = [m for m in w.game.legal_moves() if isinstance(m, Buy) and not m.replaces]
    dump("give_back_dice", w, engine=engine_returns(w, listed + own), refusal=probe.error,
         previews=previews(w, with_choices(w, listed + own) + buys), scenario=GIVE_BACK_DICE)
    w = scenario_widget(GIVE_BACK_REROLLS)
    listed = [m for m in w.game.legal_moves() if isinstance(m, Buy)
              and w.state.comp.tiles[w.state.comp.tile_ref[m.tile]].kind == "advisor"]
    # the gold chit paying instead: another payment, its choices asked too
    own = [Buy(m.tile, Payment(chits=1)) for m in listed
           if w.state.board.index(w.state.comp.tile_ref[m.tile]) % BOARD_ROWS == 0]  # cost 1
    dump("give_back_rerolls", w, engine=engine_returns(w, listed),
         previews=previews(w, with_choices(w, listed + own)), scenario=GIVE_BACK_REROLLS)


def log_patches() -> list[dict[str, Any]]:
    """A game's log patches through moves, undo, redo, goto, a new branch, a new game and
    a load, each with the log Python holds after it (what the browser must show)."""
    w = widget(2, 7)
    w.log_limit = 12            # a short window, so that it slides within a few moves
    w.refresh()
    steps: list[dict[str, Any]] = []

    def note(what: str) -> None:
        steps.append({"what": what, "patch": w.log_patch, "log": w.game_log})

    note("start")
    for i in range(30):
        w.play(policy(w.game.legal_moves()))
        note(f"move {i + 1}")
    w.undo()
    note("undo")
    w.undo()
    note("undo")
    w.redo()
    note("redo")
    w.goto(5)
    note("goto 5")
    w.goto(20)
    note("goto 20")
    w.play(w.game.legal_moves()[0])
    note("a new branch at 20")
    saved = w.save_json()
    w.new_game(seed=8)
    note("new game")
    w.play(policy(w.game.legal_moves()))
    note("move")
    w.load_json(saved)
    note("load")
    return steps


def undo_steps() -> dict[str, Any]:
    """What the board is sent when stepping through the history, in the two games the
    browser benchmark clicks (benchmarks/browser_latency.py): the page's opening traits,
    then the update Python publishes on each step.  *hot_seat*: 2 humans, 30 moves in; Undo
    (back one move, the turn passes back) and Redo.  *against_bot*: a human against a bot,
    at the human's decision 30 moves in; Undo (back over the bot's moves to the human's
    previous decision) and Redo up to the latest position again (several moves: the update
    published after the last Redo; a jump there with » would only look at those moves, the
    game staying at the position undone to)."""
    out: dict[str, Any] = {}

    def traits(w: NationsWidget) -> dict[str, Any]:
        return {t: getattr(w, t) for t in TRAITS if t != "log_patch"} | {
            "log_patch": w.log_patch}

    # the benchmark's own games, played by the widget's bots (so this file also changes
    # when the bots do)
    hot = NationsWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0)
    for _ in range(30):
        hot.bot_move()
    opening = dump_traits(hot)
    hot.undo(None)
    back = traits(hot)
    hot.redo()
    out["hot_seat"] = {"opening": opening, "back": back, "forward": traits(hot)}

    bot = NationsWidget(players=2, seats=["human", "random"], seed=1, bot_delay=0)
    while bot.game.position < 30 or bot.game.current_player != 0:
        bot.bot_move()
    opening = dump_traits(bot)
    latest = bot.game.position
    bot.undo(None)
    back = traits(bot)
    while bot.game.position < latest:
        bot.redo()
    out["against_bot"] = {"opening": opening, "back": back, "forward": traits(bot)}
    return out


def dump_traits(w: NationsWidget) -> dict[str, Any]:
    data = {t: getattr(w, t) for t in TRAITS}
    data["log_patch"] = {"seq": w.log_patch["seq"], "reset": True, "entries": w.game_log}
    return data


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    w = widget(2, 3, ["human", "random"])
    (OUT / "catalogue.json").write_text(json.dumps(w.catalogue, indent=1, sort_keys=True) + "\n")
    dump("start_2p", w)

    for seed in range(1, 200):
        w = widget(3, seed)
        try:
            advance(w, rich, 200)
        except RuntimeError:
            continue
        if rich(w):
            dump("rich_3p", w)
            break
    else:
        raise RuntimeError("no rich position found")

    for step in ("books", "famine", "war"):
        for seed in range(1, 300):
            w = widget(2, seed, automate=False)
            advance(w, lambda x, st=step: x.state.step == st or x.game.is_over)
            if w.state.step == step and len(w.legal) >= 2:
                dump(step, w)
                break
        else:
            raise RuntimeError(f"no {step} decision found")

    for seed in range(1, 300):
        w = widget(2, seed, variant="accelerated")
        advance(w, lambda x: x.state.step == "actions"
                and any(e["move"].get("pledge") for e in x.legal))
        if any(e["move"].get("pledge") for e in w.legal):
            dump("accelerated", w)
            break

    w = widget(1, 5)
    advance(w, lambda x: x.game.position >= 3)
    dump("solo", w)

    # Unrest: green dice showing Unrest at the start of a turn (only the two ways to settle
    # it are legal), then the same position once they are set aside (a star chit to use, and
    # passing takes a passing bonus)
    w = scenario_widget(UNREST)
    dump("unrest_due", w)
    w.handle_intent({"kind": "move", "move": {"type": "unrest", "choice": "set_aside"}})
    dump("unrest_bonus", w)

    w = widget(4, 11, ["human", "random", "random", "random"])
    advance(w, lambda x: False, 2000)
    dump("game_over_4p", w)

    w = widget(2, 3, ["human", "random"])
    w.handle_intent({"kind": "move", "move": {"type": "buy", "tile": "t1-04",
                                               "payment": {"dice": [2]},
                                               "replaces": "start-farm"}})
    assert w.error, "the refused move should set error"
    dump("refused", w)
    give_back_fixtures()
    (OUT / "log_patches.json").write_text(json.dumps(log_patches(), sort_keys=True) + "\n")
    (OUT / "undo_steps.json").write_text(json.dumps(undo_steps(), sort_keys=True) + "\n")
    print(f"fixtures written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
