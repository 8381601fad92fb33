#!/usr/bin/env bash
# Install what is needed (scripts/setup.sh), then serve notebooks/play.ipynb (the app: a choice
# of the dice game or the board game; ?game=dice or ?game=board opens one) with Voila on
# 127.0.0.1 (port $PORT, default 8866).
#
# Voila 0.5 reads voila.py / voila.json from the directory it is started in (its
# Voila.config_file_paths defaults to [cwd, *jupyter_config_path()]), so the voila.py at the
# repository root (preheated kernel, idle-kernel culling) is picked up without any flag: this
# script starts Voila from the root. voila.py turns TCP_NODELAY on for the kernel websocket;
# NATIONS_TCP_NODELAY=0 keeps Jupyter's default (Nagle's algorithm on).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

NOTEBOOK=notebooks/play.ipynb
if [ ! -f "$NOTEBOOK" ]; then
    echo "play: $NOTEBOOK does not exist yet, so there is no app to serve." >&2
    exit 1
fi

bash scripts/setup.sh

PORT="${PORT:-8866}"
for config in voila.py voila.json; do
    if [ -f "$config" ]; then
        echo "play: using ./$config"
    fi
done
if [ "${NATIONS_TCP_NODELAY:-1}" = "0" ]; then
    echo "play: TCP_NODELAY left off for the kernel websocket (NATIONS_TCP_NODELAY=0)"
fi
echo "Open http://127.0.0.1:${PORT}/ in your browser (Ctrl-C stops the server);"
echo "  http://127.0.0.1:${PORT}/?game=dice or ?game=board opens one game directly"
exec .venv/bin/voila "$NOTEBOOK" --no-browser --Voila.ip=127.0.0.1 --port="$PORT"
