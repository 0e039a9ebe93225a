"""Walks of the stdlib ``ast`` computed once per node: ``walked(node)`` (what ``ast.walk``
gives, in its order), ``of_type(node, kind)`` (those of one type) and ``per_node`` (a pure
function of one node, remembered).

The scenarios and the SWA paths ask the same functions and the same module the same
questions many times over, each by walking; a walk is computed once and then read. Entries
are kept while the node lives (weak keys), so they go with the tree. Sound as long as no
caller edits a node in place after walking it: the analyses copy a node before changing it.
"""

from __future__ import annotations

import ast
import functools
import weakref
from typing import Callable

_WALKS: "weakref.WeakKeyDictionary[ast.AST, tuple]" = weakref.WeakKeyDictionary()
_TYPED: "weakref.WeakKeyDictionary[ast.AST, dict]" = weakref.WeakKeyDictionary()


def breadth_first(node: ast.AST, fields: Callable[[type], tuple]) -> list:
    """The nodes below ``node`` (itself first) in ``ast.walk``'s order, descending only into
    the fields ``fields(type(n))`` names: a list, built without generators."""
    out = [node]
    append = out.append
    AST = ast.AST
    i = 0
    while i < len(out):
        n = out[i]
        i += 1
        for name in fields(type(n)):
            value = getattr(n, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, AST):
                        append(item)
            elif isinstance(value, AST):
                append(value)
    return out


def _all_fields(kind: type) -> tuple:
    return kind._fields


def walked(node: ast.AST) -> tuple:
    """``tuple(ast.walk(node))``, once per node."""
    got = _WALKS.get(node)
    if got is None:
        got = _WALKS[node] = tuple(breadth_first(node, _all_fields))
    return got


def of_type(node: ast.AST, kind: type) -> tuple:
    """The nodes of ``walked(node)`` that are instances of ``kind``, in its order, once."""
    table = _TYPED.get(node)
    if table is None:
        table = _TYPED[node] = {}
    got = table.get(kind)
    if got is None:
        got = table[kind] = tuple(n for n in walked(node) if isinstance(n, kind))
    return got


def per_node(fn: Callable) -> Callable:
    """``fn(node)``, a pure function of one ``ast`` node, computed once per node."""
    memo: "weakref.WeakKeyDictionary[ast.AST, object]" = weakref.WeakKeyDictionary()

    @functools.wraps(fn)
    def once(node):
        try:
            return memo[node]
        except KeyError:
            got = memo[node] = fn(node)
            return got

    return once
