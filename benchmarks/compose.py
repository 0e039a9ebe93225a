"""Random compositions of issue 24's constructs, judged by execution, against KVG001-KVG003.

    python benchmarks/compose.py                  # 2000 modules, seed 24
    python benchmarks/compose.py --count 300 --seed 7 --show 3
    python benchmarks/compose.py --family resolvers   # the resolver family (KVG003)

Each module (``tests/support/compose.py``) is run on a real EAGLE draft runner (sglang's pools
and allocator on CPU) for its truth: does the draft read KV it does not own? The rules
(default selection, every fast path on) must report exactly those modules. Prints the table per
construct (modules, bugs, found, false positives, misses), the modules where a finding says the
draft scenarios could not be decided, then the disagreements; exit 1 on any of either. Modules
whose SWA path is dead on the target are counted apart and not compared.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support import compose  # noqa: E402
from tests.support.against_execution import table  # noqa: E402


def sweep(seed: int, count: int, family: str = "backends"):
    import torch

    from tests.support import real_sglang as real

    target = real.build_target_runner(swa=True)
    draft = real.build_eagle_draft_runner(target)
    run = compose.sweep if family == "backends" else compose.resolver_sweep
    return run(seed, count, target, draft, torch.tensor([5, 6, 7]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--family", choices=("backends", "resolvers"), default="backends")
    ap.add_argument("--show", type=int, default=0, help="print this many disagreeing modules")
    args = ap.parse_args(argv)
    results, dead, undecided, texts = sweep(args.seed, args.count, args.family)
    groups = compose.groups if args.family == "backends" else compose.resolver_groups
    print(
        f"seed {args.seed}: {args.count} modules, {len(dead)} with a dead SWA path (not compared)"
    )
    print("\n".join(table(results, groups, "construct")))
    wrong = [(label, e, f) for label, e, f in results if e != f]
    print(f"\n{len(undecided)} modules the scenarios could not decide")
    for label in undecided:
        print(f"  {label}")
    print(f"{len(wrong)} disagreements")
    for label, e, f in wrong:
        print(f"  {label}: executed {e}, rules {f}")
    for label, _, _ in wrong[: args.show]:
        print(f"\n# {label}\n{texts[label]}")
    return 1 if wrong or undecided else 0


if __name__ == "__main__":
    sys.exit(main())
