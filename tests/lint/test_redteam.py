"""KVG001-KVG003 against execution on the hand-written red-team backends (benchmarks/redteam/).

Each module is run on the real target and a regular EAGLE draft runner (sglang on CPU) and
linted with every fast path on. The modules where the rules and execution still disagree are
listed below, each with what it needs; any other disagreement fails (a regression), and so does
a listed module the rules now get right (take it off the list). ``benchmarks/redteam.py``
prints the table.
"""

from __future__ import annotations

from pathlib import Path

from tests.support import compose

HERE = Path(__file__).resolve().parents[2] / "benchmarks" / "redteam"
CODES = frozenset({"KVG001", "KVG002", "KVG003"})

# label -> what the rules lack for it (misses, then false positives)
KNOWN = {}


def test_rules_agree_with_execution_but_for_the_known(runners):
    from lint_rules.checker import lint_text
    from lint_rules.model import ScopeConfig

    target, draft, loc = runners
    wrong, labelled = [], []
    for path in sorted(HERE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert compose.swa_path_live(text, target, loc), path.stem
        bug = compose.reads_wrong_kv(text, draft, loc)
        name = path.stem.removeprefix("resolver_")
        if bug != name.startswith("bug_"):
            labelled.append(path.stem)
        found = bool(lint_text(text, compose.PATH, CODES, ScopeConfig()).findings)
        if found != bug:
            wrong.append(path.stem)
    assert not labelled, f"named against what execution says: {labelled}"
    assert sorted(set(wrong) - set(KNOWN)) == [], "new disagreements"
    assert sorted(set(KNOWN) - set(wrong)) == [], "now agreed: take them off KNOWN"
