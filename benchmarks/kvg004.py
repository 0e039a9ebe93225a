"""KVG004 on the extracted sglang 0.5.23 tree: findings, reviewed verdicts, time vs ruff.

    python benchmarks/kvg004.py               # measure, print
    python benchmarks/kvg004.py --write       # also replace the KVG004 section of RESULTS.md
    python benchmarks/kvg004.py --runs 7

* Findings of `kvguard check --select KVG004` (default settings: read/translate gating only)
  and with `kvg004-write-gating = true` (write-only gating too), each with the verdict from
  reading the code (REVIEWED below; a finding without one is printed as UNREVIEWED and fails
  the run).
* Time: the whole tree with the default rules plus KVG004 (`--extend-select KVG004
  --no-cache`) against `ruff check --select E9,F63 --no-cache`, alternating runs in the same
  session, medians and their ratio (target <= 1.0); and the default rules alone in the same
  runs, so KVG004's added cost (wall and CPU of the process and its workers) is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import sglang_wheels  # noqa: E402

VERSION = "0.5.23"
TARGET_RATIO = 1.0

# (file under the tree, attribute) -> verdict, from reading the 0.5.23 code.
REVIEWED = {
    (
        "sglang/srt/layers/attention/flashattention_backend.py",
        "use_sliding_window_kv_pool",
    ): "true shape (C*): gates the SWA page-table translation that forward reads "
    "(`translate_loc_from_full_to_swa(metadata.page_table)`, swa_page_table); latent, "
    "FROZEN_KV does not route to fa3 in 0.5.23",
    (
        "sglang/srt/layers/attention/xpu_backend.py",
        "use_sliding_window_kv_pool",
    ): "true shape (C*): gates `swa_page_table = translate_loc_from_full_to_swa(page_table)` "
    "in init_forward_metadata and the page table forward_decode reads; latent (no FROZEN_KV "
    "route)",
    (
        "sglang/srt/layers/attention/intel_amx_backend.py",
        "use_sliding_window_kv_pool",
    ): "true shape (C*): `_is_swa_layer` (flag and layers_mapping) selects `_swa_kv_indices`, "
    "the translated req_to_token rows the kernels read; latent (no FROZEN_KV route)",
    (
        "sglang/srt/hardware_backend/npu/attention/ascend_backend.py",
        "full_to_swa_index_mapping",
    ): "true shape (cached derived tensor): the draft's own pool's mapping stored at init "
    "(if is_hybrid_swa) and used to build block_tables_swa and passed as full_to_swa_mapping "
    "to the kernels; latent (no FROZEN_KV route)",
    # write-only gating (reported only with kvg004-write-gating = true)
    (
        "sglang/srt/layers/attention/triton_backend.py",
        "use_sliding_window_kv_pool",
    ): "write-only: every read decides the SWA write location (swa_out_cache_loc via "
    "write_ids / cuda_graph_swa_out_cache_loc, an assert on it); forward reads decide SWA per "
    "call from the pool. Harmless under FROZEN_KV (the draft writes no KV)",
    (
        "sglang/srt/layers/attention/torch_native_backend.py",
        "use_sliding_window_kv_pool",
    ): "write-only: only `swa_out_cache_loc = translate_loc_from_full_to_swa(out_cache_loc)`. "
    "Harmless under FROZEN_KV",
    (
        "sglang/srt/hardware_backend/npu/attention/ascend_backend.py",
        "use_sliding_window_kv_pool",
    ): "write-only: the four reads build/refill swa_out_cache_loc (the write target). "
    "Harmless under FROZEN_KV (the SWA reads there go through full_to_swa_index_mapping, "
    "reported separately)",
}


def _bin(name: str) -> str:
    cand = Path(sys.executable).parent / name
    return str(cand) if cand.exists() else name


def kvguard(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "lint_rules", "check", "--exit-zero", *args]


def findings(tree: Path, write_gating: bool) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "kvguard.toml"
        cfg.write_text(f"kvg004-write-gating = {'true' if write_gating else 'false'}\n")
        cmd = kvguard(
            [
                "--no-cache",
                "--select",
                "KVG004",
                "--output-format",
                "json",
                "--config",
                str(cfg),
                "sglang",
            ]
        )
        p = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env=_env())
    if p.returncode not in (0, 1):
        raise SystemExit(f"kvguard failed ({p.returncode}): {p.stderr[-2000:]}")
    return [dict(f, filename=_rel(f["filename"])) for f in json.loads(p.stdout)]


def _rel(filename: str) -> str:
    """Paths are shown relative to the config's directory: cut them back to ``sglang/...``."""
    i = filename.find("sglang/")
    return filename[i:] if i >= 0 else filename


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _attr(message: str) -> str:
    return message.split("`self.", 1)[1].split("`", 1)[0]


def compile_package() -> None:
    """Byte-compile ``lint_rules`` as an install does: with ``PYTHONDONTWRITEBYTECODE`` set
    (or stale ``.pyc`` files after a merge) every kvguard process would compile the modules it
    imports from source (about 0.3 s of CPU on this tree), which an installed kvguard never
    does."""
    env = {k: v for k, v in _env().items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(REPO / "lint_rules")],
        check=True,
        capture_output=True,
        env=env,
    )


def timing(tree: Path, runs: int) -> dict:
    cmds = {
        "kvguard (defaults + KVG004, --no-cache)": kvguard(
            ["--no-cache", "--extend-select", "KVG004", "--output-format", "concise", "sglang"]
        ),
        "kvguard (defaults, --no-cache)": kvguard(
            ["--no-cache", "--output-format", "concise", "sglang"]
        ),
        "ruff E9,F63 --no-cache": [
            _bin("ruff"),
            "check",
            "--select",
            "E9,F63",
            "--no-cache",
            "--exit-zero",
            "--quiet",
            "sglang",
        ],
    }
    wall: dict[str, list[float]] = {k: [] for k in cmds}
    cpu: dict[str, list[float]] = {k: [] for k in cmds}
    names = list(cmds)
    compile_package()
    for name in names:  # warm-up
        subprocess.run(cmds[name], cwd=tree, capture_output=True, env=_env())
    for i in range(runs):
        order = names if i % 2 == 0 else names[::-1]
        for name in order:
            before = os.times()
            t0 = time.perf_counter()
            subprocess.run(cmds[name], cwd=tree, capture_output=True, env=_env())
            wall[name].append(time.perf_counter() - t0)
            after = os.times()
            cpu[name].append(
                (after.children_user - before.children_user)
                + (after.children_system - before.children_system)
            )
    return {
        n: (statistics.median(wall[n]), statistics.median(cpu[n]), min(wall[n]), max(wall[n]))
        for n in names
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    tree = sglang_wheels.ensure_tree(VERSION, quiet=True)
    lines = []
    rev = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    lines.append(
        f"`python benchmarks/kvg004.py` -- kvguard commit {rev}; {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load avg {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
        f"run at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}."
    )
    lines.append("")
    unreviewed = 0
    for write_gating in (False, True):
        found = findings(tree, write_gating)
        label = (
            "kvg004-write-gating = true (write-only gating too)"
            if write_gating
            else "default settings (read / translate gating)"
        )
        lines.append(f"Findings, {label}: {len(found)}")
        lines.append("")
        lines.append("| file:line | cached attribute | first gating read | verdict (reviewed) |")
        lines.append("|---|---|---|---|")
        for f in sorted(found, key=lambda f: (f["filename"], f["location"]["row"])):
            attr = _attr(f["message"])
            verdict = REVIEWED.get((f["filename"], attr))
            if verdict is None:
                unreviewed += 1
                verdict = "UNREVIEWED"
            where = f["message"].split("forward time (", 1)[1].split(")", 1)[0]
            lines.append(
                f"| {f['filename'].split('/srt/', 1)[-1]}:{f['location']['row']} | `{attr}` | {where} | {verdict} |"
            )
        lines.append("")
    t = timing(tree, args.runs)
    (kv_w, kv_c, _, _), (base_w, base_c, _, _), (ru_w, ru_c, _, _) = t.values()
    ratio = kv_w / ru_w
    lines.append(
        f"Time, whole `sglang/` tree ({args.runs} alternating runs each, medians; wall includes start-up; "
        "`lint_rules` byte-compiled first, as installed):"
    )
    lines.append("")
    lines.append("| command | median wall s | min-max wall s | median CPU s |")
    lines.append("|---|---|---|---|")
    for name, (w, c, lo, hi) in t.items():
        lines.append(f"| {name} | {w:.3f} | {lo:.3f}-{hi:.3f} | {c:.3f} |")
    lines.append("")
    status = "PASS" if ratio <= TARGET_RATIO else "FAIL"
    lines.append(
        f"Ratio kvguard / ruff (wall): {ratio:.2f}x (target <= {TARGET_RATIO:.1f}: {status}); "
        f"CPU: {kv_c / ru_c:.2f}x."
    )
    lines.append("")
    lines.append(
        f"KVG004's added cost (same runs, medians, defaults + KVG004 minus defaults): "
        f"{kv_w - base_w:+.3f} s wall, {kv_c - base_c:+.3f} s CPU; the defaults alone: "
        f"{base_w / ru_w:.2f}x ruff wall, {base_c / ru_c:.2f}x CPU."
    )
    text = "\n".join(lines)
    print(text)
    if args.write:
        results = HERE / "RESULTS.md"
        body = results.read_text()
        section = (
            f"<!-- kvg004:begin -->\n## KVG004 on sglang {VERSION}\n\n{text}\n<!-- kvg004:end -->"
        )
        if "<!-- kvg004:begin -->" in body:
            head, rest = body.split("<!-- kvg004:begin -->", 1)
            body = head + section + rest.split("<!-- kvg004:end -->", 1)[1]
        else:
            body = body.rstrip("\n") + "\n\n" + section + "\n"
        results.write_text(body)
    return 1 if unreviewed else 0


if __name__ == "__main__":
    sys.exit(main())
