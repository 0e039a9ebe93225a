#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -f scripts/setup_sglang_envs.sh ]; then
  bash scripts/setup_sglang_envs.sh
fi
# The package's own code is held to the style it promises (pyproject.toml: black at 100 columns,
# ruff's pyflakes/pycodestyle/isort/bugbear selection) before the tests run.
STYLE=(lint_rules guardrails tests benchmarks)
.venv/bin/black --check --quiet "${STYLE[@]}" || { echo "test.sh: black would reformat the files above (run: .venv/bin/black ${STYLE[*]})" >&2; exit 1; }
.venv/bin/ruff check --quiet "${STYLE[@]}" || { echo "test.sh: ruff found the problems above" >&2; exit 1; }
# One serial pass by default (an xdist run of the whole suite lost a worker and failed tests that
# pass alone: not yet safe). KVGUARD_TEST_WORKERS=2 tries two workers, one module per worker at a
# time (tests/conftest.py), then the tests marked `serial` (timing bounds) alone.
WORKERS="${KVGUARD_TEST_WORKERS:-0}"
if [ "$WORKERS" = 0 ] || ! .venv/bin/python -c 'import xdist' 2>/dev/null; then
  exec .venv/bin/python -m pytest tests "$@"
fi
rc=0
.venv/bin/python -m pytest -n "$WORKERS" --dist loadgroup -m "not serial" tests "$@" || rc=$?
serial=0
.venv/bin/python -m pytest -p no:xdist -m serial tests "$@" || serial=$?
[ "$serial" = 5 ] && serial=0  # none selected
[ "$rc" = 5 ] && rc=0
if [ "$rc" = 0 ]; then rc=$serial; fi
exit "$rc"
