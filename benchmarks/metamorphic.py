"""Metamorphic sweep: real corpus sites x refactoring / mutation operators, judged by kvguard.

How to run it (on any worktree; it judges the kvguard of the tree it lives in, through the CLI):

    .venv/bin/python benchmarks/metamorphic.py                 # full sweep (all sites, all pairs)
    .venv/bin/python benchmarks/metamorphic.py --ci            # what CI runs (representative sites
                                                               #   + the seeded pair sample)
    .venv/bin/python benchmarks/metamorphic.py --no-pairs      # single operators only
    .venv/bin/python benchmarks/metamorphic.py --known-misses  # also print the KNOWN_MISSES table
                                                               #   this tree would need
    .venv/bin/python benchmarks/metamorphic.py --write-results # refresh the RESULTS.md section

Sites: ``tests/metamorphic/sites.py`` (every distinct extraction over the 16 PyPI releases, or one
per site with ``--ci``); operators: ``tests/metamorphic/operators.py``; judging:
``tests/metamorphic/generator.py`` (one ``kvguard check --output-format json`` run per batch;
multi-file variants one run each). Pairs: every ordered pair of distinct operators where both
apply, on the representative site of each kind (``--pair-sites all`` for every release's site).

Per operator it prints: variants built, recall on buggy sites (variants that keep a KVG001-003
finding), false positives on fixed sites (refactorings of correct code that get a finding) and
mutations found (fixed code broken on purpose); then the totals of the pairs. Exit status 0
(this is a measurement, not a gate; the gate is tests/metamorphic).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.metamorphic import generator as g  # noqa: E402
from tests.metamorphic.known_misses import KNOWN_MISSES  # noqa: E402
from tests.metamorphic.operators import OPERATORS  # noqa: E402
from tests.metamorphic.sites import all_sites, representative_sites  # noqa: E402

RESULTS = REPO / "benchmarks" / "RESULTS.md"
BEGIN = "<!-- metamorphic:begin -->"
# The figure this suite was built to move, kept when the section is rewritten (the run that
# printed it, with its per-operator table, is in this file's git history at commit 3d42bf0).
BEFORE = (
    "Before the flow model and the path conditions (main `a19cebc`, the same command with "
    "`--pair-rate 8`): all single 540/666 recall, 119/831 FP, 45/61 mutations found; pairs "
    "277/409, 116/527, 59/93."
)
END = "<!-- metamorphic:end -->"


def _frac(a: int, b: int) -> str:
    return f"{a}/{b}" if b else "–"


def stats(variants):
    s = {"n": 0, "buggy": 0, "kept": 0, "fixed": 0, "fp": 0, "mut": 0, "mut_found": 0, "err": 0}
    for v in variants:
        s["n"] += 1
        if v.error:
            s["err"] += 1
        mutated = any(OPERATORS[o].kind == "mutation" for o in v.ops)
        if v.site.status == "buggy":
            s["buggy"] += 1
            s["kept"] += bool(v.found)
        elif mutated:
            s["mut"] += 1
            s["mut_found"] += bool(v.found)
        else:
            s["fixed"] += 1
            s["fp"] += bool(v.found)
    return s


def table(singles, pair_variants) -> str:
    by_op = defaultdict(list)
    for v in singles:
        by_op[v.ops[0]].append(v)
    lines = [
        "| operator | kind | variants | recall (buggy kept) | FP (fixed flagged) | mutations found |",
        "|---|---|---|---|---|---|",
    ]
    for name, op in OPERATORS.items():
        s = stats(by_op.get(name, []))
        lines.append(
            f"| `{name}` | {op.kind} | {s['n']} | {_frac(s['kept'], s['buggy'])} | "
            f"{_frac(s['fp'], s['fixed'])} | {_frac(s['mut_found'], s['mut'])} |"
        )
    s = stats(singles)
    lines.append(
        f"| **all single** | | {s['n']} | {_frac(s['kept'], s['buggy'])} | "
        f"{_frac(s['fp'], s['fixed'])} | {_frac(s['mut_found'], s['mut'])} |"
    )
    if pair_variants is not None:
        s = stats(pair_variants)
        lines.append(
            f"| **pairs** | | {s['n']} | {_frac(s['kept'], s['buggy'])} | "
            f"{_frac(s['fp'], s['fixed'])} | {_frac(s['mut_found'], s['mut'])} |"
        )
    return "\n".join(lines)


def by_kind(variants) -> str:
    rows = defaultdict(list)
    for v in variants:
        rows[(v.site.kind, "+".join(v.ops))].append(v)
    out = []
    for (kind, ops), vs in sorted(rows.items()):
        bad = [v for v in vs if not v.ok]
        if bad:
            out.append(f"  {ops:45s} {kind:20s} wrong on {len(bad)}/{len(vs)} sites")
    return "\n".join(out)


def why(ops: str, seen: dict, kind: str) -> str:
    """The reason for a miss: the WHY of the operators that miss alone on this kind."""
    from tests.metamorphic.known_misses import WHY

    names = ops.split("+")
    alone = [n for n in names if not any(seen.get((n, kind), [True]))]
    if alone:
        return f"WHY[{alone[0]!r}]"
    named = [n for n in names if n in WHY]
    return f"WHY[{named[0]!r}]  # composed" if named else "COMPOSED"


def _commit() -> str:
    import subprocess

    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%h %s"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "lint_rules"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        return out[:60] + (" (lint_rules modified)" if dirty else "")
    except OSError:
        return "unknown commit"


_T0 = time.perf_counter()


def _stage(message: str) -> None:
    """A progress line on stderr per stage (a full run takes minutes; stdout is the report)."""
    print(
        f"[metamorphic {time.perf_counter() - _T0:6.1f} s] {message}", file=sys.stderr, flush=True
    )


def _each_site(sites, what: str):
    sites = list(sites)
    for i, site in enumerate(sites, 1):
        _stage(f"{what}: site {i}/{len(sites)} ({site.kind}, {site.part})")
        yield site


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ci", action="store_true", help="representative sites + the CI pair sample")
    ap.add_argument("--no-pairs", action="store_true")
    ap.add_argument("--pair-sites", choices=("representative", "all"), default="representative")
    ap.add_argument(
        "--pair-rate",
        type=int,
        default=1,
        help="judge a stable 1/N sample of the pairs (default: all)",
    )
    ap.add_argument("--known-misses", action="store_true")
    ap.add_argument("--write-results", action="store_true")
    args = ap.parse_args(argv)
    argv_shown = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--write-results"]

    t0 = time.perf_counter()
    _stage("extracting the corpus sites (the first run downloads the sglang releases)")
    sites = representative_sites() if args.ci else all_sites()
    _stage(f"{len(sites)} sites, {len(OPERATORS)} operators: building the variants")
    if args.ci:
        from tests.metamorphic.test_metamorphic import CASES

        rep = {(s.kind, s.part): s for s in sites}
        singles, pair_vs = [], []
        for kind, part, ops in CASES:
            if not ops or (kind, part) not in rep:
                continue
            v = g.build(rep[(kind, part)], ops)
            if v is not None:
                (singles if len(ops) == 1 else pair_vs).append(v)
    else:
        singles = g.singles(_each_site(sites, "single operators"))
        pair_vs = None
        if not args.no_pairs:
            psites = all_sites() if args.pair_sites == "all" else representative_sites()
            pair_vs = g.pairs(_each_site(psites, "operator pairs"), args.pair_rate)
    if args.no_pairs:
        pair_vs = None
    base = g.identities(sites)
    t1 = time.perf_counter()
    everything = base + singles + (pair_vs or [])
    multi = sum(1 for v in everything if v.multi)
    _stage(
        f"judging {len(everything)} variants with the kvguard CLI ({len(everything) - multi} "
        f"single-module ones in one run, {multi} multi-module ones in one driver process)"
    )
    g.judge(everything)
    t2 = time.perf_counter()
    _stage("judged; writing the report")

    wrong_base = [v.key for v in base if not v.ok]
    head = (
        f"sites: {len(sites)} ({'representative' if args.ci else 'every distinct release extraction'}); "
        f"operators: {len(OPERATORS)} ({sum(o.kind == 'refactor' for o in OPERATORS.values())} refactorings, "
        f"{sum(o.kind == 'mutation' for o in OPERATORS.values())} mutations); "
        f"variants: {len(singles)} single + {len(pair_vs or [])} pairs"
        f"{f' (1/{args.pair_rate} stable sample)' if args.pair_rate > 1 and not args.ci else ''}; "
        f"build {t1 - t0:.1f} s, judge {t2 - t1:.1f} s"
    )
    print(head)
    print(f"unmodified sites judged as expected: {len(base) - len(wrong_base)}/{len(base)}")
    for k in wrong_base:
        print(f"  WRONG on the unmodified site: {k}")
    text = table(singles, pair_vs)
    print(text)
    errs = [v for v in singles + (pair_vs or []) if v.error]
    for v in errs[:20]:
        print(f"  ERROR {v.key}: {v.error}")
    print("\nwrong verdicts by (operators, site kind):")
    print(by_kind(singles + (pair_vs or [])) or "  none")
    if args.known_misses:
        print("\nKNOWN_MISSES for this tree (CI cases):")
        seen = {}
        for v in singles + (pair_vs or []):
            key = ("+".join(v.ops), v.site.kind)
            seen.setdefault(key, []).append(v.ok)
        for key, oks in sorted(seen.items()):
            if not any(oks):
                print(f"    {key!r}: {why(key[0], seen, key[1])},")
            elif not all(oks):
                print(f"    # mixed: {key!r} wrong on {oks.count(False)}/{len(oks)} sites")
        stale = [k for k in KNOWN_MISSES if k in seen and all(seen[k])]
        for k in stale:
            print(f"    # now passes, remove: {k!r}")
    if args.write_results:
        section = (
            f"{BEGIN}\n## Metamorphic\n\n"
            "Real sites of the corpus (`tests/metamorphic/sites.py`) under libcst refactoring "
            "operators that preserve meaning and mutation operators (`mut_*`) that break fixed "
            "code (`tests/metamorphic/operators.py`), judged by `kvguard check --output-format "
            "json`. Recall: buggy variants that keep a KVG001-KVG003 finding; FP: refactored "
            "fixed code that gets one; mutations found: broken fixed code that gets one. Pairs: "
            "ordered pairs of distinct operators where both apply (the second one applied to the "
            "first one's output).\n\n"
            f"`python benchmarks/metamorphic.py{' ' + ' '.join(argv_shown) if argv_shown else ''}`"
            f" on `{_commit()}`:\n\n{head}\n\n{text}\n\n{BEFORE}\n\nSingle operators with a wrong "
            f"verdict, by site kind:\n\n```\n{by_kind(singles) or 'none'}\n```\n{END}"
        )
        old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""
        if BEGIN in old:
            new = old[: old.index(BEGIN)] + section + old[old.index(END) + len(END) :]
        else:
            new = old.rstrip() + "\n\n" + section + "\n"
        RESULTS.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
