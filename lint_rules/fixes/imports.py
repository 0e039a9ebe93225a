"""Import edits, isort-clean (profile black, as sglang's hook) and black-stable.

Two operations, on the full text and its stdlib ``ast`` (no libcst, no scope analysis):

* :func:`add_from_import` — bind ``name`` from ``module``: into an existing top-level
  ``from module import ...`` at isort's position (one line, or black's exploded form with a
  trailing comma when the line would be too long), else as a new statement among the
  top-level ``from <package>...`` imports of the same package, at isort's position. Where the
  layout is not one of these, the fix is not offered (the reason says why).
* :func:`remove_unused` — drop a name from its top-level import when nothing else in the module
  names it (the word anywhere in code, strings included: string annotations, ``__all__``);
  the whole statement goes when it was the last name.

This does what libcst's ``AddImportsVisitor`` / ``RemoveImportsVisitor`` do for these two
cases, and also keeps isort's order (libcst appends a new import after the last one);
``tests/lint/test_fix_imports.py`` checks both against libcst and the real isort/black.
isort's order for names inside one import: constants (ALL_CAPS), then classes (Capitalised),
then the rest, each case-insensitively; for modules: case-insensitive, natural numbers.
"""

from __future__ import annotations

import ast
import re
from typing import Optional, Union

from .base import Edit

_EXPLODED_ITEM = re.compile(
    r"^[ \t]+([A-Za-z_][A-Za-z0-9_]*(?: as [A-Za-z_][A-Za-z0-9_]*)?),[ \t]*$"
)


def _natural(s: str) -> list:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s.lower())]


def name_key(alias: str) -> tuple:
    """isort's sort key of a name inside a ``from`` import (order_by_type, case-insensitive)."""
    name = alias.split(" as ")[0]
    if name.isupper() and len(name) > 1:
        kind = 0
    elif name[:1].isupper():
        kind = 1
    else:
        kind = 2
    return (kind, _natural(name), alias.lower())


def module_key(module: str) -> list:
    return _natural(module)


class _Lines:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def start(self, row: int) -> int:
        return self.starts[row - 1]

    def end(self, row: int) -> int:
        return self.starts[row]

    def line(self, row: int) -> str:
        return self.lines[row - 1]

    def newline(self, row: int) -> str:
        line = self.lines[row - 1]
        body = line.rstrip("\r\n")
        return line[len(body) :] or "\n"


def _alias_text(a: ast.alias) -> str:
    return f"{a.name} as {a.asname}" if a.asname else a.name


def _exploded(head: str, aliases: list[str], nl: str, indent: str = "    ") -> str:
    return head + "(" + nl + "".join(f"{indent}{a},{nl}" for a in aliases) + ")" + nl


def _render(module: str, aliases: list[str], nl: str, line_length: int) -> str:
    head = f"from {module} import "
    one = head + ", ".join(aliases)
    if len(one) <= line_length:
        return one + nl
    return _exploded(head, aliases, nl)


def _layout(lines: _Lines, stmt: ast.ImportFrom) -> Optional[str]:
    """ "one" (``from m import a, b`` on one line, no comment), "exploded" (black/isort's
    vertical form, one name per line with a trailing comma), or None (anything else)."""
    first = lines.line(stmt.lineno).rstrip("\r\n")
    if stmt.lineno == stmt.end_lineno:
        if "#" in first or "(" in first or "\\" in first or ";" in first:
            return None
        return "one"
    if not first.endswith("import (") or lines.line(stmt.end_lineno).strip() != ")":
        return None
    items = [lines.line(r).rstrip("\r\n") for r in range(stmt.lineno + 1, stmt.end_lineno)]
    if len(items) != len(stmt.names) or not all(_EXPLODED_ITEM.match(i) for i in items):
        return None
    return "exploded"


def _top_level_from(tree: ast.Module, module: str) -> Optional[ast.ImportFrom]:
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and not stmt.level and stmt.module == module:
            return stmt
    return None


def add_from_import(
    text: str, tree: ast.Module, module: str, name: str, line_length: int, drop=frozenset()
) -> Union[Edit, str]:
    """The edit that binds ``name`` from ``module`` at top level, or why it cannot be made
    isort-clean. ``drop``: names to take out of that same import if it is edited (the caller
    proved them unused after its fix)."""
    lines = _Lines(text)
    existing = _top_level_from(tree, module)
    if existing is not None:
        if any(isinstance(n, ast.alias) and n.name == "*" for n in existing.names):
            return f"`from {module} import *` is in the way of adding `{name}`"
        layout = _layout(lines, existing)
        aliases = [_alias_text(a) for a in existing.names]
        new = (
            sorted([*aliases, name], key=name_key)
            if aliases == sorted(aliases, key=name_key)
            else None
        )
        if new is not None:
            new = [a for a in new if a.split(" as ")[-1] not in drop]
        if layout is None or new is None:
            return f"the import of `{module}` is laid out in a way kvguard does not edit (add `{name}` by hand)"
        nl = lines.newline(existing.lineno)
        indent = "    "
        if layout == "exploded":
            indent = re.match(r"[ \t]*", lines.line(existing.lineno + 1)).group(0)
            rendered = _exploded(f"from {module} import ", new, nl, indent)
        else:
            rendered = _render(module, new, nl, line_length)
        return Edit(lines.start(existing.lineno), lines.end(existing.end_lineno), rendered)
    package = module.split(".")[0]
    same = [
        s
        for s in tree.body
        if isinstance(s, ast.ImportFrom)
        and not s.level
        and (s.module or "").split(".")[0] == package
    ]
    if not same:
        return f"no top-level `from {package}...` import to place `from {module} import {name}` next to"
    # the run of consecutive top-level import statements that holds the first of them
    body = tree.body
    i = body.index(same[0])
    run = []
    while i < len(body) and isinstance(body[i], (ast.Import, ast.ImportFrom)):
        if body[i] in same:
            run.append(body[i])
        i += 1
    keys = [module_key(s.module or "") for s in run]
    if keys != sorted(keys):
        return f"the `{package}` imports are not isort-sorted; add `from {module} import {name}` by hand"
    nl = lines.newline(run[0].lineno)
    rendered = _render(module, [name], nl, line_length)
    after = [s for s in run if module_key(s.module or "") > module_key(module)]
    if after:
        row = after[0].lineno
        while row > 1 and lines.line(row - 1).lstrip().startswith("#"):
            row -= 1  # comments directly above an import belong to it
        at = lines.start(row)
        if row < after[0].lineno:
            rendered += nl  # isort (black profile) keeps a blank line before a comment
    else:
        at = lines.end(run[-1].end_lineno)
    return Edit(at, at, rendered)


def _code_words(text: str, word: re.Pattern, rows=None) -> int:
    """Occurrences of ``word`` in code (comments cut; a line with a quote before its ``#`` is
    read whole), in the given rows (1-based) or everywhere."""
    count = 0
    for row, line in enumerate(text.splitlines(), 1):
        if rows is not None and row not in rows:
            continue
        if "#" in line:
            head = line.split("#", 1)[0]
            if "'" not in head and '"' not in head:
                line = head  # a comment for sure
        count += len(word.findall(line))
    return count


def remove_unused(text: str, tree: ast.Module, names, after: str, edits=()) -> list[Edit]:
    """Edits (on ``text``) dropping each of ``names`` from its top-level ``from`` import when
    ``after`` (``text`` with ``edits`` applied) names it nowhere but in that import: the word
    anywhere in code counts, strings included (string annotations, ``__all__``). Imports an
    edit overlaps are left alone."""
    lines = _Lines(text)
    busy = [(e.start, e.end) for e in edits]
    binding: dict[str, list[ast.ImportFrom]] = {}
    for stmt in tree.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for a in stmt.names:
                binding.setdefault(a.asname or a.name, []).append(stmt)
    unused = set()
    for name in names:
        stmts = binding.get(name)
        if not stmts:
            continue
        if any(
            b[0] < lines.end(st.end_lineno) and lines.start(st.lineno) < b[1]
            for st in stmts
            for b in busy
        ):
            continue
        word = re.compile(rf"\b{re.escape(name)}\b")
        rows = {r for st in stmts for r in range(st.lineno, st.end_lineno + 1)}
        if _code_words(after, word) == _code_words(text, word, rows):
            unused.add(name)
    edits_out: list[Edit] = []
    if not unused:
        return edits_out
    for stmt in tree.body:
        if not isinstance(stmt, ast.ImportFrom) or stmt.level:
            continue
        hits = [a for a in stmt.names if (a.asname or a.name) in unused]
        if not hits:
            continue
        layout = _layout(lines, stmt)
        if layout is None:
            continue  # left as it is: an unused import, never a broken one
        rest = [_alias_text(a) for a in stmt.names if a not in hits]
        start, end = lines.start(stmt.lineno), lines.end(stmt.end_lineno)
        if not rest:
            # no blank line left at the top of the file, nor two where there was one
            first = all(not lines.line(r).strip() for r in range(1, stmt.lineno))
            before_blank = first or not lines.line(stmt.lineno - 1).strip()
            nxt = stmt.end_lineno + 1
            while before_blank and nxt <= len(lines.lines) and not lines.line(nxt).strip():
                end = lines.end(nxt)
                nxt += 1
                if not first:
                    break  # one blank line goes with it; at the top of the file, all
            edits_out.append(Edit(start, end, ""))
        elif layout == "one":
            nl = lines.newline(stmt.lineno)
            edits_out.append(Edit(start, end, f"from {stmt.module} import " + ", ".join(rest) + nl))
        else:
            gone = {a.asname or a.name for a in hits}
            for row in range(stmt.lineno + 1, stmt.end_lineno):
                m = _EXPLODED_ITEM.match(lines.line(row).rstrip("\r\n"))
                if m and m.group(1).split(" as ")[-1] in gone:
                    edits_out.append(Edit(lines.start(row), lines.end(row), ""))
    return edits_out
