#!/usr/bin/env bash
# The one command run on the H200 GPU machine for issue 7 (docs/gpu.md):
#
#   here:    ../shared/gpu/fetch-wheels.sh 0.5.23 .whl        # once; .whl is git-ignored
#   device:  run(command="bash scripts/gpu_run.sh", carry=[".whl"], timeout_s=600)
#
# 1. installs the carried wheels (sglang 0.5.23 trimmed + light deps) into /tmp/site;
# 2. sets SGLANG_IS_FLASHINFER_AVAILABLE=false (flashinfer is not carried); the sgl_kernel stand-in
#    (a real is_arch_support_pdl) and the four flashinfer stand-ins are installed in-process by
#    tests/gpu/standins.py, before sglang is imported;
# 3. runs the GPU suite (pytest -m gpu tests/gpu; a missing CUDA device fails instead of skipping);
# 4. runs benchmarks/gpu_guard.py (guard off vs raise, alternating, medians), then
#    benchmarks/gpu_perlayer.py (default guard vs SGLANG_KV_POOL_GUARD_PER_LAYER=1; only this
#    with KVGUARD_GPU_ONLY=perlayer);
# 5. writes everything under $OUT (default ./gpu-out) and prints a short table last.
#
# The results name the revision of the tree that ran (benchmarks/gpu_guard.py: KVGUARD_REVISION,
# else a REVISION file in the tree root, else `git describe --dirty` of the tree) and a digest of
# the guard code, the suite and the benchmark as they were on the device
# (`python benchmarks/gpu_guard.py --digest` here prints the same for the same code). To run a
# commit other than the checkout's (e.g. a helper's branch: the run tool sends the session's
# checkout), copy it into an ignored folder with its REVISION and carry that folder:
#   git archive BRANCH | tar -x -C build/kvguard-run && git rev-parse --short BRANCH > build/kvguard-run/REVISION
#   run(command="cd build/kvguard-run && KVGUARD_WHEELS=$PWD/../../.whl bash scripts/gpu_run.sh",
#       carry=[".whl", "build/kvguard-run"])
#
# Exit status: 0 only if the suite passed and the benchmark ran.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
WHL=${KVGUARD_WHEELS:-.whl}
SITE=${KVGUARD_SITE:-/tmp/site}
PY=${PYTHON:-python3}
mkdir -p "$OUT"
LOG=$OUT/gpu-run.log
: >"$LOG"
say() { echo "[gpu_run $(date -u +%H:%M:%S)] $*" | tee -a "$LOG"; }
t0=$(date +%s)

say "device: $(nvidia-smi -L 2>/dev/null | head -1)"
$PY -c 'import sys, torch; print("python", sys.version.split()[0], "torch", torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available())' 2>&1 | tee -a "$LOG"

# 1. wheels -> $SITE (idempotent on a warm machine)
if [ ! -f "$SITE/.kvguard-stamp" ]; then
  ls "$WHL"/*.whl >/dev/null 2>&1 || { say "no wheels in $WHL: run ../shared/gpu/fetch-wheels.sh 0.5.23 .whl here and carry .whl"; exit 3; }
  $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target "$SITE" "$WHL"/*.whl 2>&1 | grep -v "Running pip as the 'root' user" | tee -a "$LOG"
  $PY - "$WHL" "$SITE" <<'PY' 2>&1 | tee -a "$LOG"
import glob, sys, zipfile
whl, site = sys.argv[1:]
(z,) = glob.glob(f"{whl}/sglang-*-trimmed.zip")
zipfile.ZipFile(z).extractall(site)
print("extracted", z)
PY
  touch "$SITE/.kvguard-stamp"
fi
say "installed in $(( $(date +%s) - t0 )) s"

# 2. environment
export PYTHONPATH="$SITE:$PWD${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
export SGLANG_IS_FLASHINFER_AVAILABLE=false
export SGLANG_FLASHINFER_WORKSPACE_SIZE=1048576
export KVGUARD_REQUIRE_GPU=1
export KVGUARD_GPU_OUT="$OUT"
unset SGLANG_KV_POOL_GUARD SGLANG_INVARIANT_CHECK SGLANG_PLUGINS

# KVGUARD_GPU_ONLY=perlayer: only step 4b (the per-layer check's cost), no suite, no gpu_guard
if [ "${KVGUARD_GPU_ONLY:-}" = perlayer ]; then
  say "benchmarks/gpu_perlayer.py (only)"
  $PY benchmarks/gpu_perlayer.py --out "$OUT" 2>&1 | tee -a "$LOG"
  exit "${PIPESTATUS[0]}"
fi

# 3. the GPU suite
say "pytest tests/gpu"
$PY -m pytest tests/gpu -m gpu -q -rA -p no:cacheprovider -o addopts="" \
    --junitxml="$OUT/gpu-tests.xml" 2>&1 | tee -a "$LOG"
test_rc=${PIPESTATUS[0]}
say "pytest exit $test_rc after $(( $(date +%s) - t0 )) s"

# 4. the benchmark
say "benchmarks/gpu_guard.py"
$PY benchmarks/gpu_guard.py --out "$OUT" --tests-junit "$OUT/gpu-tests.xml" \
    ${KVGUARD_BENCH_ARGS:-} 2>&1 | tee -a "$LOG"
bench_rc=${PIPESTATUS[0]}
say "benchmark exit $bench_rc after $(( $(date +%s) - t0 )) s"

# 4b. the per-layer index-space check: default guard vs SGLANG_KV_POOL_GUARD_PER_LAYER=1 (its
# failure is logged, it does not change the exit status)
say "benchmarks/gpu_perlayer.py"
$PY benchmarks/gpu_perlayer.py --out "$OUT" 2>&1 | tee -a "$LOG"
say "per-layer benchmark exit ${PIPESTATUS[0]} after $(( $(date +%s) - t0 )) s"

# 5. the short table, last
summary=$($PY - "$OUT/gpu-tests.xml" <<'PY'
import os, sys, xml.etree.ElementTree as ET
p = sys.argv[1]
if not os.path.exists(p):
    print("GPU suite: no junit report"); sys.exit()
r = ET.parse(p).getroot()
s = [r] if r.tag == "testsuite" else list(r)
t = {k: sum(int(x.get(k, 0)) for x in s) for k in ("tests", "failures", "errors", "skipped")}
print(f"GPU suite: {t['tests']-t['failures']-t['errors']-t['skipped']} passed, {t['failures']} failed, {t['errors']} errors, {t['skipped']} skipped")
PY
)
{
  echo
  echo "== kvguard GPU run ($(( $(date +%s) - t0 )) s; files in $OUT) =="
  echo "$summary"
  if [ -f "$OUT/gpu-guard-table.txt" ]; then cat "$OUT/gpu-guard-table.txt"; else echo "benchmark: no table (exit $bench_rc)"; fi
} | tee -a "$LOG"
[ "$test_rc" -eq 0 ] && [ "$bench_rc" -eq 0 ]
