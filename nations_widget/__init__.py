"""Rules engines, bots and a Jupyter widget for the Nations games.

`nations_widget.dice` is Nations: The Dice Game.
"""

__version__ = "0.1.0"
