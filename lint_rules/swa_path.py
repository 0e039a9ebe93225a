"""Which branch tests lead to the SWA path, and which flags, locals and helpers feed them.

A decision on the allocator's class is an SWA-mode decision when what it decides is the SWA
path, however it is named: the branch it tests leads to code that translates locations to the
SWA pool (a translate member, ``translate_loc_from_full_to_swa`` / ``full_to_swa_index_mapping``)
or names ``swa`` (an identifier or keyword argument, any case), or it is stored in a flag (an
attribute, or a local of the same function) or returned by a helper that such a test reads. A
branch that ends in ``return``/``break``/``continue`` also decides the rest of its block. A
statement that only counts, fills a record nothing reads or logs decides nothing
(``only_bookkeeping``).

Built once per module on the stdlib ``ast`` of the full text (KVG001 may see a reduced module);
a place is asked by its kind and line (``("if", 12)``: the ``if``/``while``/``elif`` statement;
``"ifexp"``: the line of a conditional expression's test; ``"store"``: an assignment;
``"return"``), which needs no column arithmetic.
"""

from __future__ import annotations

import ast
from typing import Optional

from .names import SWA_TRANSLATE_MEMBERS

# a branch leaving its block this way leaves the rest of the block to the other case (``raise``
# does not: an error exit decides no path)
_EXITS = (ast.Return, ast.Break, ast.Continue)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _is_swa_word(name: Optional[str]) -> bool:
    return bool(name) and (name in SWA_TRANSLATE_MEMBERS or "swa" in name.lower())


def swa_step(node: ast.AST) -> bool:
    """Does ``node`` (a statement or expression) name the SWA path anywhere inside?"""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute):
            name = n.attr
        elif isinstance(n, ast.Name):
            name = n.id
        elif isinstance(n, ast.keyword):
            name = n.arg
        elif isinstance(n, _FUNCS[:2]):
            name = n.name
        else:
            continue
        if _is_swa_word(name):
            return True
    return False


def _ends_in_exit(body: list) -> bool:
    return bool(body) and isinstance(body[-1], _EXITS)


class SwaPaths:
    """The module's tests that lead to the SWA path and what feeds them (see the module doc)."""

    def __init__(self, tree: ast.Module) -> None:
        self.places: set = set()  # (kind, line) of what decides the SWA path (module doc)
        self.flags: set = set()  # attribute names such a test (or a flag feeding one) reads
        self.locals: set = set()  # (function node id, name) likewise
        self.helpers: set = set()  # function names called there (their returns decide)
        self.read = _loaded_names(tree)  # names (attributes, locals) some code reads
        self.bookkeeping: set = set()  # (kind, line) of statements that only count or log
        reads: list = []  # (function id, test expression) of the tests found
        self._blocks(tree.body, None, reads)
        for fn, test in reads:
            self._read(fn, test)
        self._feed(tree)

    # -- the tests and the regions they decide

    def _blocks(self, body: list, fn, reads: list) -> None:
        for i, stmt in enumerate(body):
            if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and self._unread(stmt):
                self.bookkeeping.add(("store", stmt.lineno))
            branch = isinstance(stmt, (ast.If, ast.While))
            region = (
                [s for s in (*stmt.body, *stmt.orelse) if not isinstance(s, ast.Pass)]
                if branch
                else []
            )
            if region and all(  # (a branch that does nothing yet is a decision still)
                (isinstance(s, ast.Expr) and _is_log_call(s.value))
                or (isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and self._unread(s))
                for s in region
            ):
                self.bookkeeping.add(("if", stmt.lineno))
            if isinstance(stmt, (ast.If, ast.While)):
                region = [*stmt.body, *stmt.orelse]
                if _ends_in_exit(stmt.body) or _ends_in_exit(stmt.orelse):
                    region += body[i + 1 :]
                if any(swa_step(s) for s in region):
                    self.places.add(("if", stmt.lineno))
                    reads.append((fn, stmt.test))
            # the statement's own expressions (its nested blocks are walked below)
            own = [c for c in ast.iter_child_nodes(stmt) if isinstance(c, ast.expr)]
            for expr in (n for c in own for n in ast.walk(c)):
                if isinstance(expr, ast.IfExp) and (swa_step(expr.body) or swa_step(expr.orelse)):
                    self.places.add(("ifexp", expr.test.lineno))
                    reads.append((fn, expr.test))
            inner = id(stmt) if isinstance(stmt, _FUNCS[:2]) else fn
            for field in ("body", "orelse", "finalbody"):
                block = getattr(stmt, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    self._blocks(block, inner, reads)
            for handler in getattr(stmt, "handlers", ()):
                self._blocks(handler.body, inner, reads)
            for case in getattr(stmt, "cases", ()):
                self._blocks(case.body, inner, reads)

    def _read(self, fn, expr: ast.AST) -> bool:
        """Record what ``expr`` reads as feeding the SWA path; True if it adds something."""
        before = len(self.flags) + len(self.locals) + len(self.helpers)
        for n in ast.walk(expr):
            if isinstance(n, ast.Attribute):
                self.flags.add(n.attr)
            elif isinstance(n, ast.Name):
                self.locals.add((fn, n.id))
            if isinstance(n, ast.Call):
                func = n.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                if name:
                    self.helpers.add(name)
        return len(self.flags) + len(self.locals) + len(self.helpers) != before

    # -- flags stored from other flags, locals and helper results

    def _feed(self, tree: ast.Module) -> None:
        stores: list = []  # (function id, statement, targets, value)
        self._stores(tree.body, None, stores)
        returns: list = []  # (function name, function id, return statement)
        for node in ast.walk(tree):
            if isinstance(node, _FUNCS[:2]):
                for n in ast.walk(node):
                    if isinstance(n, ast.Return) and n.value is not None:
                        returns.append((node.name, id(node), n))
        changed = True
        while changed:
            changed = False
            for fn, stmt, targets, value in stores:
                if any(self._feeds(fn, t) for t in targets):
                    self.places.add(("store", stmt.lineno))
                    changed |= self._read(fn, value)
            for name, fn, ret in returns:
                if name in self.helpers:
                    self.places.add(("return", ret.lineno))
                    changed |= self._read(fn, ret.value)

    def _stores(self, body: list, fn, out: list) -> None:
        for stmt in body:
            if isinstance(stmt, ast.Assign):
                out.append((fn, stmt, stmt.targets, stmt.value))
            elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) and stmt.value is not None:
                out.append((fn, stmt, [stmt.target], stmt.value))
            inner = id(stmt) if isinstance(stmt, _FUNCS[:2]) else fn
            for child in ast.iter_child_nodes(stmt):
                if isinstance(child, ast.stmt):
                    self._stores([child], inner, out)
                elif isinstance(child, ast.excepthandler) or type(child).__name__ == "match_case":
                    self._stores(child.body, inner, out)

    def _feeds(self, fn, target: ast.AST) -> bool:
        if isinstance(target, ast.Attribute):
            return target.attr in self.flags
        if isinstance(target, ast.Name):
            return (fn, target.id) in self.locals
        if isinstance(target, (ast.Tuple, ast.List)):
            return any(self._feeds(fn, t) for t in target.elts)
        return False

    def _unread(self, stmt) -> bool:
        """A counter (``x += 1``), an entry of a record (``self.stats[k] = v``) or a record
        built around the value (``self.stats = {...}``) that nothing in the module reads. A
        plain flag is never this: code elsewhere may read it."""
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        record = isinstance(stmt, ast.AugAssign) or isinstance(
            getattr(stmt, "value", None), (ast.Dict, ast.List, ast.Tuple, ast.Set)
        )
        for t in targets:
            name = _stored_name(t)
            if name is None or name in self.read:
                return False
            if not (record or isinstance(t, ast.Subscript)):
                return False
        return True

    # -- what the rule asks

    def only_bookkeeping(self, kind: str, line: int) -> bool:
        """Does the ``kind`` place at ``line`` only count, fill a record nothing reads (metrics)
        or log? Then it decides nothing."""
        return (kind, line) in self.bookkeeping

    def decides(self, kind: str, line: int) -> bool:
        """Does the ``kind`` place at ``line`` decide the SWA path (module doc)?"""
        return (kind, line) in self.places


_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical"})


def _is_log_call(node: ast.AST) -> bool:
    """``print(...)``, ``warnings.warn(...)`` or ``<...log...>.<level>(...)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id == "print"
    if isinstance(func, ast.Attribute) and func.attr in (*_LOG_METHODS, "log"):
        receiver = func.value
        name = receiver.attr if isinstance(receiver, ast.Attribute) else getattr(receiver, "id", "")
        return "log" in name.lower() or name == "warnings"
    return False


def _stored_name(target: ast.AST) -> Optional[str]:
    """The name a store target writes: ``self.x`` / ``x`` / ``self.x[k]`` -> ``x``."""
    while isinstance(target, ast.Subscript):
        target = target.value
    if isinstance(target, ast.Attribute):
        return target.attr
    if isinstance(target, ast.Name):
        return target.id
    return None


def _loaded_names(tree: ast.Module) -> set:
    """Every attribute and name the module reads, except the base of a subscript store
    (``self.stats[k] = v`` writes ``stats``) and what only a log call reads."""
    skip: set = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
            base = n.value
            while isinstance(base, ast.Subscript):
                base = base.value
            skip.add(id(base))
        elif _is_log_call(n):
            skip.update(id(x) for x in ast.walk(n))
    out: set = set()
    for n in ast.walk(tree):
        if id(n) in skip:
            continue
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load):
            out.add(n.attr)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.add(n.id)
    return out
