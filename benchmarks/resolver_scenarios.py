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
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    from lint_rules.checker import lint_text
    from lint_rules.model import ScopeConfig
    from tests.lint import test_resolver_scenarios as gen
    from tests.support import real_sglang as real

    if "--without-scenarios" in sys.argv[1:]:
        from lint_rules import scenario

        scenario.guarded = lambda *args, **kwargs: None
    runner = real.build_eagle_draft_runner(real.build_target_runner(swa=True))
    rows: dict = defaultdict(lambda: [0, 0, 0, 0, 0])
    for label, text in gen.MODULES:
        frozen, layout, bug = label.split("/")
        truth = gen._draft_gets_the_targets_pool(text, runner)
        found = bool(lint_text(text, gen.PATH, {"KVG003"}, ScopeConfig()).findings)
        for key in (f"layout `{layout}`", f"FROZEN_KV test `{frozen}`", f"written `{bug}`", "all"):
            row = rows[key]
            row[0] += 1
            row[1] += truth
            row[2] += found and truth
            row[3] += found and not truth
            row[4] += truth and not found
    print("| group | modules | bugs (executed) | found | false positives | misses |")
    print("|---|---|---|---|---|---|")
    for key in sorted(rows, key=lambda k: (k == "all", k)):
        print(f"| {key} | " + " | ".join(map(str, rows[key])) + " |")
    total = rows["all"]
    return 0 if total[3] == total[4] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
