"""KVG006 on every corpus release: each finding with its reviewed verdict.

    python benchmarks/kvg006.py                      # every release of the corpus, print
    python benchmarks/kvg006.py --versions 0.5.11 0.5.23
    python benchmarks/kvg006.py --write              # also replace the kvg006 section of RESULTS.md

In each release's extracted tree (``benchmarks/sglang_wheels.py``) this runs

    python -m lint_rules check --select KVG006 --output-format json --no-cache --exit-zero sglang

with ``target-version`` left at ``auto``: the rule judges each file against the version of the
tree holding it (sglang-kt, which has none, is placed by its API facts). Each finding becomes
(release, file, function, line), the function computed here with ``ast``
(``corpus.enclosing_function``), and gets its verdict from REVIEWED by (file, function). Exit
status 1 when a finding has no verdict (UNREVIEWED) or kvguard failed on a file or a tree.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import corpus  # noqa: E402
import sglang_wheels  # noqa: E402

CODE = "KVG006"

# (file under the tree, function) -> verdict, from reading the code of the releases reporting it.
_LATENT = "No DeepSeek-V4 pool reaches this backend in these releases (DeepSeek-V4 runs its own attention)"
_RESOLVER = (
    "The resolver answers None for a `DeepSeekV4TokenToKVPool` (a `BaseSWAKVPool` "
    "that is not an `SWAKVPool`), so the backend would treat an SWA model as full-pool only; "
    "FlashInfer's resolver tests `BaseSWAKVPool`. " + _LATENT
)
_WRITE_FLAG = (
    "The cached flag decides whether writes go to "
    "`token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)`, interface members only; "
    "a `DeepSeekV4TokenToKVPool` would be written at full-pool locations. "
)
# verdict label -> what it means
LEGEND = {
    "real (latent), resolver": _RESOLVER,
    "real (latent), write flag": _WRITE_FLAG + "From 0.5.14 on FlashInfer resolves its pool with "
    "`BaseSWAKVPool`. " + _LATENT,
    "real (latent), Triton write flag": _WRITE_FLAG
    + "Widening it alone would not serve such a pool: Triton's reads pick SWA layers by "
    "`SWAKVPool.layers_mapping` (narrowed on purpose, not reported). From 0.5.20 the module also "
    "tests `BaseSWAKVPool` and the flag gates the translator's write ids: not reported. " + _LATENT,
}
_ATTN = "sglang/srt/layers/attention/"
REVIEWED = {
    (
        _ATTN + "trtllm_mha_backend.py",
        "TRTLLMHAAttnBackend._resolve_swa_kv_pool",
    ): "real (latent), resolver",
    (
        _ATTN + "aiter_backend.py",
        "AiterAttnBackend._resolve_swa_kv_pool",
    ): "real (latent), resolver",
    (
        _ATTN + "flashinfer_backend.py",
        "FlashInferAttnBackend.__init__",
    ): "real (latent), write flag",
    (_ATTN + "triton_backend.py", "TritonAttnBackend.__init__"): "real (latent), Triton write flag",
}


def findings(tree: Path) -> tuple[list[dict], str, int, float]:
    """(findings, stderr, exit status, seconds) of KVG006 on ``tree/sglang``."""
    cmd = [sys.executable, "-m", "lint_rules", "check", "--select", CODE]
    cmd += ["--output-format", "json", "--no-cache", "--exit-zero", "sglang"]
    t0 = time.perf_counter()
    proc = subprocess.run(
        cmd, cwd=tree, env=corpus._kvguard_env(), capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - t0
    try:
        found = json.loads(proc.stdout) if proc.stdout.strip() else []
    except json.JSONDecodeError:
        return [], f"unparseable output: {proc.stdout[:200]}", 2, seconds
    return found, proc.stderr, proc.returncode, seconds


def rows(version: str) -> tuple[list[tuple], list[str], float]:
    """((release, file, function, line, verdict) per finding, problems, seconds)."""
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    found, stderr, rc, seconds = findings(tree)
    problems = [f"{version}: kvguard exit {rc}: {stderr.strip()[:300]}"] if rc else []
    out = []
    for f in found:
        if f.get("code") != CODE:  # a file kvguard could not read or parse
            problems.append(f"{version}: {f.get('filename')}: {f.get('message')}")
            continue
        path = corpus._rel(tree, f["filename"])
        line = int(f["location"]["row"])
        function = corpus.enclosing_function(tree / path, line)
        verdict = REVIEWED.get((path, function), "UNREVIEWED")
        out.append((version, path, function, line, verdict))
    return out, problems, seconds


def table(all_rows: list[tuple], versions: list[str], seconds: dict) -> str:
    lines = [
        f"## {CODE} verdicts: the corpus releases (`python benchmarks/kvg006.py --write`)",
        "",
        f"`python benchmarks/kvg006.py` -- kvguard commit {corpus.git_revision()}; "
        f"{corpus.machine_line()}; run at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "Target `auto`: each tree's own version (sglang-kt: placed by its API facts). "
        f"Releases: {len(versions)}; findings: {len(all_rows)}; releases with findings: "
        f"{len({r[0] for r in all_rows})}.",
        "",
        "| release | file:line | function | verdict |",
        "|---|---|---|---|",
    ]
    for version, path, function, line, verdict in all_rows:
        short = path.removeprefix("sglang/srt/")
        lines.append(f"| {version} | {short}:{line} | `{function}` | {verdict} |")
    lines += [
        "",
        "Not reported, by design (each was a false positive of an earlier draft of the rule): "
        "`assert isinstance(pool, SWAKVPool)` before `pool.full_to_swa_index_mapping` (fa3 "
        "0.5.12.x, triton_ops/metadata.py 0.5.13-0.5.14: the guarded code needs a member "
        "`BaseSWAKVPool` lacks) and Triton's flag from 0.5.20 on (the module tests "
        "`BaseSWAKVPool` itself; its `SWAKVPool`-only write path is deliberate).",
    ]
    used = [label for label in LEGEND if any(r[4] == label for r in all_rows)]
    lines += [""] + [f"* **{label}**: {LEGEND[label]}" for label in used]
    quiet = [v for v in versions if not any(r[0] == v for r in all_rows)]
    lines += ["", f"No finding: {', '.join(quiet) or 'none'}."]
    lines.append(
        "Seconds per tree (one cold run): "
        + ", ".join(f"{v} {seconds[v]:.1f}" for v in versions)
        + "."
    )
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--versions", nargs="+", default=list(sglang_wheels.CORPUS))
    ap.add_argument("--write", action="store_true", help="replace the kvg006 section")
    args = ap.parse_args(argv)
    all_rows, problems, seconds = [], [], {}
    for version in args.versions:
        found, bad, seconds[version] = rows(version)
        all_rows += found
        problems += bad
    text = table(all_rows, args.versions, seconds)
    print(text)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    unreviewed = [r for r in all_rows if r[4] == "UNREVIEWED"]
    if args.write and not unreviewed and not problems:
        corpus.update_results_section("kvg006", text)
        print(f"wrote the kvg006 section of {corpus.RESULTS_FILE}")
    return 1 if unreviewed or problems else 0


if __name__ == "__main__":
    sys.exit(main())
