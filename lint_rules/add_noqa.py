"""``kvguard check --add-noqa``: suppress every current finding with a comment, as ruff does.

Each finding gets ``# noqa: CODE`` at the end of its line (the line kvguard matches ``noqa`` on),
merged into a ``# noqa: ...`` already there. Comments are the only change, and a comment is only
put where it cannot break or move anything:

* never at the end of a line that ends inside a string (a triple-quoted or implicitly continued
  string, an f-string) or with a backslash continuation: there it would change the string or the
  syntax. Then ``# kvguard: ignore[CODE]`` goes on the first line of the finding's statement
  instead (kvguard honours it there), if that line can take it;
* never where it would push a line past the formatter's line length (``line-length`` of
  ``[tool.black]``, else of ``[tool.ruff]``, in the first pyproject.toml at or above the project
  root; 88 otherwise): black
  would then split the statement and carry the comment to another line, where it no longer
  suppresses anything. The statement's first line is tried instead, as above.

A finding that has no such place is left as it is and listed (use a baseline for it). Every file
is verified before it is written: its tokens, comments and blank lines aside, are unchanged, and
re-linting it reports none of the suppressed findings; otherwise it is left untouched (exit 2).
"""

from __future__ import annotations

import io
import os
import re
import sys
import tokenize
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .baseline import SourceIndex
from .model import Finding

DEFAULT_LINE_LENGTH = 88
# The same comment syntax the checker honours: `# noqa` / `# noqa: A1, B2`.
_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.I)
_IGNORE = re.compile(r"#\s*kvguard:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.I)
_SKIP_TOKENS = {"NEWLINE", "NL", "INDENT", "DEDENT", "ENDMARKER", "COMMENT"}


@dataclass
class Plan:
    text: str
    placed: list[Finding] = field(default_factory=list)
    unplaced: list[tuple[Finding, str]] = field(default_factory=list)


def formatter_line_length(root: str) -> int:
    """``line-length`` of black (else ruff) in the first pyproject.toml at or above ``root``
    (where black looks for its configuration too), else 88."""
    path, current = None, os.path.abspath(root)
    while path is None:
        candidate = os.path.join(current, "pyproject.toml")
        if os.path.isfile(candidate):
            path = candidate
        elif os.path.dirname(current) == current:
            return DEFAULT_LINE_LENGTH
        else:
            current = os.path.dirname(current)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            import tomllib  # type: ignore[import-not-found]
        except ModuleNotFoundError:  # pragma: no cover - Python 3.10
            import tomli as tomllib  # type: ignore[no-redef]
        tool = tomllib.loads(data.decode("utf-8")).get("tool", {})
    except (OSError, ValueError):
        return DEFAULT_LINE_LENGTH
    for name in ("black", "ruff"):
        value = tool.get(name, {}).get("line-length") if isinstance(tool.get(name), dict) else None
        if isinstance(value, int) and value > 0:
            return value
    return DEFAULT_LINE_LENGTH


def _line_facts(text: str) -> tuple[dict[int, str], dict[int, tuple[int, str]]]:
    """(rows whose end cannot take a comment -> why, rows with a comment -> (column, comment))."""
    blocked: dict[int, str] = {}
    comments: dict[int, tuple[int, str]] = {}
    fstring_starts: list[int] = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        kind = tokenize.tok_name[tok.type]
        if kind == "COMMENT":
            comments[tok.start[0]] = (tok.start[1], tok.string)
        elif kind == "FSTRING_START":
            fstring_starts.append(tok.start[0])
        elif kind == "FSTRING_END" and fstring_starts:
            for row in range(fstring_starts.pop(), tok.end[0]):
                blocked.setdefault(row, "the line ends inside a string")
        elif kind not in _SKIP_TOKENS and tok.end[0] > tok.start[0]:
            for row in range(tok.start[0], tok.end[0]):
                blocked.setdefault(row, "the line ends inside a string")
    for row, line in enumerate(text.splitlines(), 1):
        if row not in blocked and row not in comments and line.rstrip().endswith("\\"):
            blocked[row] = "the line ends with a backslash continuation"
    return blocked, comments


def _with_codes(line: str, comment: Optional[tuple[int, str]], codes: list[str], kind: str) -> str:
    """``line`` (no newline) with ``codes`` added to its noqa / kvguard-ignore comment."""
    pattern = _NOQA if kind == "noqa" else _IGNORE
    if comment is not None:
        col, text = comment
        m = pattern.search(text)
        if m and m.group("codes") is not None:
            have = [c.strip() for c in m.group("codes").split(",") if c.strip()]
            add = [c for c in codes if c.upper() not in {h.upper() for h in have}]
            if not add:
                return line
            end = col + m.end("codes")
            return line[:end] + ", " + ", ".join(add) + line[end:]
        if m:  # a bare `# noqa` / `# kvguard: ignore` already covers every code
            return line
    new = (
        f"# noqa: {', '.join(codes)}" if kind == "noqa" else f"# kvguard: ignore[{','.join(codes)}]"
    )
    return line.rstrip() + "  " + new


def plan(text: str, findings: Sequence[Finding], line_length: int) -> Plan:
    """Where each finding's suppression goes; the new text (comments added only)."""
    out = Plan(text)
    if not findings:
        return out
    try:
        blocked, comments = _line_facts(text)
    except (tokenize.TokenError, SyntaxError) as exc:
        out.unplaced = [(f, f"cannot tokenize the file ({exc})") for f in findings]
        return out
    lines = text.splitlines(keepends=True)
    index = SourceIndex(text)
    # row -> (kind, codes, findings); noqa rows first, then the statement-line fallbacks
    wanted: dict[int, dict] = {}
    fallbacks: list[tuple[Finding, str]] = []

    def fits(row: int, kind: str, codes: list[str]) -> Optional[str]:
        body = lines[row - 1].rstrip("\r\n")
        if row in blocked:
            return blocked[row]
        new = _with_codes(body, comments.get(row), codes, kind)
        if len(new) > line_length and len(new) > len(body.rstrip()):
            return f"the comment would push the line past {line_length} columns"
        return None

    by_row: dict[int, list[Finding]] = defaultdict(list)
    for f in sorted(findings, key=Finding.sort_key):
        by_row[f.location.row].append(f)
    for row, group in by_row.items():
        codes = sorted({f.code for f in group})
        why = fits(row, "noqa", codes)
        if why is None:
            wanted[row] = {"kind": "noqa", "codes": codes, "findings": group}
        else:
            fallbacks += [(f, why) for f in group]
    for f, why in fallbacks:
        row = index.statement_line(f.location.row, f.location.column)
        slot = wanted.get(row)
        if slot is not None and slot["kind"] == "noqa":
            out.unplaced.append((f, why))  # that line already takes a noqa for others
            continue
        codes = sorted(set(slot["codes"] if slot else []) | {f.code})
        why2 = fits(row, "ignore", codes) if row != f.location.row else why
        if why2 is None:
            wanted[row] = {
                "kind": "ignore",
                "codes": codes,
                "findings": (slot["findings"] if slot else []) + [f],
            }
        else:
            out.unplaced.append((f, why))
    for row, slot in wanted.items():
        raw = lines[row - 1]
        body = raw.rstrip("\r\n")
        lines[row - 1] = (
            _with_codes(body, comments.get(row), slot["codes"], slot["kind"]) + raw[len(body) :]
        )
        out.placed += slot["findings"]
    out.text = "".join(lines)
    return out


def _code_tokens(text: str) -> list[tuple[int, str]]:
    return [
        (tok.type, tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tokenize.tok_name[tok.type] not in ("COMMENT", "NL")
    ]


def verify(old: str, new: str) -> Optional[str]:
    """None when ``new`` differs from ``old`` in comments (and blank lines) only."""
    try:
        if _code_tokens(old) != _code_tokens(new):
            return "the code itself would change"
    except (tokenize.TokenError, SyntaxError) as exc:
        return f"cannot tokenize the result: {exc}"
    return None


def add_noqa_to_report(report, linter, config, quiet: bool = False) -> int:
    """Write the suppressions for every finding of ``report``; the CLI's exit status:
    0 every finding suppressed, 1 some could not be (listed), 2 a file could not be done."""
    from .discovery import os_reason
    from .fileio import atomic_write
    from .reporters import collect_rows
    from .source import SourceDecodeError, encode_source, read_source

    status = 0
    _, errors = collect_rows(report, False, False)
    for e in errors:
        sys.stderr.write(f"error: {e.display}: {e.message}\n")
        status = 2
    line_length = formatter_line_length(config.root)
    added = 0
    for fr in report.files:
        findings = fr.result.findings
        if fr.result.error is not None or not findings:
            continue
        display = fr.target.display
        try:
            data, source = read_source(fr.target.abspath)
        except (OSError, SourceDecodeError) as exc:
            sys.stderr.write(f"error: {display}: {exc}\n")
            status = 2
            continue
        result = plan(source.text, findings, line_length)
        for f, why in result.unplaced:
            sys.stderr.write(
                f"{display}:{f.location.row}:{f.location.column}: {f.code} not suppressed: {why} "
                "(use a baseline for it: --write-baseline)\n"
            )
            status = max(status, 1)
        if not result.placed:
            continue
        problem = verify(source.text, result.text)
        if problem is None:
            again = linter.lint_source(result.text, display, linter.settings.codes_for(fr.target))
            left = {(f.code, f.location) for f in again.findings}
            if again.error is not None:
                problem = f"the result does not lint: {again.error}"
            elif any((f.code, f.location) in left for f in result.placed):
                problem = "a suppression comment is not honoured"
        if problem is not None:
            sys.stderr.write(f"error: {display}: --add-noqa not applied ({problem})\n")
            status = 2
            continue
        try:
            atomic_write(
                fr.target.abspath, encode_source(result.text, source.encoding, source.bom), data
            )
        except OSError as exc:
            sys.stderr.write(f"error: {display}: --add-noqa not applied ({os_reason(exc)})\n")
            status = 2
            continue
        added += len(result.placed)
    if not quiet:
        sys.stderr.write(f"Added {added} noqa directive{'s' if added != 1 else ''}.\n")
    return status
