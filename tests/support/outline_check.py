"""The outline (lint_rules/outline.py) compared with ``ast``: shared by the outline tests and the
property tests on generated backends."""

from __future__ import annotations

import ast
from typing import Optional

from lint_rules.outline import outline


def ast_functions(tree: ast.AST) -> list[tuple[str, Optional[str], int, int]]:
    """(name, enclosing class, first line incl. decorators, last line) of each top-level
    function and method, as ``ast`` sees them (compound statements are looked into)."""
    out = []

    def visit(node, cls):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                out.append((child.name, cls, first, child.end_lineno))
            elif isinstance(child, ast.ClassDef):
                visit(child, child.name)
            elif isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                visit(child, cls)  # if/try/with/match bodies, except clauses, cases

    visit(tree, None)
    return out


def outline_disagreement(text: str) -> Optional[list[str]]:
    """None when the outline refuses; else what differs from ``ast`` (empty: agreement)."""
    ol = outline(text)
    if ol is None:
        return None
    want = ast_functions(ast.parse(text))
    lines = text.split("\n")
    got = []
    for c in ol.chunks:
        first = text.count("\n", 0, c.start) + 1
        last = text.count("\n", 0, c.end) if c.end < len(text) else len(lines)
        got.append((c.name, c.cls, first, last))
    if [g[0] for g in got] != [w[0] for w in want]:
        return [f"functions {[g[0] for g in got]} != {[w[0] for w in want]}"]
    problems = []
    for (name, cls, first, last), (_, wcls, wfirst, wlast) in zip(got, want):
        if first != wfirst or last < wlast:
            problems.append(f"{name}: lines {first}-{last}, ast {wfirst}-{wlast}")
        elif any(line.strip() and not line.lstrip().startswith("#") for line in lines[wlast:last]):
            problems.append(f"{name}: takes code after its end (lines {wlast + 1}-{last})")
        if cls != wcls:
            problems.append(f"{name}: class {cls}, ast {wcls}")
    return problems
