"""The board game's shared constants: resources, figures, card types, card sets, levels,
where a card lies on a player's board, the tracks' caps, the progress board's prices, and
the solo game's fixed values.  Every module of the engine takes them from here."""

from __future__ import annotations

# Stored resources, in the order of a player's ``res`` list.
GOLD, STONE, FOOD, BOOKS, VP = range(5)
RESOURCES: tuple[str, ...] = ("gold", "stone", "food", "books", "vp")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
# The two tracks: not stored, always summed from the board.
TRACKS: tuple[str, ...] = ("strength", "stability")
# A card's per-worker / per-round figures as a 6-vector: the four goods, strength, stability.
FIGURES: tuple[str, ...] = ("gold", "stone", "food", "books", "strength", "stability")
STRENGTH_F, STABILITY_F = 4, 5
# Production is computed in this order (rulebook: gold, food, stone, books).
PRODUCTION_ORDER: tuple[int, ...] = (GOLD, FOOD, STONE, BOOKS)

CARD_TYPES: tuple[str, ...] = ("advisor", "battle", "building", "colony", "golden age",
                               "military", "war", "wonder")
SETS: tuple[str, ...] = ("base", "adv", "exp")
DIFFICULTIES: tuple[str, ...] = ("chieftain", "prince", "king", "emperor")
# Where a card in play lies on a player's board (a PlayerState list), by its type; golden
# ages, battles and wars are never kept.  PLACES is the order active cards are listed in
# (in_play.active_cards), buildings and military first.
PLACE_OF_TYPE: dict[str, str] = {"building": "bm", "military": "bm", "advisor": "advisors",
                                 "colony": "colonies", "wonder": "wonders",
                                 "special": "specials"}
PLACES: tuple[str, ...] = ("bm", "advisors", "colonies", "wonders", "specials")
TRACK_MAX_STRENGTH = 40      # "any Military Strength above 40 is counted as 40"
TRACK_MAX_STABILITY = 15     # "any Stability above 15 is counted as 15"
# Gold a card costs by the progress board's row (row 0 costs 3 gold).
PRICES = (3, 2, 1)
# What a battle can bring, by the answer's index.
BATTLE_TAKES = (BOOKS, FOOD, STONE)
# The population track's sections a worker is taken from, and where a returned one goes.
SECTIONS = ("free", "food", "stability")
DESTINATIONS = ("food", "stability", "top")

# The solo game (solo.py): the shadow's index in rankings (after the player's seat 0); a
# category the shadow has no value in (the player wins it); what the shadow's values are
# named in a tile and in the state's "shadow" list; its books at the start ("The shadow
# opponent starts with 2 Books").
SHADOW = 1
NO_VALUE = -1_000_000
SHADOW_FIGURES = ("strength", "stability", "books")
START_BOOKS = 2
