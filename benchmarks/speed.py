"""Speed benchmark: kvguard vs ruff vs Fixit on the extracted sglang 0.5.23 wheel tree.

    python benchmarks/speed.py                 # measure, print, write benchmarks/RESULTS.md
    python benchmarks/speed.py --runs 7 --fixit-runs 3
    python benchmarks/speed.py --no-write      # print only
    python benchmarks/speed.py --profile       # also cProfile one cold whole-tree run

Every comparison is measured in the same run with alternating executions (A B, B A, A B,
...), reporting medians and ratios:

* whole tree, cold: ``kvguard check --no-cache`` vs ``ruff check --select E9,F63 --no-cache``
* the same, on a copy of the tree with a ``pyproject.toml`` above ``sglang/`` (as a checkout
  has it: the project index resolves ``sglang.srt...`` imports there and is active)
* the same with ``--extend-select KVG004`` and with ``--extend-select KVG005`` (opt-in rules)
* whole tree, warm: ``kvguard check`` with its result cache primed
* one large file (``flashinfer_backend.py``): kvguard (cold) vs ruff vs Fixit (one rule)
* ``sglang/srt/layers/attention/``: kvguard (cold, and warm) vs Fixit (one built-in rule)
* floor: parsing every prefilter candidate file with libcst, in one process (and, for
  reference, every file -- sampled and extrapolated by bytes unless ``--parse-all``)
* peak memory (max RSS of the largest process, from ``getrusage(RUSAGE_CHILDREN)``)

Targets (printed PASS/FAIL): whole-tree cold <= 0.5x ruff; with the opt-in KVG004 <= 1x ruff,
with KVG005 <= 0.5x ruff (its bar for default-on); warm <= 0.3 s; one file <= 0.5 s; kvguard
>= 300x faster than Fixit on the attention directory.

All tools run as subprocesses from inside the extracted tree (no config files there), with
the interpreter of this script for kvguard and Fixit, and the ``ruff`` next to it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import corpus  # noqa: E402
import sglang_wheels  # noqa: E402

VERSION = "0.5.23"
ONE_FILE = "sglang/srt/layers/attention/flashinfer_backend.py"
ATTN_DIR = "sglang/srt/layers/attention"
FIXIT_RULE = "fixit.rules:CollapseIsinstanceChecks"  # built-in, an isinstance visitor
RUFF_VERSION = "0.17.6"
FIXIT_VERSION = "2.2.1"

TARGET_COLD_RATIO = 0.5
TARGET_WARM_S = 0.3
TARGET_ONE_FILE_S = 0.5
# opt-in rule -> its whole-tree bar (x ruff): KVG004's is issue 23's, KVG005's the default bar
OPT_IN = {"KVG004": 1.0, "KVG005": TARGET_COLD_RATIO}
TARGET_FIXIT_SPEEDUP = 300.0


# ------------------------------------------------------------------ tool commands


def _bin(name: str) -> str:
    cand = Path(sys.executable).parent / name
    if cand.exists():
        return str(cand)
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found (install the dev extras: pip install -e .[dev])")
    return found


CACHE_DIR: Optional[str] = None  # private result cache for the warm runs (set in main)


def kvguard(target: str, cache: bool, extend: str = "") -> list[str]:
    cmd = [sys.executable, "-m", "lint_rules", "check", "--exit-zero", "--output-format", "concise"]
    if extend:
        cmd += ["--extend-select", extend]
    if not cache:
        cmd.append("--no-cache")
    elif CACHE_DIR:
        cmd += ["--cache-dir", CACHE_DIR]
    return cmd + [target]


def _git_revision() -> str:
    return corpus.git_revision()


def ruff(target: str) -> list[str]:
    return [
        _bin("ruff"),
        "check",
        "--select",
        "E9,F63",
        "--no-cache",
        "--exit-zero",
        "--quiet",
        target,
    ]


def fixit(target: str) -> list[str]:
    return [_bin("fixit"), "--rules", FIXIT_RULE, "lint", target]


def tool_version(cmd: list[str], env: Optional[dict] = None) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except Exception as exc:  # pragma: no cover - informational only
        return f"unknown ({exc})"


# ---------------------------------------------------------------------- timing


@dataclass
class Timing:
    name: str
    cmd: list[str]
    samples: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # user+sys of the process tree
    rcs: set = field(default_factory=set)
    last_output: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)

    def spread(self) -> str:
        return f"{min(self.samples):.3f}-{max(self.samples):.3f}"


class Runner:
    def __init__(self, cwd: Path, env: dict[str, str], verbose: bool = True):
        self.cwd, self.env, self.verbose = cwd, env, verbose

    def once(self, t: Timing, record: bool = True) -> float:
        ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run(t.cmd, cwd=self.cwd, env=self.env, capture_output=True, text=True)
        dt = time.perf_counter() - t0
        ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
        t.rcs.add(p.returncode)
        t.last_output = (p.stdout + p.stderr)[-3000:]
        if "CollectionError" in t.last_output or "Failed to load rules" in t.last_output:
            raise SystemExit(f"{t.name}: the tool did not load its rule:\n{t.last_output}")
        if p.returncode not in (0,):
            raise SystemExit(f"{t.name}: exit {p.returncode}\n$ {' '.join(t.cmd)}\n{t.last_output}")
        if record:
            t.samples.append(dt)
            t.cpu.append(cpu)
        if self.verbose:
            print(f"    {t.name:<40} {dt:9.3f}s wall {cpu:9.3f}s cpu", file=sys.stderr, flush=True)
        return dt

    def alternate(self, timings: list[Timing], runs: int, warmup: bool = True) -> None:
        """Run each command ``runs`` times, interleaved, reversing the order every round."""
        if warmup:  # page cache, .pyc files, first-import costs: not measured
            for t in timings:
                self.once(t, record=False)
        for i in range(runs):
            order = timings if i % 2 == 0 else list(reversed(timings))
            for t in order:
                self.once(t)


def peak_rss_mb(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    """Max RSS (MB) of the largest process among ``cmd`` and its waited-for descendants."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *cmd], cwd=cwd, env=env, capture_output=True, text=True
    )
    return int(out.stdout.strip().splitlines()[-1]) / 1024.0


# ------------------------------------------------------------------ parse floor

_PARSE_SCRIPT = r"""
import json, sys, time
import libcst
paths = json.load(open(sys.argv[1]))
t0 = time.perf_counter()
n_bytes = 0
for p in paths:
    data = open(p, "rb").read()
    n_bytes += len(data)
    libcst.parse_module(data)
print(json.dumps({"seconds": time.perf_counter() - t0, "files": len(paths), "bytes": n_bytes}))
"""


def _run_on_paths(
    script: str, paths: list[Path], cwd: Path, env: dict[str, str], what: str, *args: str
) -> dict:
    """Run ``script`` (``python -c``) with a JSON file listing ``paths`` as its first argument
    (then ``args``); its last stdout line is the JSON result."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([str(p) for p in paths], f)
        lst = f.name
    try:
        out = subprocess.run(
            [sys.executable, "-c", script, lst, *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            raise SystemExit(f"{what} failed:\n{out.stderr[-3000:]}")
        return json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        os.unlink(lst)


def parse_floor(paths: list[Path], cwd: Path, env: dict[str, str]) -> dict:
    return _run_on_paths(_PARSE_SCRIPT, paths, cwd, env, "libcst parse floor")


_PROOF_SCRIPT = r"""
import json, sys, time
from lint_rules.reduce import reduce_for
codes = frozenset(json.loads(sys.argv[2]))
texts = [open(p, encoding="utf-8").read() for p in json.load(open(sys.argv[1]))]
out = {}
for name, use_outline in (("outline", True), ("whole", False)):
    best, clean = float("inf"), 0
    for _ in range(5):
        t0 = time.perf_counter()
        verdicts = [reduce_for(t, codes, use_outline=use_outline)[0] for t in texts]
        best = min(best, time.perf_counter() - t0)
    out[name] = {"seconds": best, "clean": sum(verdicts)}
out["files"], out["bytes"] = len(texts), sum(len(t.encode()) for t in texts)
print(json.dumps(out))
"""


def proof_cost(paths: list[Path], codes, cwd: Path, env: dict[str, str]) -> dict:
    """In one process (best of 5): the reduction's clean-proof on ``paths`` with the outline
    first (what kvguard runs) and with the whole-module ``ast`` pass alone."""
    return _run_on_paths(_PROOF_SCRIPT, paths, cwd, env, "proof cost", json.dumps(sorted(codes)))


_SEARCH_SCRIPT = r"""
import json, sys, time
from lint_rules import haystack
from lint_rules.haystack import Haystack
from lint_rules.project import Index
datas = [open(p, "rb").read() for p in json.load(open(sys.argv[1]))]
needles = [n for _, group in Index(".")._gate_plan for n in group]
needles += [b"hasattr"]
out = {"needles": len(needles), "bytes": sum(map(len, datas))}
for name in ("in", "strstr"):
    haystack.disable()
    if name == "strstr" and not haystack.enable():
        continue
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        hits = sum(Haystack(d).has(n) for d in datas for n in needles)
        best = min(best, time.perf_counter() - t0)
    out[name] = {"seconds": best, "hits": hits}
print(json.dumps(out))
"""


def search_cost(paths: list[Path], cwd: Path, env: dict[str, str]) -> dict:
    """In one process (best of 5): every file searched for the gate's byte needles, with
    ``in`` and with libc ``strstr`` (lint_rules/haystack.py); the hit counts must agree."""
    got = _run_on_paths(_SEARCH_SCRIPT, paths, cwd, env, "search cost")
    if "strstr" in got and got["strstr"]["hits"] != got["in"]["hits"]:
        raise SystemExit(f"strstr and in disagree: {got}")
    return got


def candidate_files(tree: Path, pkg_root: Path) -> tuple[list[Path], str]:
    """Files the prefilter would parse, using the project's own ``needs_parse``."""
    sys.path.insert(0, str(pkg_root))
    from lint_rules import checker
    from lint_rules.model import ScopeConfig
    from lint_rules.rules import default_codes

    codes, scope = frozenset(default_codes()), ScopeConfig()
    out = []
    for p in sorted((tree / "sglang").rglob("*.py")):
        rel = p.relative_to(tree).as_posix()
        text = p.read_text(encoding="utf-8", errors="surrogateescape")
        if checker.needs_parse(text, rel, codes, scope):
            out.append(p)
    return out, "lint_rules.checker.needs_parse (default rules, default scope)"


# ---------------------------------------------------------------------- main


def _load() -> str:
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "n/a"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def profile_cold(tree: Path, env: dict[str, str], top: int = 30) -> str:
    """cProfile of one cold whole-tree run (main process only) + import time summary."""
    import io
    import pstats

    s = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="kvguard-prof-") as tmp:
        prof = Path(tmp) / "kvguard.prof"
        cmd = [sys.executable, "-m", "cProfile", "-o", str(prof), "-m", "lint_rules"] + kvguard(
            "sglang", cache=False
        )[3:]
        subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
        st = pstats.Stats(str(prof), stream=s)
    st.sort_stats("cumulative").print_stats(top)
    st.sort_stats("tottime").print_stats(top)
    imp = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "lint_rules", "--help"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    rows = []
    for ln in imp.stderr.splitlines():
        if ln.startswith("import time:") and "|" in ln:
            parts = [x.strip() for x in ln[len("import time:") :].split("|")]
            if parts[1].isdigit():
                rows.append((int(parts[1]), parts[2]))
    rows.sort(reverse=True)
    imports = "\n".join(f"{us / 1000:8.1f} ms  {name}" for us, name in rows[:15])
    return (
        s.getvalue()
        + "\n-- heaviest imports (cumulative) for `python -m lint_rules --help` --\n"
        + imports
    )


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=7, help="timed runs per fast command (default 7)")
    ap.add_argument(
        "--fixit-runs", type=int, default=3, help="timed Fixit runs on the attention dir"
    )
    ap.add_argument(
        "--sample", type=int, default=400, help="files sampled for the all-files parse reference"
    )
    ap.add_argument(
        "--parse-all", action="store_true", help="parse every file for the reference (slow)"
    )
    ap.add_argument("--no-write", action="store_true", help="do not update benchmarks/RESULTS.md")
    ap.add_argument(
        "--profile", action="store_true", help="print a cProfile of a cold whole-tree run"
    )
    args = ap.parse_args(argv)

    tree = sglang_wheels.ensure_tree(VERSION)
    # Measure one fixed version of kvguard: a snapshot of lint_rules/ taken now, so edits made
    # in the working tree during the run neither change the code under test nor invalidate the
    # warm cache (whose key includes the package sources). Private cache dir, too.
    for tool in ("ruff", "fixit"):
        _bin(tool)  # a missing tool stops the run here, before anything is created
    # every exit path (an error, Ctrl-C) removes the snapshot and the private cache
    with tempfile.TemporaryDirectory(prefix="kvguard-speed-") as work:
        return _measure(args, tree, Path(work))


def _measure(args, tree: Path, work: Path) -> int:
    """The runs of :func:`main`, in ``work`` (a temporary directory)."""
    shutil.copytree(
        REPO / "lint_rules",
        work / "lint_rules",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    global CACHE_DIR
    CACHE_DIR = str(work / "cache")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(work)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # let the snapshot get its .pyc files once
    r = Runner(tree, env)
    revision = _git_revision()
    all_py = sorted((tree / "sglang").rglob("*.py"))
    tree_bytes = sum(p.stat().st_size for p in all_py)
    n_attn = len(list((tree / ATTN_DIR).rglob("*.py")))
    versions = {
        "kvguard": tool_version([sys.executable, "-m", "lint_rules", "--version"], env),
        "ruff": tool_version([_bin("ruff"), "--version"]),
        "fixit": tool_version([_bin("fixit"), "--version"]),
    }
    machine_start = corpus.machine_line()
    print(f"sglang {VERSION}: {len(all_py)} files, {tree_bytes / 1e6:.1f} MB; {machine_start}")
    print(f"tools: {versions}")
    if RUFF_VERSION not in versions["ruff"] or FIXIT_VERSION not in versions["fixit"]:
        print(f"WARNING: expected ruff {RUFF_VERSION} and fixit {FIXIT_VERSION}", file=sys.stderr)

    # Warm cache: prime it in a private cache location so nothing else interferes.
    print("\n[1] whole tree: kvguard cold vs ruff (alternating)", file=sys.stderr)
    kv_cold = Timing("kvguard cold (--no-cache)", kvguard("sglang", cache=False))
    rf_tree = Timing("ruff E9,F63 --no-cache", ruff("sglang"))
    r.alternate([kv_cold, rf_tree], args.runs)

    # The same tree as a checkout has it: a pyproject.toml above `sglang/` makes that directory
    # the project root, so absolute `sglang.srt...` imports resolve and the project index is
    # active (on the bare extracted wheel `sglang/srt` is a namespace package with no marker
    # above it: the index finds nothing to follow there; docs/lint.md).
    print("\n[1b] whole tree with a project marker (index active) vs ruff", file=sys.stderr)
    checkout = work / "checkout"
    shutil.copytree(tree / "sglang", checkout / "sglang")
    (checkout / "pyproject.toml").write_text('[project]\nname = "sglang"\n', encoding="utf-8")
    rc = Runner(checkout, env)
    kv_marked = Timing(
        "kvguard cold, project marker (index active)", kvguard("sglang", cache=False)
    )
    rf_marked = Timing("ruff E9,F63 --no-cache (same copy)", ruff("sglang"))
    rc.alternate([kv_marked, rf_marked], max(3, args.runs // 2))

    # The opt-in rules' cost: KVG004 (issue 23's bar: <= 1x ruff) and KVG005 (default-on only
    # while the whole-tree bar, <= 0.5x ruff, still holds with it).
    print("\n[1c] whole tree with an opt-in rule vs ruff", file=sys.stderr)
    kv_opt = {
        code: Timing(f"kvguard cold, --extend-select {code}", kvguard("sglang", False, code))
        for code in OPT_IN
    }
    rf_opt = Timing("ruff E9,F63 --no-cache (opt-in rows)", ruff("sglang"))
    r.alternate([*kv_opt.values(), rf_opt], max(3, args.runs // 2))

    print("\n[2] whole tree: kvguard warm", file=sys.stderr)
    kv_warm = Timing("kvguard warm (cache primed)", kvguard("sglang", cache=True))
    r.once(kv_warm, record=False)  # prime the result cache
    r.alternate([kv_warm], args.runs)

    print("\n[3] one file: kvguard vs ruff vs Fixit", file=sys.stderr)
    kv_one = Timing("kvguard one file (--no-cache)", kvguard(ONE_FILE, cache=False))
    rf_one = Timing("ruff one file", ruff(ONE_FILE))
    fx_one = Timing(f"Fixit one file ({FIXIT_RULE.split(':')[1]})", fixit(ONE_FILE))
    r.alternate([kv_one, rf_one, fx_one], args.runs)

    print("\n[4] attention dir: kvguard vs Fixit", file=sys.stderr)
    kv_attn = Timing("kvguard attention dir (--no-cache)", kvguard(ATTN_DIR, cache=False))
    kv_attn_w = Timing("kvguard attention dir (warm)", kvguard(ATTN_DIR, cache=True))
    fx_attn = Timing("Fixit attention dir", fixit(ATTN_DIR))
    r.once(kv_attn_w, record=False)
    # Fixit is slow: alternate it fewer times, with kvguard runs around each Fixit run.
    r.once(fx_attn, record=False) if args.fixit_runs > 1 else None
    for i in range(args.fixit_runs):
        r.once(kv_attn)
        r.once(fx_attn)
        r.once(kv_attn_w)
    for _ in range(max(0, args.runs - args.fixit_runs)):
        r.once(kv_attn)
        r.once(kv_attn_w)

    print("\n[5] libcst parse floor", file=sys.stderr)
    cands, how = candidate_files(tree, work)
    floor_c = parse_floor(cands, tree, env)
    if args.parse_all:
        floor_all = parse_floor(all_py, tree, env)
        all_note = "all files parsed"
        all_s = floor_all["seconds"]
    else:
        rng = random.Random(0)
        sample = rng.sample(all_py, min(args.sample, len(all_py)))
        floor_s = parse_floor(sample, tree, env)
        all_s = floor_s["seconds"] * tree_bytes / max(1, floor_s["bytes"])
        all_note = (
            f"sampled {floor_s['files']} random files ({floor_s['bytes'] / 1e6:.1f} MB) in "
            f"{floor_s['seconds']:.1f}s, extrapolated by bytes"
        )

    from lint_rules.registry import (
        default_codes,
    )  # the snapshot (candidate_files put it on sys.path)

    attn_cands = [p for p in cands if p.is_relative_to(tree / ATTN_DIR)]
    proof = proof_cost(attn_cands, default_codes(), tree, env)
    search = search_cost(all_py, tree, env)

    print("\n[6] peak memory", file=sys.stderr)
    mem = {
        "kvguard cold, whole tree": peak_rss_mb(kv_cold.cmd, tree, env),
        "kvguard warm, whole tree": peak_rss_mb(kv_warm.cmd, tree, env),
        "ruff, whole tree": peak_rss_mb(rf_tree.cmd, tree, env),
        "kvguard cold, attention dir": peak_rss_mb(kv_attn.cmd, tree, env),
        "Fixit, attention dir": peak_rss_mb(fx_attn.cmd, tree, env),
    }

    cold_ratio = kv_cold.median / rf_tree.median
    marked_ratio = kv_marked.median / rf_marked.median
    opt_ratio = {code: t.median / rf_opt.median for code, t in kv_opt.items()}
    fixit_speedup = fx_attn.median / kv_attn.median
    fixit_speedup_warm = fx_attn.median / kv_attn_w.median
    targets = [
        (
            "whole-tree cold <= 0.5x ruff",
            f"{cold_ratio:.2f}x",
            cold_ratio <= TARGET_COLD_RATIO,
            f"{kv_cold.cpu_median / rf_tree.cpu_median:.2f}x",
        ),
        (
            "whole-tree cold <= 0.5x ruff, with a project marker (index active)",
            f"{marked_ratio:.2f}x",
            marked_ratio <= TARGET_COLD_RATIO,
            f"{kv_marked.cpu_median / rf_marked.cpu_median:.2f}x",
        ),
        *(
            (
                f"whole-tree cold <= {OPT_IN[code]}x ruff with {code} on",
                f"{opt_ratio[code]:.2f}x",
                opt_ratio[code] <= OPT_IN[code],
                f"{kv_opt[code].cpu_median / rf_opt.cpu_median:.2f}x",
            )
            for code in OPT_IN
        ),
        (
            "warm <= 0.3 s",
            f"{kv_warm.median:.3f} s",
            kv_warm.median <= TARGET_WARM_S,
            f"{kv_warm.cpu_median:.3f} s",
        ),
        (
            "one file <= 0.5 s",
            f"{kv_one.median:.3f} s",
            kv_one.median <= TARGET_ONE_FILE_S,
            f"{kv_one.cpu_median:.3f} s",
        ),
        (
            ">= 300x faster than Fixit on the attention dir (kvguard cold)",
            f"{fixit_speedup:.0f}x",
            fixit_speedup >= TARGET_FIXIT_SPEEDUP,
            f"{fx_attn.cpu_median / kv_attn.cpu_median:.0f}x",
        ),
    ]

    lines = []
    lines.append(
        "## Speed: sglang %s wheel tree (%d files, %.1f MB)"
        % (VERSION, len(all_py), tree_bytes / 1e6)
    )
    lines.append("")
    lines.append(
        f"`python benchmarks/speed.py` -- machine at the start: {machine_start}; "
        f"load avg at the end: {_load()}; "
        f"run at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}."
    )
    lines.append(
        f"kvguard code: commit {revision} (snapshot of `lint_rules/` taken at the start of the run)."
    )
    lines.append(
        f"Tools: kvguard `{versions['kvguard']}`, ruff `{versions['ruff']}`, "
        f"Fixit `{versions['fixit']}` with the single built-in rule `{FIXIT_RULE}`."
    )
    lines.append(
        "Medians of alternating runs (one untimed warm-up run each); wall-clock seconds of the "
        "whole command, process start-up included."
    )
    lines.append("")
    lines.append(
        "CPU s = user+sys of the whole process tree (less sensitive to load from other "
        "processes than wall time; the targets are on wall time)."
    )
    lines.append("")
    lines.append(
        "| measurement | median wall s | min-max wall s | median CPU s | runs | ratio (wall) |"
    )
    lines.append("|---|---|---|---|---|---|")

    def row(t: Timing, ratio: str = "") -> None:
        lines.append(
            f"| {t.name} | {t.median:.3f} | {t.spread()} | {t.cpu_median:.3f} | {len(t.samples)} | {ratio} |"
        )

    row(kv_cold, f"{cold_ratio:.2f}x ruff")
    row(rf_tree, "1.00")
    row(kv_marked, f"{marked_ratio:.2f}x ruff (same copy)")
    row(rf_marked, "1.00")
    for code, t in kv_opt.items():
        row(t, f"{opt_ratio[code]:.2f}x ruff (opt-in rows)")
    row(rf_opt, "1.00")
    row(kv_warm, f"{kv_warm.median / rf_tree.median:.3f}x ruff")
    row(
        kv_one,
        f"{kv_one.median / rf_one.median:.1f}x ruff, {fx_one.median / kv_one.median:.1f}x faster than Fixit",
    )
    row(rf_one)
    row(fx_one)
    row(kv_attn, f"{fixit_speedup:.0f}x faster than Fixit")
    row(kv_attn_w, f"{fixit_speedup_warm:.0f}x faster than Fixit")
    row(fx_attn, f"{n_attn} files")
    lines.append(
        f"| libcst parse of the {floor_c['files']} prefilter candidates (one process) "
        f"| {floor_c['seconds']:.3f} | | | 1 | {floor_c['bytes'] / 1e6:.2f} MB |"
    )
    lines.append(
        f"| libcst parse of all {len(all_py)} files (reference) | {all_s:.1f} | | | 1 | {all_note} |"
    )
    for name, label in (("outline", "outline first (as run)"), ("whole", "whole-module ast alone")):
        lines.append(
            f"| clean-proof of the {proof['files']} attention-dir candidates, {label}, in-process "
            f"best of 5 | {proof[name]['seconds']:.4f} | | | 5 | {proof[name]['clean']} proven clean, "
            f"{proof['bytes'] / 1e6:.2f} MB |"
        )
    for name in ("in", "strstr"):
        if name in search:
            lines.append(
                f"| byte search of every file for the gate's {search['needles']} needles, "
                f"`{name}`, in-process best of 5 | {search[name]['seconds']:.4f} | | | 5 | "
                f"{search['bytes'] / 1e6:.1f} MB, {search[name]['hits']} hits |"
            )
    lines.append("")
    lines.append(f"Candidates: {how}.")
    lines.append("")
    lines.append("| peak memory (max RSS of the largest process) | MB |")
    lines.append("|---|---|")
    for k, v in mem.items():
        lines.append(f"| {k} | {v:.0f} |")
    lines.append("")
    lines.append("| target | measured (wall) | result | same figure in CPU time (informative) |")
    lines.append("|---|---|---|---|")
    for name, val, ok, cpu_view in targets:
        lines.append(f"| {name} | {val} | {_verdict(ok)} | {cpu_view} |")
    text = "\n".join(lines)
    print()
    print(text)

    if args.profile:
        print("\n---- profile of one cold whole-tree run ----")
        print(profile_cold(tree, env))
        v = subprocess.run(
            kvguard("sglang", cache=False) + ["-v"],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
        )
        print("\n---- kvguard -v (cold, whole tree) ----\n" + v.stderr[-4000:])

    if not args.no_write:
        corpus.update_results_section("speed", text)
        print(f"\nwrote {corpus.RESULTS_FILE.relative_to(REPO)}", file=sys.stderr)
    return 0 if all(t[2] for t in targets) else 1


if __name__ == "__main__":
    raise SystemExit(main())
