#!/usr/bin/env bash
# Set up, then show kvguard on the bundled examples: the findings, then the fix as a diff.
# kvguard exits 1 because the buggy example has findings; the demo itself exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
KV=.venv/bin/kvguard

run() {
  echo
  echo "\$ kvguard $*"
  set +e
  "$KV" "$@"
  local rc=$?
  set -e
  echo "(exit status $rc)"
  if [ "$rc" -ge 2 ]; then
    echo "demo: unexpected error from kvguard" >&2
    exit "$rc"
  fi
}

run check --no-cache examples/
run fix --diff --no-cache examples/
run rule KVG001
