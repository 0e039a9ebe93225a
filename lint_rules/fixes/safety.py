"""The checks the fixer's safety net adds to parse / re-lint / idempotence.

All of them are cheap (no black, isort or libcst import; one ``symtable`` of the result, and of
the input only when the result has an unresolved name): a fix must

* add no undefined name (free names of the result that the input did not have);
* duplicate no statement (a touched statement equal to a neighbour; a method defined twice);
* keep the touched imports isort-clean (profile black: names in isort's order, one line within
  the line length or black's exploded form, same-package ``from`` imports in module order);
* keep the touched lines black-stable (within the line length; a touched bracketed statement
  split over lines must not fit on one line — black would join it).

Running black and isort in-process would cost more than the whole fix (their imports alone take
~0.4 s and ~0.7 s here against a ~0.5 s fix), so only the lines a fix touched are checked, with
the rules those tools apply to them; ``tests/lint/test_fix.py`` runs the real tools on the
fixed shapes to hold this model to them.
"""

from __future__ import annotations

import ast
import builtins
import re
import symtable
from typing import Optional

from .base import line_width
from .imports import _layout, _Lines, module_key, name_key

_BUILTINS = set(dir(builtins)) | {
    "__file__",
    "__name__",
    "__doc__",
    "__spec__",
    "__loader__",
    "__builtins__",
    "__package__",
    "__path__",
    "__annotations__",
    "__dict__",
    "__module__",
    "__qualname__",
    "__class__",
}


def undefined_names(text: str) -> Optional[set[tuple[str, str]]]:
    """(scope, name) pairs read but bound nowhere (module, enclosing scopes, builtins)."""
    try:
        top = symtable.symtable(text, "<fix>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    module_bound = {
        s.get_name()
        for s in top.get_symbols()
        if s.is_assigned() or s.is_imported() or s.is_namespace()
    }
    star = any(s.get_name() == "*" for s in top.get_symbols())
    out: set[tuple[str, str]] = set()
    stack = [(top, "")]
    while stack:
        table, qual = stack.pop()
        for s in table.get_symbols():
            name = s.get_name()
            if not s.is_referenced() or name in module_bound or name in _BUILTINS:
                continue
            if table is top or s.is_global():
                out.add((qual or "<module>", name))
        for child in table.get_children():
            stack.append((child, f"{qual}.{child.get_name()}" if qual else child.get_name()))
    return set() if star else out


def changed_rows(new_text: str, edits) -> list[tuple[int, int]]:
    """Row ranges (1-based, inclusive) of the result that the edits (made on the input) wrote,
    widened by one line on both sides (a deletion joins its neighbours)."""
    return [(max(1, a - 1), b + 1) for a, b, _ in written_rows(new_text, edits)]


def written_rows(new_text: str, edits, old_text: Optional[str] = None) -> list[tuple]:
    """(first row, last row, the input was black-clean there) of what each edit wrote in the
    result; the flag needs ``old_text`` and the line length (else True)."""
    out = []
    shift = 0
    for e in sorted(edits, key=lambda e: e.start):
        start = e.start + shift
        row = new_text.count("\n", 0, start) + 1
        last = row + max(0, e.new.count("\n") - (1 if e.new.endswith("\n") else 0))
        out.append((row, last, e))
        shift += len(e.new) - (e.end - e.start)
    return out


def _was_clean(old_text: str, e, line_length: int) -> bool:
    """The input lines an edit replaced were within the line length and none of their
    statements could be joined: black-clean there, so the result must be too."""
    start = old_text.rfind("\n", 0, e.start) + 1
    end = old_text.find("\n", e.end)
    span = old_text[start : len(old_text) if end < 0 else end + 1]
    if any(line_width(line) > line_length for line in span.splitlines()):
        return False
    if span.count("\n") > 1:
        joined = join_lines(span)
        if joined is not None and line_width(joined.rstrip("\r\n")) <= line_length:
            return False
    return True


def _touches(node, ranges) -> bool:
    end = getattr(node, "end_lineno", None) or node.lineno
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return any(first <= b and a <= end for a, b in ranges)


def _bodies(node):
    for name in ("body", "orelse", "finalbody"):
        body = getattr(node, name, None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            yield body
    for h in getattr(node, "handlers", []):
        yield h.body


def duplicated(tree: ast.Module, lines: _Lines, ranges, before: str = "") -> Optional[str]:
    """A touched statement equal to its neighbour, or a method defined twice in a touched
    class. A pair of equal neighbours the original text (``before``) already had is not the
    fix's doing (the fix may rewrite both alike)."""
    already = "".join(line.strip() + "\n" for line in before.splitlines())

    def seg(n) -> str:
        return "".join(
            lines.line(r).strip() + "\n" for r in range(n.lineno, (n.end_lineno or n.lineno) + 1)
        )

    stack = [tree]
    while stack:
        node = stack.pop()
        for body in _bodies(node):
            touched = [i for i, s in enumerate(body) if _touches(s, ranges)]
            for i in touched:
                for j in (i - 1, i + 1):
                    if (
                        0 <= j < len(body)
                        and type(body[j]) is type(body[i])
                        and seg(body[j]) == seg(body[i])
                        and (seg(body[i]) * 2) not in already
                    ):
                        return f"the fix duplicated a statement at line {body[i].lineno}"
            if isinstance(node, ast.ClassDef) and touched:
                names = [
                    s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                ]
                dup = {n for n in names if names.count(n) > 1}
                if dup:
                    return f"the fix defined `{node.name}.{sorted(dup)[0]}` twice"
            stack.extend(body[i] for i in touched)
    return None


def isort_problem(tree: ast.Module, lines: _Lines, ranges, line_length: int) -> Optional[str]:
    body = tree.body
    for i, stmt in enumerate(body):
        if not isinstance(stmt, ast.ImportFrom) or not _touches(stmt, ranges) or stmt.level:
            continue
        names = [f"{a.name} as {a.asname}" if a.asname else a.name for a in stmt.names]
        layout = _layout(lines, stmt)
        if layout is None:
            return f"the import at line {stmt.lineno} is not in isort's layout"
        if names != sorted(names, key=name_key):
            return f"the names imported at line {stmt.lineno} are not in isort's order"
        if layout == "one" and line_width(lines.line(stmt.lineno).rstrip("\r\n")) > line_length:
            return f"the import at line {stmt.lineno} is longer than {line_length} columns"
        package = (stmt.module or "").split(".")[0]
        for j in (i - 1, i + 1):
            if 0 <= j < len(body) and isinstance(body[j], ast.ImportFrom) and not body[j].level:
                other = body[j]
                if (other.module or "").split(".")[0] != package:
                    continue
                a, b = (other, stmt) if j < i else (stmt, other)
                if module_key(a.module or "") > module_key(b.module or ""):
                    return f"the import at line {stmt.lineno} is out of isort's module order"
    return None


_CLOSE_AFTER_COMMA = re.compile(r",\s*\n\s*[)\]}]")


def black_problem(
    tree: ast.Module, lines: _Lines, old_text: str, new_text: str, edits, line_length: int
) -> Optional[str]:
    """Lines an edit wrote where the input was black-clean: within the line length, no trailing
    whitespace, no bracketed statement split over lines that would fit on one."""
    ranges = []
    for first, last, e in written_rows(new_text, edits):
        if not e.new or not _was_clean(old_text, e, line_length):
            continue
        ranges.append((first, last))
        for row in range(max(1, first), min(last, len(lines.lines)) + 1):
            line = lines.line(row).rstrip("\r\n")
            if line_width(line) > line_length and not line.lstrip().startswith(("#", '"', "'")):
                # (black splits code, never a comment or a string)
                return f"line {row} is longer than {line_length} columns"
            if line != line.rstrip():
                return f"line {row} has trailing whitespace"
    stack = [tree]
    while stack and ranges:
        node = stack.pop()
        for body in _bodies(node):
            for s in body:
                if not _touches(s, ranges):
                    continue
                if isinstance(s, (ast.Assign, ast.AnnAssign, ast.Expr, ast.Return, ast.AugAssign)):
                    if s.end_lineno and s.end_lineno > s.lineno:
                        text = "".join(lines.line(r) for r in range(s.lineno, s.end_lineno + 1))
                        joined = join_lines(text)
                        if joined is not None and line_width(joined.rstrip("\r\n")) <= line_length:
                            return (
                                f"the statement at line {s.lineno} fits on one line "
                                "(black would join it)"
                            )
                else:
                    stack.append(s)
    return None


def join_lines(text: str) -> Optional[str]:
    """The statement on one line as black would join it, or None when black keeps it split
    regardless (a magic trailing comma, a comment, a string spanning lines, a backslash)."""
    if (
        "#" in text
        or "\\\n" in text
        or '"""' in text
        or "'''" in text
        or _CLOSE_AFTER_COMMA.search(text)
    ):
        return None
    first, *rest = text.splitlines(keepends=True)
    out = first.rstrip("\r\n")
    for line in rest:
        piece = line.strip()
        if not piece:
            continue
        if out.endswith(("(", "[", "{")) or piece.startswith((")", "]", "}")):
            out += piece
        else:
            out += " " + piece
    return out + "\n"
