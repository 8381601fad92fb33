#!/usr/bin/env bash
# Install everything the project needs, idempotently:
#   - .venv with the package in editable mode plus the [dev] extra (tests, lint, Voila, JupyterLab);
#   - .venv-static with the package in editable mode plus the [static] extra (nations-widget
#     static's build) when NATIONS_NEED_STATIC=1 (set by scripts/test.sh when
#     tests/browser/test_static_site.py exists): an environment of its own, since JupyterLite's
#     kernel extension breaks JupyterLab's page beside it; its first build fetches Pyodide with
#     npm and the page's wheels with pip, then caches them;
#   - js/node_modules from js/package-lock.json (npm ci) when js/package.json exists;
#   - Debian's chromium when NATIONS_NEED_BROWSER=1 (set by scripts/test.sh if tests/browser exists);
#   - Debian's postgresql when NATIONS_NEED_POSTGRES=1 (set by scripts/test.sh if tests/tables
#     exists): the tables' tests start a throwaway server of their own with its initdb/pg_ctl.
# A second run is fast: pip is skipped while .venv/.stamp is newer than pyproject.toml and
# constraints.txt (the pinned Python versions).
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

if [ -f .venv/.stamp ] && [ .venv/.stamp -nt pyproject.toml ] && [ .venv/.stamp -nt constraints.txt ]; then
    say "python deps up to date (.venv/.stamp newer than pyproject.toml and constraints.txt)"
else
    say "installing python deps into .venv (first run takes a few minutes)"
    .venv/bin/python -m pip install -qq --upgrade pip
    # the versions pinned in constraints.txt (the Python lock), so a clean clone tests what was tested
    .venv/bin/python -m pip install -qq -c constraints.txt -e ".[dev]"
    touch .venv/.stamp
    say "python deps installed"
fi

# --- the static site's build ----------------------------------------------------------------
if [ "${NATIONS_NEED_STATIC:-0}" = "1" ]; then
    if [ -d .venv-static ] && ! .venv-static/bin/python -c 'import sys' >/dev/null 2>&1; then
        rm -rf .venv-static
    fi
    if [ ! -d .venv-static ]; then
        say "creating .venv-static (the static site's build)"
        "$PYTHON" -m venv .venv-static
    fi
    if [ -f .venv-static/.stamp ] && [ .venv-static/.stamp -nt pyproject.toml ] \
        && [ .venv-static/.stamp -nt constraints.txt ]; then
        say "static build deps up to date"
    else
        say "installing the [static] extra into .venv-static"
        .venv-static/bin/python -m pip install -qq --upgrade pip
        .venv-static/bin/python -m pip install -qq -c constraints.txt -e ".[static]"
        touch .venv-static/.stamp
    fi
fi

# --- JavaScript -----------------------------------------------------------------------------
# `npm ci`: exactly the versions in js/package-lock.json, which never changes under it (the lock
# file names every platform's optional packages, so it is complete on any machine). It reinstalls
# only when package.json or the lock is newer than js/node_modules. Changing a dependency is a
# developer's step: `npm install --prefix js <pkg>@<version>`, then commit package-lock.json.
if [ -f js/package.json ]; then
    if [ ! -f js/package-lock.json ]; then
        say "ERROR: js/package-lock.json is missing: run 'npm install --prefix js' and commit it" >&2
        exit 1
    fi
    if [ ! -d js/node_modules ] || [ js/package.json -nt js/node_modules ] \
        || [ js/package-lock.json -nt js/node_modules ]; then
        say "npm ci in js/ (the versions locked in js/package-lock.json)"
        npm ci --prefix js --no-audit --no-fund --loglevel=error
        touch js/node_modules
    else
        say "js deps up to date"
    fi
fi

# --- Debian packages the tests need -----------------------------------------------------------
# apt_install PACKAGE WHAT: install a Debian package as root, or through sudo (WHAT names
# what is missing in the error when neither can)
apt_install() {
    local sudo=""
    if [ "$(id -u)" != "0" ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            say "ERROR: $2 is missing, and installing it needs root or sudo" >&2
            exit 1
        fi
    fi
    say "installing Debian $1 with apt-get"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
}

# --- Browser for tests/browser ----------------------------------------------------------------
if [ "${NATIONS_NEED_BROWSER:-0}" = "1" ]; then
    if [ -x /usr/bin/chromium ]; then
        say "chromium present (/usr/bin/chromium)"
    else
        apt_install chromium /usr/bin/chromium
        say "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo '?')"
    fi
fi

# --- PostgreSQL for tests/tables --------------------------------------------------------------
# Only the server's programs are needed (initdb, pg_ctl, postgres); the tests start and stop a
# throwaway cluster in a temporary folder, as the 'postgres' user when run as root. The
# package's own cluster is not used (Debian's package creates one; it stays down in CI).
if [ "${NATIONS_NEED_POSTGRES:-0}" = "1" ]; then
    if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then
        say "postgresql present ($(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | tail -1))"
    else
        apt_install postgresql PostgreSQL
        say "postgresql installed: $(ls -d /usr/lib/postgresql/*/bin | tail -1)"
    fi
fi

say "done"
