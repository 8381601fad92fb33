"""Write nations_widget/board/data/cards.json from the shared component data (numbers only).

The shared file (../shared/data/nations-board/cards.json) gathers the figures of the board
game's cards from public sources.  Figures are facts and carry over; that file's card texts
and effect paraphrases do not: this script copies numbers only, in our own structure, and
keeps whatever ``text`` and ``effects`` our own file already has for a card (those are
written by hand, in the project's own words and effect vocabulary; see board/DESIGN.md).

Run from the repository root:  python scripts/make_board_cards.py [path/to/shared/cards.json]
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "nations_widget" / "board" / "data" / "cards.json"
EVENTS = OUT.parent / "events.json"
SHARED = ROOT.parent / "shared" / "data" / "nations-board" / "cards.json"

# the shared file's resource names -> ours
RES = {"gold": "gold", "stone": "stone", "food": "food", "books": "books",
       "stability": "stability", "military": "strength"}
SETS = ("base", "adv", "exp")
# Name decisions (the shared README's discrepancy list; reasons in board/data/PROVENANCE.md):
# the historical spelling wins, and the title read off the card image wins over a typed list.
SHARED_NAMES = {"Three Kingdoms"}
NAMES = {"Pelopponesian War": "Peloponnesian War", "Carolus Linneaus": "Carolus Linnaeus",
         "Oresund Dues": "Øresund Dues", "Curassiers": "Hussar"}


def slug(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name.lower().replace("ø", "o"))
    plain = plain.encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.replace("'", "")).strip("-")


def res(d: dict[str, int] | None) -> dict[str, int]:
    return {RES[k]: v for k, v in (d or {}).items()}


def card(c: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    name = NAMES.get(c["name"], c["name"])
    # Two advanced cards share a name (a war and a golden age): their type tells them apart.
    ident = slug(name) + ("-" + slug(c["type"]) if name in SHARED_NAMES else "")
    out: dict[str, Any] = {"id": ident, "name": name, "set": c["set"], "age": c["age"],
                           "type": c["type"]}
    t = c["type"]
    if t in ("building", "military"):
        out["per_worker"] = res(c.get("production_per_worker"))
        out["deploy_cost"] = -c["deployment_cost"]
        out["worker_vp"] = c["worker_points"]
        if t == "military":
            out["raid"] = c.get("raid_value", 0)
        if c.get("max_workers"):
            out["max_workers"] = len(c["worker_points"])
    elif t in ("colony", "wonder", "advisor"):
        if c.get("production_value"):
            out["produces"] = res(c["production_value"])
        if t == "colony":
            out["requirement"] = c["military_requirement"]
        if t == "wonder":
            out["stages"] = [-x for x in c["stage_costs"]]
        if "points" in c:
            out["vp"] = c["points"]
    elif t == "war":
        out["war_loss"] = {RES[c["penalty_resource"]]: -c["penalty_amount"]}
    elif t == "golden age":
        if c.get("offers_books"):
            out["golden_age"] = "books"
        elif c.get("offers_stone"):
            out["golden_age"] = "stone"
    if c.get("private_architects"):
        out["private_architects"] = c["private_architects"]
    prev = old.get(out["id"], {})
    for key in ("text", "effects"):
        if key in prev:
            out[key] = prev[key]
    return out


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else SHARED
    shared = json.loads(src.read_text())
    old: dict[str, Any] = {}
    if OUT.exists():
        old = {c["id"]: c for c in json.loads(OUT.read_text())["progress"]}
    cards = [card(c, old) for c in shared["progress_cards"] if c["set"] in SETS]
    ids = [c["id"] for c in cards]
    assert len(ids) == len(set(ids)), "card ids must be unique"
    data = {
        "format": "nations-board-cards",
        "version": 1,
        "note": ("Card figures from the public component lists (see PROVENANCE.md); texts and "
                 "effects are the project's own."),
        "progress": sorted(cards, key=lambda c: (SETS.index(c["set"]), c["age"], c["type"],
                                                 c["id"])),
    }
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(cards)} cards to {OUT.relative_to(ROOT)}")

    old_events: dict[str, Any] = {}
    if EVENTS.exists():
        old_events = {e["id"]: e for e in json.loads(EVENTS.read_text())["events"]}
    events = []
    for e in shared["event_cards"]:
        ident = slug(e["name_a"]) + "--" + slug(e["name_b"])
        prev = old_events.get(ident, {})
        halves = []
        for i, name in enumerate((e["name_a"], e["name_b"])):
            half: dict[str, Any] = {"name": name}
            if prev:
                half.update({k: v for k, v in prev["events"][i].items() if k != "name"})
            halves.append(half)
        events.append({"id": ident, "age": e["age"], "architects": e["architects"],
                       "famine": -e["famine"], "events": halves})
    EVENTS.write_text(json.dumps({
        "format": "nations-board-events", "version": 1,
        "note": ("Event figures and titles from the public component lists (see PROVENANCE.md); "
                 "texts and effects are the project's own."),
        "events": sorted(events, key=lambda e: (e["age"], e["id"])),
    }, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(events)} event cards to {EVENTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
