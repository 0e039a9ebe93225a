#!/usr/bin/env bash
# Real sglang CPU environments for the runtime-guard tests (tests/guard, marker `sglang`).
#
#   .venv/                                   sglang 0.5.23 + torch 2.13.0 CPU + pinned lock
#   $KVGUARD_CACHE/envs/sglang-0.5.12.post1/ --target overlay (PYTHONPATH=<dir> over .venv)
#   $KVGUARD_CACHE/envs/sglang-0.5.9/        --target overlay
#
# Idempotent and cached: each step writes a stamp holding the hash of its lock file and is skipped
# while the stamp matches. Everything is installed with --no-deps from exact pins (requirements/);
# torch==2.13.0 resolves to the local CPU wheel via pip's find-links on this machine kind. Never add
# an unpinned torch: PyPI's Linux torch is the multi-GB CUDA build. Do not run `pip check` here.
#
# Usage: bash scripts/setup_sglang_envs.sh [--print-env]   (KVGUARD_CACHE overrides ~/.cache/kvguard)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${KVGUARD_CACHE:-$HOME/.cache/kvguard}"
ENVS="$CACHE/envs"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
OVERLAYS=("0.5.12.post1" "0.5.9" "0.5.13.post1")

if [[ "${1:-}" == "--print-env" ]]; then
  for v in "${OVERLAYS[@]}"; do echo "KVGUARD_SGLANG_${v//./_}=$ENVS/sglang-$v"; done
  exit 0
fi

log() { printf '[setup_sglang_envs] %s\n' "$*" >&2; }
hash_of() { { cat "$@"; "$PY" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16; }

if [[ ! -x "$PY" ]]; then
  log "creating $VENV (python3.11)"
  python3.11 -m venv "$VENV"
fi
"$PY" -c 'import sys; assert sys.version_info[:2] == (3, 11), sys.version' \
  || { log "the sglang CPU lock is for Python 3.11 (cp311 wheels)"; exit 1; }

PIP=("$PY" -m pip install --no-deps --disable-pip-version-check --no-input -q)
start=$SECONDS

# 1. sglang 0.5.23 lock into .venv
LOCK="$ROOT/requirements/sglang-0.5.23-cpu.txt"
STAMP="$VENV/.kvguard-sglang-0.5.23.stamp"
want="$(hash_of "$LOCK")"
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  log "sglang 0.5.23 lock already installed in .venv"
else
  log "installing sglang 0.5.23 CPU lock into .venv ($(grep -cv '^\s*#' "$LOCK") pins)"
  "${PIP[@]}" -r "$LOCK"
  "$PY" -c 'import torch, sglang; assert torch.__version__.startswith("2.13.0"), torch.__version__; assert "+cpu" in torch.__version__, torch.__version__' \
    || { log "torch is not the 2.13.0 CPU build; refusing to continue"; exit 1; }
  echo "$want" > "$STAMP"
fi

# kvguard itself must be an installed distribution so the sglang.srt.plugins entry point exists.
if ! "$PY" - <<'PY' 2>/dev/null
import importlib.metadata as md, sys
eps = md.entry_points(group="sglang.srt.plugins")
sys.exit(0 if any(ep.name == "kvguard_pool_guard" for ep in eps) else 1)
PY
then
  log "installing kvguard (editable, --no-deps) for its sglang.srt.plugins entry point"
  "${PIP[@]}" -e "$ROOT"
fi

# 2. older sglang versions as --target overlays
mkdir -p "$ENVS"
for v in "${OVERLAYS[@]}"; do
  req="$ROOT/requirements/sglang-$v-cpu-overlay.txt"
  dest="$ENVS/sglang-$v"
  want="$(hash_of "$req")"
  if [[ -f "$dest/.kvguard-stamp" && "$(cat "$dest/.kvguard-stamp")" == "$want" ]]; then
    log "sglang $v overlay already in $dest"
    continue
  fi
  log "installing sglang $v overlay into $dest"
  tmp="$dest.tmp.$$"
  rm -rf "$tmp"
  "${PIP[@]}" --target "$tmp" -r "$req"
  rm -rf "$dest"
  mv "$tmp" "$dest"
  echo "$want" > "$dest/.kvguard-stamp"
done

log "done in $((SECONDS - start)) s; sizes: .venv $(du -sh "$VENV" | cut -f1), overlays $(du -shc "$ENVS"/sglang-* | tail -1 | cut -f1)"
