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
import functools
from typing import NamedTuple, Optional, Sequence

from .astwalk import walked
from .classes import (
    ModuleClasses,
    is_property,
    is_record,
    lookup_order,
    positional_fields,
    record_fields,
)
from .names import (
    CONTAINER_FILLS,
    SWA_TRANSLATE_MEMBERS,
    allocator_count_methods,
    allocator_effect_methods,
    allocator_text_methods,
    backend_attributes_read,
    kv_pool_scalar_members,
    number_member,
)
from .sinks import fold, string_values

# a branch leaving its block this way leaves the rest of the block to the other case (``raise``
# does not: an error exit decides no path)
_EXITS = (ast.Return, ast.Break, ast.Continue)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _is_swa_word(name: Optional[str]) -> bool:
    return bool(name) and (name in SWA_TRANSLATE_MEMBERS or "swa" in name.lower())


def swa_step(node: ast.AST) -> bool:
    """Does ``node`` (a statement or expression) name the SWA path anywhere inside?"""
    return any(_names_swa(n) for n in walked(node))


def _names_swa(n: ast.AST) -> bool:
    """Is ``n`` itself (not what it holds) an attribute, name, keyword or function whose name
    says SWA?"""
    if isinstance(n, ast.Attribute):
        name = n.attr
    elif isinstance(n, ast.Name):
        name = n.id
    elif isinstance(n, ast.keyword):
        name = n.arg
    elif isinstance(n, _FUNCS[:2]):
        name = n.name
    else:
        return False
    return _is_swa_word(name)


def display_only(fn, own: set) -> bool:
    """Is ``fn`` a ``__repr__``/``__str__``/``__format__`` that only computes its text: no
    store to an attribute, item or global, no call of the module's own code (``own``: the
    names of its functions and classes)? What it says decides nothing."""
    if not isinstance(fn, _FUNCS[:2]) or fn.name not in _DISPLAY:
        return False
    for n in walked(fn):
        if isinstance(n, (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(n, (ast.Attribute, ast.Subscript)) and not isinstance(n.ctx, ast.Load):
            return False
        if isinstance(n, ast.Call) and (_last(n.func) in own or _grown(n) is not None):
            return False
    return True


def _ends_in_exit(body: list) -> bool:
    return bool(body) and isinstance(body[-1], _EXITS)


def may_be_read_elsewhere(name: str) -> bool:
    """A backend's attribute another module may read: one sglang's code reads of a backend
    (the API model: ``use_sliding_window_kv_pool``). A flag named for the SWA mode that
    nothing reads is no decision: no module can pick a pool by it (the held-out modules,
    labelled by execution, showed such flags kept for metrics)."""
    return name in backend_attributes_read()


def cut_short(fn, expr) -> bool:
    """Is ``expr`` (of ``fn``) in code cut short, an example or code still being written: the
    test of an ``if``/``while`` whose branches only ``pass``, or the value of an assignment to
    locals ``fn`` never reads? What it decides is a decision still (nothing shows otherwise)."""
    for n in walked(fn):
        if isinstance(n, (ast.If, ast.While)) and any(x is expr for x in walked(n.test)):
            return all(
                isinstance(b, ast.Pass)
                or (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))
                for b in (*n.body, *n.orelse)
            )
        if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
            if not any(x is expr for x in walked(n.value)):
                continue
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if len(names) != len(targets):
                return False
            return not any(
                isinstance(x, ast.Name) and x.id in names and isinstance(x.ctx, ast.Load)
                for x in walked(fn)
            )
    return False


class SwaPaths:
    """The module's tests that lead to the SWA path and what feeds them (see the module doc).
    ``values``: the module's ``sinks.string_values``, when the caller has them."""

    def __init__(
        self, tree: ast.Module, values: Optional[dict] = None, held_calls: Sequence = ()
    ) -> None:
        self.places: set = set()  # (kind, line) of what decides the SWA path (module doc)
        self.flags: set = set()  # attribute names such a test (or a flag feeding one) reads
        self.locals: set = set()  # (function node id, name) likewise
        self.helpers: set = set()  # function names called there (their returns decide)
        # names (attributes, locals) some code reads, and those read only to log (in a log
        # call, or in the test of a branch that only logs)
        nodes = self._nodes = list(walked(tree))  # every helper below reads this one walk
        self.read, strings, self.logged = _loaded_names(nodes)
        self.attr_read = self.read | strings
        self.named = self.attr_read  # every name the code reads (what may run is named here)
        # attributes read by computed names (a name whose strings the module spells out
        # reads those: ``for name in GAUGES: getattr(alloc, name)``)
        values = values if values is not None else string_values(tree)
        self._dynamic_sure, named, self._snapshots = _reads_dynamically(nodes, values)
        # (while the tests are gathered a snapshot counts as a computed read of anyone's:
        # ``dynamic`` follows them once the module is known)
        self._dynamic: Optional[set] = self._dynamic_sure | ({"*"} if self._snapshots else set())
        self.attr_read |= named
        self.records = _records(tree)  # module dataclasses / NamedTuples -> their fields
        self.record_spans = [
            (n.lineno, n.end_lineno or n.lineno)
            for n in tree.body
            if isinstance(n, ast.ClassDef) and n.name in self.records
        ]
        self.tree = tree
        # the calls of functions held in data that hand them the allocator (the flow model's
        # ``held_calls``): where a lambda put in a table or a record is called
        self.held_calls = tuple(held_calls)
        self._parents = None  # child id -> parent, for the value flow, once
        self._number_attrs: Optional["_Numbers"] = None  # (``_numbers``) once
        self._code: Optional[frozenset] = None  # (``_swa_code``) once
        self._calls_swa: Optional[frozenset] = None  # (``_swa_calls``) once
        self._registrars: Optional[dict] = None  # (``_registered_into``) once
        self._bindings: dict = {}  # (``_bound_to``) per name read
        self._owners = None  # node id -> the innermost function holding it, once
        self._classes = None  # (classes, uses, super-called names) for never_runs, once
        # the line spans of classes whose only method is ``__init__``: state for others to read
        self.state_only = [
            (n.lineno, n.end_lineno or n.lineno)
            for n in nodes
            if isinstance(n, ast.ClassDef)
            and [f.name for f in n.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
            == ["__init__"]
        ]
        self.bookkeeping: set = set()  # (kind, line) of statements that only count or log
        reads: list = []  # (function id, test expression) of the tests found
        self._blocks(tree.body, None, reads)
        # what only such a branch's test reads is read for nothing either (a flag that only
        # decides whether to keep a note): read again without those tests, once
        quiet = {
            id(n) for n in nodes if isinstance(n, ast.If) and ("if", n.lineno) in self.bookkeeping
        }
        if quiet:
            read, strings, logged = _loaded_names(nodes, quiet)
            if read != self.read:
                self.logged |= logged | (self.read - read)
                self.read, self.attr_read = read, read | strings
                self.bookkeeping, reads = set(), []
                self._blocks(tree.body, None, reads)
        for fn, test in reads:
            self._read(fn, test)
        self._feed(tree, nodes)
        self._dynamic = None

    @property
    def dynamic(self) -> set:
        """Whose attributes are read by computed names (:func:`_reads_dynamically`). A
        snapshot (``asdict(x)``) counts only where the copy it gives may decide something;
        each is followed assuming the others decide nothing (they are checked in turn)."""
        if self._dynamic is None:
            self._dynamic = set(self._dynamic_sure)
            for call in self._snapshots:
                if not self._flows_nowhere(self._function_of(call), call, _Walk(False), 0):
                    self._dynamic = self._dynamic_sure | {"*"}
                    break
        return self._dynamic

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
                (isinstance(s, ast.Expr) and is_log_call(s.value))
                or (isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and self._unread(s))
                for s in region
            ):
                self.bookkeeping.add(("if", stmt.lineno))
            if isinstance(stmt, (ast.If, ast.While)):
                region = [*stmt.body, *stmt.orelse]
                if _ends_in_exit(stmt.body) or _ends_in_exit(stmt.orelse):
                    region += body[i + 1 :]
                if ("if", stmt.lineno) not in self.bookkeeping and any(
                    self._swa_step(s) for s in region
                ):  # (a branch that only logs or keeps notes decides no path)
                    self.places.add(("if", stmt.lineno))
                    reads.append((fn, stmt.test))
            if isinstance(stmt, ast.Match):  # (its subject and guards pick the case that runs)
                region = [s for c in stmt.cases for s in c.body]
                if any(_ends_in_exit(c.body) for c in stmt.cases):
                    region += body[i + 1 :]
                if any(self._swa_step(s) for s in region):
                    self.places.add(("match", stmt.lineno))
                    reads.append((fn, stmt.subject))
                    reads += [(fn, c.guard) for c in stmt.cases if c.guard is not None]
            # the statement's own expressions (its nested blocks are walked below)
            own = [c for c in ast.iter_child_nodes(stmt) if isinstance(c, ast.expr)]
            for expr in (n for c in own for n in walked(c)):
                if isinstance(expr, ast.IfExp) and (
                    self._swa_step(expr.body) or self._swa_step(expr.orelse)
                ):
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

    def _swa_step(self, node: ast.AST) -> bool:
        """:func:`swa_step`, or a call of the module's code that takes the SWA path
        (:meth:`_swa_calls`: ``self._translate(loc)`` whose body translates)."""
        code = self._swa_calls()
        return any(
            _names_swa(n) or (isinstance(n, ast.Call) and _last(n.func) in code)
            for n in walked(node)
        )

    def _swa_calls(self) -> frozenset:
        """The names of the module's functions whose body takes the SWA path
        (:meth:`_swa_code`), or calls one that does (a least fixpoint over what each calls),
        once."""
        if self._calls_swa is None:
            code = set(self._swa_code())
            calls = {
                d.name: {
                    _last(n.func) for st in d.body for n in walked(st) if isinstance(n, ast.Call)
                }
                for d in self._nodes
                if isinstance(d, _FUNCS[:2])
            }
            grew = True
            while grew:
                found = {name for name, called in calls.items() if called & code} - code
                code |= found
                grew = bool(found)
            self._calls_swa = frozenset(code & set(calls))
        return self._calls_swa

    def _read(self, fn, expr: ast.AST, stored: bool = False) -> bool:
        """Record what ``expr`` reads as feeding the SWA path; True if it adds something.
        ``stored``: ``expr`` is a value kept (not a test): the arguments of a shape
        (``torch.zeros(n)``) only size what it gives, and feed nothing."""
        before = len(self.flags) + len(self.locals) + len(self.helpers)
        for n in _walk_unshaped(expr) if stored else walked(expr):
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

    def _feed(self, tree: ast.Module, nodes: list) -> None:
        stores: list = []  # (function id, statement, targets, value)
        self._stores(tree.body, None, stores)
        returns: list = []  # (function name, function id, return statement)
        for node in nodes:
            if isinstance(node, _FUNCS[:2]):
                for n in walked(node):
                    if isinstance(n, ast.Return) and n.value is not None:
                        returns.append((node.name, id(node), n))
        changed = True
        while changed:
            changed = False
            for fn, stmt, targets, value in stores:
                if any(self._feeds(fn, t) for t in targets):
                    self.places.add(("store", stmt.lineno))
                    changed |= self._read(fn, value, stored=True)
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
        """A counter (``x += 1``), an entry of a record (``self.stats[k] = v``), a record
        built around the value (``self.stats = {...}``), or a flag on ``self`` (not named for
        the SWA mode unless in a record, in a class with methods besides ``__init__``: one with
        none keeps state for others), that nothing in the module reads (by name, or by a computed name: see
        :func:`_reads_dynamically`). A flag on another object or a module global may be read
        elsewhere; a local never read is code cut short (an example), still a decision."""
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        record = isinstance(stmt, ast.AugAssign) or isinstance(
            getattr(stmt, "value", None), (ast.Dict, ast.List, ast.Tuple, ast.Set)
        )
        for t in targets:
            name = _stored_name(t)
            if name is None or name in (self.read if isinstance(t, ast.Name) else self.attr_read):
                return False
            if record or isinstance(t, ast.Subscript):
                continue
            if name in self.logged:
                continue  # a local or a flag kept only to be logged
            # a flag another module may read (sglang's dllm attention reads
            # ``backend.use_sliding_window_kv_pool``): a backend's, not one of a record of the
            # module (a dataclass or ``NamedTuple``)
            in_record = any(a <= stmt.lineno <= b for a, b in self.record_spans)
            on_self = (
                isinstance(t, ast.Attribute)
                and _name(t.value) == "self"
                and (in_record or not may_be_read_elsewhere(name))
                and not any(a <= stmt.lineno <= b for a, b in self.state_only)
            )
            computed = self.dynamic & {"*", "self"}
            if not on_self or computed:
                return False
        return True

    # -- what the rule asks

    def never_runs(self, cls: str, method: str) -> bool:
        """Is method ``method`` of the module's private class ``cls`` (``_Base``: nothing
        outside the module builds or subclasses it; or a backend base sglang cannot build as it
        stands, ``incomplete_backend``) dead code: the module never builds ``cls``
        (it is only a base), every class of the module deriving from it overrides ``method``
        before reaching it, and nothing calls it past an override (``super().method``,
        ``_Base.method``)?"""
        classes, supers = self._module_classes()
        if classes.ambiguous or not (classes.only_derived(cls) or classes.incomplete_backend(cls)):
            return False  # (a class defined twice or nested: cannot tell)
        if method in supers or method not in _methods(classes.defs[cls]):
            return False
        derived = False  # (a class nothing derives from may be built elsewhere all the same)
        for name in classes.defs:
            chain = lookup_order(name, classes.bases)
            if name != cls and cls in chain:
                derived = True
                owner = next((c for c in chain if method in _methods(classes.defs[c])), None)
                if owner == cls:
                    return False
        return derived

    def _parent(self, node):
        """The node ``node`` is a child of (the module's parent map, built once)."""
        if self._parents is None:
            self._parents = {id(c): p for p in self._nodes for c in ast.iter_child_nodes(p)}
        return self._parents.get(id(node))

    def feeds_nothing(self, fn, name: str) -> bool:
        """Is the local ``name`` of function ``fn`` read, and only where nothing is decided by
        it: no SWA test reads it (nor a flag or local feeding one), and each read is in a
        value stored in a local or an attribute, or in a call of something the module does not
        define (``torch.empty(max(n, swa_n))``, ``stats.append(swa_free)``)? A size or a
        metric, not an SWA decision."""
        if (id(fn), name) in self.locals:
            return False
        own = self._own_names()
        reads = 0
        for n in walked(fn):
            if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
                continue
            reads += 1
            child, up = n, self._parent(n)
            if isinstance(up, ast.Call) and up.func is n and self._holds_own_code(fn, name, own):
                return False  # the module's code it picked is run (a strategy class built)
            while up is not None and not isinstance(up, ast.stmt):
                if isinstance(up, ast.Call) and _last(up.func) in own:
                    return False  # handed to the module's own code: it may decide there
                if isinstance(up, (ast.Lambda, ast.Yield, ast.YieldFrom, ast.Await)):
                    return False
                if _condition(up, child):
                    return False  # a condition: it decides what follows
                child, up = up, self._parent(up)
            if isinstance(up, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = up.targets if isinstance(up, ast.Assign) else [up.target]
                if not all(isinstance(t, (ast.Name, ast.Attribute)) for t in targets):
                    return False
                if up.value is not None and self._names_own_code(fn, up.value, own):
                    return False  # it picks among the module's code (``getter(mode)(steps)``)
                if any(
                    isinstance(t, ast.Attribute)
                    and (
                        t.attr in self.flags
                        or may_be_read_elsewhere(t.attr)
                        or any(a <= up.lineno <= b for a, b in self.state_only)
                    )
                    for t in targets
                ):
                    return False  # an SWA flag (or one another module may read, or state
                    # kept for others: a class whose only method is ``__init__``)
            elif not isinstance(up, ast.Expr):
                return False  # a test, a return, a loop, a ``with``: it may decide
        return reads > 0

    def _holds_own_code(self, fn, name: str, own: set) -> bool:
        """May the local ``name`` of ``fn`` hold a class or function of the module itself (a
        store of a value naming one, not calling it: ``cls = _Sliding if t else _Full``,
        ``steps = (self._full, self._window)``)?"""
        for st in walked(fn):
            if not isinstance(st, (ast.Assign, ast.AnnAssign)) or st.value is None:
                continue
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
                continue
            if self._names_own_code(fn, st.value, own, locals_too=False):
                return True
        return False

    def _names_own_code(self, fn, value, own: set, locals_too: bool = True) -> bool:
        """Does ``value`` (an expression of ``fn``) name a class or function of the module
        without calling it (a bound method ``self._window`` included), or, with
        ``locals_too``, read a local of ``fn`` that may hold one?"""
        called = {id(c.func) for c in walked(value) if isinstance(c, ast.Call)}
        for x in walked(value):
            if id(x) in called or not isinstance(x, (ast.Name, ast.Attribute)):
                continue
            if (x.id if isinstance(x, ast.Name) else x.attr) in own:
                return True
            if locals_too and isinstance(x, ast.Name) and self._holds_own_code(fn, x.id, own):
                return True
        return False

    def decides_nothing(self, fn, node, strict: bool = False) -> bool:
        """Does the value of ``node`` (an expression of function ``fn``: a class test, a probe)
        decide nothing anywhere it flows: through arithmetic, comparisons and text into stores
        read only the same way, into a branch that only keeps such values (or logs), into a
        shape (``alloc(n)``), a log line or ``__repr__`` text, or into a ``return`` whose every
        caller in the module does the same? A class test kept only to round a size or to print
        is no SWA decision. A value that reaches a branch, a lookup key, a call of the module's
        own code, or code outside the module (a public function's return) may decide.
        ``strict``: a value handed to any call but a log line or a shape may be used there (a
        mapping handed to a kernel translates)."""
        if self._display_only(fn):
            return True  # whatever it picks ends in the text ``__repr__`` gives
        if isinstance(node, ast.Try):  # a probe by raising: what its body and handlers do
            return bool(node.handlers) and self._keeps_only(fn, node, _Walk(strict))
        if isinstance(node, (ast.pattern, ast.Match)):  # a case's pattern: what the cases do
            up = node
            while up is not None and not isinstance(up, ast.Match):
                up = self._parent(up)
            return up is not None and self._keeps_only(fn, up, _Walk(strict))
        child, up = node, self._parent(node)
        asks_class = isinstance(node, ast.Call) and _name(node.func) in ("isinstance", "issubclass")
        while up is not None and not isinstance(up, _FUNCS) and not asks_class:
            if (
                isinstance(up, (ast.Try, getattr(ast, "TryStar", ast.Try)))
                and up.handlers
                and child in up.body
            ) or (isinstance(up, ast.With) and any("suppress" in ast.dump(i) for i in up.items)):
                return False  # a probe by raising (``try: alloc.<member>``): its value aside
            child, up = up, self._parent(up)
        seen = _Walk(strict)
        seen.number = 1 if _numeric(node) else 0
        return self._flows_nowhere(fn, node, seen, 0)

    def _display_only(self, fn) -> bool:
        return display_only(fn, self._own_names())

    def _keeps_only(self, fn, stmt, seen: "_Walk", depth: int = 0) -> bool:
        """Do the branches of ``stmt`` (an ``if``; a ``match``: its cases; a ``try``: its body
        and handlers) only keep values that flow nowhere, or log?"""
        if isinstance(stmt, ast.Match):
            blocks = [c.body for c in stmt.cases]
        elif isinstance(stmt, ast.Try):  # (a probe by raising: the body and the handlers)
            blocks = [stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody]
        else:
            blocks = [stmt.body, stmt.orelse]
        stmts = [s for b in blocks for s in b]
        leaves = [
            n for s in stmts for n in _walk_here(s) if isinstance(n, (ast.Return, *_LOOP_EXITS))
        ]
        if leaves:
            # an exit (``if probe is None: return``) decides whether the rest runs: kept only
            # for a ``return`` in a test directly in the function body (the rest of it)
            if any(isinstance(n, _LOOP_EXITS) for n in leaves) or self._parent(stmt) is not fn:
                return False
            stmts += self._rest_of_block(stmt)
        region = [
            s
            for s in stmts
            if not isinstance(s, ast.Pass)
            and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        ]
        if not region:
            return False  # a branch that does nothing yet: cut short, a decision still
        tested = _tested_names(stmt.test) if isinstance(stmt, ast.If) else frozenset()
        return self._region_keeps(fn, region, seen, depth, tested)

    def _region_keeps(
        self, fn, region: list, seen: "_Walk", depth: int, tested: frozenset = frozenset()
    ) -> bool:
        """Do the statements ``region`` of ``fn`` only keep values that flow nowhere, log, or
        call module code that does the same? ``tested``: the names the test leading here
        asked of (``isinstance(alloc, ...)``): their SWA counts exist on this path."""
        for s in region:
            if isinstance(s, (ast.Raise, ast.Assert)):
                continue  # (an error exit, or a sanity check, decides no path)
            if isinstance(s, ast.Expr) and (
                is_log_call(s.value)
                or self._calls_followed(fn, s.value, seen)
                or self._bookkeeping_call(s.value)
            ):
                continue  # (a call of the value followed: what it gives is followed there;
                # an allocator effect: ``alloc.free(...)``)
            callee = self._own_def(s.value) if isinstance(s, ast.Expr) else None
            if callee is not None and self._body_keeps(callee, seen, depth + 1):
                continue  # (``self.stats.note(...)``: module code that only keeps)
            if (
                isinstance(s, ast.If)
                and not any(
                    isinstance(n, ast.Attribute)
                    and _names_swa(n)
                    and not (_numeric(n) and _name(n.value) in tested)  # (``alloc.size_swa
                    # > alloc.size_full`` after ``isinstance(alloc, ...)``: counts compared)
                    and not _identity_operand(self._parent(n), n)  # (``kv is not self.swa``)
                    and not self._followed(fn, n, seen)
                    for n in walked(s.test)
                )  # (a nested test reading an SWA member: it takes the SWA path)
                and self._keeps_only(fn, s, seen, depth)
            ):
                continue
            if isinstance(s, ast.Return) and (
                s.value is None
                or _is_none(s.value)
                or self._returns_nowhere(fn, seen, depth, _counts(s.value))
            ):
                continue  # (a value returned where it decides nothing)
            grown = _grown(s.value, _SHRINKS) if isinstance(s, ast.Expr) else None
            if grown is not None:
                # (what is put in is text or a number: so are the container's items)
                plain = all(
                    isinstance(a, (ast.JoinedStr, ast.Constant)) or _numeric(a, *self._numbers())
                    for a in s.value.args
                )
                text, seen.text = seen.text, seen.text or (plain and bool(s.value.args))
                try:
                    kept = self._target_nowhere(fn, grown, None, seen, depth)
                finally:
                    seen.text = text
                if kept:
                    continue  # (``notes.append(...)``, ``notes.pop(0)``: kept in a container)
            if not isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign)) or s.value is None:
                return False  # (``x += 1``: a counter, kept where it is read)
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            if not all(self._target_nowhere(fn, t, s.value, seen, depth) for t in targets):
                return False
        return True

    def _bookkeeping_call(self, call) -> bool:
        """Is ``call`` a call of a method the API model knows as an allocator effect
        (``x.free(i)``, ``x.free_group_begin()``), which the module does not define itself?"""
        return (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in allocator_effect_methods()
            and call.func.attr not in self._own_names()
        )

    def _written_into(self, node) -> bool:
        """Is ``node`` the container of an item store (``usage[k] = v``): written, not read?"""
        up = self._parent(node)
        return isinstance(up, ast.Subscript) and up.value is node and _stores(up)

    def _own_def(self, call):
        """The one undecorated module function or method ``call`` names, if ``call`` is a
        call of one (by its last name), with plain arguments."""
        if (
            not isinstance(call, ast.Call)
            or any(isinstance(a, ast.Starred) for a in call.args)
            or any(k.arg is None for k in call.keywords)
        ):
            return None
        name = _last(call.func)
        defs = [n for n in self._nodes if isinstance(n, _FUNCS[:2]) and n.name == name]
        if (
            len(defs) != 1
            or defs[0].decorator_list
            or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in _walk_here(defs[0]))
        ):
            return None
        return defs[0]

    def _into_own(self, fn, call, arg, seen: "_Walk", depth: int) -> bool:
        """Does ``arg``, handed to the module's own function or class (``call``), decide
        nothing there: the parameter it binds is read only where it decides nothing, and what
        a function called gives (if it returns a value) flows nowhere in ``fn``? A class's
        ``__init__`` keeps it in the instance's attributes, followed where they are read."""
        callee, offset, built = self._callee(call)
        if callee is None or seen.strict or depth > _DEPTH:
            return False
        a = callee.args
        if a.vararg or a.kwarg:
            return False  # (gathered: where it goes is not one name)
        params = [p.arg for p in (*a.posonlyargs, *a.args)]
        if isinstance(arg, ast.keyword):
            name = (
                arg.arg
                if arg.arg in params[offset:] or arg.arg in {p.arg for p in a.kwonlyargs}
                else None
            )
        elif arg in call.args and not any(
            isinstance(x, ast.Starred) for x in call.args[: call.args.index(arg) + 1]
        ):
            i = call.args.index(arg) + offset
            name = params[i] if i < len(params) else None
        else:
            name = None
        if name is None:
            return False
        if not self._target_nowhere(callee, ast.Name(id=name), None, seen, depth + 1):
            return False
        gives = any(
            isinstance(n, ast.Return) and n.value is not None and not _is_none(n.value)
            for n in _walk_here(callee)
        )
        return built or not gives or self._flows_nowhere(fn, call, seen, depth + 1)

    def _callee(self, call) -> tuple:
        """(the module's undecorated def ``call`` runs, how many leading parameters the call
        does not fill, it builds an instance): a module function called by name, a method
        called on an object, or a module class's ``__init__`` called by the class's name;
        (None, 0, False) where none is one."""
        if isinstance(call.func, ast.Name):
            classes = self._module_classes()[0].defs
            cls = classes.get(call.func.id)
            if cls is not None:
                inits = [n for n in cls.body if isinstance(n, _FUNCS[:2]) and n.name == "__init__"]
                if len(inits) == 1 and not inits[0].decorator_list:
                    return inits[0], 1, True
                return None, 0, False
        fn = self._own_def(call)
        if fn is None:
            return None, 0, False
        method = isinstance(self._parent(fn), ast.ClassDef)
        if method != isinstance(call.func, ast.Attribute):
            return None, 0, False  # (a method called by a bare name, a function by a dot)
        return fn, int(method), False

    def _pure(self, call, depth: int = 0) -> bool:
        """Is ``call`` a call of a module function that only computes its return value: no
        store but to its locals, no ``global``/``nonlocal``, no call but of builtins that
        compute a value or of such functions (``_pick_tile(n)``)?"""
        fn = self._own_def(call)
        if fn is None or depth > _DEPTH:
            return False
        for n in _walk_here(fn):
            if n is fn:
                continue
            if isinstance(n, (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await)):
                return False
            if isinstance(n, (ast.Attribute, ast.Subscript)) and _stores(n):
                return False
            if isinstance(n, ast.Call) and not (
                (isinstance(n.func, ast.Name) and n.func.id in _VALUE_CALLS | _PURE)
                or _math_call(n)
                or _count_query(n)
                or self._plain_record(n)
                or self._pure(n, depth + 1)
            ):
                return False
        return True

    def _plain_record(self, call) -> bool:
        """Is ``call`` a call of a module dataclass or ``NamedTuple`` that runs no code of its
        own (no ``__post_init__``/``__init__``): it only holds its arguments?"""
        name = _last(call.func) if isinstance(call.func, ast.Name) else None
        if name not in self.records:
            return False
        cls = [n for n in self.tree.body if isinstance(n, ast.ClassDef) and n.name == name]
        return len(cls) == 1 and not _methods(cls[0]) & {"__post_init__", "__init__", "__new__"}

    def _body_keeps(self, fn, seen: "_Walk", depth: int) -> bool:
        """Does the body of module function ``fn`` only keep values that flow nowhere (or
        log), a branch of it too (what it tests then picks nothing that matters)? What it
        returns is its callers' (followed where they read it)."""
        key = ("body", id(fn))
        if key in seen.keys:
            return True
        if depth > _DEPTH:
            return False
        seen.keys.add(key)
        region = [
            s
            for s in fn.body
            if not isinstance(s, ast.Pass)
            and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        ]
        if any(isinstance(s, (ast.Return, ast.For, ast.While)) for s in region):
            return False  # (straight-line keeping and branches of it only)
        return self._region_keeps(fn, region, seen, depth)

    def _numbers(self) -> "_Numbers":
        """What the module keeps only numbers in, once: the attribute names it stores only
        numbers in (:func:`_numeric`, one attribute deep) and the names of its functions whose
        every ``return`` gives a number (a least fixpoint: one may return another's call)."""
        if self._number_attrs is None:
            stores: dict = {}
            returns: dict = {}  # function name -> its returned values (None: not a number)
            for n in self._nodes:
                if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and n.value:
                    for t in n.targets if isinstance(n, ast.Assign) else [n.target]:
                        if isinstance(t, ast.Attribute):
                            stores.setdefault(t.attr, []).append(n.value)
                        elif not isinstance(t, ast.Name):
                            for x in walked(t):
                                if isinstance(x, ast.Attribute):
                                    stores.setdefault(x.attr, []).append(None)
                elif isinstance(n, _FUNCS[:2]):
                    got = returns.setdefault(n.name, [])
                    for x in _walk_here(n):
                        if isinstance(x, (ast.Yield, ast.YieldFrom)):
                            got.append(None)
                        elif isinstance(x, ast.Return):
                            got.append(x.value)
            plain = frozenset(a for a, vs in stores.items() if all(_numeric(v) for v in vs))
            calls: frozenset = frozenset()
            while True:
                more = frozenset(
                    f
                    for f, vs in returns.items()
                    if vs and all(v is not None and _numeric(v, plain, calls) for v in vs)
                )
                if more == calls:
                    break
                calls = more
            attrs = frozenset(
                a for a, vs in stores.items() if all(_numeric(v, plain, calls) for v in vs)
            )
            self._number_attrs = _Numbers(attrs, calls)
        return self._number_attrs

    def _rest_of_block(self, stmt) -> list:
        """The statements after ``stmt`` in the block holding it (none at module level)."""
        up = self._parent(stmt)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(up, field, None)
            if isinstance(block, list) and stmt in block and not isinstance(up, ast.Module):
                return block[block.index(stmt) + 1 :]
        return []

    def _calls_followed(self, fn, node, seen: "_Walk") -> bool:
        """Is ``node`` a call of the value being followed itself (a probed member called:
        ``swa_free()`` for the local ``swa_free``, ``self._hook(x)`` for the attribute
        ``_hook``)? It runs the allocator's member, not code the module picks."""
        return isinstance(node, ast.Call) and self._followed(fn, node.func, seen)

    def _followed(self, fn, node, seen: "_Walk") -> bool:
        """Is ``node`` a read of the value being followed (the local or ``self`` attribute
        whose reads are being followed)?"""
        if isinstance(node, ast.Name):
            return ("local", id(fn), node.id) in seen.keys
        return (
            isinstance(node, ast.Attribute)
            and _name(node.value) == "self"
            and ("attr", node.attr) in seen.keys
        )

    def _target_nowhere(
        self, fn, target, value, seen: "_Walk", depth: int, entry: Optional[str] = None
    ) -> bool:
        """Is what is stored in ``target`` read only where it decides nothing? With ``entry``,
        the value is that entry of a dict literal stored there: a read of another constant
        entry (``stats["pool"]``) does not read it."""
        if depth > _DEPTH:
            return False
        if isinstance(target, (ast.Tuple, ast.List)):  # unpacked: each name it binds
            return all(
                self._target_nowhere(
                    fn, e.value if isinstance(e, ast.Starred) else e, None, seen, depth
                )
                for e in target.elts
            )
        while isinstance(target, ast.Subscript):  # an entry of a container: the container's
            if not _plain_key(target.slice):
                return False
            key = target.slice.value if isinstance(target.slice, ast.Constant) else None
            if (
                entry is None
                and isinstance(key, str)
                and not isinstance(target.value, ast.Subscript)
            ):
                entry = key  # (``t["k"] = v``: a read of ``t["j"]`` reads something else)
            target = target.value
        if isinstance(target, ast.Name):
            if target.id == "_":
                return True  # (the name Python code discards a value into)
            key = ("local", id(fn), target.id) + ((entry,) if entry is not None else ())
            if key in seen.keys:
                return True
            seen.keys.add(key)
            scope = fn if fn is not None else self.tree
            loads = [
                n
                for n in walked(scope)
                if isinstance(n, ast.Name) and n.id == target.id and isinstance(n.ctx, ast.Load)
            ]
            reads = [n for n in loads if not self._written_into(n)]
            if fn is not None and loads and not reads:
                return True  # (only written into: a buffer filled, its items not this value)
            if fn is None or not reads or any(self._closes_over(fn, target.id, seen.strict)):
                return False  # a global, a local never read (code cut short: ``cut_short``),
                # or a local a nested function reads (a lambda's read is followed on)
            return all(self._read_nowhere(fn, n, seen, depth, entry) for n in reads)
        if isinstance(target, ast.Attribute):
            name = target.attr
            value = self._bound_once(fn, value)  # (a local: the value it holds)
            if name.startswith("__"):
                return False  # ``self.__dict__``: every attribute
            fields = {f for fs in self.records.values() for f in fs}
            owner = _name(target.value)  # (``self``, or a class of the module: its own state)
            own = owner == "self" or owner in self._module_classes()[0].defs
            if (not own and name not in fields) or (
                not seen.text and any(a <= target.lineno <= b for a, b in self.state_only)
            ):
                return False  # another object's (or state for others): may be read elsewhere
                # (a magnitude kept as state is read as one)
            if (
                may_be_read_elsewhere(name)
                and seen.number != 2  # (a number, wherever it is read, is no flag)
                and not _no_flag(value, name, *self._numbers())
                and not self._in_private_class(fn)
            ) or self.dynamic & {"*", "self"}:
                return False  # an SWA flag, one read elsewhere, or read by a computed name
            return self._attr_nowhere(name, seen, depth, value, entry=entry)
        return False

    def _read_nowhere(self, fn, read, seen: "_Walk", depth: int, entry: Optional[str]) -> bool:
        """Does ``read`` of a container holding the value under ``entry`` (or of the value
        itself: ``entry`` None) decide nothing? A constant lookup of another entry reads
        something else; one of ``entry`` is followed as the value."""
        up = self._parent(read)
        if entry is not None and isinstance(up, ast.Subscript) and up.value is read:
            if isinstance(up.slice, ast.Constant):
                if up.slice.value != entry:
                    return True
                return self._flows_nowhere(fn, up, seen, depth + 1)
        return self._flows_nowhere(fn, read, seen, depth + 1)

    def _in_private_class(self, fn) -> bool:
        """Is ``fn`` a method of a module-private class (``_Stats``)? No other module reads
        its attributes as a backend's."""
        classes = self._module_classes()[0]
        return any(name.startswith("_") and fn in c.body for name, c in classes.defs.items())

    def _module_classes(self) -> tuple:
        """(:class:`classes.ModuleClasses`, the names ``super().<name>`` reads), once."""
        if self._classes is None:
            self._classes = (ModuleClasses(self.tree, self._nodes), _super_reads(self._nodes))
        return self._classes

    def _attr_nowhere(
        self,
        name: str,
        seen: "_Walk",
        depth: int,
        value=None,
        private: bool = False,
        entry: Optional[str] = None,
    ) -> bool:
        """Is attribute ``name`` (of anyone) read only where it decides nothing? One the module
        never reads may be read by another module (a backend's metadata): only a size
        (``_no_flag``) or a field of a private record then decides nothing. ``entry``: as
        :meth:`_target_nowhere`."""
        key = ("attr", name) + ((entry,) if entry is not None else ())
        if key in seen.keys:
            return True
        seen.keys.add(key)
        reads = 0
        text = seen.text  # (an attribute the module stores only numbers in: read, a magnitude)
        seen.text = text or name in self._numbers().attrs
        try:
            for n in self._nodes:
                if not (
                    isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Load)
                ):
                    continue
                if self._written_into(n):
                    continue  # (``self.values[k] = v``: written into, not read)
                reads += 1
                if not self._read_nowhere(self._function_of(n), n, seen, depth, entry):
                    return False
        finally:
            seen.text = text
        for n in self._nodes:
            if (
                isinstance(n, ast.Constant)
                and n.value == name
                and not self._others(n)
                and not self._dict_key(n)
                and not self._slot(n)
            ):
                return False  # read by a computed name
        return reads > 0 or private or text or _no_flag(value, name, *self._numbers())

    def _slot(self, const) -> bool:
        """Is the string ``const`` a name of a class's ``__slots__``: a declaration, no read?"""
        up = self._parent(const)
        if isinstance(up, (ast.Tuple, ast.List, ast.Set)):
            up = self._parent(up)
        return isinstance(up, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in up.targets
        )

    def _dict_key(self, const) -> bool:
        """Is the string ``const`` a key of a dict literal (``{"swa_total": n}``): a label,
        not a member name?"""
        up = self._parent(const)
        return isinstance(up, ast.Dict) and any(k is const for k in up.keys)

    def _others(self, const) -> bool:
        """Is the string ``const`` the member name of a ``getattr``/``hasattr`` on an object
        other than ``self`` (another object's member, not the attribute followed)?"""
        call = self._parent(const)
        return (
            isinstance(call, ast.Call)
            and _name(call.func) in ("getattr", "hasattr")
            and len(call.args) >= 2
            and call.args[1] is const
            and _name(call.args[0]) not in (None, "self")
        )

    def _record_field(self, call: ast.Call, child, fn=None) -> Optional[str]:
        """The field of a module dataclass or ``NamedTuple`` that ``child`` is given for in
        ``call`` (a keyword, or a positional argument in field order), if any; ``cls(...)`` in
        a classmethod ``fn`` of a record builds that record."""
        fields = self.records.get(self._built_class(call, fn) or "")
        if not fields or self.dynamic & {"*", "name"}:
            return None
        for kw in call.keywords:
            if (kw is child or kw.value is child) and kw.arg in fields:
                return kw.arg
        if isinstance(fields, tuple):  # (positional arguments fill the fields in order)
            for i, arg in enumerate(call.args):
                if arg is child and i < len(fields) and not isinstance(arg, ast.Starred):
                    return fields[i]
        return None

    def _bound_once(self, fn, value):
        """For a local of ``fn`` assigned once (a plain ``name = ...``), the value it was
        assigned; ``value`` else."""
        if not isinstance(value, ast.Name) or not isinstance(fn, _FUNCS[:2]):
            return value
        stores = [
            n
            for n in walked(fn)
            if isinstance(n, ast.Name) and n.id == value.id and not isinstance(n.ctx, ast.Load)
        ]
        if len(stores) != 1:
            return value
        up = self._parent(stores[0])
        if isinstance(up, ast.Assign) and up.targets == [stores[0]]:
            return up.value
        return value

    def _built_class(self, call: ast.Call, fn) -> Optional[str]:
        """The name of the class ``call`` builds: the called name, or for ``cls(...)`` in a
        classmethod ``fn``, the class defining ``fn``."""
        name = _last(call.func)
        if (
            isinstance(call.func, ast.Name)
            and isinstance(fn, _FUNCS[:2])
            and fn.args.args
            and fn.args.args[0].arg == name
            and any(_name(d) == "classmethod" for d in fn.decorator_list)
            and isinstance(self._parent(fn), ast.ClassDef)
        ):
            return self._parent(fn).name
        return name

    def _closes_over(self, fn, name: str, strict: bool = True):
        """Reads of ``name`` in functions nested in ``fn`` (but for lambdas, unless
        ``strict``: a lambda only gives a value, followed where it is called)."""
        for inner in walked(fn):
            if inner is not fn and isinstance(inner, _FUNCS[: 3 if strict else 2]):
                yield from (n for n in walked(inner) if isinstance(n, ast.Name) and n.id == name)

    def _returns_nowhere(self, fn, seen: "_Walk", depth: int, count: bool = False) -> bool:
        """Is what ``fn`` returns used only where it decides nothing: ``__repr__``/``__str__``
        text, every call of ``fn`` (a property: every read) in the module flows nowhere, or,
        for a ``count`` (a number, arithmetic, or text: a formatted string), ``fn`` is a
        method no one calls? (A function
        the module does not call may be called from outside; a flag it returns may decide.)"""
        if not isinstance(fn, _FUNCS[:2]):
            return False
        if fn.name in _DISPLAY:
            return True
        key = ("return", fn.name)
        if key in seen.keys:
            return True
        seen.keys.add(key)
        calls, named = [], 0
        prop = is_property(fn)
        for n in self._nodes:
            if isinstance(n, ast.Call) and _last(n.func) == fn.name:
                calls.append(n)
            elif prop and isinstance(n, ast.Attribute) and n.attr == fn.name and _loads(n):
                calls.append(n)  # a property's read is its call
            elif _last(n) == fn.name or (isinstance(n, ast.Constant) and n.value == fn.name):
                named += 1
        count = count or _returns_number(fn)
        if not count and fn.name in backend_attributes_read():
            return False  # (sglang calls it of a backend: what it returns leaves the module)
        if count and not calls and not named and self._unread_method(fn):
            return True
        if not calls or named > len(calls):  # (named other than in its calls: handed on)
            return False
        text, seen.text = seen.text, seen.text or count  # (a magnitude where it is called too)
        try:
            return all(self._flows_nowhere(self._function_of(c), c, seen, depth + 1) for c in calls)
        finally:
            seen.text = text

    def _unread_method(self, fn) -> bool:
        """Is ``fn`` a method nothing calls: the module never names it, it is no dunder Python
        calls by itself, and no other module reads it of a backend (the API model) or by its
        name for the SWA mode (:func:`may_be_read_elsewhere`)?"""
        owner = self._parent(fn)
        return (
            isinstance(owner, ast.ClassDef)
            and not fn.name.startswith("__")
            and not may_be_read_elsewhere(fn.name)
            and not self.dynamic & {"*", "self"}
        )

    def _function_of(self, node):
        """The innermost function holding ``node`` (None at module level)."""
        if self._owners is None:
            self._owners = {}
            for f in self._nodes:  # (breadth first: an inner function comes later, and wins)
                if isinstance(f, _FUNCS):
                    for n in walked(f):
                        if n is not f:
                            self._owners[id(n)] = f
        return self._owners.get(id(node))

    def _flows_nowhere(self, fn, node, seen: "_Walk", depth: int) -> bool:
        """Does the value of ``node`` (an expression of ``fn``) decide nothing: it flows only
        through arithmetic, text and calls outside the module into statements that keep it
        where it decides nothing, or into a shape (``alloc(n)``, ``torch.empty(n)``)?
        (``seen.number`` holds only while the value is kept as it is: ``x = <it>``.)"""
        number, seen.number = seen.number, 0
        try:
            return self._flows(fn, node, seen, depth, number)
        finally:
            seen.number = number

    def _flows(self, fn, node, seen: "_Walk", depth: int, number: int) -> bool:
        if depth > _DEPTH:
            return False
        child, up = node, self._parent(node)
        own = self._own_names()
        above = up
        while above is not None and not isinstance(above, (ast.stmt, *_FUNCS)):
            if is_log_call(above):
                return True  # whatever it becomes is logged
            above = self._parent(above)
        if isinstance(above, ast.Assert):
            return True  # whatever it becomes is asserted: a sanity check decides no path
        counted = seen.text  # (made into a magnitude: no longer the flag itself)
        if number == 1 and isinstance(node, ast.Name) and self._not_none_here(node):
            number = 2  # (a number or None, read where a test ruled None out: a number)
        counted |= number == 2
        while up is not None and not isinstance(up, ast.stmt):
            if isinstance(up, ast.Lambda) and child is up.body and not seen.strict:
                if self._held_calls_nowhere(up, seen, depth):
                    return True  # (put in data: what it gives where the module calls it)
                child, up = up, self._parent(up)  # (the lambda stands for what it gives:
                continue  # where it is called, that is followed on)
            if isinstance(up, (*_FUNCS, ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr)):
                return False
            counted |= _counts(up) or isinstance(up, (ast.FormattedValue, ast.JoinedStr))
            if isinstance(up, ast.comprehension) or (
                isinstance(up, ast.IfExp)
                and up.test is child
                and any(
                    (
                        isinstance(n, ast.Call)
                        and not _queries(n)
                        and not self._calls_followed(fn, n, seen)
                        and not self._pure(n)
                        and not _numeric(n, *self._numbers())  # (``alloc.swa_available_size()``,
                        # a module function returning only numbers: a count)
                        and not _text(n)  # (``alloc.debug_print()``: text)
                    )
                    or (
                        _last(n) in own
                        and not self._pure(self._parent(n))
                        and not self._class_member_read(n)
                    )
                    or (_names_swa(n) and not self._followed(fn, n, seen) and not _numeric(n))
                    for b in (up.body, up.orelse)
                    for n in walked(b)
                )
            ):
                return False  # it picks which code runs (else, which value: followed on)
            if isinstance(up, ast.BoolOp) and any(
                isinstance(n, ast.Call) and not _queries(n)
                for v in _after(up.values, child)
                for n in walked(v)
            ):
                return False  # it decides whether a call after it runs
            if isinstance(up, ast.Slice):
                return True  # a bound of a slice (``loc[:n]``): a length, as a shape is
            entry = _entry_of(up, child)
            stored = self._parent(up)
            if (
                entry is not None
                and isinstance(stored, (ast.Assign, ast.AnnAssign))
                and stored.value is up
            ):  # (``self.stats = {"allocator": <it>, ...}``: that entry's reads are followed)
                targets = stored.targets if isinstance(stored, ast.Assign) else [stored.target]
                return all(
                    self._target_nowhere(fn, t, up, seen, depth, entry=entry) for t in targets
                )
            if isinstance(up, ast.Subscript) and up.slice is child:
                above = self._parent(up)
                if _stores(up) or (
                    isinstance(above, ast.Attribute)
                    and above.value is up
                    and _grown(self._parent(above)) is not None
                ):  # (``t[key] = v``, ``t[key].append(v)``: the key is kept in ``t``)
                    return self._target_nowhere(fn, up.value, None, seen, depth)
                return False  # a lookup key: it picks what the lookup gives
            if isinstance(up, ast.Attribute) and up.value is child and _grown(self._parent(up)):
                return True  # the receiver of ``x.append(...)``: written, not read
            if (
                isinstance(up, ast.Attribute)
                and up.value is child
                and _grown(self._parent(up), _SHRINKS)
                and isinstance(self._parent(self._parent(up)), ast.Expr)
            ):
                return True  # ``x.pop(0)`` as a statement: written, what it gives dropped
            if (
                isinstance(up, ast.Call)
                and up.func is child
                and isinstance(child, ast.Attribute)
                and (child.attr in _QUERIES or self._pure(up))
            ):  # (``x.sum()``, ``budget.pages()``: a value of it, followed on)
                child, up = up, self._parent(up)
                continue
            if isinstance(up, ast.Call) and _grown(up) is not None and up.func is not child:
                text, seen.text = seen.text, counted
                try:
                    return self._target_nowhere(fn, _grown(up), None, seen, depth)
                finally:
                    seen.text = text
            if isinstance(up, ast.Call):
                field = self._record_field(up, child, fn)
                if field is not None:  # a field of a module record: where the field is read
                    # (a private record's fields are no interface another module reads)
                    private = (self._built_class(up, fn) or "").startswith("_")
                    given = child.value if isinstance(child, ast.keyword) else child
                    given = self._bound_once(fn, given)  # (a local: the value it holds)
                    before = set(seen.keys)
                    if self._attr_nowhere(field, seen, depth, given, private=private):
                        return True
                    seen.keys = before  # (what the failed try assumed is unknown again)
                    return self._flows_nowhere(fn, up, seen, depth + 1)  # (or the record's)
                if up.func is not child and self._plain_record(up):
                    return self._flows_nowhere(fn, up, seen, depth + 1)  # (read by computed
                    # names: where the record goes, its fields go)
                if up.func is child:
                    if seen.strict and child is not node:
                        return False  # called: what it does with its arguments may decide
                        # (the member followed called: what it gives is followed on)
                    # (a probed member called: what it gives is followed on)
                elif _last(up.func) in own and not self._pure(up):
                    return self._into_own(fn, up, child, seen, depth)  # handed to the
                    # module's own code (a function that only computes its result: followed
                    # on as that value)
                if _last(up.func) in _SHAPES:
                    return True  # a size: the result holds no more than a shape
                if (
                    _last(up.func) in ("isinstance", "callable")
                    and up.args
                    and up.args[0] is child
                    and not up.keywords
                ):  # (a test of the value: a truth computed from it, followed on)
                    child, up = up, self._parent(up)
                    continue
                if _last(up.func) in _REFLECTS:
                    return False  # it names or stores a member
                if (
                    seen.strict
                    and not is_log_call(up)
                    and _last(up.func) not in _VALUE_CALLS
                    and not (up.func is child and child is node)
                ):
                    return False  # handed on: the callee may use it
            if (
                isinstance(up, ast.Attribute)
                and isinstance(self._parent(up), ast.Call)
                and self._parent(up).func is up
                and up.attr not in _QUERIES
                and up.attr != "get"  # (an entry of it, or the default: followed on)
                and up.attr not in self._numbers().calls
                and not self._pure(self._parent(up))
            ):
                callee = self._own_def(self._parent(up))
                if callee is not None and self._body_keeps(callee, seen, depth + 1):
                    return True  # (a method of the module's that only keeps: gives None)
                return False  # a method of it called (one it may pick; one of the module's
                # that only gives numbers gives a number: followed on)
            child, up = up, self._parent(up)
        if isinstance(up, (ast.Expr, ast.Assert, ast.Delete, ast.Raise)):
            return True  # (evaluated for nothing, a sanity check, items dropped, or the text
            # of an error raised: an error exit decides no path)
        if isinstance(up, ast.If) and child is up.test:
            return ("if", up.lineno) in self.bookkeeping or self._keeps_only(fn, up, seen, depth)
        if isinstance(up, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and child is up.value:
            targets = up.targets if isinstance(up, ast.Assign) else [up.target]
            text, seen.text = seen.text, counted  # (a magnitude kept: one where it is read)
            seen.number = number if up.value is node else 0  # (kept as it is: still that)
            try:
                return all(self._target_nowhere(fn, t, up.value, seen, depth) for t in targets)
            finally:
                seen.text, seen.number = text, 0
        if isinstance(up, ast.Return) and fn is not None:
            return self._returns_nowhere(fn, seen, depth, counted)
        if isinstance(up, ast.For) and child is up.iter and fn is not None:
            return self._loop_keeps(fn, up, seen, depth)
        return False

    def _held_calls_nowhere(self, lam: ast.Lambda, seen: "_Walk", depth: int) -> bool:
        """Is ``lam`` put in data (not called where it stands) and does what every call of a
        function held in data gives (its possible callers: ``held_calls``) decide nothing?"""
        up = self._parent(lam)
        if not self.held_calls or (isinstance(up, ast.Call) and up.func is lam):
            return False
        key = ("held", id(lam))
        if key in seen.keys:
            return True
        seen.keys.add(key)
        return all(
            self._flows_nowhere(self._function_of(c), c, seen, depth + 1) for c in self.held_calls
        )

    def _not_none_here(self, name: ast.Name) -> bool:
        """Is the read ``name`` in the body of an ``if`` whose test (an ``and`` of tests) says
        ``name is not None`` or ``name`` is true?"""
        child, up = name, self._parent(name)
        while up is not None and not isinstance(up, _FUNCS):
            if isinstance(up, ast.If) and child in up.body:
                test = up.test
                parts = (
                    test.values
                    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
                    else [test]
                )
                for t in parts:
                    if isinstance(t, ast.Name) and t.id == name.id:
                        return True
                    if (
                        isinstance(t, ast.Compare)
                        and isinstance(t.left, ast.Name)
                        and t.left.id == name.id
                        and isinstance(t.ops[0], ast.IsNot)
                        and _is_none(t.comparators[0])
                    ):
                        return True
            child, up = up, self._parent(up)
        return False

    def _loop_keeps(self, fn, loop: ast.For, seen: "_Walk", depth: int) -> bool:
        """Does a ``for`` loop over a followed value only keep: its items flow nowhere, and
        its body (how often it runs) only keeps values that flow nowhere? A ``return`` in it
        decides what the function gives: not kept."""
        if any(isinstance(n, ast.Return) for s in loop.body for n in _walk_here(s)):
            return False
        return self._target_nowhere(fn, loop.target, None, seen, depth) and self._region_keeps(
            fn, [s for s in loop.body + loop.orelse if not isinstance(s, _LOOP_EXITS)], seen, depth
        )

    def _class_member_read(self, n) -> bool:
        """Is ``n`` the module class in a read of one of its members (``Mode.SPLIT``, not
        called): a value picked, no code run?"""
        up = self._parent(n)
        return (
            isinstance(n, ast.Name)
            and n.id in self._module_classes()[0].defs
            and isinstance(up, ast.Attribute)
            and _loads(up)
            and not (isinstance(self._parent(up), ast.Call) and self._parent(up).func is up)
        )

    @functools.cached_property
    def _own_names_set(self) -> frozenset:
        return frozenset(n.name for n in self._nodes if isinstance(n, (*_FUNCS[:2], ast.ClassDef)))

    def _own_names(self) -> frozenset:
        """The names of the module's functions and classes, nested ones included."""
        return self._own_names_set

    def never_called(self, name: str) -> bool:
        """Is ``name`` a private module function (``_helper``, undecorated) that nothing in
        the module names (nor a string: ``getattr(module, "_helper")``, ``__all__``)? Dead
        code: what it decides reaches no backend."""
        defs = [
            n
            for n in self.tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name
        ]
        if not name.startswith("_") or len(defs) != 1 or defs[0].decorator_list:
            return False
        return name not in self.named

    def unread_field(self, cls: str, field: str) -> bool:
        """Is ``field`` of the module's dataclass or ``NamedTuple`` ``cls`` never read (by
        name, or by a computed name: :func:`_reads_dynamically`)? A value given only for it
        (``cls(field=...)``) decides nothing."""
        fields = self.records.get(cls)
        computed = self.dynamic & {"*", "name"}
        return bool(fields) and field in fields and field not in self.attr_read and not computed

    def only_bookkeeping(self, kind: str, line: int) -> bool:
        """Does the ``kind`` place at ``line`` only count, fill a record nothing reads (metrics)
        or log? Then it decides nothing."""
        return (kind, line) in self.bookkeeping

    def decides(self, kind: str, line: int) -> bool:
        """Does the ``kind`` place at ``line`` decide the SWA path (module doc)?"""
        return (kind, line) in self.places

    def picks_swa_code(self, kind: str, line: int) -> bool:
        """Does the value the ``"store"`` or ``"return"`` statement at ``line`` keeps (for an
        ``"if"``: one a branch of it keeps or returns) hold code of the module that takes the
        SWA path (:meth:`_swa_code`), directly, through the names and attributes it reads
        (followed to what they are bound to), or from a table the module fills (a literal,
        item stores, a registering decorator, a base's ``__init_subclass__``)? A dispatch:
        where the picked code runs, the value decides the SWA path."""
        code = self._swa_code()
        if not code:
            return False
        for stmt in self._nodes:
            if getattr(stmt, "lineno", None) != line:
                continue
            if kind in ("store", "return") and isinstance(
                stmt, (ast.Assign, ast.AnnAssign, ast.Return)
            ):
                return stmt.value is not None and self._may_hold(
                    self._function_of(stmt), stmt.value, code, set()
                )
            if kind == "if" and isinstance(stmt, (ast.If, ast.While)):
                # (a branch that returns or keeps what it picks: ``if k in T: return T[k]()``)
                fn = self._function_of(stmt)
                return any(
                    isinstance(b, (ast.Assign, ast.AnnAssign, ast.Return))
                    and b.value is not None
                    and self._may_hold(fn, b.value, code, set())
                    for b in (*stmt.body, *stmt.orelse)
                )
        return False

    def _swa_code(self) -> frozenset:
        """The names of the module's functions and classes (nested ones too) whose code names
        the SWA path in their bodies (not their names, decorators or bases): a translate member,
        or a name saying ``swa`` that is not a count or size (``swa_available_size()``: the API
        model's numbers)."""
        if self._code is None:

            def swa_path(n) -> bool:
                name = getattr(n, "attr", None) or getattr(n, "id", None) or getattr(n, "arg", None)
                return _names_swa(n) and not number_member(name)

            self._code = frozenset(
                d.name
                for d in self._nodes
                if isinstance(d, (*_FUNCS[:2], ast.ClassDef))
                and any(swa_path(n) for stmt in d.body for n in walked(stmt))
            )
        return self._code

    def _may_hold(self, fn, value, code: frozenset, seen: set) -> bool:
        """May ``value`` (an expression of ``fn``) be one of ``code`` (names), not called?"""
        called = {id(c.func) for c in walked(value) if isinstance(c, ast.Call)}
        for x in walked(value):
            if not isinstance(x, (ast.Name, ast.Attribute)):
                continue
            name = x.id if isinstance(x, ast.Name) else x.attr
            if id(x) in called and name not in self._module_classes()[0].defs:
                continue  # (a function called: what it returns is kept, not its code)
            if name in code:
                return True
            key = (id(fn), name) if isinstance(x, ast.Name) else ("attr", name)
            if key in seen or len(seen) > 64:
                continue
            seen.add(key)
            for owner, bound in self._bound_to(fn, x):
                if self._may_hold(owner, bound, code, seen):
                    return True
        return False

    def _bound_to(self, fn, x) -> list:
        """``(function or None, expression)`` for what the name or attribute ``x`` (read in
        ``fn``) may be bound to: a name's assignments in ``fn`` where it assigns it, else the
        module's; an attribute's anywhere (class bodies included); the items stored into it
        (``x[k] = v``, ``x.setdefault(k, v)``, ``x.update(...)``); and the functions and
        classes a decorator registering into it decorates."""
        local = isinstance(x, ast.Name)
        name = x.id if local else x.attr
        key = (id(fn) if local else None, local, name)
        if key not in self._bindings:
            self._bindings[key] = self._find_bindings(fn, local, name)
        return self._bindings[key]

    def _find_bindings(self, fn, local: bool, name: str) -> list:
        """:meth:`_bound_to` computed."""
        found = []
        for n in self._nodes:
            if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
                for t in n.targets if isinstance(n, ast.Assign) else [n.target]:
                    base = t.value if isinstance(t, ast.Subscript) else t
                    if local:
                        hit = isinstance(base, ast.Name) and base.id == name
                    else:
                        hit = (isinstance(base, ast.Attribute) and base.attr == name) or (
                            isinstance(base, ast.Name) and base.id == name and self._in_class(n)
                        )
                    if hit:
                        found.append((self._function_of(n), n.value))
            elif (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr in CONTAINER_FILLS
                and _name(n.func.value) == name
            ):
                found += [(self._function_of(n), a) for a in n.args]
        if local:
            own = [(f, v) for f, v in found if f is fn and fn is not None]
            found = own or [(f, v) for f, v in found if f is None]
        registered = self._registered_into(name)
        if local and getattr(fn, "name", None) == "__init_subclass__":
            params = fn.args.posonlyargs + fn.args.args
            if params and params[0].arg == name:  # (each subclass of the class defining it)
                registered += self._subclasses_of(self._parent(fn))
        return found + [(None, ast.Name(id=r, ctx=ast.Load())) for r in registered]

    def _subclasses_of(self, cls) -> list:
        """The names of the module classes whose lookup order reaches ``cls`` (itself aside)."""
        if not isinstance(cls, ast.ClassDef):
            return []
        classes = self._module_classes()[0]
        return [
            name
            for name in classes.defs
            if name != cls.name and cls.name in lookup_order(name, classes.bases)
        ]

    def _in_class(self, stmt) -> bool:
        """Is ``stmt`` a statement of a class body (a class attribute)?"""
        return isinstance(self._parent(stmt), ast.ClassDef)

    def _registered_into(self, name: str) -> list:
        """The names of the functions and classes a decorator of the module registers into the
        container ``name``: one whose code (or a function nested in it) stores an item of
        ``name`` (``name[key] = f``), applied as ``@decorator`` or ``@decorator(...)``."""
        if self._registrars is None:  # (container name -> the functions storing its items,
            # with those enclosing them: a decorator factory holds the decorator)
            self._registrars = {}
            for n in self._nodes:
                if isinstance(n, ast.Subscript) and not isinstance(n.ctx, ast.Load):
                    f = self._function_of(n)
                    while f is not None:
                        if not isinstance(f, ast.Lambda):
                            self._registrars.setdefault(_name(n.value), set()).add(f.name)
                        f = self._function_of(f)
        registrars = self._registrars.get(name, set())
        if not registrars:
            return []
        out = []
        for d in self._nodes:
            if isinstance(d, (*_FUNCS[:2], ast.ClassDef)):
                for deco in d.decorator_list:
                    head = deco.func if isinstance(deco, ast.Call) else deco
                    if _name(head) in registrars:
                        out.append(d.name)
        return out


# how deep a value is followed through stores and returns before it is said to decide
_DEPTH = 8
# what returns text, never read to decide (the module's own methods of these names)
_DISPLAY = frozenset({"__repr__", "__str__", "__format__"})
# calls whose result holds their arguments only as a shape (a count of slots, a buffer size)
_SHAPES = frozenset({"alloc", "empty", "zeros", "ones", "full", "arange", "range", "reserve"})
# members of a value that give a value of it (text, numbers), not a method it may pick
_VALUE_METHODS = frozenset(
    {"format", "join", "upper", "lower", "strip", "item", "bit_length", "tolist"}
)
# tensor members that only read a shape or a count
_TENSOR_QUERIES = frozenset({"numel", "dim", "size", "nelement"})
# those of them that give an ``int``
_TENSOR_COUNTS = frozenset({"numel", "dim", "nelement"})
# tensor reductions: a count or a number of it (``(mapping > 0).sum()``), followed on as that
_REDUCTIONS = frozenset({"sum", "mean", "count_nonzero", "amax", "amin", "any", "all"})
_QUERIES = _VALUE_METHODS | _TENSOR_QUERIES | _REDUCTIONS


# calls that read or store a member by a computed name, or test a class
_REFLECTS = frozenset(
    {"getattr", "hasattr", "setattr", "delattr", "isinstance", "issubclass", "__setattr__"}
    | {"__setitem__", "setitem", "attrgetter", "methodcaller"}
)
_GROWS = frozenset({"append", "extend", "add", "update", "insert", "appendleft"})
# methods that drop items of a container (as a statement: the rest stays where it was)
_SHRINKS = frozenset({"pop", "popleft", "popitem", "clear", "remove", "discard"})


class _Numbers(NamedTuple):
    """What a module keeps only numbers in: attribute names, and its functions that only
    return numbers (:meth:`SwaPaths._numbers`)."""

    attrs: frozenset
    calls: frozenset


class _Walk:
    """One value-flow question: what was followed (against cycles), and how strict it is."""

    def __init__(self, strict: bool) -> None:
        self.keys: set = set()
        self.strict = strict
        # the value followed was made a magnitude or formatted text before it was put in the
        # container now followed (``rows.append(f"... {probe}")``): its items are that too
        self.text = False
        # the value followed, kept as it is, is a number or None (1: ``getattr(alloc,
        # "size_swa", None)``) or, where a test ruled None out, a number (2); else 0
        self.number = 0


# builtins that only compute a value (no code of the module runs)
_PURE = frozenset({"getattr", "hasattr", "len", "int", "float", "bool", "str", "min", "max", "abs"})
# calls whose result is a plain value of their argument (a count, text, a number)
_VALUE_CALLS = frozenset(
    {"len", "str", "repr", "int", "float", "bool", "max", "min", "format", "join"}
)


def _entry_of(node, child) -> Optional[str]:
    """The constant string key ``child`` is the value of in the dict literal ``node``."""
    if isinstance(node, ast.Dict):
        for k, v in zip(node.keys, node.values):
            if v is child and isinstance(k, ast.Constant) and isinstance(k.value, str):
                return k.value
    return None


def _after(values: list, child) -> list:
    """The operands of a ``BoolOp`` evaluated after ``child`` (the ones it may cut short)."""
    for i, v in enumerate(values):
        if v is child:
            return values[i + 1 :]
    return values


def _math_call(call: ast.Call) -> bool:
    """Is ``call`` a function of the ``math`` module (``math.ceil(n)``): it only computes?"""
    f = call.func
    return isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "math"


# standard-library functions that give a number: sizes and timestamps
_STDLIB_NUMBERS = {
    "math": frozenset(
        {"ceil", "floor", "trunc", "sqrt", "isqrt", "log", "log2", "log10", "exp", "pow"}
        | {"fabs", "fsum", "prod", "gcd", "lcm", "comb", "perm", "fmod", "hypot", "dist"}
    ),
    "time": frozenset(
        {"time", "monotonic", "perf_counter", "process_time", "thread_time"}
        | {"time_ns", "monotonic_ns", "perf_counter_ns", "process_time_ns", "thread_time_ns"}
    ),
}


def _stdlib_number(call: ast.Call) -> bool:
    """Is ``call`` a standard-library function giving a number (``math.ceil(n)``,
    ``time.monotonic()``)?"""
    f = call.func
    return (
        isinstance(f, ast.Attribute)
        and isinstance(f.value, ast.Name)
        and f.attr in _STDLIB_NUMBERS.get(f.value.id, ())
    )


def _count_query(call: ast.Call) -> bool:
    """Is ``call`` a call of an allocator's count method (the API model:
    ``alloc.available_size()``), which only reads a number?"""
    f = call.func
    return isinstance(f, ast.Attribute) and f.attr in allocator_count_methods()


def _queries(call: ast.Call) -> bool:
    """Is ``call`` a pure builtin or a value method (``len(x)``, ``t.numel()``): it runs no
    code with an effect?"""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in _PURE
    return isinstance(func, ast.Attribute) and func.attr in _VALUE_METHODS | _TENSOR_QUERIES


def _walk_unshaped(node):
    """``ast.walk`` of ``node`` but for the arguments of shape calls (``torch.zeros(n)``)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, ast.Call) and _last(n.func) in _SHAPES:
            stack.append(n.func)
        else:
            stack.extend(ast.iter_child_nodes(n))


def _stores(node) -> bool:
    return isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del))


_LOOP_EXITS = (ast.Break, ast.Continue)


def _walk_here(node):
    """``ast.walk`` of ``node`` without the functions and classes nested in it."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(
            c
            for c in ast.iter_child_nodes(n)
            if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
        )


def _counts(node) -> bool:
    """Is ``node`` arithmetic, a call giving a number, or an ordering test (``free >= n``):
    a magnitude, not the flag it was computed from?"""
    if isinstance(node, ast.Compare):
        return all(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops)
    return _numeric(node)


def _returns_number(fn) -> bool:
    """Is ``fn`` annotated to return a number or a mapping (``-> int``, ``-> Dict[str, int]``):
    a magnitude or a table of them, not a flag?"""
    ret = getattr(fn, "returns", None)
    return ret is not None and _number_type(ret)


def _number_type(ann) -> bool:
    """Is the annotation ``ann`` a number, a mapping, or a sequence of numbers
    (``List[Tuple[int, int]]``)?"""
    if isinstance(ann, ast.Subscript):
        base = _last(ann.value)
        if base in ("dict", "Dict", "Mapping"):
            return True
        items = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
        return base in ("list", "List", "tuple", "Tuple", "Sequence") and all(
            _number_type(x) or (isinstance(x, ast.Constant) and x.value is Ellipsis) for x in items
        )
    return _last(ann) in ("int", "float", "dict", "Dict", "Mapping")


def _is_none(node) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _grown(call, also: frozenset = frozenset()) -> Optional[ast.AST]:
    """The container ``call`` grows (``notes.append(x)`` -> ``notes``), if it is such a call
    (or one of the methods ``also`` names)."""
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
        if call.func.attr in _GROWS or call.func.attr in also:
            return call.func.value
    return None


def _identity_operand(up, n) -> bool:
    """Is ``n`` an operand of ``up``, an identity test (``a is b``, ``a is not b``)? It asks
    which object it is, not a member of it."""
    return (
        isinstance(up, ast.Compare)
        and all(isinstance(op, (ast.Is, ast.IsNot)) for op in up.ops)
        and any(x is n for x in (up.left, *up.comparators))
    )


def _no_flag(
    value, name: str, numbers: frozenset = frozenset(), calls: frozenset = frozenset()
) -> bool:
    """A stored number (or arithmetic on one), a buffer a shape call makes (``torch.zeros(n)``),
    or a value kept under the name of a KV pool's scalar member (``page_size``, ``size_swa``:
    the API model), is a size, not a flag."""
    return (
        name in kv_pool_scalar_members()
        or _numeric(value, numbers, calls)
        or (isinstance(value, ast.Call) and _last(value.func) in _SHAPES)
    )


# calls whose result is a number
_NUMBERS = frozenset({"int", "float", "round", "len", "abs", "min", "max", "sum"})


def _numeric(value, numbers: frozenset = frozenset(), calls: frozenset = frozenset()) -> bool:
    """Is ``value`` a number: a numeric literal, arithmetic, a call giving a number (a builtin,
    an allocator's count method: the API model, a tensor's ``numel()``), a read of a KV pool's scalar member
    (``alloc.size_swa``, ``getattr(alloc, "size_swa", n)``: the API model), or of an attribute
    in ``numbers`` (one the module stores only numbers in), or a call of a function in ``calls``
    (one of the module's that only returns numbers)?"""
    if isinstance(value, ast.Constant):
        return type(value.value) in (int, float)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
        return _numeric(value.operand, numbers, calls)  # (``-1``)
    if isinstance(value, ast.Attribute):  # (``alloc.size_full``: a count property)
        return number_member(value.attr) or value.attr in numbers
    if isinstance(value, ast.IfExp):  # (a number, or None where there is none)
        sides = [x for x in (value.body, value.orelse) if not _is_none(x)]
        return bool(sides) and all(_numeric(x, numbers, calls) for x in sides)
    if isinstance(value, ast.Call):
        name = _name(value.func)
        if name == "getattr" and len(value.args) >= 2:
            member = value.args[1]
            return isinstance(member, ast.Constant) and member.value in kv_pool_scalar_members()
        if isinstance(value.func, ast.Attribute):  # (``alloc.swa_available_size()``)
            return (
                _stdlib_number(value)
                or value.func.attr in allocator_count_methods()
                or value.func.attr in calls
                or (value.func.attr in _TENSOR_COUNTS and not value.args)  # (``loc.numel()``)
            )
        if isinstance(value.func, ast.Call) and _name(value.func.func) == "getattr":
            # ``getattr(alloc, "swa_available_size", alloc.available_size)()``: a count
            probe = value.func.args
            counts = allocator_count_methods()
            return (
                len(probe) in (2, 3)
                and isinstance(probe[1], ast.Constant)
                and probe[1].value in counts
                and (
                    len(probe) == 2
                    or (isinstance(probe[2], ast.Attribute) and probe[2].attr in counts)
                )
            )
        return isinstance(value.func, ast.Name) and (name in _NUMBERS or name in calls)
    return isinstance(value, ast.BinOp)


def _text(value) -> bool:
    """Is ``value`` text for a log or a report: an f-string, a string literal, or a call of an
    allocator's text method (``alloc.debug_print()``: the API model)?"""
    if isinstance(value, ast.JoinedStr):
        return True
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str)
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in allocator_text_methods()
        and not value.args
        and not value.keywords
    )


_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical"})


def _condition(parent: ast.AST, child: ast.AST) -> bool:
    """Is ``child`` used by ``parent`` as a condition (a test, a boolean operand, a
    comparison)?"""
    if isinstance(parent, (ast.BoolOp, ast.Compare)):
        return True
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    if isinstance(parent, ast.IfExp) and parent.test is child:
        return True
    return isinstance(parent, ast.comprehension) and child in parent.ifs


def is_log_call(node: ast.AST) -> bool:
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


def _loaded_names(nodes: list, quiet: frozenset = frozenset()) -> tuple:
    """Every attribute and name the module reads, except the base of a subscript store
    (``self.stats[k] = v`` writes ``stats``) and what only a log call, or the test of a branch
    that only logs, reads; the identifier strings (an attribute read by name); and the names
    and attributes read only to log. ``nodes``: the module's nodes (``ast.walk``); ``quiet``:
    the ids of more branches that decide nothing (read as if they only logged)."""
    skip: set = set()
    logged: set = set()
    for n in nodes:
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
            base = n.value
            while isinstance(base, ast.Subscript):
                base = base.value
            skip.add(id(base))
        elif is_log_call(n) or (isinstance(n, ast.If) and (_logs_only(n) or id(n) in quiet)):
            inner = [n] if is_log_call(n) else [n.test, *n.body, *n.orelse]
            for x in (x for part in inner for x in walked(part)):
                skip.add(id(x))
                if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Load):
                    logged.add(x.id)
                elif isinstance(x, ast.Attribute) and isinstance(x.ctx, ast.Load):
                    logged.add(x.attr)
    out: set = set()
    strings: set = set()
    for n in nodes:
        if id(n) in skip:
            continue
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load):
            out.add(n.attr)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.add(n.id)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.isidentifier():
            strings.add(n.value)  # ``getattr(obj, "flag")``, ``d["flag"]``: an attribute's
    return out, strings, logged - out


def _logs_only(stmt: ast.If) -> bool:
    """Does an ``if`` do nothing but log (or pass), in both branches (an ``elif`` too)?"""
    region = [s for s in (*stmt.body, *stmt.orelse) if not isinstance(s, ast.Pass)]
    return bool(region) and all(
        (isinstance(s, ast.Expr) and is_log_call(s.value))
        or (isinstance(s, ast.If) and _logs_only(s))
        for s in region
    )


def _name(node: ast.AST) -> Optional[str]:
    return node.id if isinstance(node, ast.Name) else None


def _plain_key(node) -> bool:
    """Is ``node`` a key that reads no computed value: a constant, a name or an attribute, or
    an f-string of those (``stats[f"{prefix}_swa"]``)?"""
    if isinstance(node, ast.JoinedStr):
        return all(
            isinstance(v, ast.Constant)
            or (isinstance(v, ast.FormattedValue) and v.format_spec is None and _plain_key(v.value))
            for v in node.values
        )
    return isinstance(node, (ast.Constant, ast.Name, ast.Attribute))


def _tested_names(test) -> frozenset:
    """The names ``test`` asks a class or member of (``isinstance(a, C)``, ``hasattr(a, m)``)."""
    return frozenset(
        n.args[0].id
        for n in walked(test)
        if isinstance(n, ast.Call)
        and _name(n.func) in ("isinstance", "hasattr", "getattr")
        and n.args
        and isinstance(n.args[0], ast.Name)
    )


# what reads attributes without naming them: a field or flag under such a module may be read
_DYNAMIC = frozenset(
    {"vars", "asdict", "astuple", "_asdict", "fields", "__dict__", "__getattribute__", "attrgetter"}
)


def _reads_dynamically(nodes: list, strings: Optional[dict] = None) -> tuple:
    """Whose attributes the module reads by computed names, but for a log line: ``"*"``
    anyone's (``vars``, ``asdict``, ``__dict__``, ...), ``"self"`` for ``getattr(self,
    name)``, ``"name"`` for ``getattr(x, name)`` on another plain name (a record, maybe);
    empty when it names every attribute it reads (``nodes``: the module's, as
    :func:`_loaded_names`). With the names ``strings`` (``sinks.string_values``) resolves
    to their strings, which are returned as read by name. Snapshots (``asdict(x)``,
    ``vars(x)``: a copy of the fields) are returned apart, to be followed:
    ``(whose, names read, snapshot calls)``."""
    out: set = set()
    named: set = set()
    snapshots: list = []
    logged = {id(x) for n in nodes if is_log_call(n) for x in walked(n) if x is not n}
    parts = {id(x) for n in nodes if _snapshot(n) for x in walked(n.func)}
    for n in nodes:
        if id(n) in logged:
            continue  # (``logger.debug("%s", asdict(x))``: what it reads becomes text)
        if _snapshot(n):
            snapshots.append(n)
        elif id(n) in parts:
            continue
        elif (isinstance(n, ast.Attribute) and n.attr in _DYNAMIC) or (
            isinstance(n, ast.Name) and n.id in _DYNAMIC
        ):
            out.add("*")
        elif isinstance(n, ast.Call) and _name(n.func) in ("getattr", "hasattr"):
            if len(n.args) < 2 or not isinstance(n.args[1], ast.Constant):
                known = fold(n.args[1], strings) if len(n.args) >= 2 and strings else None
                if known:
                    named |= known
                    continue
                receiver = _name(n.args[0]) if n.args else None
                if receiver is not None:
                    out.add("self" if receiver == "self" else "name")
    return out, named, snapshots


def _snapshot(n) -> bool:
    """Is ``n`` a call that copies an object's fields into a value (``asdict(x)``,
    ``astuple(x)``, ``vars(x)``, ``x._asdict()``)?"""
    if not isinstance(n, ast.Call) or n.keywords:
        return False
    name = _last(n.func)
    if name == "_asdict":
        return isinstance(n.func, ast.Attribute) and not n.args
    return name in ("asdict", "astuple", "vars") and len(n.args) == 1


def _records(tree: ast.Module) -> dict:
    """The module's dataclasses and ``NamedTuple`` classes -> their field names: a tuple in
    the order positional arguments fill them, else a frozenset (``classes.positional_fields``
    does not model the order)."""
    out: dict = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and is_record(node):
            out[node.name] = positional_fields(node) or frozenset(record_fields(node))
    return out


def _loads(node: ast.AST) -> bool:
    return isinstance(getattr(node, "ctx", None), ast.Load)


def _attr(node: ast.AST) -> Optional[str]:
    return node.attr if isinstance(node, ast.Attribute) else None


def _last(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Attribute):
        return node.attr
    return _name(node)


def _methods(cls: ast.ClassDef) -> set:
    return {f.name for f in cls.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _super_reads(nodes: list) -> set:
    """The attributes the module reads from ``super()`` (what may call past an override)."""
    return {
        n.attr
        for n in nodes
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Call)
        and _name(n.value.func) == "super"
    }
