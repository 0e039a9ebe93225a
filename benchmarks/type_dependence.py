"""KVG001 against execution on decisions computed from the allocator's class, per construct.

Runs every backend of ``tests/lint/test_type_dependence.py`` (spellings x subject x shape x
flag) on a real EAGLE draft runner (CPU) for its ground truth and asks KVG001 (every fast path
on); prints one row per spelling: modules, bugs by execution, found, false positives, misses.

    python benchmarks/type_dependence.py
    python benchmarks/type_dependence.py --without-type-decisions   # the forms-only baseline
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    from lint_rules.checker import lint_text
    from lint_rules.model import ScopeConfig
    from tests.lint import test_type_dependence as gen
    from tests.support import real_sglang as real

    if "--without-type-decisions" in sys.argv[1:]:
        from lint_rules.rules.kvg001_swa_mode_from_allocator import SwaModeFromAllocator

        SwaModeFromAllocator._type_decision = lambda self, expr, stmt: None
    runner = real.build_eagle_draft_runner(real.build_target_runner(swa=True))
    rows: dict = defaultdict(lambda: [0, 0, 0, 0, 0])
    for label, text, flag in gen.MODULES:
        construct = label.split("/")[0]
        truth = gen._draft_believes_swa(text, flag, runner)
        found = bool(lint_text(text, gen.PATH, {"KVG001"}, ScopeConfig()).findings)
        row = rows[construct]
        row[0] += 1
        row[1] += truth
        row[2] += found and truth
        row[3] += found and not truth
        row[4] += truth and not found
    print("| construct | modules | bugs (executed) | found | false positives | misses |")
    print("|---|---|---|---|---|---|")
    total = [0] * 5
    for construct in sorted(rows):
        row = rows[construct]
        total = [a + b for a, b in zip(total, row)]
        print(f"| `{construct}` | " + " | ".join(map(str, row)) + " |")
    print("| all | " + " | ".join(map(str, total)) + " |")
    return 0 if total[3] == total[4] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
