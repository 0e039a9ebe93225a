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

from .model import FileResult, Finding, Location, ScopeConfig
from .registry import PREFIX, RULES

_NOQA_RE = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_IGNORE_RE = re.compile(r"#\s*kvguard:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)


def needs_parse(text: str, path: str, codes: Iterable[str], scope: ScopeConfig) -> bool:
    """False only when no selected rule can report anything in ``text`` (sound)."""
    from .scope import scope_may_match

    codes = list(codes)
    return bool(codes) and any(RULES[c].may_match(text) for c in codes) and scope_may_match(text, path, scope)


def reducible(codes: Iterable[str]) -> bool:
    """The reduction may skip work for ``codes``: each one declares that reduce.py models its
    anchors (``RuleMeta.reducible``). One rule that does not makes every file its needles and
    the scope prefilter let through go to the full parse."""
    codes = list(codes)
    return bool(codes) and all(RULES[c].reducible for c in codes)


def proven_clean(text: str, codes: Iterable[str]) -> bool:
    """The stdlib-``ast`` reduction (reduce.py) proves ``text`` has no finding of ``codes``:
    no code that may hold an allocator-derived value reaches a rule's anchor. No libcst."""
    codes = frozenset(codes)
    if not reducible(codes):
        return False
    from .reduce import reduce_for

    return reduce_for(text, codes)[0]


@dataclass
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
        return [(i, line[line.index("#"):]) for i, line in enumerate(text.splitlines(), 1) if "#" in line]


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
) -> FileResult:
    """Lint ``text`` (shown as ``path``). Bad input becomes ``FileResult.error``; never raises.

    ``prefilter`` and ``reduce`` only skip work that cannot change the result (tests prove it).
    """
    codes = frozenset(codes)
    result = FileResult(path=path)
    if prefilter and not needs_parse(text, path, codes, scope):
        if report_unused_suppressions:
            result.unused_suppressions = _unused(scan_suppressions(text))
        return result
    try:
        findings = _run_rules(text, path, codes, scope, reduce)
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


class _ParseFailure(Exception):
    pass


def parse_module(text: str, path: str):
    """Parse with libcst; a clear one-line reason on failure."""
    import libcst as cst

    try:
        return cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        line, col, msg = exc.raw_line, exc.raw_column + 1, exc.message
        m = re.search(r"error at (\d+):(\d+): (.*)", msg)
        if m:  # the native parser puts its own position into the message
            line, col, msg = int(m.group(1)), int(m.group(2)) + 1, m.group(3)
        raise _ParseFailure(f"syntax error at line {line}, column {col}: {msg.strip()}") from None
    except (RecursionError, MemoryError) as exc:  # pathological nesting
        raise _ParseFailure(f"cannot parse: {type(exc).__name__}") from None
    except Exception as exc:  # libcst raises a few other types on odd input
        raise _ParseFailure(f"cannot parse: {type(exc).__name__}: {exc}".splitlines()[0]) from None


def run_rules_on_module(module, path: str, codes: frozenset[str], scope: ScopeConfig):
    """Raw findings (rule, node, statement) for a parsed module; shared by the fixer."""
    from .analysis import ModuleAnalysis
    from .registry import load_rule
    from .rules.base import RuleContext, dispatch

    classes = [load_rule(code) for code in sorted(codes)]
    types = frozenset().union(*(c.visited_types() for c in classes))
    analysis = ModuleAnalysis.build(module, path, scope, record_types=types)
    ctx = RuleContext(analysis=analysis)
    dispatch(ctx, [c(ctx) for c in classes])
    return analysis, ctx.findings


def position_findings(module, raw) -> list[tuple[Finding, int]]:
    """Positioned findings plus the first line of each finding's statement."""
    if not raw:
        return []
    from libcst.metadata import MetadataWrapper, PositionProvider

    positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    out = []
    for r in raw:
        rng = positions[r.node]
        stmt_line = positions[r.statement].start.line if r.statement is not None else rng.start.line
        out.append(
            (
                Finding(
                    code=r.code,
                    message=r.message,
                    location=Location(rng.start.line, rng.start.column + 1),
                    end_location=Location(rng.end.line, rng.end.column + 1),
                    context=r.context,
                    fix=r.fix,
                ),
                stmt_line,
            )
        )
    return out


def _reduced_is_clean(text: str, path: str, codes: frozenset[str], scope: ScopeConfig) -> bool:
    """True when the reduction (reduce.py) proves the module has no finding: either no code that
    may hold an allocator-derived value holds a rule's anchor (then libcst is not even imported),
    or the reduced module, parsed and analysed, has none."""
    if not reducible(codes):
        return False
    from .reduce import reduce_for

    clean, reduced = reduce_for(text, codes)
    if clean:
        return True
    if reduced is None:
        return False
    try:
        module = parse_module(reduced, path)
        _, raw = run_rules_on_module(module, path, codes, scope)
    except (_ParseFailure, RecursionError):
        return False  # the full parse reports the real problem
    return not raw


def _run_rules(text: str, path: str, codes: frozenset[str], scope: ScopeConfig, reduce: bool = True):
    if reduce and _reduced_is_clean(text, path, codes, scope):
        return []
    module = parse_module(text, path)
    try:
        analysis, raw = run_rules_on_module(module, path, codes, scope)
        if raw:
            from .fixer import fix_infos

            infos = fix_infos(analysis, raw)
            for r in raw:
                r.fix = infos.get(id(r), r.fix)
    except RecursionError:
        raise _ParseFailure("cannot analyse: nesting too deep") from None
    return position_findings(module, raw)
