"""What the standard library's own pieces cost against the hand-written ones (issue 23 item 5).

    git archive <commit> | tar -x -C /tmp/before      # one extracted tree per commit compared
    python benchmarks/stdlib_cost.py before=/tmp/before after=. [--runs 5] [--write]

For each tree (its code on ``PYTHONPATH``, this interpreter), runs alternating A B C, B C A, ...:

* import: ``python -X importtime -c 'import lint_rules.cli'``, the cumulative microseconds of
  ``lint_rules.cli`` (the start-up every command pays before it reads a file);
* one file: ``kvguard check --no-cache examples/buggy_backend.py`` in the tree, wall seconds;
* whole tree: ``kvguard check --no-cache`` of the extracted sglang 0.5.23 tree (4719 files:
  the parallel path, the worker pool), wall seconds.

Prints the minimum of the runs per tree, each against the tree before it (``--write``: also into
``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import sglang_wheels  # noqa: E402
from corpus import update_results_section  # noqa: E402

VERSION = "0.5.23"


def _env(tree: Path) -> dict:
    return {**os.environ, "PYTHONPATH": str(tree), "KVGUARD_OUTPUT_FORMAT": "concise"}


def _wall(cmd: list[str], cwd: Path, env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def _import_us(tree: Path) -> int:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import lint_rules.cli"],
        cwd=tree,
        env=_env(tree),
        capture_output=True,
        text=True,
    )
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| \s*lint_rules\.cli$", line)
        if m:
            return int(m.group(1))
    raise SystemExit(f"no lint_rules.cli line in -X importtime output:\n{proc.stderr[-2000:]}")


def measure(trees: dict[str, Path], runs: int) -> dict[str, dict[str, float]]:
    corpus = sglang_wheels.tree_path(VERSION)
    if not (corpus / "sglang").is_dir():
        raise SystemExit(
            f"no extracted sglang {VERSION} tree at {corpus} (benchmarks/sglang_wheels.py)"
        )
    kvguard = [sys.executable, "-m", "lint_rules", "check", "--no-cache", "--exit-zero"]
    figures: dict[str, dict[str, list]] = {k: {"import": [], "one": [], "tree": []} for k in trees}
    labels = list(trees)
    for label in labels:  # warm-up: byte-compile each tree, fill the page cache
        tree = trees[label]
        _wall(kvguard + ["examples/buggy_backend.py"], tree, _env(tree))
        _wall(kvguard + ["sglang"], corpus, _env(tree))
    for run in range(runs):
        order = labels[run % len(labels) :] + labels[: run % len(labels)]
        for label in order:
            tree = trees[label]
            env = _env(tree)
            figures[label]["import"].append(_import_us(tree) / 1e6)
            figures[label]["one"].append(_wall(kvguard + ["examples/buggy_backend.py"], tree, env))
            figures[label]["tree"].append(_wall(kvguard + ["sglang"], corpus, env))
    return {k: {m: min(v) for m, v in f.items()} for k, f in figures.items()}


def render(best: dict[str, dict[str, float]], runs: int, trees: dict[str, Path]) -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        "## Standard library against the hand-written pieces (`benchmarks/stdlib_cost.py`)",
        "",
        f"Issue 23 item 5. Min of {runs} alternating runs per tree; machine: {os.cpu_count()} "
        f"cores shared with other jobs (load average {load}); Python "
        f"{sys.version.split()[0]}. Import = `-X importtime` cumulative of `lint_rules.cli`; "
        "one file = `kvguard check --no-cache examples/buggy_backend.py`; whole tree = "
        f"`kvguard check --no-cache` of the sglang {VERSION} tree (the worker pool's path).",
        "",
        "| tree | import (ms) | one file (s) | whole tree (s) |",
        "|---|---|---|---|",
    ]
    previous = None
    for label, f in best.items():
        cells = [f"{f['import'] * 1e3:.1f}", f"{f['one']:.3f}", f"{f['tree']:.3f}"]
        if previous is not None:  # each tree against the one above it
            cells = [
                f"{c} ({f[m] / previous[m]:.2f}x)" for c, m in zip(cells, ("import", "one", "tree"))
            ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
        previous = f
    first, last = next(iter(best.values())), previous
    if len(best) > 2 and first is not None and last is not None:
        lines.append(
            "| last against first | "
            + " | ".join(f"{last[m] / first[m]:.2f}x" for m in ("import", "one", "tree"))
            + " |"
        )
    lines += [
        "",
        "(x: against the tree above. A step stays unless its piece of the standard library "
        "is more than 2x slower on the path a user waits for.)",
    ]
    return "\n".join(lines) + "\n"


def write(section: str) -> None:
    update_results_section("stdlib", section)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", metavar="LABEL=PATH")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="also into benchmarks/RESULTS.md")
    args = ap.parse_args()
    trees = {}
    for item in args.trees:
        label, _, path = item.partition("=")
        trees[label] = Path(path).resolve()
    best = measure(trees, args.runs)
    section = render(best, args.runs, trees)
    print(section)
    if args.write:
        write(section)


if __name__ == "__main__":
    main()
