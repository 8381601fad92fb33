#!/usr/bin/env bash
# Install what is needed (scripts/setup.sh), then serve notebooks/play.ipynb with Voila on
# 127.0.0.1 (port $PORT, default 8866).
#
# Voila 0.5 reads voila.json / voila.py from the directory it is started in (its
# Voila.config_file_paths defaults to [cwd, *jupyter_config_path()]), so a voila.json at the
# repository root is picked up without any flag: this script starts Voila from the root.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

NOTEBOOK=notebooks/play.ipynb
if [ ! -f "$NOTEBOOK" ]; then
    echo "play: $NOTEBOOK does not exist yet, so there is no app to serve." >&2
    exit 1
fi

bash scripts/setup.sh

PORT="${PORT:-8866}"
if [ -f voila.json ]; then
    echo "play: using ./voila.json"
fi
echo "Open http://127.0.0.1:${PORT}/ in your browser (Ctrl-C stops the server)"
exec .venv/bin/voila "$NOTEBOOK" --no-browser --Voila.ip=127.0.0.1 --port="$PORT"
