"""Lint one source text: sound prefilter, parse, shared analysis, batched rules, suppressions.

``needs_parse`` and the suppression scanner never import libcst; ``lint_text`` imports it only
when the file can match. Nothing here imports or executes the linted code.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from typing import Iterable, Optional

from .model import FileResult, Finding, ScopeConfig
from .parsing import ParseFailure as _ParseFailure
from .registry import PREFIX, RULES

_NOQA_RE = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.IGNORECASE
)
_IGNORE_RE = re.compile(r"#\s*kvguard:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)


def needs_parse(
    text: str,
    path: str,
    codes: Iterable[str],
    scope: ScopeConfig,
    in_scope: Optional[bool] = None,
    needles_found: bool = False,
) -> bool:
    """False only when no selected rule can report anything in ``text`` (sound). ``in_scope``:
    ``scope.path_in_scope(path, scope)`` when the caller knows it. ``needles_found``: the
    caller found every needle group of one of ``codes`` in the text's bytes (triage's byte
    prefilter, exact for UTF-8 without a cookie): the needle test is not repeated."""
    from .scope import scope_may_match

    codes = list(codes)
    return (
        bool(codes)
        and (needles_found or any(RULES[c].may_match(text, scope) for c in codes))
        and scope_may_match(text, path, scope, in_scope)
    )


def prefiltered(text: str, codes: Iterable[str], scope: Optional[ScopeConfig] = None) -> frozenset:
    """``codes`` without the anchored rules whose needles ``text`` lacks: they cannot report
    (the prefilter's own argument; use it only where the prefilter applies, i.e. not for a file
    the project index's gate lets through). Rules without anchors stay: one may shape the
    others' fixes (``FIX_NEEDS_RESOLVER``)."""
    return frozenset(c for c in codes if not RULES[c].anchors or RULES[c].may_match(text, scope))


def _own_reductions(text: str, codes: frozenset[str], scope: Optional[ScopeConfig], ctx):
    """Rules with their own proof (``RuleMeta.reduction``) are settled here: (False, _) when one
    cannot prove ``text`` clean, else (True, the codes left to the shared reduction); a rule the
    shared reduction does not anchor and without a proof of its own is never proven clean."""
    import importlib

    rest = set()
    for code in codes:
        meta = RULES[code]
        if meta.reduction:
            module, func = meta.reduction.split(":")
            # no scope given: assume the settings that report the most
            if not getattr(importlib.import_module(module), func)(text, scope, ctx):
                return False, frozenset()
        elif meta.anchors:
            rest.add(code)
        else:
            return False, frozenset()
    return True, frozenset(rest)


def proven_clean(
    text: str, codes: Iterable[str], scope: Optional[ScopeConfig] = None, ctx=None
) -> bool:
    """The stdlib-``ast`` reduction (reduce.py, and each rule's own) proves ``text`` has no
    finding of ``codes``: no code that may hold an allocator-derived value reaches a rule's
    anchor. No libcst. A rule that declares neither reduction anchors nor a reduction of its
    own (registry) is not reducible: never proven. ``ctx``: the file's
    ``context.FileContext`` (the run's index; what the proof computes is kept there for the
    lint that follows)."""
    from .context import of

    ctx = of(ctx)
    codes = frozenset(codes)
    if not codes:
        return False
    ok, codes = _own_reductions(text, codes, scope, ctx)
    if not ok:
        return False
    if not codes:
        return True
    from .sparse import reduce_cached  # the lint that follows asks the same

    return reduce_cached(text, codes, ctx, scope=scope)


@dataclass(slots=True)
class Suppression:
    line: int
    kind: str  # "noqa" or "ignore"
    codes: Optional[frozenset[str]]  # None = all codes
    used: bool = False


def _comments(text: str) -> list[tuple[int, str]]:
    """(line, comment) pairs; tokenizer-exact when the text tokenizes, line regex otherwise."""
    if "#" not in text:
        return []
    try:
        return [
            (tok.start[0], tok.string)
            for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return [
            (i, line[line.index("#") :])
            for i, line in enumerate(text.splitlines(), 1)
            if "#" in line
        ]


def _parse_codes(raw: Optional[str]) -> Optional[frozenset[str]]:
    if raw is None:
        return None
    codes = frozenset(c.strip().upper() for c in raw.split(",") if c.strip())
    return codes or None


def scan_suppressions(text: str) -> list[Suppression]:
    out = []
    if "noqa" not in text.lower() and "kvguard" not in text.lower():
        return out
    for line, comment in _comments(text):
        m = _NOQA_RE.search(comment)
        if m:
            out.append(Suppression(line, "noqa", _parse_codes(m.group("codes"))))
        m = _IGNORE_RE.search(comment)
        if m:
            out.append(Suppression(line, "ignore", _parse_codes(m.group("codes"))))
    return out


def _suppressed(finding_line: int, statement_line: int, code: str, sups: list[Suppression]) -> bool:
    hit = False
    for s in sups:
        line = finding_line if s.kind == "noqa" else statement_line
        if s.line == line and (s.codes is None or code in s.codes):
            s.used = True
            hit = True
    return hit


def _unused(sups: list[Suppression]) -> list[tuple[int, str]]:
    out = []
    for s in sups:
        if s.used:
            continue
        if s.codes is None:
            if s.kind == "ignore":
                out.append((s.line, "kvguard: ignore"))
            continue
        for code in sorted(s.codes):
            if code.startswith(PREFIX):
                out.append((s.line, code))
    return out


def lint_text(
    text: str,
    path: str,
    codes: Iterable[str],
    scope: ScopeConfig = ScopeConfig(),
    report_unused_suppressions: bool = False,
    prefilter: bool = True,
    reduce: bool = True,
    ctx=None,
) -> FileResult:
    """Lint ``text`` (shown as ``path``). Bad input becomes ``FileResult.error``; never raises.

    ``prefilter`` and ``reduce`` only skip work that cannot change the result (tests prove it).
    ``ctx``: the file's ``context.FileContext`` (the run's index, what its proof computed).
    """
    codes = frozenset(codes)
    result = FileResult(path=path)
    if prefilter and not needs_parse(text, path, codes, scope):
        if report_unused_suppressions:
            result.unused_suppressions = _unused(scan_suppressions(text))
        return result
    if prefilter:  # (KVG004 selected: the default rules its needles let in need not parse)
        codes = prefiltered(text, codes, scope)
    try:
        findings = _run_rules(text, path, codes, scope, reduce, ctx)
    except _ParseFailure as exc:
        result.error = str(exc)
        return result
    sups = scan_suppressions(text) if findings or report_unused_suppressions else []
    kept = []
    for finding, statement_line in findings:
        if not _suppressed(finding.location.row, statement_line, finding.code, sups):
            kept.append(finding)
    result.findings = sorted(kept, key=Finding.sort_key)
    if report_unused_suppressions:
        result.unused_suppressions = _unused(sups)
    return result


def may_reduce(codes: frozenset[str], scope: ScopeConfig) -> bool:
    """The lint may take its findings from the reduced module (lint_rules/sparse.py): not in
    the audit mode (backend-likeness reads whole bodies). Each selected rule must also be
    reducible there (reduction anchors, or its own ``Rule.reduced_keeps``), which
    ``sparse.reduced_text`` asks (a rule that is neither makes it parse the full module)."""
    return bool(codes) and not scope.all_code


def _run_rules(
    text: str, path: str, codes: frozenset[str], scope: ScopeConfig, reduce: bool = True, ctx=None
):
    # The reduced module's findings (lint_rules/sparse.py: same lines, same positions); the
    # full module only when the reduction cannot be used.
    from .sparse import analyse

    state = analyse(text, path, codes, scope, reduce and may_reduce(codes, scope), ctx)
    if not state.raw:
        return []
    from .fixes.plan import annotate  # the fix (or why there is none) at report time

    annotate(state, path)
    return state.positioned()
