"""The game-generic widget shell: what both games' widgets share (see ``adapter.py`` for
what a game supplies)."""
