"""Output formats: full, concise, json (ruff's keys), github (workflow commands), sarif 2.1.0.

Every reporter takes the engine's :class:`~lint_rules.engine.RunReport` and writes to a text
stream; none of them imports libcst.  Rule metadata (names, summaries) is only looked up for
SARIF's rule table and ``--statistics``, and only for the codes that occur.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Optional, TextIO

from .model import FixInfo, Location

UNUSED_CODE = "unused-suppression"


@dataclass(frozen=True, slots=True)
class Row:
    """One reported item: a finding, an unused suppression, or a file error (code None)."""

    display: str
    abspath: str
    code: Optional[str]
    message: str
    location: Location
    end_location: Location
    fix: Optional[FixInfo] = None
    fixable: bool = False  # the fix would be applied with the current --fix/--unsafe-fixes
    is_error: bool = False

    @property
    def sort_key(self) -> tuple:
        return (
            self.display,
            self.location.row,
            self.location.column,
            self.code or "",
            self.message,
        )


def collect_rows(report, unsafe_fixes: bool, show_unused: bool) -> tuple[list[Row], list[Row]]:
    """Findings (incl. unused suppressions when asked) and error rows, both sorted."""
    rows: list[Row] = []
    errors: list[Row] = []
    one = Location(1, 1)
    for display, reason in report.errors:
        errors.append(Row(display, os.path.abspath(display), None, reason, one, one, is_error=True))
    for fr in report.files:
        t = fr.target
        if fr.result.error is not None:
            errors.append(Row(t.display, t.abspath, None, fr.result.error, one, one, is_error=True))
            continue
        if fr.fix_error is not None:
            errors.append(
                Row(
                    t.display,
                    t.abspath,
                    None,
                    f"fix not applied: {fr.fix_error}",
                    one,
                    one,
                    is_error=True,
                )
            )
        for f in fr.result.findings:
            fixable = f.fix is not None and (f.fix.applicability == "safe" or unsafe_fixes)
            rows.append(
                Row(
                    t.display,
                    t.abspath,
                    f.code,
                    f.message,
                    f.location,
                    f.end_location,
                    f.fix,
                    fixable,
                )
            )
        if show_unused:
            for line, code in fr.result.unused_suppressions:
                loc = Location(line, 1)
                rows.append(
                    Row(
                        t.display,
                        t.abspath,
                        UNUSED_CODE,
                        f"Unused suppression (unused: `{code}`)",
                        loc,
                        loc,
                    )
                )
    rows.sort(key=lambda r: r.sort_key)
    errors.sort(key=lambda r: r.sort_key)
    return rows, errors


# --------------------------------------------------------------------------------------------
# Rule metadata (lazy)
# --------------------------------------------------------------------------------------------


def rule_info(code: str) -> dict:
    """name / summary / url of a rule, from the libcst-free rule registry."""
    if code == UNUSED_CODE:
        return {
            "name": "unused-suppression",
            "summary": "A suppression comment that matched no finding.",
            "url": None,
        }
    from .registry import RULES, rule_url

    meta = RULES.get(code)
    if meta is None:
        return {"name": code, "summary": code, "url": None}
    return {"name": meta.name, "summary": meta.summary, "url": rule_url(code)}


# --------------------------------------------------------------------------------------------
# Text formats
# --------------------------------------------------------------------------------------------


def _summary(rows: list[Row], report, out: TextIO, fix_mode: bool, unsafe_fixes: bool) -> None:
    fixed = sum(len(fr.fixed) for fr in report.files)
    remaining = len(rows)
    if remaining == 0 and fixed == 0:
        if not report.errors and not any(fr.result.error or fr.fix_error for fr in report.files):
            out.write("All checks passed!\n")
        return
    if fix_mode and fixed:
        total = fixed + remaining
        out.write(
            f"Found {total} error{'s' if total != 1 else ''} ({fixed} fixed, {remaining} remaining).\n"
        )
    elif remaining:
        out.write(f"Found {remaining} error{'s' if remaining != 1 else ''}.\n")
    hidden = [r for r in rows if r.fix is not None and not r.fixable]
    if not fix_mode:
        applicable = sum(1 for r in rows if r.fixable)
        if applicable:
            out.write(f"[*] {applicable} fixable with the `--fix` option.\n")
    if hidden and not (fix_mode and unsafe_fixes):
        out.write(
            _hidden_fixes(hidden)
            + " can be enabled with the `--unsafe-fixes` option (or `kvguard fix`).\n"
        )


def count_fixes(rows: list[Row]) -> int:
    """Distinct fixes among ``rows``: findings whose fixes share a key are fixed by one edit
    (e.g. one resolver fixes the KVG001 and the KVG003 of an ``__init__``)."""
    keys = set()
    for i, r in enumerate(rows):
        if r.fix is not None:
            keys.add((r.display, r.fix.key) if r.fix.key else (r.display, i))
    return len(keys)


def _hidden_fixes(hidden: list[Row], nested: bool = False) -> str:
    fixes = count_fixes(hidden)
    text = f"{fixes} hidden fix{'es' if fixes != 1 else ''}"
    if fixes != len(hidden):
        text += f" for {len(hidden)} errors" if nested else f" (for {len(hidden)} errors)"
    return text


def diff_summary(rows: list[Row], would: int) -> str:
    """The stderr summary of ``--diff``: what would be fixed, and what would remain."""
    remaining = len(rows) - would
    hidden = [r for r in rows if r.fix is not None and not r.fixable]
    notes = []
    if remaining:
        notes.append(f"{remaining} error{'s' if remaining != 1 else ''} would remain")
    if hidden:
        notes.append(_hidden_fixes(hidden, nested=True) + " available with `--unsafe-fixes`")
    if not would:
        return "No errors would be fixed" + (f" ({'; '.join(notes)})" if notes else "") + ".\n"
    head = f"Would fix {would} error{'s' if would != 1 else ''}."
    if not notes:
        return head + "\n"
    rest = "; ".join(notes)
    return f"{head} {rest[0].upper()}{rest[1:]}.\n"


def write_concise(
    rows, report, out: TextIO, *, fix_mode=False, unsafe_fixes=False, summary=True
) -> None:
    for r in rows:
        mark = "[*] " if r.fixable else ""
        out.write(f"{r.display}:{r.location.row}:{r.location.column}: {r.code} {mark}{r.message}\n")
    if summary:
        _summary(rows, report, out, fix_mode, unsafe_fixes)


def write_full(
    rows,
    report,
    out: TextIO,
    lines_of: Callable[[Row], Optional[list[str]]],
    *,
    fix_mode=False,
    unsafe_fixes=False,
) -> None:
    for r in rows:
        mark = "[*] " if r.fixable else ""
        out.write(f"{r.code} {mark}{r.message}\n")
        out.write(f" --> {r.display}:{r.location.row}:{r.location.column}\n")
        lines = lines_of(r)
        if lines:
            first = max(1, r.location.row - 1)
            last = min(len(lines), max(r.end_location.row, r.location.row) + 1)
            width = len(str(last))
            pad = " " * width
            out.write(f"{pad} |\n")
            for n in range(first, last + 1):
                text = lines[n - 1].rstrip("\r\n")
                out.write(f"{str(n).rjust(width)} | {text}\n")
                if r.location.row <= n <= r.end_location.row:
                    start = (
                        r.location.column
                        if n == r.location.row
                        else 1 + (len(text) - len(text.lstrip()))
                    )
                    end = r.end_location.column if n == r.end_location.row else len(text) + 1
                    if end <= start:
                        end = start + 1
                    label = f" {r.code}" if n == r.end_location.row else ""
                    out.write(f"{pad} | {' ' * (start - 1)}{'^' * (end - start)}{label}\n")
            out.write(f"{pad} |\n")
        if r.fix is not None:
            kind = "" if r.fix.applicability == "safe" else f" ({r.fix.applicability} fix)"
            out.write(f"help: {r.fix.message}{kind}\n")
        out.write("\n")
    _summary(rows, report, out, fix_mode, unsafe_fixes)


# --------------------------------------------------------------------------------------------
# Machine formats
# --------------------------------------------------------------------------------------------


def json_items(rows: list[Row], errors: list[Row]) -> list[dict]:
    items = []
    for r in errors + rows:
        url = None
        if r.code is not None:
            url = rule_info(r.code)["url"]
        items.append(
            {
                "cell": None,
                "code": r.code,
                "end_location": {"column": r.end_location.column, "row": r.end_location.row},
                "filename": r.abspath,
                "fix": (
                    {
                        "applicability": r.fix.applicability,
                        "edits": [_json_edit(e) for e in r.fix.edits],
                        "message": r.fix.message,
                    }
                    if r.fix is not None
                    else None
                ),
                "location": {"column": r.location.column, "row": r.location.row},
                "message": r.message,
                "noqa_row": None if r.is_error else r.location.row,
                "url": url,
            }
        )
    return items


def _json_edit(edit: tuple) -> dict:
    content, row, column, end_row, end_column = edit
    return {
        "content": content,
        "end_location": {"column": end_column, "row": end_row},
        "location": {"column": column, "row": row},
    }


def write_json(rows, errors, out: TextIO) -> None:
    import json

    json.dump(json_items(rows, errors), out, indent=2, sort_keys=True)
    out.write("\n")


def _gh_escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_escape_prop(text: str) -> str:
    return _gh_escape_data(text).replace(":", "%3A").replace(",", "%2C")


def write_github(rows, errors, out: TextIO) -> None:
    for r in errors:
        out.write(
            f"::error title=kvguard,file={_gh_escape_prop(r.display)},line=1,col=1::"
            f"{_gh_escape_data(f'{r.display}: {r.message}')}\n"
        )
    for r in rows:
        props = (
            f"title={_gh_escape_prop(f'kvguard ({r.code})')},file={_gh_escape_prop(r.display)},"
            f"line={r.location.row},col={r.location.column},"
            f"endLine={r.end_location.row},endColumn={r.end_location.column}"
        )
        msg = f"{r.display}:{r.location.row}:{r.location.column}: {r.code} {r.message}"
        out.write(f"::error {props}::{_gh_escape_data(msg)}\n")


def _sarif_uri(display: str) -> str:
    if os.path.isabs(display):
        return "file://" + display
    from urllib.parse import quote

    return quote(display)


def _sarif_fix(r: Row) -> dict:
    """SARIF's ``fix``: the same edits as JSON's, as replacements of regions of the file."""
    replacements = [
        {
            "deletedRegion": {
                "startLine": row,
                "startColumn": column,
                "endLine": end_row,
                "endColumn": end_column,
            },
            "insertedContent": {"text": content},
        }
        for content, row, column, end_row, end_column in r.fix.edits
    ]
    return {
        "description": {"text": r.fix.message},
        "artifactChanges": [
            {"artifactLocation": {"uri": _sarif_uri(r.display)}, "replacements": replacements}
        ],
    }


def sarif_document(rows: list[Row], errors: list[Row], version: str) -> dict:
    codes = sorted({r.code for r in rows if r.code})
    rules = []
    index = {}
    for i, code in enumerate(codes):
        info = rule_info(code)
        index[code] = i
        rule = {
            "id": code,
            "name": info["name"],
            "shortDescription": {"text": info["summary"]},
            "defaultConfiguration": {"level": "error"},
        }
        if info["url"]:
            rule["helpUri"] = info["url"]
        rules.append(rule)
    results = []
    for r in rows:
        region = {
            "startLine": r.location.row,
            "startColumn": r.location.column,
            "endLine": r.end_location.row,
            "endColumn": r.end_location.column,
        }
        result = {
            "ruleId": r.code,
            "ruleIndex": index[r.code],
            "level": "error",
            "message": {"text": r.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _sarif_uri(r.display)},
                        "region": region,
                    }
                }
            ],
        }
        if r.fix is not None:
            result["properties"] = {
                "fix": {"applicability": r.fix.applicability, "message": r.fix.message}
            }
            result["fixes"] = [_sarif_fix(r)]
        results.append(result)
    invocation = {"executionSuccessful": not errors}
    if errors:
        invocation["toolExecutionNotifications"] = [
            {
                "level": "error",
                "message": {"text": e.message},
                "locations": [
                    {"physicalLocation": {"artifactLocation": {"uri": _sarif_uri(e.display)}}}
                ],
            }
            for e in errors
        ]
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "kvguard",
                        "version": version,
                        "rules": rules,
                    }
                },
                "invocations": [invocation],
                "results": results,
            }
        ],
    }


def write_sarif(rows, errors, out: TextIO, version: str) -> None:
    import json

    json.dump(sarif_document(rows, errors, version), out, indent=2)
    out.write("\n")


def write_statistics(rows: list[Row], out: TextIO) -> None:
    counts: dict[str, list[Row]] = {}
    for r in rows:
        counts.setdefault(r.code or "", []).append(r)
    for code in sorted(counts, key=lambda c: (-len(counts[c]), c)):
        group = counts[code]
        fixable = "[*] " if group and all(r.fixable for r in group) else ""
        out.write(f"{len(group):5d}\t{code}\t{fixable}{rule_info(code)['name']}\n")
