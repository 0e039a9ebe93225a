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

# Editable install in setuptools' "compat" mode: a plain path entry in a .pth file. The default
# mode installs an import hook that every Python start in this venv runs (~13 ms: pathlib,
# importlib.util, ...), which would show in every timing of a short kvguard run.
INSTALL=(-e '.[dev]' --config-settings editable_mode=compat)
# Re-install only when the packaging inputs (or this install command) changed since the last
# successful install.
STAMP="$VENV/.kvguard-setup.stamp"
WANT=$( (cat pyproject.toml; echo "${INSTALL[*]}") | "$VENV/bin/python" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && "$VENV/bin/python" -c 'import lint_rules, pytest, pre_commit' 2>/dev/null; then
  echo "setup.sh: $VENV up to date"
  exit 0
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${INSTALL[@]}"
echo "$WANT" > "$STAMP"
# pip may have moved packages the sglang lock pins (fixit pulls click<8.2, the lock pins 8.5.1):
# have scripts/setup_sglang_envs.sh re-apply the lock.
rm -f "$VENV/.kvguard-sglang-0.5.23.stamp"
echo "setup.sh: installed kvguard $("$VENV/bin/python" -c 'import lint_rules; print(lint_rules.__version__)') into $VENV"
