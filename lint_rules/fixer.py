"""Autofix: ``fix_text`` — plan the rules' fixes, apply them as text edits, verify.

The fixes themselves live in :mod:`lint_rules.fixes` (one transform per module; each rule lists
the transforms it offers in ``Rule.FIXES``). All are *unsafe* in ruff's sense: they change
runtime behaviour on purpose, so they apply only with ``kvguard fix`` or
``kvguard check --fix --unsafe-fixes``.

How a fix runs (one big backend file costs about one lint of it):

1. lint the text from its reduced module (:mod:`lint_rules.sparse`: the bodies that cannot
   matter are blanked in place, so positions are the full text's), keeping the analysis;
2. plan: each finding's rule offers its transforms; a transform checks its shape and its
   preconditions and returns text edits (or the reason it cannot fix);
3. apply the edits to the text (nothing else of the module is rebuilt), then drop the allocator
   imports the edits left unused;
4. safety net, every round: the result parses (``ast``); no new undefined name, no duplicated
   statement, touched imports isort-clean and touched lines black-stable
   (:mod:`lint_rules.fixes.safety`); re-lint (usually settled by the reduction without libcst);
   fixing repeats until nothing changes (one fix can enable another) and must converge; every
   fixed finding is gone and none is new. Otherwise the text is returned unchanged with
   ``error`` set (the caller leaves the file untouched and exits 2).
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Optional

from .fixes.base import black_line_length
from .fixes.plan import base_message, plan_fixes
from .fixes.target import Target, detect_target  # noqa: F401  (re-exported: tests, engine)
from .model import FileResult, Finding, ScopeConfig, exception_reason


@dataclass
class FixOutcome:
    new_text: str
    fixed: list[Finding]
    remaining: list[Finding]
    target: str = ""
    error: Optional[str] = None
    # the lint of the input (its error, if any, means nothing was attempted)
    lint: Optional[FileResult] = None
    # (code, context, message) of each fixed finding -> the message of the fix that fixed it
    messages: Optional[dict] = None


_MAX_ROUNDS = 4


def _key(f: Finding) -> tuple:
    return (f.code, f.context, base_message(f.message))


def _lint(text: str, path: str, codes: frozenset, scope: ScopeConfig, ctx=None):
    """``checker.lint_text`` (same findings), keeping the lint state and the raw findings that
    are not suppressed: (FileResult, state or None, ids of unsuppressed raw findings)."""
    from . import checker
    from .fixes.plan import annotate
    from .parsing import ParseFailure
    from .sparse import analyse

    result = FileResult(path=path)
    if not checker.needs_parse(text, path, codes, scope):
        return result, None, set()
    try:
        state = analyse(text, path, codes, scope, checker.may_reduce(codes, scope), ctx)
    except ParseFailure as exc:
        result.error = str(exc)
        return result, None, set()
    if not state.raw:
        return result, state, set()
    annotate(state, path)
    sups = checker.scan_suppressions(text)
    kept, live = [], set()
    for r, (finding, statement_line) in zip(state.raw, state.positioned()):
        if not checker._suppressed(finding.location.row, statement_line, finding.code, sups):
            kept.append(finding)
            live.add(id(r))
    result.findings = sorted(kept, key=Finding.sort_key)
    return result, state, live


def _apply(text: str, edits) -> str:
    out, at = [], 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        out.append(text[at : e.start])
        out.append(e.new)
        at = e.end
    out.append(text[at:])
    return "".join(out)


def _fix_once(text: str, state, live: set, target: Target, line_length: int, transforms=None):
    """(new text, (key, fix message) of the planned findings, error) for one round."""
    from .fixes.imports import remove_unused
    from .fixes.safety import _Lines, black_problem, duplicated, isort_problem, written_rows

    plan = plan_fixes(state, target, line_length, only=live, transforms=transforms)
    if not plan.offers:
        return text, [], None
    edits = [e for o in plan.offers for e in o.edits]
    maybe_unused = set().union(*(o.maybe_unused for o in plan.offers))
    if maybe_unused and state.tree is not None:
        edits += remove_unused(text, state.tree, maybe_unused, _apply(text, edits), edits)
    new_text = _apply(text, edits)
    try:
        tree = ast.parse(new_text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return new_text, [], f"fix produced unparsable code: {exc}"
    # the rows the edits wrote (a pure deletion writes none)
    ranges = [(a, b) for a, b, e in written_rows(new_text, edits) if e.new]
    lines = _Lines(new_text)
    for check in (
        duplicated(tree, lines, ranges, text),
        isort_problem(tree, lines, ranges, line_length),
        black_problem(tree, lines, text, new_text, edits, line_length),
    ):
        if check:
            return new_text, [], f"fix failed the safety net: {check}"
    planned = []
    positioned = {id(r): f for r, (f, _) in zip(state.raw, state.positioned())}
    for offer in plan.offers:
        planned.extend((_key(positioned[id(r)]), offer.message) for r in offer.findings)
    return new_text, planned, None


def fix_text(
    text: str,
    path: str,
    codes: Iterable[str],
    scope: ScopeConfig = ScopeConfig(),
    target_version: Optional[str] = None,
    unsafe: bool = True,
    transforms: Optional[Iterable[str]] = None,
    ctx=None,
) -> FixOutcome:
    """Fix what can be fixed in ``text``; never raises for bad input (see ``error``).
    ``transforms``: names of the fix transforms to apply (default: every one the rules offer).
    ``ctx``: the file's ``context.FileContext`` (its index; the lint's state, re-read here)."""
    from .context import of

    ctx = of(ctx)
    codes = frozenset(codes)
    transforms = frozenset(transforms) if transforms is not None else None
    before, state, live = _lint(text, path, codes, scope, ctx)
    if before.error or not before.findings or not unsafe:
        return FixOutcome(text, [], before.findings, error=None, lint=before)
    try:
        target = detect_target(path, target_version)
    except ValueError as exc:
        return FixOutcome(text, [], before.findings, error=str(exc), lint=before)
    from .registry import load_rule

    if target.has_frozen_kv is False and any(
        getattr(load_rule(c), "FIX_NEEDS_RESOLVER", False) for c in codes
    ):
        # (a selected rule forbids a pool cached at __init__, which the simple form is)
        target = Target(
            target.version,
            None,
            target.source + "; a selected rule needs the resolver form",
            target.root,
        )
    line_length = black_line_length(path)

    def failed(reason: str) -> FixOutcome:
        return FixOutcome(text, [], before.findings, target.describe(), reason, before)

    new_text, planned, converged, after = text, [], False, before
    messages: dict = {}
    try:
        for _ in range(_MAX_ROUNDS):
            if not after.findings:
                converged = True  # nothing left to fix: another round cannot change anything
                break
            if transforms is None:
                round_text, round_planned, error = _fix_once(
                    new_text, state, live, target, line_length
                )
            else:
                round_text, round_planned, error = _fix_once(
                    new_text, state, live, target, line_length, transforms
                )
            if error:
                return failed(error)
            if round_text == new_text:
                converged = True
                break
            after, state, live = _lint(round_text, path, codes, scope, ctx)
            if after.error:
                return failed(f"fix produced unparsable code: {after.error}")
            new_text, planned = round_text, planned + [k for k, _ in round_planned]
            messages.update(round_planned)
    except Exception as exc:  # a bug in a fix must not lose the file
        return failed(f"fix failed: {exception_reason(exc)}")
    if new_text == text:
        return FixOutcome(text, [], before.findings, target.describe(), lint=before)
    # ---- safety net: fixing again changes nothing, the fixed findings are gone, none is new
    if not converged:
        return failed(f"fix is not idempotent (still changing after {_MAX_ROUNDS} rounds)")
    from .fixes.safety import undefined_names

    new_free = undefined_names(new_text)
    if new_free is None:
        return failed("fix produced code the symbol table rejects")
    if new_free:
        added = new_free - (undefined_names(text) or set())
        if added:
            scope_name, name = sorted(added)[0]
            return failed(f"fix introduced an undefined name `{name}` in {scope_name}")
    # Counted per (code, context, message): the same line of code can be flagged twice.
    left = Counter(_key(f) for f in after.findings)
    had = Counter(_key(f) for f in before.findings)
    # a finding one round prepares (e.g. a pool added) and a later round rewrites counts once
    must_go = Counter({k: min(n, had[k]) for k, n in Counter(planned).items()})
    still = [k for k in planned if left[k] > had[k] - must_go[k]]
    if still:
        return failed(f"fix did not remove {still[0][0]} in {still[0][1]}")
    introduced = left - had
    if introduced:
        code, context, _ = next(iter(introduced))
        return failed(f"fix introduced {code} in {context}")
    fixed, budget = [], had - left
    for f in before.findings:
        if budget[_key(f)] > 0:
            budget[_key(f)] -= 1
            fixed.append(f)
    return FixOutcome(
        new_text, fixed, list(after.findings), target.describe(), None, before, messages
    )


def text_edits(old: str, new: str) -> tuple:
    """The change from ``old`` to ``new`` as ruff-style edits (content, row, column, end_row,
    end_column): whole lines replaced, 1-based positions in ``old``, the end exclusive."""
    import difflib

    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    edits = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i2 == len(a) and a and not a[-1].endswith(("\n", "\r")):
            end = (len(a), len(a[-1]) + 1)  # to the end of a last line without a newline
        else:
            end = (i2 + 1, 1)
        edits.append(("".join(b[j1:j2]), i1 + 1, 1) + end)
    return tuple(edits)


def report_fixes(result: FileResult, text: str, fix: "FixOutcome") -> None:
    """Report with each finding the fix that ``fix_text`` (``fix``, an outcome for ``text``)
    really makes, so that check, ``--diff``, ``fix``, JSON and SARIF count the same fixes.
    A finding the fix removes (in any round: one fix can enable another) gets the file's
    verified edits, shared by all of the file's fixed findings (one fix: they are checked
    together and may depend on each other); any other finding has none, with the reason."""
    from dataclasses import replace

    from .fixes.plan import NO_FIX
    from .model import FixInfo

    fixed = {(f.code, f.location, f.end_location) for f in fix.fixed}
    edits = tuple(map(tuple, text_edits(text, fix.new_text))) if fixed and not fix.error else ()
    out = []
    for f in result.findings:
        if edits and (f.code, f.location, f.end_location) in fixed:
            message = base_message(f.message)
            note = (fix.messages or {}).get((f.code, f.context, message))
            info = FixInfo("unsafe", note or (f.fix.message if f.fix else "Fix"), "file", edits)
            out.append(replace(f, message=message, fix=info))
        elif f.fix is not None:
            why = fix.error or "the fix of this file does not remove it"
            message = f.message if NO_FIX in f.message else f"{f.message}{NO_FIX}{why})"
            out.append(replace(f, message=message, fix=None))
        else:
            out.append(f)
    result.findings = out
