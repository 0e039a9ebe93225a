"""KVG001-KVG003 against execution on hand-written backends (a red team's sample).

Each module in ``benchmarks/redteam/`` was written by hand, in a form a contributor might write,
outside the constructs ``tests/support/compose.py`` composes. Its truth comes from running it
(``compose.run``) on the real target runner (an SWA pool and the SWA allocator) and a regular
EAGLE draft runner (its own full-only pool, the target's allocator): a module is a bug iff the
draft reads KV it does not own (``compose.reads_wrong_kv``); a module whose SWA path is dead on
the target (``compose.swa_path_live`` is false) is recorded and left out. Then KVG001-KVG003
lint each module, and the table compares the two. Modules named ``resolver_*`` are the KVG003
resolver family (the ``render_resolver`` contract: ``forward_decode`` translates through the
pool it resolved).

    PYTHONPATH=. python benchmarks/redteam.py [--only LABEL ...]
    PYTHONPATH=. python benchmarks/redteam.py --dir benchmarks/redteam2   # the second batch
    PYTHONPATH=. python benchmarks/redteam.py --dir benchmarks/redteam3   # the third (4 to 16)

``benchmarks/redteam2/`` (55 modules) and every later ``redteam*/`` directory (50 or 25 modules
each) are batches by other hands, each written without sight of the rules; all are held to
execution in ``tests/lint/test_redteam.py``, and ``benchmarks/RESULTS.md`` gives each batch's
figures when first run and now.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent / "redteam"


def _lint(text: str) -> list:
    from lint_rules.checker import lint_text
    from lint_rules.model import ScopeConfig
    from tests.support import compose

    result = lint_text(text, compose.PATH, {"KVG001", "KVG002", "KVG003"}, ScopeConfig())
    if result.error:
        return [f"<lint error> {result.error}"]
    return [f"{f.code} L{f.location.row}: {f.message}" for f in result.findings]


def _truth(text: str, target, draft, loc) -> tuple:
    """``(live, bug)``, or raises what the module raised."""
    from tests.support import compose

    if not compose.swa_path_live(text, target, loc):
        return False, None
    return True, compose.reads_wrong_kv(text, draft, loc)


def _reads_target_swa(text: str, frozen, loc) -> bool:
    """On a FROZEN_KV MTP draft (own full pool, the target's SWA allocator) the resolver falls
    back to the allocator's kvcache, the target's SWA pool (informational only)."""
    from tests.support import compose

    out = compose.run(text, frozen, loc)
    return out is not None and out[0] is frozen.token_to_kv_pool_allocator.get_kvcache()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="labels to run (default: all)")
    parser.add_argument("--dir", type=pathlib.Path, default=HERE, help="the modules' directory")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every module")
    args = parser.parse_args(argv)

    import torch

    from tests.support import real_sglang as real

    start = time.time()
    target = real.build_target_runner(swa=True)
    draft = real.build_eagle_draft_runner(target)
    frozen = real.build_frozen_kv_draft_runner(target)
    loc = torch.tensor([5, 6, 7])

    paths = sorted(args.dir.glob("*.py"))
    if args.only:
        paths = [p for p in paths if p.stem in set(args.only)]
    rows, dead, errors, starved = [], [], [], []
    for path in paths:
        label, text = path.stem, path.read_text()
        try:
            live, bug = _truth(text, target, draft, loc)
        except Exception as e:  # the module's own mistake: report it, do not count it
            errors.append(f"{label}: {type(e).__name__}: {e}")
            continue
        if not live:
            dead.append(label)
            continue
        rows.append((label, bug, _lint(text)))
        if label.startswith("resolver_") and not bug and not _reads_target_swa(text, frozen, loc):
            starved.append(label)
        if args.verbose:
            found = rows[-1][2][0] if rows[-1][2] else "-"
            print(f"{label:<40} {'bug' if bug else 'ok ':<4} {found}", flush=True)

    def table(name, subset):
        bugs = [r for r in subset if r[1]]
        found = [r for r in bugs if r[2]]
        fps = [r for r in subset if not r[1] and r[2]]
        misses = [r for r in bugs if not r[2]]
        return (
            f"{name:<10} {len(subset):>7} {len(bugs):>5} {len(found):>6} {len(fps):>4}"
            f" {len(misses):>7}",
            misses,
            fps,
        )

    print(f"{'family':<10} {'modules':>7} {'bugs':>5} {'found':>6} {'FP':>4} {'misses':>7}")
    families = (
        ("backends", [r for r in rows if not r[0].startswith("resolver_")]),
        ("resolvers", [r for r in rows if r[0].startswith("resolver_")]),
        ("all", rows),
    )
    for name, subset in families:
        line, misses, fps = table(name, subset)
        print(line)
    _, misses, fps = table("all", rows)
    print(f"\nmisses ({len(misses)}):")
    for label, _, _ in misses:
        print(f"  {label}")
    print(f"false positives ({len(fps)}):")
    for label, _, findings in fps:
        print(f"  {label}: {findings[0]}")
    if starved:
        print(
            "\nresolvers correct for the EAGLE draft that do not give a FROZEN_KV MTP draft the"
            f" target's SWA pool (not counted as bugs) ({len(starved)}): {', '.join(starved)}"
        )
    if dead:
        print(f"\nSWA path dead on the target, left out ({len(dead)}): {', '.join(dead)}")
    if errors:
        print(f"\nmodules that raised, left out ({len(errors)}):")
        for e in errors:
            print(f"  {e}")
    print(f"\n{len(paths)} modules in {time.time() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
