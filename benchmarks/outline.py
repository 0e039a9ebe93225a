"""How far the lexical outline (lint_rules/outline.py) can be trusted, and how much it settles.

For each extracted sglang release (the corpus cache of ``benchmarks/corpus.py``) and, with
``--stdlib``, the running interpreter's standard library:

* every file Python's ``ast`` parses: the outline's functions against ``ast``'s (the same check
  as tests/lint/test_outline.py): files, refused, disagreeing;
* every file that mentions ``token_to_kv_pool_allocator``: how many the outline proof settles,
  how many the whole-module ``ast`` proof settles, and any file the outline calls clean that the
  whole-module proof does not (there must be none), with the time of each proof.

    python benchmarks/outline.py                 # every release of the corpus list
    python benchmarks/outline.py 0.5.23 --stdlib

Exit status 1 on any disagreement. Nothing is written; the figures are printed.
"""

from __future__ import annotations

import argparse
import ast
import sys
import sysconfig
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

from lint_rules.reduce import _clean_by_outline, reduce_for  # noqa: E402
from tests.support.outline_check import outline_disagreement  # noqa: E402

CODES = frozenset({"KVG001", "KVG002", "KVG003"})


def measure(name: str, root: Path) -> dict:
    row = dict(
        name=name,
        files=0,
        refused=0,
        disagree=0,
        mention=0,
        outline=0,
        whole=0,
        outline_only=0,
        t_outline=0.0,
        t_whole=0.0,
    )
    for path in sorted(root.rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8")
            ast.parse(text)
        except (UnicodeDecodeError, SyntaxError, ValueError):
            continue
        row["files"] += 1
        problems = outline_disagreement(text)
        if problems is None:
            row["refused"] += 1
        elif problems:
            row["disagree"] += 1
            print(f"  DISAGREE {path}: {problems[:2]}", file=sys.stderr)
        if "token_to_kv_pool_allocator" not in text:
            continue
        row["mention"] += 1
        t0 = time.perf_counter()
        fast = _clean_by_outline(text, CODES)
        t1 = time.perf_counter()
        whole = reduce_for(text, CODES, use_outline=False)[0]
        row["t_outline"] += t1 - t0
        row["t_whole"] += time.perf_counter() - t1
        row["outline"] += fast
        row["whole"] += whole
        if fast and not whole:
            row["outline_only"] += 1
            print(f"  OUTLINE-ONLY CLEAN {path}", file=sys.stderr)
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("releases", nargs="*", help="sglang releases (default: the corpus list)")
    ap.add_argument("--stdlib", action="store_true", help="also the standard library")
    args = ap.parse_args(argv)
    trees = [
        (v, sglang_wheels.ensure_tree(v, quiet=True) / "sglang")
        for v in args.releases or sglang_wheels.RELEASES
    ]
    if args.stdlib:
        trees.append((f"stdlib {sys.version.split()[0]}", Path(sysconfig.get_paths()["stdlib"])))
    print(
        "| tree | files | outline refused | disagree with ast | mention allocator | settled: outline "
        "| settled: whole-module | outline-only | outline s | whole-module s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    total = dict(files=0, refused=0, disagree=0, mention=0, outline=0, whole=0, outline_only=0)
    for name, root in trees:
        r = measure(name, root)
        for k in total:
            total[k] += r[k]
        print(
            f"| {name} | {r['files']} | {r['refused']} | {r['disagree']} | {r['mention']} | {r['outline']} "
            f"| {r['whole']} | {r['outline_only']} | {r['t_outline']:.2f} | {r['t_whole']:.2f} |",
            flush=True,
        )
    print(
        f"| total | {total['files']} | {total['refused']} | {total['disagree']} | {total['mention']} "
        f"| {total['outline']} | {total['whole']} | {total['outline_only']} | | |"
    )
    return 1 if total["disagree"] or total["outline_only"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
