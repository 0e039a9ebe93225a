"""Backend history: kvguard on every historical state of three sglang attention backends.

    python benchmarks/history.py                       # mirror found under /work/.mirror
    python benchmarks/history.py --git-dir DIR         # a fork mirror's git directory
    python benchmarks/history.py --kvg004              # also compare KVG004 (opt-in rule)

Upstream sglang is too large to clone, but public forks carry its history (the bug family doc:
"Later history and the wider family"). For trtllm_mha_backend.py, flashinfer_backend.py and
triton_backend.py (``python/sglang/srt/layers/attention/``; ``git log --follow``, so the
flashinfer file's older name ``layers/attention_backend.py`` is included) every commit that
changed the file is listed, identical blobs are deduplicated, and each distinct state is written
alone under a temporary directory at its real relative path (so kvguard's backend path scope
applies), then linted with

    python -m lint_rules check --select KVG001,KVG002,KVG003 --output-format json --no-cache --exit-zero

Findings are mapped to (rule, enclosing function) with ``ast`` (``corpus.enclosing_function``)
and compared with the hand-built truth ``benchmarks/history_truth.json`` (keyed by backend and
blob sha; built by reading each state, not from kvguard's output). Exit status: 0 when every
state matches, 1 on any miss, unexpected finding, unknown or stale state, or kvguard error.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
TRUTH_FILE = HERE / "history_truth.json"
MIRRORS = Path("/work/.mirror")
PREFERRED_MIRROR = "bytedance-iaas+sglang"
ATTN = "python/sglang/srt/layers/attention"
BACKENDS = {
    "trtllm_mha": f"{ATTN}/trtllm_mha_backend.py",
    "flashinfer": f"{ATTN}/flashinfer_backend.py",
    "triton": f"{ATTN}/triton_backend.py",
}
RULES = ("KVG001", "KVG002", "KVG003")

sys.path.insert(0, str(HERE))
from corpus import enclosing_function  # noqa: E402

Finding = tuple[str, str]  # (rule, enclosing function)


@dataclass
class State:
    """One distinct blob of a backend file and the commits that produced it."""

    backend: str
    blob: str
    path: str  # the file's path in the commit that first produced the blob
    commits: list[tuple[str, str, str]] = field(default_factory=list)  # (sha, date, subject)

    @property
    def first(self) -> tuple[str, str, str]:
        """The oldest commit that produced this blob."""
        return self.commits[-1]


def git(git_dir: Path, *args: str) -> str:
    """Run git against the mirror and return stdout."""
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", *args], check=True, capture_output=True, text=True
    ).stdout


def find_mirror() -> Optional[Path]:
    """The preferred fork mirror under /work/.mirror, else any mirror holding the backends."""
    if not MIRRORS.is_dir():
        return None
    candidates = sorted(MIRRORS.glob("*/repo"), key=lambda p: p.parent.name != PREFERRED_MIRROR)
    for cand in candidates:
        try:
            git(cand, "cat-file", "-e", f"HEAD:{BACKENDS['trtllm_mha']}")
        except subprocess.CalledProcessError:
            continue
        return cand
    return None


def list_states(git_dir: Path, backend: str) -> list[State]:
    """Distinct states of ``backend``, newest first (``git log --follow --raw``)."""
    out = git(
        git_dir,
        "log",
        "--follow",
        "--raw",
        "--no-abbrev",
        "--format=%x00%H%x09%cs%x09%s",
        "--",
        BACKENDS[backend],
    )
    states: dict[str, State] = {}
    for chunk in out.split("\x00")[1:]:
        head, *raw = chunk.strip("\n").split("\n")
        sha, date, subject = head.split("\t", 2)
        for line in raw:
            if not line.startswith(":"):
                continue
            meta, *paths = line.split("\t")
            new_blob, status = meta.split()[3], meta.split()[4]
            if status.startswith("D") or set(new_blob) == {"0"}:
                continue
            st = states.setdefault(new_blob, State(backend, new_blob, paths[-1]))
            st.commits.append((sha, date, subject))
            st.path = paths[-1]  # older commits come later: keep the first producer's path
    return list(states.values())


def write_state(git_dir: Path, state: State, root: Path) -> Path:
    """Write the state's text under ``root/<backend>/<blob>/<real path>``; return its dir."""
    base = root / state.backend / state.blob
    dest = base / state.path
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(
        subprocess.run(
            ["git", f"--git-dir={git_dir}", "cat-file", "blob", state.blob],
            check=True,
            capture_output=True,
        ).stdout
    )
    return base


def run_kvguard(base: Path, rules: tuple[str, ...]) -> tuple[int, list[dict[str, Any]], str]:
    """Lint one state's directory; returns rc, JSON findings, stderr."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (
        os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else ""
    )
    cmd = [sys.executable, "-m", "lint_rules", "check", "--select", ",".join(rules)]
    cmd += ["--output-format", "json", "--no-cache", "--exit-zero", "python"]
    proc = subprocess.run(cmd, cwd=base, env=env, capture_output=True, text=True)
    try:
        data = json.loads(proc.stdout) if proc.stdout.strip() else []
    except json.JSONDecodeError:
        return 2, [], proc.stdout[:300] + proc.stderr[-500:]
    return proc.returncode, data, proc.stderr


@dataclass
class StateResult:
    state: State
    expected: Counter = field(default_factory=Counter)
    got: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    in_truth: bool = True

    @property
    def missed(self) -> Counter:
        return self.expected - self.got

    @property
    def unexpected(self) -> Counter:
        return self.got - self.expected

    @property
    def ok(self) -> bool:
        return self.in_truth and not (self.missed or self.unexpected or self.errors)


def findings_of(base: Path, state: State, raw: list[dict[str, Any]]) -> tuple[Counter, list[str]]:
    """(rule, enclosing function) multiset of kvguard's findings; non-rule items as errors."""
    got: Counter = Counter()
    errors: list[str] = []
    for item in raw:
        code = item.get("code")
        row = int((item.get("location") or {}).get("row", 0))
        if not code or not str(code).startswith("KVG"):
            errors.append(f"{code}: {item.get('message')}")
            continue
        got[(code, enclosing_function(base / state.path, row))] += 1
    return got, errors


def check_state(
    git_dir: Path, state: State, root: Path, truth: dict[str, Any], rules: tuple[str, ...]
) -> StateResult:
    """Write, lint and compare one state."""
    entry = truth["backends"].get(state.backend, {}).get("states", {}).get(state.blob)
    res = StateResult(state, in_truth=entry is not None)
    if entry is not None:
        res.expected = Counter(
            (f["rule"], f["function"]) for f in entry["findings"] if f["rule"] in rules
        )
    base = write_state(git_dir, state, root)
    rc, raw, stderr = run_kvguard(base, rules)
    res.got, res.errors = findings_of(base, state, raw)
    if rc != 0:
        res.errors.append(f"kvguard exited {rc}: {stderr.strip()[-300:]}")
    return res


def fmt(c: Counter) -> str:
    """``RULE fn`` items, one per count."""
    return ", ".join(f"{r} {fn}" for (r, fn), n in sorted(c.items()) for _ in range(n))


def report(results: dict[str, list[StateResult]], stale: list[str]) -> tuple[str, str]:
    """The summary table and the per-state disagreements."""
    rows = [
        "| backend | states | expected findings | found | missed | unexpected |",
        "|---|---|---|---|---|---|",
    ]
    lines: list[str] = []
    for backend, rs in results.items():
        exp = sum(sum(r.expected.values()) for r in rs)
        missed = sum(sum(r.missed.values()) for r in rs)
        unexp = sum(sum(r.unexpected.values()) for r in rs)
        rows.append(f"| {backend} | {len(rs)} | {exp} | {exp - missed} | {missed} | {unexp} |")
        for r in rs:
            if r.ok:
                continue
            sha, date, subject = r.state.first
            lines.append(f"{backend} {r.state.blob[:10]} ({sha[:10]} {date} {subject[:60]})")
            if not r.in_truth:
                lines.append(f"  NOT IN TRUTH  kvguard: [{fmt(r.got)}]")
            if r.missed:
                lines.append(f"  MISSED      {fmt(r.missed)}")
            if r.unexpected:
                lines.append(f"  UNEXPECTED  {fmt(r.unexpected)}")
            for e in r.errors:
                lines.append(f"  ERROR       {e}")
    lines += [f"STALE TRUTH {s}" for s in stale]
    return "\n".join(rows), "\n".join(lines)


def load_truth(path: Path) -> dict[str, Any]:
    """The hand-built truth, or an empty one."""
    if not path.exists():
        return {"backends": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--git-dir", type=Path, help="the fork mirror's git dir (default: found)")
    ap.add_argument("--truth", type=Path, default=TRUTH_FILE)
    ap.add_argument("--backends", nargs="+", choices=list(BACKENDS), default=list(BACKENDS))
    ap.add_argument("--kvg004", action="store_true", help="also compare KVG004 (opt-in rule)")
    ap.add_argument("--jobs", type=int, default=2, help="kvguard processes at once (default 2)")
    ap.add_argument("--keep", type=Path, help="write the states here and keep them")
    args = ap.parse_args(argv)

    git_dir = args.git_dir or find_mirror()
    if git_dir is None:
        print("no fork mirror found under /work/.mirror (use --git-dir)", file=sys.stderr)
        return 2
    truth = load_truth(args.truth)
    rules = RULES + (("KVG004",) if args.kvg004 else ())
    head = git(git_dir, "log", "-1", "--format=%H %cs").strip()
    print(f"mirror {git_dir} at {head}; rules {','.join(rules)}", file=sys.stderr)

    t0 = time.perf_counter()
    results: dict[str, list[StateResult]] = {}
    stale: list[str] = []
    with tempfile.TemporaryDirectory(prefix="kvguard-history-") as tmp:
        root = args.keep or Path(tmp)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for backend in args.backends:
                states = list_states(git_dir, backend)
                results[backend] = list(
                    pool.map(lambda s: check_state(git_dir, s, root, truth, rules), states)
                )
                known = {s.blob for s in states}
                for blob in truth["backends"].get(backend, {}).get("states", {}):
                    if blob not in known:
                        stale.append(f"{backend} {blob}: not a state of the mirror's history")
    summary, disagreements = report(results, stale)
    print(summary)
    if disagreements:
        print("\nDisagreements:\n" + disagreements)
    n = sum(len(rs) for rs in results.values())
    print(f"\n{n} states in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    bad = stale or any(not r.ok for rs in results.values() for r in rs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
