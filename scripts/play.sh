#!/usr/bin/env bash
# Install what is needed (scripts/setup.sh), then serve notebooks/play.ipynb (the app: a choice
# of the dice game or the board game; ?game=dice or ?game=board opens one) with Voila on
# 127.0.0.1 (port $PORT, default 8866).
#
# Voila 0.5 reads voila.py / voila.json from the directory it is started in (its
# Voila.config_file_paths defaults to [cwd, *jupyter_config_path()]), so the voila.py at the
# repository root (it applies nations_widget/app/voila_settings.py: a pool of warm kernels, a
# cap on pages (both sized to the machine), idle-kernel culling, security headers; the numbers in one block near its top,
# NATIONS_KERNEL_POOL / NATIONS_MAX_KERNELS override two of them) is picked up without any
# flag: this script starts Voila from the root. voila.py turns TCP_NODELAY on for the kernel websocket;
# NATIONS_TCP_NODELAY=0 keeps Jupyter's default (Nagle's algorithm on).
#
# The "Open http://..." line is printed only once the server answers (Voila takes a few
# seconds to start: a click on a URL printed earlier met "connection refused"); Ctrl-C (or
# SIGTERM) stops the server and its kernels. NATIONS_SKIP_SETUP=1 skips scripts/setup.sh
# (an environment installed already); VOILA names the voila command (default .venv/bin/voila).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

NOTEBOOK=notebooks/play.ipynb
if [ ! -f "$NOTEBOOK" ]; then
    echo "play: $NOTEBOOK does not exist yet, so there is no app to serve." >&2
    exit 1
fi

if [ "${NATIONS_SKIP_SETUP:-0}" != "1" ]; then
    bash scripts/setup.sh
fi

PORT="${PORT:-8866}"
VOILA="${VOILA:-.venv/bin/voila}"
PYTHON="${PYTHON:-python3}"
# how long the server may take to answer before the script gives up (seconds)
READY_TIMEOUT=120
for config in voila.py voila.json; do
    if [ -f "$config" ]; then
        echo "play: using ./$config"
    fi
done
if [ "${NATIONS_TCP_NODELAY:-1}" = "0" ]; then
    echo "play: TCP_NODELAY left off for the kernel websocket (NATIONS_TCP_NODELAY=0)"
fi

# Voila in the background, so that the URL can wait for it. A background job of a script
# ignores SIGINT, so Ctrl-C reaches the script, whose trap stops the server with SIGTERM
# (Voila's signal to shut its kernels down and exit), as if Voila had been exec'd.
# port_retries=0: on a busy port Voila stops instead of serving on another one than the URL's.
"$VOILA" "$NOTEBOOK" --no-browser --Voila.ip=127.0.0.1 --port="$PORT" --Voila.port_retries=0 &
server=$!
stop_server() {
    if kill -0 "$server" 2>/dev/null; then
        kill -TERM "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "play: starting Voila on 127.0.0.1:${PORT}..."
# a static file of Voila's: it answers once the server serves pages, without running the
# notebook (a request for the page itself would spend a kernel)
if ! "$PYTHON" - "http://127.0.0.1:${PORT}/voila/static/favicon.ico" "$server" "$READY_TIMEOUT" <<'PY'
import os
import sys
import time
import urllib.request

url, pid, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])


def running() -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


try:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and running():
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    sys.exit(0)
        except OSError:
            pass
        time.sleep(0.2)
except KeyboardInterrupt:
    sys.exit(130)
sys.exit(1)
PY
then
    if kill -0 "$server" 2>/dev/null; then
        echo "play: Voila did not answer on port ${PORT} within ${READY_TIMEOUT} s; stopping it." >&2
    else
        echo "play: Voila stopped before it served the app (is port ${PORT} in use? PORT=... picks another)." >&2
    fi
    exit 1
fi
echo "Open http://127.0.0.1:${PORT}/ in your browser (Ctrl-C stops the server);"
echo "  http://127.0.0.1:${PORT}/?game=dice or ?game=board opens one game directly"
wait "$server"
