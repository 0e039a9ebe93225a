"""The fix oracle grid over every release where kvguard's TRTLLM fix applies; prints the figures.

    python benchmarks/fix_oracle.py                       # print
    python benchmarks/fix_oracle.py --write-results       # also update benchmarks/RESULTS.md
    python benchmarks/fix_oracle.py --before a19cebc      # also grid what kvguard at that commit emitted

For each release (from the API model: the TRTLLM backend decides SWA mode from the allocator) the
real ``trtllm_mha_backend.py`` is fixed by kvguard and run through ``tests/support/fix_oracle_grid.py``
under that release's CPU environment: its ``_resolve_swa_kv_pool`` against 0.5.13's over every
runner state, and the page tables of real backends in target / EAGLE-draft / FROZEN_KV-draft roles.
The original file's roles are checked too (the EAGLE draft must read the wrong rows there).
``--before REV`` fixes the same files with the ``lint_rules`` of git commit REV and grids those
(only where that fixer emitted a resolver).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

from tests.support import fix_oracle_run as run  # noqa: E402

_FIX_WITH = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from lint_rules.fixer import fix_text
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes
src = Path(sys.argv[2])
out = fix_text(src.read_text(encoding="utf-8"), str(src), default_codes(), ScopeConfig())
assert out.error is None, out.error
Path(sys.argv[3]).write_text(out.new_text, encoding="utf-8")
"""


def _fix_with_commit(rev: str, version: str, dest: Path, work: Path) -> None:
    tree = work / f"lint_rules-{rev}"
    if not tree.exists():
        tree.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "archive", rev, "lint_rules"], cwd=REPO, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    subprocess.run(
        [sys.executable, "-c", _FIX_WITH, str(tree), str(run.original_file(version)), str(dest)],
        check=True,
        cwd=work,
    )


def _roles_line(report: dict) -> str:
    parts = []
    for role in report["roles"]:
        if role.get("error"):
            parts.append(f"{role['role']} ERROR {role['error'][:60]}")
            continue
        bad = [lay for lay in role["layers"] if not lay["ok"]]
        if not bad:
            parts.append(f"{role['role']} ok")
            continue
        wrong = bad[0]["wrong_rows"]
        who = "; ".join(
            f"request {r} reads rows {w['rows']} of {'/'.join(w['owned_by'])}"
            for r, w in wrong.items()
            if any(o != "free" for o in w["owned_by"])
        )
        parts.append(f"{role['role']} WRONG in {len(bad)} layers ({who})")
    return ", ".join(parts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--versions", nargs="+", help="default: every release where the fix applies")
    ap.add_argument("--before", metavar="REV", help="also grid the fix kvguard emitted at REV")
    ap.add_argument("--write-results", action="store_true", help="update benchmarks/RESULTS.md")
    args = ap.parse_args(argv)
    versions = args.versions or run.grid_versions()
    lines = [
        "## Fix oracle grid: kvguard's TRTLLM fix vs the first fixed release, real classes (CPU)",
        "",
        f"`python benchmarks/fix_oracle.py{' --before ' + args.before if args.before else ''}`"
        f" (kvguard {corpus.git_revision()}; reference: sglang {run.sglang_api.first_fixed()}'s `_resolve_swa_kv_pool`, "
        "taken from its source with `ast` and run on the installed classes). States = active "
        "pools x allocators x draft/not x speculative algorithms (members + plugin-registered).",
        "",
        "| sglang | states | same as 0.5.13 | differ | roles (fixed file) | roles (original file) |",
        "|---|---|---|---|---|---|",
    ]
    before_lines = []
    total = total_same = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for v in versions:
            out = run.fix_original(v)
            if out.error:
                print(f"{v}: fix failed: {out.error}", file=sys.stderr)
                return 2
            fixed = work / f"fixed-{v}.py"
            fixed.write_text(out.new_text, encoding="utf-8")
            report = run.run_grid(v, fixed)
            original = run.run_grid(v, run.original_file(v), roles_only=True)
            g = report["grid"]
            total += g["states"]
            total_same += g["same"]
            axes = g["axes"]
            shape = (
                f"{len(axes['pools'])}x{len(axes['allocators'])}x2x{len(axes['spec_algorithms'])}"
            )
            lines.append(
                f"| {v} | {g['states']} ({shape}) | {g['same']} | {g['differ']} | "
                f"{_roles_line(report)} | {_roles_line(original)} |"
            )
            print(lines[-1], flush=True)
            for kind, n in g["differences_by_kind"].items():
                print(f"    differs {n}x: {kind}", flush=True)
            if args.before:
                dest = work / f"before-{v}.py"
                _fix_with_commit(args.before, v, dest, work)
                if "_resolve_swa_kv_pool" not in dest.read_text(encoding="utf-8"):
                    before_lines.append(f"| {v} | no resolver emitted (inline pool form) | | |")
                    continue
                b = run.run_grid(v, dest)["grid"]
                kinds = "; ".join(f"{n}x {k}" for k, n in b["differences_by_kind"].items())
                before_lines.append(f"| {v} | {b['states']} | {b['differ']} | {kinds or '-'} |")
                print(before_lines[-1], flush=True)
    lines += [
        "",
        f"Total: {total} states over {len(versions)} releases, {total_same} the same as the "
        f"first fixed release, {total - total_same} differ ({time.perf_counter() - start:.0f} s "
        "wall, subprocess per release and file).",
    ]
    if args.before:
        lines += [
            "",
            f"The fix kvguard emitted at `{args.before}` (before the API model), same grid:",
            "",
            "| sglang | states | differ | how |",
            "|---|---|---|---|",
            *before_lines,
        ]
    body = "\n".join(lines)
    print("\n" + body)
    if args.write_results:
        corpus.update_results_section("fix_oracle", body)
        print(f"\nwrote {corpus.RESULTS_FILE.relative_to(REPO)}", file=sys.stderr)
    ok = total == total_same
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
