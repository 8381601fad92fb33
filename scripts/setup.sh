#!/usr/bin/env bash
# Install everything the project needs, idempotently:
#   - .venv with the package in editable mode plus the [dev] extra (tests, lint, Voila, JupyterLab);
#   - js/node_modules when js/package.json exists;
#   - Debian's chromium when NATIONS_NEED_BROWSER=1 (set by scripts/test.sh if tests/browser exists).
# A second run is fast: pip is skipped while .venv/.stamp is newer than pyproject.toml.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf 'setup: %s\n' "$*"; }

export PIP_DISABLE_PIP_VERSION_CHECK=1
export PIP_NO_INPUT=1

# --- Python ---------------------------------------------------------------------------------
PYTHON="${PYTHON:-python3}"
if [ -d .venv ] && ! .venv/bin/python -c 'import sys' >/dev/null 2>&1; then
    say "removing broken .venv"
    rm -rf .venv
fi
if [ ! -d .venv ]; then
    say "creating .venv with $("$PYTHON" --version 2>&1)"
    "$PYTHON" -m venv .venv
    rm -f .venv/.stamp
fi

if [ -f .venv/.stamp ] && [ .venv/.stamp -nt pyproject.toml ]; then
    say "python deps up to date (.venv/.stamp newer than pyproject.toml)"
else
    say "installing python deps into .venv (first run takes a few minutes)"
    .venv/bin/python -m pip install -qq --upgrade pip
    .venv/bin/python -m pip install -qq -e ".[dev]"
    touch .venv/.stamp
    say "python deps installed"
fi

# --- JavaScript -----------------------------------------------------------------------------
# `npm install`, not `npm ci`: the npm registry reachable here answers 404 for other platforms'
# optional packages (e.g. @rollup/rollup-darwin-arm64, pulled in by vitest), so a lock file made
# here lacks them and `npm ci` always rejects it as "out of sync". `npm install` installs the
# locked versions; under CI it must also leave the lock file unchanged (a stale lock fails).
if [ -f js/package.json ]; then
    if [ ! -d js/node_modules ] || [ js/package.json -nt js/node_modules ] \
        || { [ -f js/package-lock.json ] && [ js/package-lock.json -nt js/node_modules ]; }; then
        lock_before=""
        if [ -f js/package-lock.json ]; then
            lock_before="$(cksum < js/package-lock.json)"
            say "npm install in js/ (locked versions from js/package-lock.json)"
        else
            say "npm install in js/ (no package-lock.json yet: npm writes one; commit it)"
        fi
        npm install --prefix js --no-audit --no-fund --loglevel=error
        mkdir -p js/node_modules && touch js/node_modules
        if [ -n "${CI:-}" ] && [ -n "$lock_before" ] \
            && [ "$lock_before" != "$(cksum < js/package-lock.json)" ]; then
            say "ERROR: npm install changed js/package-lock.json: the committed lock file does not" \
                "match js/package.json. Run 'npm install' in js/ and commit the lock file." >&2
            exit 1
        fi
    else
        say "js deps up to date"
    fi
fi

# --- Browser for tests/browser ----------------------------------------------------------------
if [ "${NATIONS_NEED_BROWSER:-0}" = "1" ]; then
    if [ -x /usr/bin/chromium ]; then
        say "chromium present (/usr/bin/chromium)"
    else
        SUDO=""
        if [ "$(id -u)" != "0" ]; then
            if command -v sudo >/dev/null 2>&1; then
                SUDO="sudo"
            else
                say "ERROR: /usr/bin/chromium is missing, and installing it needs root or sudo" >&2
                exit 1
            fi
        fi
        say "installing Debian chromium with apt-get"
        $SUDO apt-get update -qq
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
        say "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo '?')"
    fi
fi

say "done"
