#!/usr/bin/env bash
# Idempotent developer set-up: a repo-local .venv (Python 3.11) with kvguard installed
# editable, plus the pinned dev tools from pyproject.toml's [dev] extra.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv
PY=${KVGUARD_PYTHON:-}
if [ -z "$PY" ]; then
  for cand in python3.11 python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
      PY=$cand; break
    fi
  done
fi
if [ ! -x "$VENV/bin/python" ]; then
  if [ -z "$PY" ]; then
    echo "setup.sh: Python 3.11 not found (set KVGUARD_PYTHON=/path/to/python3.11)" >&2
    exit 1
  fi
  echo "setup.sh: creating $VENV with $("$PY" --version)"
  "$PY" -m venv "$VENV"
fi

# Re-install only when the packaging inputs changed since the last successful install.
STAMP="$VENV/.kvguard-setup.stamp"
WANT=$(cat pyproject.toml | "$VENV/bin/python" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && "$VENV/bin/python" -c 'import lint_rules, pytest, pre_commit' 2>/dev/null; then
  echo "setup.sh: $VENV up to date"
  exit 0
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[dev]'
echo "$WANT" > "$STAMP"
echo "setup.sh: installed kvguard $("$VENV/bin/python" -c 'import lint_rules; print(lint_rules.__version__)') into $VENV"
