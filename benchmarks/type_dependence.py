"""KVG001 against execution on decisions computed from the allocator's class, per construct.

Runs every backend of ``tests/lint/test_type_dependence.py`` (spellings x subject x shape x
flag) on a real EAGLE draft runner (CPU) for its ground truth and asks KVG001 (every fast path
on); prints one row per spelling: modules, bugs by execution, found, false positives, misses.

    python benchmarks/type_dependence.py
    python benchmarks/type_dependence.py --without-type-decisions   # the forms-only baseline
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    from tests.lint import test_type_dependence as gen
    from tests.support import against_execution as ax

    try:
        from tests.support import real_sglang as real
    except ImportError as exc:  # sglang or torch missing
        raise SystemExit(f"{exc}: run it in the development environment (README, Evaluation)")

    if "--without-type-decisions" in sys.argv[1:]:
        from lint_rules.rules.kvg001_swa_mode_from_allocator import SwaModeFromAllocator

        SwaModeFromAllocator._type_decision = lambda self, expr, stmt: None
    runner = real.build_eagle_draft_runner(real.build_target_runner(swa=True))
    results = ax.verdicts(
        gen.MODULES,
        lambda text, flag: gen._draft_believes_swa(text, flag, runner),
        "KVG001",
        gen.PATH,
    )
    print("\n".join(ax.table(results, lambda label: [f"`{label.split('/')[0]}`"], "construct")))
    return 1 if ax.disagreements(results, "KVG001") else 0


if __name__ == "__main__":
    sys.exit(main())
