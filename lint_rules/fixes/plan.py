"""Which finding gets which fix: the rules' declared transforms, asked in order.

Planning reads the lint state (analysis, raw findings, positions) and sits below the checker:
the checker calls :func:`annotate` at report time (the fix, or why there is none, is known when
the finding is reported), the fixer calls :func:`plan_fixes` for the edits. No rule code here:
each rule lists its transforms in ``Rule.FIXES``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Optional

from ..model import FixInfo
from .base import FixContext, Offer, Unfixable

NO_FIX = " (no automatic fix: "


def base_message(message: str) -> str:
    """A finding's message without the unfixable reason :func:`annotate` appends."""
    i = message.find(NO_FIX)
    return message if i < 0 else message[:i]


@dataclass
class Plan:
    offers: list[Offer] = field(default_factory=list)
    reasons: dict = field(default_factory=dict)  # id(RawFinding) -> why it has no fix

    def fixed_by(self) -> dict:
        return {id(r): o for o in self.offers for r in o.findings}


def _rule(code: str):
    from ..registry import load_rule

    return load_rule(code)


def plan_fixes(
    state,
    target,
    line_length: int = 88,
    only: Optional[set] = None,
    transforms: Optional[frozenset] = None,
) -> Plan:
    """Offers (non-overlapping) for the raw findings of ``state`` (those in ``only``, ids,
    when given), and the reason for each finding that matched a fix's shape but not its
    preconditions. ``transforms``: names of the transforms to use (default: all)."""
    plan = Plan()
    if state is None or not state.raw:
        return plan
    ctx = FixContext(state, target, line_length)
    chosen: dict[str, Offer] = {}
    for r in state.raw:
        if only is not None and id(r) not in only:
            continue
        for transform in getattr(_rule(r.code), "FIXES", ()):
            if transforms is not None and transform.name not in transforms:
                continue
            result = transform.plan(r, ctx)
            if result is None:
                continue
            if isinstance(result, Unfixable):
                plan.reasons.setdefault(id(r), result.reason)
                continue
            if r not in result.findings:
                result.findings.append(r)
            chosen.setdefault(result.key, result)
            plan.reasons.pop(id(r), None)
            break
    taken: list[tuple[int, int]] = []
    for offer in sorted(chosen.values(), key=lambda o: min(e.start for e in o.edits)):
        spans = [(e.start, e.end) for e in offer.edits]
        if any(_overlap(a, b) for a in spans for b in taken):
            continue  # another fix edits the same code: this one waits for the next round
        taken.extend(spans)
        plan.offers.append(offer)
    return plan


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    if a[0] == a[1] or b[0] == b[1]:  # insertions touch only their point
        return b[0] < a[0] < b[1] or a[0] < b[0] < a[1] or a == b
    return a[0] < b[1] and b[0] < a[1]


def _fix_info(message: str, key: str) -> FixInfo:
    if "key" in {f.name for f in fields(FixInfo)}:
        return FixInfo("unsafe", message, key)  # one fix for several findings counts once
    return FixInfo("unsafe", message)


def annotate(state, path: Optional[str] = None) -> None:
    """At report time: set each raw finding's ``fix`` (all fixes are unsafe), and append the
    reason to the message of a finding whose fix's preconditions do not hold."""
    if state is None or not state.raw or getattr(state, "annotated", False):
        return
    state.annotated = True  # a fix re-reads the lint's state (sparse.analyse keeps the last)
    if not any(getattr(_rule(r.code), "FIXES", ()) for r in state.raw):
        return  # no finding's rule offers a fix: no target to detect
    from .base import black_line_length
    from .target import detect_target

    try:
        target = detect_target(path or state.analysis.path)
    except ValueError:  # pragma: no cover - only a configured version can be malformed
        return
    plan = plan_fixes(state, target, black_line_length(path or state.analysis.path))
    fixed = plan.fixed_by()
    for r in state.raw:
        offer = fixed.get(id(r))
        if offer is not None:
            r.fix = _fix_info(offer.message, offer.key)
        elif id(r) in plan.reasons and NO_FIX not in r.message:
            r.message = f"{r.message}{NO_FIX}{plan.reasons[id(r)]})"
