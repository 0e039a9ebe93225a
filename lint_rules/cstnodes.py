"""libcst nodes, read only, below the analysis: small node helpers (dotted names, string values,
positional arguments) and a read-only traversal of a module six times faster than
``CSTNode.visit``. Shared by the analysis (lint_rules/analysis.py), the audit mode, the rules
and the fixes."""

from __future__ import annotations

from typing import Optional

import libcst as cst


def dotted_name(node: cst.BaseExpression) -> Optional[str]:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        inner = dotted_name(node.value)
        return f"{inner}.{node.attr.value}" if inner else None
    return None


def string_value(node: cst.BaseExpression) -> Optional[str]:
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        try:
            value = node.evaluated_value
        except Exception:  # pragma: no cover - odd literals
            return None
        return value if isinstance(value, str) else None
    return None


def positional_args(call: cst.Call) -> list[cst.BaseExpression]:
    out = []
    for arg in call.args:
        if arg.keyword is not None or arg.star:
            break
        out.append(arg.value)
    return out


def call_func_name(call: cst.Call) -> Optional[str]:
    return call.func.value if isinstance(call.func, cst.Name) else None


# --------------------------------------------------------------------------------------------
# A read-only traversal six times faster than ``CSTNode.visit``: libcst's visitor rebuilds every
# node it passes (``_visit_and_replace_children``); we only need to read. Whitespace, comments and
# punctuation are skipped. Decorators (and a class's bases) are walked before their function or
# class is entered, since they are evaluated in the enclosing scope.

_SKIP_FIELDS = (
    "whitespace",
    "lpar",
    "rpar",
    "comma",
    "leading_lines",
    "lines_after",
    "header",
    "footer",
    "newline",
    "semicolon",
    "trailing",
    "dot",
    "colon",
    "equal",
    "lbrace",
    "rbrace",
    "lbracket",
    "rbracket",
    "asynchronous",
)
_OUTER_FIELDS = {
    cst.FunctionDef: ("decorators",),
    cst.ClassDef: ("decorators", "bases", "keywords"),
}
_FIELDS: dict = {}


def _fields(kind: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(outer, inner) child field names of a node type, in declaration order."""
    cached = _FIELDS.get(kind)
    if cached is None:
        import dataclasses

        names = [f.name for f in dataclasses.fields(kind) if not f.name.startswith(_SKIP_FIELDS)]
        outer = _OUTER_FIELDS.get(kind, ())
        cached = _FIELDS[kind] = (
            tuple(n for n in names if n in outer),
            tuple(n for n in names if n not in outer),
        )
    return cached


def _children(node: cst.CSTNode, names: tuple[str, ...]) -> list[cst.CSTNode]:
    out = []
    for name in names:
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            out.append(value)
        elif type(value) in (list, tuple):
            out.extend(v for v in value if isinstance(v, cst.CSTNode))
    return out


def walk(root: cst.CSTNode, enter, leave) -> None:
    """Pre-order traversal calling ``enter(node)`` and, after its children, ``leave(node)``."""
    stack: list = [(root, 0)]
    while stack:
        node, phase = stack.pop()
        if phase == 1:
            leave(node)
            continue
        outer, inner = _fields(type(node))
        if phase == 0 and outer:
            stack.append((node, 2))
            stack.extend((child, 0) for child in reversed(_children(node, outer)))
            continue
        enter(node)
        stack.append((node, 1))
        stack.extend((child, 0) for child in reversed(_children(node, inner)))


def iter_nodes(root: cst.CSTNode):
    """All nodes under ``root`` (included), pre-order, whitespace and punctuation skipped."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        outer, inner = _fields(type(node))
        stack.extend(reversed(_children(node, outer + inner)))
