"""KVG003 against execution on resolvers in many control-flow forms, per layout and bug.

Runs every resolver of ``tests/lint/test_resolver_scenarios.py`` (FROZEN_KV spelling x guard
layout x correct or one of three bugs) on a real EAGLE draft runner (CPU) for its ground
truth and asks KVG003 (every fast path on); prints one row per layout and per bug: modules,
bugs by execution, found, false positives, misses.

    python benchmarks/resolver_scenarios.py
    python benchmarks/resolver_scenarios.py --without-scenarios   # path conditions only
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _groups(label: str) -> list:
    frozen, layout, bug = label.split("/")
    return [f"layout `{layout}`", f"FROZEN_KV test `{frozen}`", f"written `{bug}`"]


def main() -> int:
    from tests.lint import test_resolver_scenarios as gen
    from tests.support import against_execution as ax

    try:
        from tests.support import real_sglang as real
    except ImportError as exc:  # sglang or torch missing
        raise SystemExit(f"{exc}: run it in the development environment (README, Evaluation)")

    if "--without-scenarios" in sys.argv[1:]:
        from lint_rules import scenario

        scenario.guarded = lambda *args, **kwargs: None
    runner = real.build_eagle_draft_runner(real.build_target_runner(swa=True))
    results = ax.verdicts(
        gen.MODULES, lambda text: gen._draft_gets_the_targets_pool(text, runner), "KVG003", gen.PATH
    )
    print("\n".join(ax.table(results, _groups, "group")))
    return 1 if ax.disagreements(results, "KVG003") else 0


if __name__ == "__main__":
    sys.exit(main())
