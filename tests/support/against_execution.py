"""A rule against execution: each generated module's truth comes from running it, the rule's
answer from linting it with every fast path on. Shared by the differential tests
(tests/lint/test_type_dependence.py, test_resolver_scenarios.py) and their benchmarks."""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig

HEADER = "modules | bugs (executed) | found | false positives | misses"


def verdicts(modules: Iterable[tuple], truth: Callable, code: str, path: str) -> list:
    """``(label, executed, found)`` for each ``(label, text, *extra)``: ``truth(text, *extra)``
    runs the module, ``code`` is the rule asked."""
    out = []
    for label, text, *extra in modules:
        executed = bool(truth(text, *extra))
        found = bool(lint_text(text, path, {code}, ScopeConfig()).findings)
        out.append((label, executed, found))
    return out


def disagreements(results: list, code: str) -> list[str]:
    return [f"{label}: executed {e}, {code} {f}" for label, e, f in results if e != f]


def table(results: list, groups: Callable[[str], Iterable[str]], first: str) -> list[str]:
    """Markdown rows per group of labels: modules, bugs, found, false positives, misses."""
    rows: dict = defaultdict(lambda: [0, 0, 0, 0, 0])
    for label, executed, found in results:
        for key in [*groups(label), "all"]:
            row = rows[key]
            for i, add in enumerate(
                (1, executed, found and executed, found and not executed, executed and not found)
            ):
                row[i] += add
    lines = [f"| {first} | {HEADER} |", "|---" * 6 + "|"]
    for key in sorted(rows, key=lambda k: (k == "all", k)):
        lines.append(f"| {key} | " + " | ".join(map(str, rows[key])) + " |")
    return lines


def assert_rules_agree(
    text: str, runners, bug: bool, codes, found_codes=None, executed: str = ""
) -> None:
    """Run ``text`` (a generated backend, ``tests.support.compose``'s contract; ``executed``:
    what runs in its place, e.g. with a stand-in base class) on the target (its SWA path must
    be live) and a regular draft (it reads KV it does not own iff ``bug``), then lint it with
    ``codes``: a finding iff ``bug`` (``found_codes``: exactly those codes)."""
    from tests.support import compose

    target, draft, loc = runners
    run = executed or text
    assert compose.swa_path_live(run, target, loc), "the SWA path is dead on the target"
    assert compose.reads_wrong_kv(run, draft, loc) == bug, "the label disagrees with execution"
    found = lint_text(text, compose.PATH, set(codes), ScopeConfig()).findings
    if found_codes is not None:
        assert sorted({f.code for f in found}) == sorted(found_codes), found
    assert bool(found) == bug, [f.message for f in found]
