#!/usr/bin/env bash
# Install what is needed (scripts/setup.sh), then run every check:
#   ruff check, mypy, the JS tests (when js/package.json exists) and pytest over tests/.
# Every step runs even if an earlier one fails; the exit status is non-zero if any failed.
# CI runs this script through .ci/run.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ -d tests/browser ]; then
    export NATIONS_NEED_BROWSER=1
fi
if [ -d tests/tables ]; then
    export NATIONS_NEED_POSTGRES=1
fi
if [ -f tests/browser/test_static_site.py ]; then
    export NATIONS_NEED_STATIC=1
fi

if ! bash scripts/setup.sh; then
    echo "test.sh: FAILED: scripts/setup.sh could not install what the tests need; no check ran" >&2
    exit 1
fi

export PATH="$PWD/.venv/bin:$PATH"
export VIRTUAL_ENV="$PWD/.venv"

passed=()
failed=()

step() {
    local name="$1"
    shift
    printf '\n=== %s ===\n' "$name"
    local rc=0
    "$@" || rc=$?
    if [ "$rc" -eq 0 ]; then
        passed+=("$name")
    else
        printf '=== %s FAILED (exit %s) ===\n' "$name" "$rc"
        failed+=("$name")
    fi
}

run_pytest() {
    local rc=0
    python -m pytest "$@" || rc=$?
    if [ "$rc" -eq 5 ]; then
        echo "ERROR: pytest collected no tests; a test run that runs no test is a failure." >&2
    fi
    return "$rc"
}

step "ruff check" ruff check .
# `ruff format --check` is not run: parts of the tree are not ruff-formatted (see README).
step "mypy" mypy
if [ -f js/package.json ]; then
    step "js tests" npm test --prefix js
fi
step "pytest" run_pytest "$@"

join() {
    local out="" item
    for item in "$@"; do
        out="${out:+$out, }$item"
    done
    printf '%s' "${out:-none}"
}

echo
if [ "${#failed[@]}" -eq 0 ]; then
    echo "test.sh: OK, all ${#passed[@]} steps succeeded ($(join "${passed[@]}"))"
else
    echo "test.sh: FAILED ${#failed[@]} of $((${#passed[@]} + ${#failed[@]})) steps:" \
        "$(join "${failed[@]}"); succeeded: $(join "${passed[@]}")"
    exit 1
fi
