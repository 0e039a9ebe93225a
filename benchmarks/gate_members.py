"""The project gate's SWA-only member test, per-member byte search against the quoted-piece test.

    python benchmarks/gate_members.py [--runs 5] [--write]

On the extracted sglang 0.5.23 tree: the files the test runs on (a probe word, no ``swa`` in
any case: ``project._gate_words``), how many each form accepts, and the best of ``--runs`` in
seconds for all of them in one process (``--write``: also into ``benchmarks/RESULTS.md``). A
file the byte search accepts and the quoted form does not holds a member name only inside a
longer identifier or outside a string, which no probe can read.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import sglang_wheels  # noqa: E402
from corpus import update_results_section  # noqa: E402

from lint_rules import project  # noqa: E402

VERSION = "0.5.23"


def _per_member(data: bytes) -> bool:
    return any(m in data for m in project._member_bytes())


def _best(fn, files: list, runs: int) -> tuple[float, int]:
    best, hits = float("inf"), 0
    for _ in range(runs):
        started = time.perf_counter()
        hits = sum(1 for d in files if fn(d))
        best = min(best, time.perf_counter() - started)
    return best, hits


def measure(runs: int) -> str:
    tree = sglang_wheels.ensure_tree(VERSION, quiet=True)
    files = [p.read_bytes() for p in sorted(tree.rglob("*.py"))]
    words = project.probe_byte_words()
    asked = [d for d in files if any(w in d for w in words) and b"swa" not in d.lower()]
    search_s, search_hits = _best(_per_member, asked, runs)
    quoted_s, quoted_hits = _best(project._quotes_a_member, asked, runs)
    return "\n".join(
        [
            f"## Project gate: SWA-only member test (sglang {VERSION}, best of {runs})",
            "",
            f"`python benchmarks/gate_members.py`: {len(files)} files, {len(asked)} asked "
            f"(a probe word, no `swa`), {len(project._member_bytes())} members.",
            "",
            "| form | files accepted | seconds, all asked files |",
            "|---|---|---|",
            f"| byte search per member | {search_hits} | {search_s:.4f} |",
            f"| quoted piece (`_quotes_a_member`) | {quoted_hits} | {quoted_s:.4f} |",
            "",
            f"quoted piece: {search_s / quoted_s:.1f}x faster.",
            "",
        ]
    )


def write(section: str) -> None:
    update_results_section("gate-members", section)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="also into benchmarks/RESULTS.md")
    args = ap.parse_args()
    section = measure(args.runs)
    print(section)
    if args.write:
        write(section)


if __name__ == "__main__":
    main()
