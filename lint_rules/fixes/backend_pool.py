"""What the helper/updater fixes share: a backend class's resolved SWA pool, added when missing.

Not a transform. :func:`backend_pool` answers, for a backend class of the module, the
``self.<attr>`` that holds its resolved SWA pool, and the edits that create it when the class has
none: ``self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)`` in its ``__init__`` (before
the first statement that hands the pool on) and the ``_resolve_swa_kv_pool`` static method (text
from :mod:`.resolver_template`) after ``__init__``, ``SWAKVPool`` imported when not bound.
:func:`users_elsewhere` lists the other modules of the tree that name a class or function (the
fix that changes what it takes refuses while there are any). Works on the full text's ``ast``
(the lint's reduction may have blanked the methods it edits), by whole lines.
"""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Optional, Union

from .base import Edit, Unfixable, fmt_assign
from .imports import add_from_import
from .preconditions import (
    _ast_runner_param,
    bound_anywhere,
    has_future_annotations,
    runtime_bindings,
)
from .resolver_template import RESOLVER_NAME, resolver_source

POOL_ATTR = "_swa_kv_pool"


def method(cls: ast.ClassDef, name: str) -> Optional[ast.FunctionDef]:
    return next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name), None)


def body_start(fn: ast.FunctionDef) -> int:
    """Index of the first statement of ``fn`` after its docstring."""
    body = fn.body
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        return 1
    return 0


def top_statement(fn: ast.FunctionDef, row: int) -> Optional[int]:
    """Index of the statement of ``fn``'s body that holds line ``row``."""
    for i, stmt in enumerate(fn.body):
        if stmt.lineno <= row <= (stmt.end_lineno or stmt.lineno):
            return i
    return None


def lines_edit_before(ctx, stmt: ast.stmt, lines: list[str]) -> Optional[Edit]:
    """Insert ``lines`` (at ``stmt``'s indentation) before ``stmt`` and the comment lines
    directly above it; None when ``stmt`` does not start its line."""
    first = ctx.line_text(stmt.lineno)
    indent = first[: len(first) - len(first.lstrip())]
    if first[: stmt.col_offset].strip():
        return None
    row = stmt.lineno
    while row > 1 and ctx.line_text(row - 1).strip().startswith("#"):
        above = ctx.line_text(row - 1)
        if above[: len(above) - len(above.lstrip())] != indent:
            break
        row -= 1
    nl = ctx.newline()
    at = ctx.offset(row, 0)
    return Edit(at, at, "".join(indent + line + nl for line in lines))


def lines_edit_after(ctx, stmt: ast.stmt, lines: list[str]) -> Edit:
    """Insert ``lines`` after ``stmt``'s last line, at its indentation."""
    first = ctx.line_text(stmt.lineno)
    indent = first[: len(first) - len(first.lstrip())]
    end = stmt.end_lineno or stmt.lineno
    at = ctx.offset(end, 0) + len(ctx.line_text(end))
    nl = ctx.newline()
    prefix = "" if ctx.text[:at].endswith(("\n", "\r")) else nl
    return Edit(at, at, prefix + "".join(indent + line + nl for line in lines))


def self_stores(cls: ast.ClassDef, attr: str) -> list[tuple[ast.FunctionDef, ast.stmt]]:
    """(method, statement) of every ``self.<attr> = ...`` in the class's methods."""
    out = []
    for fn in cls.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.args.args:
            continue
        me = fn.args.args[0].arg
        for node in ast.walk(fn):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
            )
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr == attr
                    and isinstance(t.value, ast.Name)
                    and t.value.id == me
                ):
                    out.append((fn, node))
    return out


def runner_param(init: ast.FunctionDef) -> Optional[str]:
    """The ``__init__``'s model-runner parameter (named ``model_runner`` or annotated
    ``ModelRunner``), when it is never reassigned there."""
    args = init.args
    for a in (*args.posonlyargs, *args.args[1:], *args.kwonlyargs):
        if _ast_runner_param(init, a.arg):
            stored = any(
                isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == a.arg
                for n in ast.walk(init)
            )
            return None if stored else a.arg
    return None


def backend_pool(
    ctx, cls: ast.ClassDef, first_use_row: Optional[int], plan: dict
) -> Union[tuple[str, list[Edit]], Unfixable]:
    """(``self.<attr>`` holding the backend's resolved SWA pool, edits that create it: none when
    it exists). ``first_use_row``: a line of ``__init__`` that hands the pool on (the pool must be
    set before the statement holding it), None when only other methods read it. ``plan`` memoises
    per class: one resolver however many fixes ask."""
    if cls.name in plan:
        return plan[cls.name]
    result = plan[cls.name] = _backend_pool(ctx, cls, first_use_row)
    return result


def _backend_pool(ctx, cls, first_use_row):
    from .use_resolved_pool import resolved_pool_attr

    init = method(cls, "__init__")
    if init is None:
        return Unfixable(f"`{cls.name}` has no `__init__` of its own to resolve the SWA pool in")
    tree = ctx.tree
    attr = resolved_pool_attr(tree, _qualname(tree, cls))
    use_i = top_statement(init, first_use_row) if first_use_row is not None else None
    if attr is not None:
        stores = [(fn, st) for fn, st in self_stores(cls, attr) if fn is init]
        if not stores:
            return Unfixable(f"`{cls.name}.{attr}` is resolved outside `__init__`")
        first = min(top_statement(init, st.lineno) or 0 for _, st in stores)
        if use_i is not None and first >= use_i:
            return Unfixable(
                f"`{cls.name}` resolves `self.{attr}` only after it builds what reads it"
            )
        return attr, []
    if re.search(rf"\b{POOL_ATTR}\b", ast.get_source_segment(ctx.text, cls) or POOL_ATTR):
        return Unfixable(f"`{cls.name}` already uses `{POOL_ATTR}` outside a resolved pool")
    runner = runner_param(init)
    if runner is None:
        return Unfixable(
            f"`{cls.name}.__init__` has no model-runner parameter (`model_runner` or annotated "
            "`ModelRunner`) that it keeps: the resolver reads the model runner"
        )
    edits: list[Edit] = []
    me = init.args.args[0].arg
    start = body_start(init)
    if start >= len(init.body):
        return Unfixable(f"`{cls.name}.__init__` has no statement to place the resolution by")
    line = fmt_assign(
        len(_indent_of(ctx, init.body[start])),
        f"{me}.{POOL_ATTR} = ",
        f"{me}.{RESOLVER_NAME}",
        runner,
        ctx.line_length,
    )
    line = [_reindent(x, ctx.indent_unit()) for x in line]
    if use_i is not None:
        edit = lines_edit_before(ctx, init.body[use_i], line)
    else:
        alloc = next(
            (
                st
                for st in init.body[start:]
                if isinstance(st, ast.Assign)
                and isinstance(st.value, ast.Attribute)
                and st.value.attr == "token_to_kv_pool_allocator"
            ),
            None,
        )
        edit = lines_edit_after(ctx, alloc if alloc is not None else init.body[-1], line)
    if edit is None:
        return Unfixable(f"`{cls.name}.__init__`: no whole line to place the resolution on")
    edits.append(edit)
    if RESOLVER_NAME in {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}:
        return POOL_ATTR, edits
    target = ctx.target
    bindings = runtime_bindings(tree)
    pool_name = next((local for local, (_, orig) in bindings.items() if orig == "SWAKVPool"), None)
    if pool_name is None:
        module = target.swa_pool_module
        if target.provides(module, "SWAKVPool") is False:
            return Unfixable(
                f"`{module}` of the target sglang ({target.describe()}) has no `SWAKVPool`"
            )
        if "SWAKVPool" in bindings or bound_anywhere(tree, "SWAKVPool"):
            return Unfixable("the name `SWAKVPool` is taken by something else in this module")
        imp = add_from_import(ctx.text, tree, module, "SWAKVPool", ctx.line_length)
        if isinstance(imp, str):
            return Unfixable(imp)
        edits.append(imp)
        pool_name = "SWAKVPool"
    optional = "Optional" in bindings or (
        has_future_annotations(tree) and bound_anywhere(tree, "Optional")
    )
    source = resolver_source(pool_name, optional, target.version)
    class_indent = _indent_of(ctx, init)
    nl, unit = ctx.newline(), ctx.indent_unit()
    text = "".join(
        (class_indent + _reindent(x, unit) if x.strip() else "") + nl for x in source.splitlines()
    )
    end = init.end_lineno
    at = ctx.offset(end, 0) + len(ctx.line_text(end))
    following = ctx.line_text(end + 1) if end < len(ctx.line_starts()) else ""
    edits.append(Edit(at, at, nl + text + (nl if following.strip() else "")))
    return POOL_ATTR, edits


def _indent_of(ctx, node) -> str:
    line = ctx.line_text(node.lineno)
    return line[: len(line) - len(line.lstrip())]


def _reindent(line: str, unit: str) -> str:
    stripped = line.lstrip(" ")
    return unit * ((len(line) - len(stripped)) // 4) + stripped


def _qualname(tree, cls: ast.ClassDef) -> str:
    def walk(scope, prefix):
        for n in getattr(scope, "body", []):
            if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                q = f"{prefix}{n.name}"
                if n is cls:
                    return q
                found = walk(n, q + ".")
                if found:
                    return found
        return None

    return walk(tree, "") or cls.name


def users_elsewhere(ctx, name: str) -> list[str]:
    """Other ``.py`` files of the tree holding the file (its sglang package, else its top
    package directory) that name ``name`` (a word search: a mention counts as a use)."""
    try:
        me = Path(ctx.analysis.path).resolve()
    except (OSError, RuntimeError):
        return []
    root = ctx.target.root
    if root is None or Path(root) not in me.parents:  # (an installed sglang elsewhere)
        here = me.parent
        if not (here / "__init__.py").is_file():
            return []
        while (here.parent / "__init__.py").is_file():
            here = here.parent
        root = str(here)
    return [p for p in _mentions(root, name) if p != str(me)]


@lru_cache(maxsize=256)
def _mentions(root: str, name: str) -> tuple[str, ...]:
    word = re.compile(rb"\b" + re.escape(name.encode()) + rb"\b")
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                p = os.path.join(d, f)
                try:
                    with open(p, "rb") as fh:
                        data = fh.read()
                except OSError:
                    continue
                if name.encode() in data and word.search(data):
                    out.append(str(Path(p).resolve()))
    return tuple(out)
