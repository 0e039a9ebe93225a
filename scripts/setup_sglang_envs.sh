#!/usr/bin/env bash
# Real sglang CPU environments for the runtime-guard tests (tests/guard, marker `sglang`).
#
#   .venv/                                   sglang 0.5.23 + torch 2.13.0 CPU + pinned lock
#   $KVGUARD_CACHE/envs/sglang-0.5.12.post1/ --target overlay (PYTHONPATH=<dir> over .venv)
#   $KVGUARD_CACHE/envs/sglang-0.5.9/        --target overlay
#   $KVGUARD_CACHE/envs/sglang-0.5.{12,11,10.post1}/  --target overlays (the fix oracle grid)
#
# Idempotent and cached: each step writes a stamp holding the hash of its lock file and is skipped
# while the stamp matches. Everything is installed with --no-deps from exact pins (requirements/).
# Do not run `pip check` here.
#
# torch (the one machine-specific step, see "torch build" below), in this order:
#   1. KVGUARD_TORCH_INDEX_URL set (e.g. https://download.pytorch.org/whl/cpu, PyTorch's CPU wheels):
#      torch==2.13.0 comes from that index (CPU build: ~750 MB installed).
#   2. else whatever pip's own configuration resolves torch==2.13.0 to, if that is a CPU build (+cpu):
#      e.g. a find-links directory holding the CPU wheel (this machine kind), or PIP_INDEX_URL /
#      PIP_EXTRA_INDEX_URL / pip.conf naming a CPU index.
#   3. else the build pip resolves (PyPI's: on Linux x86_64 the CUDA build), installed WITH its
#      dependencies so that it imports: the nvidia-* CUDA libraries, several GB; the script says so
#      before installing and prints the measured size after. macOS/Windows PyPI wheels are CPU-only.
#   `--plan-torch` prints which of these applies (a pip dry run: nothing downloaded) and exits.
#
# Usage: bash scripts/setup_sglang_envs.sh [--print-env | --plan-torch]
#        (KVGUARD_CACHE overrides ~/.cache/kvguard)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${KVGUARD_CACHE:-$HOME/.cache/kvguard}"
ENVS="$CACHE/envs"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
OVERLAYS=("0.5.12.post1" "0.5.9" "0.5.13.post1" "0.5.12" "0.5.11" "0.5.10.post1")

if [[ "${1:-}" == "--print-env" ]]; then
  for v in "${OVERLAYS[@]}"; do echo "KVGUARD_SGLANG_${v//./_}=$ENVS/sglang-$v"; done
  exit 0
fi

log() { printf '[setup_sglang_envs] %s\n' "$*" >&2; }
hash_of() { { cat "$@"; "$PY" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16; }

# --plan-torch is a dry run: it creates nothing, so it asks the .venv's pip if there is one, else
# python3.11's.
PLAN_PY="$PY"
[[ -x "$PLAN_PY" ]] || PLAN_PY="$(command -v python3.11 || command -v python3)"
PIP=("$PY" -m pip install --no-deps --disable-pip-version-check --no-input -q)
start=$SECONDS
LOCK="$ROOT/requirements/sglang-0.5.23-cpu.txt"

# torch build: where torch==<the lock's pin> comes from (see the header). Sets TORCH_ARGS (extra pip
# arguments for torch), TORCH_MODE (index | configured-cpu | fallback), TORCH_VERSION, TORCH_URL.
TORCH_PIN="$(grep -E '^torch==' "$LOCK")"
plan_torch() {
  local report rc=0
  TORCH_ARGS=()
  if [[ -n "${KVGUARD_TORCH_INDEX_URL:-}" ]]; then
    TORCH_ARGS=(--index-url "$KVGUARD_TORCH_INDEX_URL")
  fi
  report="$(mktemp)"
  "$PLAN_PY" -m pip install --dry-run --ignore-installed --no-deps --disable-pip-version-check --no-input \
    -q --report "$report" "${TORCH_ARGS[@]}" "$TORCH_PIN" >&2 || rc=$?
  if [[ $rc -ne 0 ]]; then
    rm -f "$report"
    log "pip cannot resolve $TORCH_PIN${KVGUARD_TORCH_INDEX_URL:+ from $KVGUARD_TORCH_INDEX_URL} (no index, no network?)"
    return 1
  fi
  read -r TORCH_VERSION TORCH_URL FROM_INDEX < <("$PLAN_PY" -c 'import json, sys
from urllib.parse import urlsplit
i = json.load(open(sys.argv[1]))["install"][0]
url, index = i["download_info"]["url"], urlsplit(sys.argv[2])
got = urlsplit(url)
# from the index: same host (a remote index), or under its directory (a file:// index)
same = bool(sys.argv[2]) and (got.scheme, got.netloc) == (index.scheme, index.netloc) and (
    got.scheme != "file" or got.path.startswith(index.path.rstrip("/") + "/"))
print(i["metadata"]["version"], url, "yes" if same else "no")' "$report" "${KVGUARD_TORCH_INDEX_URL:-}")
  rm -f "$report"
  if [[ -n "${KVGUARD_TORCH_INDEX_URL:-}" && "$FROM_INDEX" != yes ]]; then
    # pip's own find-links (or configuration) answered instead: do not claim the index
    log "torch: KVGUARD_TORCH_INDEX_URL ($KVGUARD_TORCH_INDEX_URL) did not provide $TORCH_PIN (unreachable, or no such wheel there)"
  fi
  if [[ "$FROM_INDEX" == yes ]]; then
    TORCH_MODE=index
  elif [[ "$TORCH_VERSION" == *+cpu* ]]; then
    TORCH_MODE=configured-cpu
  else
    TORCH_MODE=fallback
  fi
  case "$TORCH_MODE" in
    index) log "torch: $TORCH_VERSION from KVGUARD_TORCH_INDEX_URL ($TORCH_URL)" ;;
    configured-cpu) log "torch: CPU build $TORCH_VERSION from pip's configuration ($TORCH_URL); ~750 MB installed" ;;
    fallback)
      log "torch: no CPU build configured; pip resolves $TORCH_VERSION ($TORCH_URL)"
      log "  installed with its dependencies so that it imports: on Linux x86_64 that is the CUDA build"
      log "  plus the nvidia-* libraries, several GB (the CPU build is ~750 MB). To get the CPU build:"
      log "  KVGUARD_TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu bash $0" ;;
  esac
}

if [[ "${1:-}" == "--plan-torch" ]]; then
  plan_torch || exit 1
  echo "mode=$TORCH_MODE version=$TORCH_VERSION url=$TORCH_URL"
  exit 0
fi

if [[ ! -x "$PY" ]]; then
  log "creating $VENV (python3.11)"
  python3.11 -m venv "$VENV"
fi
"$PY" -c 'import sys; assert sys.version_info[:2] == (3, 11), sys.version' \
  || { log "the sglang CPU lock is for Python 3.11 (cp311 wheels)"; exit 1; }

# 1. sglang 0.5.23 lock into .venv
STAMP="$VENV/.kvguard-sglang-0.5.23.stamp"
want="$(hash_of "$LOCK")"
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  log "sglang 0.5.23 lock already installed in .venv"
else
  plan_torch || exit 1
  if [[ "$TORCH_MODE" == fallback ]]; then
    "$PY" -m pip install --disable-pip-version-check --no-input -q "$TORCH_PIN"
    log "torch $TORCH_VERSION and its dependencies take $("$PY" "$ROOT/scripts/dist_size.py" torch) on disk"
  else
    "${PIP[@]}" "${TORCH_ARGS[@]}" "$TORCH_PIN"
  fi
  log "installing sglang 0.5.23 CPU lock into .venv ($(grep -cv '^\s*#' "$LOCK") pins)"
  "${PIP[@]}" -r "$LOCK"
  "$PY" -c 'import torch, sglang; assert torch.__version__.startswith("2.13.0"), torch.__version__' \
    || { log "torch 2.13.0 or sglang does not import; refusing to continue"; exit 1; }
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

# The overlays share most of their files (transformers, tokenizers, much of sglang): one copy each.
"$PY" "$ROOT/scripts/dedupe_tree.py" "$ENVS" >&2

log "done in $((SECONDS - start)) s; sizes: .venv $(du -sh "$VENV" | cut -f1), overlays $(du -shc "$ENVS"/sglang-* | tail -1 | cut -f1)"
