"""Adopting kvguard on legacy code: a baseline file of accepted findings, and ``--add-noqa``.

A baseline entry is a *fingerprint* of a finding, not its line number, so it survives edits that
move code around::

    (path, rule code, qualified function, normalised statement, occurrence)

* ``path``: the file, relative to the baseline file's directory (POSIX), so the baseline works
  from any working directory and with any configuration root;
* ``function``: the finding's enclosing ``Class.method`` (``<module>`` at module level);
* ``statement``: the statement holding the finding, re-printed from the stdlib ``ast``
  (``ast.unparse``): comments, line breaks, spacing and quoting do not matter; for a compound
  statement only its header (``if <test>:``, ``def f(...):``), so edits in its body do not matter;
* ``occurrence``: 0 for the first finding with that (path, code, function, statement), 1 for the
  second, ... in source order.

``kvguard check --baseline FILE`` (or ``baseline = "FILE"`` in ``[tool.kvguard]``) reports only the
findings that match no entry; entries whose file was linted in this run (with their rule selected)
but that matched no finding, or whose file no longer exists, are reported as *stale* on stderr
(their findings were fixed or changed; the exit status does not change).
``kvguard check --write-baseline FILE`` records the current findings (entries of files not linted
in this run are kept) and exits 0. The baseline only filters what is reported: ``kvguard fix``
still fixes baselined findings.

The CLI glue is in ``adoption.py``. Nothing here imports libcst or the linted code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from .model import Finding

if TYPE_CHECKING:  # the CLI imports this module for its options: keep it light
    import ast

FORMAT_KEY = "kvguard-baseline"
FORMAT_VERSION = 1
_BODY_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


class BaselineError(Exception):
    """An unreadable or malformed baseline file (exit status 2)."""


@dataclass(frozen=True, order=True)
class Fingerprint:
    path: str
    code: str
    function: str
    statement: str
    occurrence: int


# --------------------------------------------------------------------------------------------
# Statements
# --------------------------------------------------------------------------------------------


class SourceIndex:
    """Statements of one source text, for locating the statement that holds a finding."""

    def __init__(self, text: str):
        import ast

        self.lines = text.splitlines()
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None  # syntax newer than this Python: fall back to the line's text
        self.statements = (
            [n for n in ast.walk(tree) if isinstance(n, ast.stmt)] if tree is not None else []
        )

    def _byte_col(self, row: int, column: int) -> int:
        """The 1-based character column ``column`` of ``row`` as ast's 0-based UTF-8 offset."""
        line = self.lines[row - 1] if 0 < row <= len(self.lines) else ""
        return len(line[: column - 1].encode("utf-8"))

    def statement_at(self, row: int, column: int) -> Optional[ast.stmt]:
        """The innermost statement whose span holds (row, column) (1-based, characters)."""
        point = (row, self._byte_col(row, column))
        best = None
        for node in self.statements:
            start = (node.lineno, node.col_offset)
            end = (node.end_lineno or node.lineno, node.end_col_offset or 0)
            if start <= point <= end and (best is None or start >= (best.lineno, best.col_offset)):
                best = node
        return best

    def statement_text(self, row: int, column: int) -> str:
        import ast
        import copy

        node = self.statement_at(row, column)
        if node is None:
            line = self.lines[row - 1] if 0 < row <= len(self.lines) else ""
            return " ".join(line.split("#", 1)[0].split())
        header = copy.copy(node)
        for name in _BODY_FIELDS:
            if isinstance(getattr(header, name, None), list):
                setattr(header, name, [])
        try:
            text = ast.unparse(header)
        except Exception:  # pragma: no cover - ast.unparse of a parsed tree
            text = ast.dump(header, annotate_fields=False)
        return " ".join(text.split())

    def statement_line(self, row: int, column: int) -> int:
        node = self.statement_at(row, column)
        return node.lineno if node is not None else row


def fingerprints(path: str, text: str, findings: Sequence[Finding]) -> list[Fingerprint]:
    """One fingerprint per finding (same order); ``path`` as it is to be stored."""
    from collections import Counter

    index = SourceIndex(text)
    seen: Counter = Counter()
    out: list[Optional[Fingerprint]] = [None] * len(findings)
    order = sorted(range(len(findings)), key=lambda i: findings[i].sort_key())
    for i in order:
        f = findings[i]
        key = (path, f.code, f.context, index.statement_text(f.location.row, f.location.column))
        out[i] = Fingerprint(*key, seen[key])
        seen[key] += 1
    return out  # type: ignore[return-value]


# --------------------------------------------------------------------------------------------
# The file
# --------------------------------------------------------------------------------------------


@dataclass
class Baseline:
    path: str  # absolute path of the baseline file
    entries: dict[Fingerprint, int]  # fingerprint -> line when recorded (informational)

    @property
    def base_dir(self) -> str:
        return os.path.dirname(self.path)

    def rel(self, abspath: str) -> str:
        return os.path.relpath(abspath, self.base_dir).replace(os.sep, "/")


def load(path: str) -> Baseline:
    import json

    path = os.path.abspath(path)
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except FileNotFoundError:
        raise BaselineError(
            f"baseline {path} does not exist (create it with `kvguard check --write-baseline {path}`)"
        ) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BaselineError(f"cannot read baseline {path}: {exc}") from None
    if not isinstance(doc, dict) or doc.get(FORMAT_KEY) != FORMAT_VERSION:
        raise BaselineError(f"{path}: not a kvguard baseline (version {FORMAT_VERSION})")
    entries: dict[Fingerprint, int] = {}
    items = doc.get("findings")
    if not isinstance(items, list):
        raise BaselineError(f"{path}: 'findings' must be a list")
    for n, item in enumerate(items):
        try:
            fp = Fingerprint(
                path=str(item["path"]),
                code=str(item["code"]),
                function=str(item["function"]),
                statement=str(item["statement"]),
                occurrence=int(item["occurrence"]),
            )
        except (TypeError, KeyError, ValueError) as exc:
            raise BaselineError(f"{path}: finding #{n + 1} is malformed ({exc!r})") from None
        entries[fp] = int(item.get("line", 0)) if isinstance(item.get("line", 0), int) else 0
    return Baseline(path, entries)


def dump(baseline: Baseline) -> str:
    import json

    items = [
        {
            "path": fp.path,
            "code": fp.code,
            "function": fp.function,
            "statement": fp.statement,
            "occurrence": fp.occurrence,
            "line": line,
        }
        for fp, line in sorted(baseline.entries.items(), key=lambda kv: (kv[0].path, kv[1], kv[0]))
    ]
    doc = {
        FORMAT_KEY: FORMAT_VERSION,
        "about": "kvguard findings accepted as they are; only new ones fail "
        "(`line` is informational: entries match by path, code, function, statement, occurrence)",
        "findings": items,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def write(baseline: Baseline) -> None:
    directory = os.path.dirname(baseline.path) or "."
    os.makedirs(directory, exist_ok=True)
    from .fileio import create_file

    create_file(baseline.path, dump(baseline).encode("utf-8"))


# --------------------------------------------------------------------------------------------
# Applying it to a run
# --------------------------------------------------------------------------------------------


def _read_text(abspath: str) -> Optional[str]:
    from .source import SourceDecodeError, read_source

    try:
        return read_source(abspath)[1].text
    except (OSError, SourceDecodeError):
        return None


def _file_fingerprints(baseline: Baseline, fr) -> list[Fingerprint]:
    findings = fr.result.findings
    if not findings:
        return []
    text = _read_text(fr.target.abspath)
    if text is None:
        return []
    return fingerprints(baseline.rel(fr.target.abspath), text, findings)


@dataclass
class Applied:
    matched: int
    stale: list[tuple[Fingerprint, int]]


def apply(report, baseline: Baseline, codes: Iterable[str]) -> Applied:
    """Drop the findings the baseline accepts from ``report`` (in place: new FileResults, the
    cached ones are not touched); return how many, and the stale entries."""
    codes = frozenset(codes)
    remaining = dict(baseline.entries)
    matched = 0
    linted: set[str] = set()
    for fr in report.files:
        if fr.result.error is not None:
            continue
        linted.add(baseline.rel(fr.target.abspath))
        prints = _file_fingerprints(baseline, fr)
        if not prints:
            continue
        kept = []
        for finding, fp in zip(fr.result.findings, prints):
            if fp in remaining:
                del remaining[fp]
                matched += 1
            else:
                kept.append(finding)
        if len(kept) != len(fr.result.findings):
            fr.result = replace(fr.result, findings=kept)
    stale = [
        (fp, line)
        for fp, line in remaining.items()
        if (fp.path in linted and fp.code in codes)
        or not os.path.exists(os.path.join(baseline.base_dir, fp.path))
    ]
    stale.sort(key=lambda item: (item[0].path, item[1], item[0]))
    return Applied(matched, stale)


def record(report, path: str) -> Baseline:
    """The baseline of ``report``'s findings, keeping an existing file's entries for files that
    were not linted in this run (and still exist)."""
    path = os.path.abspath(path)
    new = Baseline(path, {})
    linted = set()
    for fr in report.files:
        linted.add(new.rel(fr.target.abspath))
        for finding, fp in zip(fr.result.findings, _file_fingerprints(new, fr)):
            new.entries[fp] = finding.location.row
    if os.path.exists(path):
        old = load(path)
        for fp, line in old.entries.items():
            if fp.path not in linted and os.path.exists(os.path.join(new.base_dir, fp.path)):
                new.entries.setdefault(fp, line)
    return new
