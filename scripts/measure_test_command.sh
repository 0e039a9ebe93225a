#!/usr/bin/env bash
# The README's test command as a newcomer meets it, measured: a fresh clone of this checkout's
# HEAD, an empty kvguard cache, an empty pip cache and an empty temp dir (pytest's lives there),
# then `bash scripts/test.sh`. Prints the wall time and the disk each part takes (du), and the
# total all in (one du over every part: a file hard-linked between parts counts once).
#
# Usage: bash scripts/measure_test_command.sh [WORKDIR]   (default: a new /tmp/kvguard-measure.*)
# It needs what the test command needs (network for pip on a fresh machine) and takes as long.
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${1:-$(mktemp -d /tmp/kvguard-measure.XXXXXX)}"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
[[ -e "$WORK/clone" ]] && { echo "measure: $WORK/clone exists: give an empty WORKDIR" >&2; exit 2; }
git clone -q "$SRC" "$WORK/clone"
export KVGUARD_CACHE="$WORK/kvguard-cache"
export PIP_CACHE_DIR="$WORK/pip-cache"
export TMPDIR="$WORK/tmp"
mkdir -p "$TMPDIR"
echo "measure: bash scripts/test.sh in $WORK/clone (log: $WORK/test.log) ..." >&2
start=$(date +%s)
rc=0
(cd "$WORK/clone" && bash scripts/test.sh) >"$WORK/test.log" 2>&1 || rc=$?
wall=$(($(date +%s) - start))
grep -E '^=+ .*(passed|failed|error).* =+$' "$WORK/test.log" || tail -3 "$WORK/test.log"
echo "exit status: $rc"
echo "wall time: $wall s ($((wall / 60)) min $((wall % 60)) s)"
parts=("$WORK/clone/.venv" "$KVGUARD_CACHE" "$TMPDIR" "$PIP_CACHE_DIR")
for p in "${parts[@]}"; do
  [[ -e "$p" ]] && echo "disk: $(du -sh "$p" | cut -f1)	${p#"$WORK"/}"
done
existing=()
for p in "${parts[@]}"; do [[ -e "$p" ]] && existing+=("$p"); done
echo "disk all in: $(du -shc "${existing[@]}" | tail -1 | cut -f1) (one du: shared files once)"
exit "$rc"
