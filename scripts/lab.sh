#!/usr/bin/env bash
# Install what is needed (scripts/setup.sh), then open the notebooks in JupyterLab on
# 127.0.0.1 (port $PORT, default 8888): play.ipynb (the app), learn.ipynb (the rules, step
# by step) and inspect.ipynb (a game's history), and the board game's learn_board.ipynb and
# inspect_board.ipynb. JupyterLab prints the URL, with its token.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
PORT="${PORT:-8888}"
extra=()
if [ "$(id -u)" = "0" ]; then
    extra+=(--allow-root)   # JupyterLab refuses root (containers, CI machines) without it
fi
exec .venv/bin/jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --port="$PORT" \
    "${extra[@]}" notebooks/
