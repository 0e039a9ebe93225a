#!/usr/bin/env bash
# The guard in a real sglang 0.5.12.post1 server on the H200 (issue 29; docs/gpu.md, "A real server").
#
#   here, once:     bash scripts/gpu_server.sh fetch [DEST]      # DEST (default .srvwheels) git-ignored
#   device, call 1: bash scripts/gpu_server.sh install [DEST]    # carry DEST/a and the tree
#   device, call 2: bash scripts/gpu_server.sh run [DEST]        # carry DEST/b and the tree, at once
#
# fetch: DEST/a (~52 MB): sglang 0.5.12.post1 without its compiled Rust extensions and dist-info,
#   the light wheels the device image lacks, sglang-kernel 0.4.2.post2 cut to its Python files and
#   its sm90 ops (no FA3/flashmla/sm100: Triton and trtllm_mha do not use them), flashinfer-python;
#   DEST/b (~27 MB): the transformers/tokenizers sglang 0.5.12.post1 works with, server-only deps,
#   libcst (for `kvguard fix` there). Each is under the 64 MiB one call carries; the device keeps
#   /tmp while it is warm (about 30 s after a call), so call 2 must follow call 1 at once.
# install: DEST/a into $KVGUARD_SITE (default /tmp/site-srv).
# run: DEST/b and this tree (kvguard, with its sglang plugin entry point) into the same site, then
#   benchmarks/gpu_server.py: raise / warn on the unfixed backend, `kvguard fix` on the installed
#   files the violation message names, raise / warn fixed; every server stopped by its process group.
#   Writes $OUT (default ./gpu-out): RESULTS-gpu-server.md (the section for
#   benchmarks/RESULTS-gpu.md), gpu-server.json, gpu-server-logs.tar.gz, gpu-server-install.log.
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
DEST=${2:-.srvwheels}
SITE=${KVGUARD_SITE:-/tmp/site-srv}
PY=${PYTHON:-python3}
SGLANG=0.5.12.post1
KERNEL=0.4.2.post2
t0=$(date +%s)

plat=(--only-binary=:all: --python-version 3.12 --implementation cp
      --platform manylinux_2_34_x86_64 --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64
      --platform manylinux_2_26_x86_64 --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64
      --platform manylinux2014_x86_64 --platform manylinux_2_5_x86_64 --platform manylinux1_x86_64)
# read off sglang 0.5.12.post1's imports on the device image (which has torch 2.11, triton, numpy, ...)
LIGHT=(annotated-types==0.8.0 apache-tvm-ffi==0.1.11 asttokens==3.0.2 compressed-tensors==0.18.0
  decorator==5.3.1 dill==0.4.1 distro==1.9.0 executing==2.3.0 fastapi==0.165.0 gguf==0.19.0
  ipython==9.18.1 ipython-pygments-lexers==1.1.1 jedi==0.20.1 jiter==0.19.0 loguru==0.7.3
  matplotlib-inline==0.2.2 msgspec==0.23.0 openai==2.8.0 opentelemetry-api==1.45.2 orjson==3.13.0
  parso==0.8.7 partial-json-parser==0.2.1.1.post7 pexpect==4.9.0 prompt-toolkit==3.0.53
  ptyprocess==0.7.0 pure-eval==0.2.4 pybase64==1.5.1 pydantic==2.14.4 pydantic-core==2.50.5
  pyzmq==27.3.0 sniffio==1.3.1 stack-data==0.6.3 starlette==1.10.0 traitlets==5.16.1
  typing-inspection==0.4.5 uvicorn==0.54.0 wcwidth==0.9.4 flashinfer-python==0.6.11.post1)
# the image's transformers refuses 0.5.12.post1's config registrations: 5.6.0 travels
SERVER=(transformers==5.6.0 tokenizers==0.22.2 setproctitle python-multipart interegular blobfile
  openai-harmony watchfiles torch-memory-saver pycryptodomex jsonschema jsonschema-specifications
  referencing rpds-py soundfile cffi pycparser libcst==1.9.0 pyyaml)

# a wheel cut to the members `keep` accepts, written as a zip to unpack into the site
cut_wheel() {  # glob out keep-expression
  "$PY" - "$@" <<'PY'
import glob, sys, zipfile
pattern, out, keep = sys.argv[1:]
(src,) = glob.glob(pattern)
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        n = item.filename
        if eval(keep):
            zout.writestr(item, zin.read(n))
print("wrote", out)
PY
}

pip_site() {  # wheels... -> $SITE
  "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$SITE" "$@" 2>&1 |
    grep -v "as the 'root' user"
  return "${PIPESTATUS[0]}"
}

case "$mode" in
fetch)
  mkdir -p "$DEST/a" "$DEST/b"
  tmp=$(mktemp -d)
  "$PY" -m pip download -q --no-deps "${plat[@]}" -d "$tmp" "sglang==$SGLANG" "sglang-kernel==$KERNEL" || exit 1
  cut_wheel "$tmp/sglang-$SGLANG-*.whl" "$DEST/a/sglang-$SGLANG-trimmed.zip" \
    'not n.endswith(".so") and ".dist-info/" not in n' || exit 1
  cut_wheel "$tmp/sglang_kernel-*.whl" "$DEST/a/sgl_kernel-sm90-trimmed.zip" \
    'n.startswith("sgl_kernel/") and not any(x in n for x in ("flash_ops", "flashmla_ops", "/sm100/"))' || exit 1
  rm -rf "$tmp"
  "$PY" -m pip download -q --no-deps "${plat[@]}" -d "$DEST/a" "${LIGHT[@]}" || exit 1
  "$PY" -m pip download -q --no-deps "${plat[@]}" -d "$DEST/b" "${SERVER[@]}" || exit 1
  du -sh "$DEST/a" "$DEST/b"
  ;;
install)
  ls "$DEST"/a/*.whl >/dev/null 2>&1 || { echo "no wheels in $DEST/a: run 'bash scripts/gpu_server.sh fetch' here and carry $DEST/a"; exit 3; }
  mkdir -p "$SITE"
  pip_site "$DEST"/a/*.whl || exit 1
  "$PY" -c "import glob, sys, zipfile; [zipfile.ZipFile(z).extractall(sys.argv[1]) for z in glob.glob(sys.argv[2] + '/*.zip')]" "$SITE" "$DEST/a" || exit 1
  touch "$SITE/.kvguard-stage1"
  echo "stage 1 installed into $SITE in $(( $(date +%s) - t0 )) s; now, at once: bash scripts/gpu_server.sh run $DEST"
  ;;
run)
  OUT=${OUT:-$PWD/gpu-out}
  mkdir -p "$OUT"
  LOG=$OUT/gpu-server-install.log
  [ -f "$SITE/.kvguard-stage1" ] || { echo "stage 1 is not in $SITE (a fresh machine?): run 'bash scripts/gpu_server.sh install' first" | tee "$LOG"; exit 3; }
  ls "$DEST"/b/*.whl >/dev/null 2>&1 || { echo "no wheels in $DEST/b: carry $DEST/b" | tee "$LOG"; exit 3; }
  {
    echo "device: $(nvidia-smi -L 2>/dev/null | head -1)"
    pip_site "$DEST"/b/*.whl || exit 1
    # kvguard from this tree, as a user installs it: its dist-info carries the sglang plugin entry point
    "$PY" -m pip install -q --no-index --no-deps --no-build-isolation --no-compile --upgrade --target "$SITE" . 2>&1 |
      grep -v "as the 'root' user"
    # sglang reads these versions from package metadata; the trimmed copies have none
    for d in sglang:sglang:$SGLANG sglang_kernel:sglang-kernel:$KERNEL; do
      IFS=: read -r dir name ver <<<"$d"
      mkdir -p "$SITE/$dir-$ver.dist-info"
      printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$name" "$ver" >"$SITE/$dir-$ver.dist-info/METADATA"
    done
    PYTHONPATH=$SITE "$PY" -c "import importlib.metadata as m; print('entry points:', [e.value for e in m.entry_points(group='sglang.srt.plugins')])"
    echo "stage 2 installed in $(( $(date +%s) - t0 )) s"
  } 2>&1 | tee "$LOG"
  [ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
  # the servers get what is left of a 600 s call, less a margin to stop the last one
  PYTHONUNBUFFERED=1 "$PY" benchmarks/gpu_server.py --site "$SITE" --out "$OUT" \
    --deadline-s "$(( ${KVGUARD_CALL_S:-590} - ($(date +%s) - t0) ))" ${KVGUARD_SERVER_ARGS:-}
  ;;
*)
  echo "usage: bash scripts/gpu_server.sh fetch|install|run [DEST]  (see the header)"; exit 2 ;;
esac
