"""Path conditions for KVG003 (no libcst: the rule and the reduction share it).

For every use of the allocator's kvcache in one function this computes the condition under
which control reaches that use, over a few atoms:

* ``A`` the active pool is SWA (``isinstance(<...>.token_to_kv_pool, <SWA pool class>)``);
* ``D`` the runner is a draft worker (``<...>.is_draft_worker``, ``getattr(x, "is_draft_worker"[, d])``);
* ``F`` the draft is FROZEN_KV MTP (``<...>.is_frozen_kv_mtp()``, ``== <...>.FROZEN_KV_MTP``);

plus one free variable per unknown predicate (never assumed to hold or to fail). Predicates
resolve to atoms by what they ask: local names assigned once, ``self.<flag>`` attributes whose
every store in the module is the same atom-only condition (fa3's ``self.is_draft_runner``), and
helpers (functions, methods, properties) whose body is ``return <condition>`` over atoms only,
with their parameters bound to the call's arguments (read in the caller: ``is_swa(pool)`` asks
about what the call passes). A helper is one of the module or, under the run's project index
(``lint_rules.project``), a function another module of the tree defines and this one imports
(absolute, relative, re-exported): the index resolves the import, the helper's body is read
in its own module (its names, its SWA classes). A module function counts only when nothing
else binds its name at module level and no decorator may replace it; an import the index
cannot resolve stays unknown. The use is safe iff its condition implies ``not A and not (D and not F)``; that is
decided by enumerating the assignments of the variables (conditions are truth tables: Python
ints with one bit per assignment).

The analysis walks the function's statements in order: ``if``/``elif``/``else`` (joins at the
end), early ``return``/``raise``/``break``/``continue``, ``assert``, ``and``/``or``/``not``,
conditional expressions, loops, ``try``/``with``/``match`` (over-approximated), and tracks which
local names hold a kvcache value on which paths (early fetch, late return, a result variable
assigned in branches). A use is any place the value escapes: returned, stored in an attribute
or container, passed to a call, an attribute or item read from it. Asking about it
(``isinstance``, comparisons, truth tests) is not a use.

Soundness contract (the reduction relies on it): with fewer facts (``Facts.empty()``), fewer
SWA pool classes recognised or more kvcache sources, no use becomes safer. Unknown predicates
that contain a call get a fresh variable at each occurrence; others are keyed by their text.
Helpers and flags resolve only to conditions over atoms (no free variables), so the rule never
needs more variables than the reduction; past ``MAX_VARS`` every use is unsafe.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Callable, Hashable, Optional, Union

from .astwalk import walked
from .classes import lookup_order
from .lexical import search_words
from .names import (
    ALLOCATOR_ATTR,
    ATTRIBUTE_STORE_CALLS,
    POOL_ATTR,
    attribute_store,
    is_swa_pool_class_name,
)

ATOMS = ("A", "D", "F")
MAX_VARS = 18
DRAFT_ATTR = "is_draft_worker"
FROZEN_CALL = "is_frozen_kv_mtp"
FuncNode = Union[ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda]


class TooComplex(Exception):
    pass


# ------------------------------------------------------------------------------- truth tables


class Space:
    """Truth tables over a growing set of variables (bit j = assignment j)."""

    def __init__(self) -> None:
        self.n = 0
        self.keys: dict[Hashable, int] = {}
        self.tables: list[int] = []
        for atom in ATOMS:
            self.var(atom)

    @property
    def full(self) -> int:
        return (1 << (1 << self.n)) - 1

    def var(self, key: Hashable) -> int:
        """The table of the variable ``key`` (allocated on first use)."""
        i = self.keys.get(key)
        if i is None:
            if self.n >= MAX_VARS:
                raise TooComplex
            i = self.keys[key] = self.n
            size = 1 << self.n
            # existing tables do not depend on the new variable: duplicate them
            self.tables = [t | (t << size) for t in self.tables]
            self.n += 1
            self.tables.append(((1 << size) - 1) << size)
        # tables of earlier variables were extended above; return the current one
        return self.tables[i]

    def snapshot(self):
        return self.n, dict(self.keys), list(self.tables)

    def restore(self, saved) -> None:
        self.n, self.keys, self.tables = saved[0], dict(saved[1]), list(saved[2])

    def depends(self, t: int, key: str) -> bool:
        i = self.keys[key]
        size = 1 << i
        mask = self.var(key)
        return ((t & mask) >> size) != (t & ~mask & self.full)


@dataclass(slots=True)
class Cond:
    """What a test expression tells: ``pos`` holds whenever it is truthy, ``neg`` whenever
    falsy (both over-approximations); ``atoms_only``: no free variable in it."""

    pos: int
    neg: int
    atoms_only: bool = True


# ----------------------------------------------------------------------------- module facts


@dataclass(slots=True)
class _FnFacts:
    node: FuncNode
    cls: Optional[str]
    # local names bound once (``locals_once``); None: not computed yet (``Facts.facts_of``
    # records every function of the module, few are ever asked about)
    once: Optional[dict[str, ast.expr]] = None
    # a helper asked at one call: parameter -> (argument, the caller's facts)
    bound: dict = field(default_factory=dict)
    env: Optional["Facts"] = None  # the module whose names the body resolves (None: the rule's)

    @property
    def locals_once(self) -> dict[str, ast.expr]:
        if self.once is None:
            self.once = _locals_once(self.node)
        return self.once


def _param_names(fn: FuncNode) -> list[str]:
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    return names + [p.arg for p in (a.vararg, a.kwarg) if p is not None]


def _own_nodes(fn: FuncNode):
    """Nodes of ``fn`` without those of nested functions, lambdas and classes."""
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(node))


def _store_names(target: ast.AST):
    for sub in walked(target):
        if isinstance(sub, ast.Name):
            yield sub.id


def _bindings(scope: ast.AST) -> dict[str, list]:
    """Names bound by ``scope``'s own code (a function or a module; nested functions, lambdas
    and classes are not read, parameters not included) -> one entry per binding: the value
    (``name = <expr>``, ``name: T = <expr>``, ``(name := <expr>)``), the imported name (a
    from-import: the name it has where it is defined), or None (any other binding: unpacking,
    loop and ``with`` targets, augmented assignment, ``import``, ``def``/``class``, ``del``,
    ``global``/``nonlocal``, ``except ... as``, match captures). A ``global`` in a nested
    function rebinding a module name is not followed."""
    out: dict[str, list] = {}

    def bind(name: str, value=None) -> None:
        out.setdefault(name, []).append(value)

    for node in _own_nodes(scope):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                for name in _store_names(t):
                    bind(name, node.value if isinstance(t, ast.Name) else None)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            for name in _store_names(node.target):
                value = node.value if isinstance(node, (ast.AnnAssign, ast.NamedExpr)) else None
                bind(name, value if isinstance(node.target, ast.Name) else None)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            for name in _store_names(node.target):
                bind(name)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            for name in _store_names(node.optional_vars):
                bind(name)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    bind(alias.asname or alias.name, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bind(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bind(name)
        elif isinstance(node, ast.Delete):
            for t in node.targets:
                for name in _store_names(t):
                    bind(name)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bind(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bind(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bind(node.rest)
    return out


def _locals_once(fn: FuncNode) -> dict[str, ast.expr]:
    """Local names bound exactly once in ``fn`` (to a known value), for predicate aliases."""
    params = _param_names(fn)  # parameters: never aliases
    return {
        name: values[0]
        for name, values in _bindings(fn).items()
        if len(values) == 1 and isinstance(values[0], ast.expr) and name not in params
    }


_STORE_WORDS = re.compile(r"\b(?:for|%s)\b" % "|".join(ATTRIBUTE_STORE_CALLS))


class Facts:
    """Same-module helpers and ``self.<attr>`` stores. ``Facts.empty()`` knows none (every
    helper call and flag is then an unknown predicate)."""

    def __init__(
        self,
        tree: Optional[ast.Module] = None,
        path: Optional[str] = None,
        swa=None,
        text: Optional[str] = None,
        index=None,
    ) -> None:
        self.path = path  # the module's file: names it imports resolve by ``index``
        self._index = index  # the run's project index (``lint_rules.project.Index``), or None
        self._text = text  # the source of ``tree``, when known (``attr_stores`` skips by it)
        self.swa = swa  # its SWA pool class test (None: the rule's own)
        self._imported: dict[str, Optional[_FnFacts]] = {}
        self.functions: dict[str, _FnFacts] = {}
        self.methods: dict[tuple[str, str], _FnFacts] = {}
        self.properties: set[tuple[str, str]] = set()
        self.bases: dict[str, list[str]] = {}
        self._tree = tree
        self._file_tree = None  # ``tree`` when it is the ast of the file at ``path`` (of_text)
        # ``attr_stores``: collected on first use (a whole walk of the module; most modules
        # are asked about no flag)
        self._attr_stores: Optional[dict[str, list]] = None
        self._fn_cache: dict[int, _FnFacts] = {}
        self.flag_lookups = 0  # flags looked up that have stores (the reduction reads it)
        if tree is not None:
            self._collect(tree)

    @classmethod
    def empty(cls) -> "Facts":
        return cls(None)

    @classmethod
    def of_text(cls, text: str, tree: Optional[ast.Module] = None, ctx=None) -> "Facts":
        """The facts of the module ``text`` (``tree``: its ``ast``, when parsed; raises what
        ``ast.parse`` raises), as the file of ``ctx`` (``context.FileContext``) when that file
        holds ``text``: its imported predicates then resolve through the project index. They
        are kept in ``ctx.facts``: the reduction and KVG003 ask for the same module in turn (a
        pure function of the text, the file and the run's index)."""
        from .context import of

        ctx = of(ctx)
        index, path = ctx.index, ctx.path
        if index is None or path is None or index.read(path) != text.encode("utf-8", "replace"):
            path = None  # not the file on disk (or no index): imported names stay unknown
        key = (text, path, index if path else None)  # the index itself: ids are reused
        if ctx.facts is not None and ctx.facts[0] == key:
            return ctx.facts[1]
        facts = cls(tree if tree is not None else ast.parse(text), path, text=text, index=index)
        # the file's bytes are ``text`` in UTF-8: for an ASCII text their ``ast`` is this one
        # (no coding cookie can read them otherwise), so the index may take it as the file's
        facts._file_tree = facts._tree if path is not None and text.isascii() else None
        ctx.facts = (key, facts)
        return facts

    def facts_of(self, fn: FuncNode, cls: Optional[str]) -> _FnFacts:
        got = self._fn_cache.get(id(fn))
        if got is None:
            got = self._fn_cache[id(fn)] = _FnFacts(fn, cls)  # locals_once: when asked
            got.env = self
        return got

    def imported(self, name: str) -> Optional[_FnFacts]:
        """The module function that ``name``, imported by this module from another module of
        the tree, is (absolute, relative, through re-exports: the project index resolves the
        import), with that module's facts; None when unresolved or not a function."""
        if self.path is None or self._index is None:
            return None
        if name not in self._imported:
            self._imported[name] = None
            self._imported[name] = _imported_function(self._index, self.path, name, self._file_tree)
        return self._imported[name]

    @property
    def attr_stores(self) -> dict[str, list[tuple[Optional[ast.expr], Optional[_FnFacts]]]]:
        """Attribute name -> (stored value when exactly ``x.<attr> = value``, else None; the
        facts of the function holding the store), every store in the module, in source order."""
        if self._attr_stores is None:
            self._attr_stores = {}
            if self._tree is not None:
                self._collect_stores(self._tree)
        return self._attr_stores

    # Statements hold every def and class (an expression holds none): the walks of
    # ``_collect`` go through these only.
    _STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)

    def _collect(self, tree: ast.Module) -> None:
        def visit(node: ast.AST, cls: Optional[str], owner: Optional[_FnFacts]) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.ClassDef):
                    self.bases.setdefault(
                        child.name, [getattr(b, "id", getattr(b, "attr", "")) for b in child.bases]
                    )
                    visit(child, child.name, owner)
                elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    info = self.facts_of(child, cls)
                    if owner is None and cls is None:
                        self.functions.setdefault(child.name, info)
                    elif owner is None and cls is not None:
                        self.methods.setdefault((cls, child.name), info)
                        if any(getattr(d, "id", None) == "property" for d in child.decorator_list):
                            self.properties.add((cls, child.name))
                    visit(child, None, info)
                elif isinstance(child, self._STATEMENTS):
                    visit(child, cls, owner)

        visit(tree, None, None)
        # a module function is its ``def`` only when nothing else binds the name at module
        # level (a second def, an assignment, an import) and no decorator may replace it
        bound: dict[str, int] = {}
        for node in _own_nodes(tree):
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name] * (1 + bool(node.decorator_list))
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [n for t in targets for n in _store_names(t)]
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [(a.asname or a.name).split(".")[0] for a in node.names]
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.withitem, ast.Delete)):
                targets = getattr(node, "targets", None) or [
                    getattr(node, "target", None) or getattr(node, "optional_vars", None)
                ]
                names = [n for t in targets if t is not None for n in _store_names(t)]
            for name in names:
                bound[name] = bound.get(name, 0) + 1
        for name in [n for n in self.functions if bound.get(n, 0) != 1]:
            del self.functions[name]

    def _collect_stores(self, tree: ast.Module) -> None:
        # An expression holds a store only in a comprehension's target or an attribute store
        # by call (``setattr``), so one whose lines hold no such word is not walked (known
        # source only, ASCII: ``ast`` normalises non-ASCII identifiers, the text does not).
        text = self._text
        rows: Optional[list] = None
        if text is not None and text.isascii():
            from bisect import bisect_left

            starts = [0, *(m.end() for m in re.finditer(r"\r\n?|\n", text))]
            rows = sorted({bisect_left(starts, m.start() + 1) for m in _STORE_WORDS.finditer(text)})

        def may_store(e: ast.expr) -> bool:
            end = getattr(e, "end_lineno", None)
            if rows is None or end is None:
                return True
            i = bisect_left(rows, e.lineno)
            return i < len(rows) and rows[i] <= end

        def visit(node: ast.AST, cls: Optional[str], owner: Optional[_FnFacts], skip) -> None:
            for child in ast.iter_child_nodes(node):
                if skip and isinstance(child, ast.expr) and not may_store(child):
                    continue
                if isinstance(child, ast.ClassDef):
                    visit(child, child.name, owner, skip)
                elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    visit(child, None, self.facts_of(child, cls), skip)
                elif isinstance(child, ast.Lambda):
                    visit(child, None, self.facts_of(child, None), skip)
                else:
                    self._stores(child, owner)
                    # (inside an f-string the positions of the parts are not trusted)
                    visit(child, cls, owner, skip and not isinstance(child, ast.JoinedStr))

        visit(tree, None, None, rows is not None)

    def _stores(self, node: ast.AST, owner: Optional[_FnFacts]) -> None:
        targets: list[ast.AST] = []
        value: Optional[ast.expr] = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = [node.target]
            value = node.value if isinstance(node, ast.AnnAssign) else None
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        for t in targets:
            for sub in walked(t):
                if isinstance(sub, ast.Attribute):
                    exact = sub is t and isinstance(node, (ast.Assign, ast.AnnAssign))
                    self._attr_stores.setdefault(sub.attr, []).append(
                        (value if exact else None, owner)
                    )
        stored = attribute_store(node) if isinstance(node, ast.Call) else None
        if stored is not None:  # setattr(x, "name", v): unknown store
            self._attr_stores.setdefault(stored[0] or "*", []).append((None, owner))

    def method(self, cls: Optional[str], name: str) -> Optional[_FnFacts]:
        seen: set[str] = set()
        stack = [cls] if cls else []
        while stack:
            c = stack.pop(0)
            if c in seen:
                continue
            seen.add(c)
            got = self.methods.get((c, name))
            if got is not None:
                return got
            stack.extend(self.bases.get(c, []))
        return None


def _imported_function(index, path: str, name: str, tree=None) -> Optional[_FnFacts]:
    with index.entered(path):  # the index resolves the linted file from its own root
        return _resolve_imported(index, path, name, tree)


def _resolve_imported(index, path: str, name: str, tree=None) -> Optional[_FnFacts]:
    """``tree``: the ``ast`` of the file at ``path``, when the caller has it."""
    # only the module's import table and names are read here: its own flow facts are not
    s = index.summary(path, facts=False, tree=tree)
    if s is None or (name not in s.imports and not s.stars) or name in s.defined:
        return None
    if index.path_of(s.module) != s.path:
        return None  # the file is not where its module name leads: its imports are not known
    found = index.resolve(s.module, name, where=True)
    if found is None or found[0] != "def" or found[1] == s.path:
        return None
    foreign = index.memo.setdefault("pathcond.Facts", {})  # path -> Facts, for this index
    key = found[1]
    facts = foreign.get(key)
    if facts is None:
        if len(foreign) > 256:
            foreign.clear()
        data = index.read(found[1])
        try:
            text = data.decode("utf-8") if data is not None else None
            tree = ast.parse(text) if text is not None else None
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
        facts = (
            Facts(tree, found[1], strict_swa_pool_class(text or "", tree), text, index)
            if tree
            else Facts()
        )
        foreign[key] = facts
    return facts.functions.get(found[2])


def returned_expr(fn: FuncNode) -> Optional[ast.expr]:
    """``e`` when the body is ``return e`` (after an optional docstring)."""
    if isinstance(fn, ast.Lambda):
        return fn.body
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return body[0].value
    return None


# ------------------------------------------------------------------------ predicates -> atoms


def strict_swa_pool_class(
    text: str, tree: Optional[ast.Module] = None
) -> Callable[[ast.expr], bool]:
    """An SWA pool class test that never says yes where the shared analysis says no: an
    attribute whose name looks like an SWA pool class, or a name that looks like one and is not
    the ``as`` target of an import. With the module's ``tree``, a name is judged by what it is
    bound to at module level instead: an import's ``as`` target by the imported name, and an
    alias bound once (``_PoolT = SWAKVPool``) by its value."""
    if tree is None:

        def by_text(e: ast.expr) -> bool:
            if isinstance(e, ast.Attribute):
                return is_swa_pool_class_name(e.attr)
            if isinstance(e, ast.Name):
                # ``re.search(r"\bas\s+<name>\b", text)`` (a ``\b``-led pattern is tried at
                # every position; ``search_words`` searches from the literal)
                return is_swa_pool_class_name(e.id) and not search_words(
                    r"as\s+" + re.escape(e.id) + r"\b", text
                )
            return False

        return by_text

    bound = _bindings(tree)  # the module's own bindings

    def check(e: ast.expr, depth: int = 0) -> bool:
        if isinstance(e, ast.Attribute):
            return is_swa_pool_class_name(e.attr)
        if not isinstance(e, ast.Name):
            return False
        values = bound.get(e.id)
        if values is None:
            return is_swa_pool_class_name(e.id)
        if len(values) != 1 or values[0] is None:
            return False
        if isinstance(values[0], str):  # from-imported: the name it has where it is defined
            return is_swa_pool_class_name(values[0])
        return depth < 8 and check(values[0], depth + 1)  # an alias bound once: its value

    return check


def _bind(info: _FnFacts, call: ast.Call, caller: _FnFacts, skip: int) -> _FnFacts:
    """``info`` asked at ``call``: its parameters bound to the call's arguments (read in the
    caller). Starred arguments or ``**`` bind nothing (the parameters stay unknown)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return info
    a = info.node.args
    positional = [p.arg for p in (*a.posonlyargs, *a.args)][skip:]
    bound = {p: (x, caller) for p, x in zip(positional, call.args)}
    names = set(positional[len(call.args) :]) | {p.arg for p in a.kwonlyargs}
    for k in call.keywords:
        if k.arg in names:
            bound[k.arg] = (k.value, caller)
    if not bound:
        return info
    return _FnFacts(info.node, info.cls, info.locals_once, bound, info.env)


class _Resolver:
    def __init__(self, space: Space, facts: Facts, is_swa_pool_class) -> None:
        self.space = space
        self.facts = facts
        self.is_swa_pool_class = is_swa_pool_class
        self._home = (facts, is_swa_pool_class)
        self._depth = 0

    def const(self, value: bool) -> Cond:
        full = self.space.full
        return Cond(full, 0) if value else Cond(0, full)

    def atom(self, key: str) -> Cond:
        t = self.space.var(key)
        return Cond(t, ~t & self.space.full)

    def unknown(self, e: ast.expr, ctx: _FnFacts) -> Cond:
        has_call = any(
            isinstance(n, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom)) for n in walked(e)
        )
        key = ("fresh", id(e)) if has_call else ("expr", id(ctx.node), ast.dump(e))
        c = self.atom(key)  # type: ignore[arg-type]
        c.atoms_only = False
        return c

    def active_pool(self, e: ast.expr, ctx: _FnFacts, depth: int = 0) -> bool:
        if isinstance(e, ast.NamedExpr):
            return self.active_pool(e.value, ctx, depth)
        if isinstance(e, ast.Attribute):
            return e.attr == POOL_ATTR
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "getattr":
            return (
                len(e.args) == 2
                and isinstance(e.args[1], ast.Constant)
                and e.args[1].value == POOL_ATTR
            )
        if isinstance(e, ast.Name) and depth < 4:
            if e.id in ctx.bound:
                arg, caller = ctx.bound[e.id]
                return self.active_pool(arg, caller, depth + 1)
            value = ctx.locals_once.get(e.id)
            return value is not None and self.active_pool(value, ctx, depth + 1)
        return False

    def swa_classes(self, e: ast.expr) -> bool:
        if isinstance(e, (ast.Tuple, ast.List)):
            return bool(e.elts) and all(self.swa_classes(x) for x in e.elts)
        return self.is_swa_pool_class(e)

    def cond(self, e: ast.expr, ctx: _FnFacts) -> Cond:
        saved = self.facts, self.is_swa_pool_class
        env = ctx.env
        if env is None or env is self._home[0] or env.swa is None:
            self.facts, self.is_swa_pool_class = self._home
        else:  # a predicate of another module: its names, its classes
            self.facts, self.is_swa_pool_class = env, env.swa
        self._depth += 1
        try:
            if self._depth > 40:
                return self.unknown(e, ctx)
            return self._cond(e, ctx)
        finally:
            self._depth -= 1
            self.facts, self.is_swa_pool_class = saved

    def _cond(self, e: ast.expr, ctx: _FnFacts) -> Cond:
        if isinstance(e, ast.Constant):
            return self.const(bool(e.value))
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            c = self.cond(e.operand, ctx)
            return Cond(c.neg, c.pos, c.atoms_only)
        if isinstance(e, ast.BoolOp):
            parts = [self.cond(v, ctx) for v in e.values]
            pos, neg = parts[0].pos, parts[0].neg
            for p in parts[1:]:
                if isinstance(e.op, ast.And):
                    pos, neg = pos & p.pos, neg | p.neg
                else:
                    pos, neg = pos | p.pos, neg & p.neg
            return Cond(pos, neg, all(p.atoms_only for p in parts))
        if isinstance(e, ast.IfExp):
            t, a, b = self.cond(e.test, ctx), self.cond(e.body, ctx), self.cond(e.orelse, ctx)
            return Cond(
                (t.pos & a.pos) | (t.neg & b.pos),
                (t.pos & a.neg) | (t.neg & b.neg),
                t.atoms_only and a.atoms_only and b.atoms_only,
            )
        if isinstance(e, ast.NamedExpr):
            return self.cond(e.value, ctx)
        if isinstance(e, ast.Name):
            if e.id in ctx.bound:
                arg, caller = ctx.bound[e.id]
                return self.cond(arg, caller)
            value = ctx.locals_once.get(e.id)
            if value is not None:
                return self.cond(value, ctx)
            return self.unknown(e, ctx)
        if isinstance(e, ast.Attribute):
            if e.attr == DRAFT_ATTR:
                return self._draft_read(e, ctx)
            flag = self.flag(e, ctx)
            if flag is not None:
                return flag
            return self.unknown(e, ctx)
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            frozen = self._frozen_compare(e)
            if frozen is not None:
                return frozen
            return self.unknown(e, ctx)
        if isinstance(e, ast.Call):
            return self._call(e, ctx)
        return self.unknown(e, ctx)

    def _frozen_compare(self, e: ast.Compare) -> Optional[Cond]:
        def is_member(x: ast.expr) -> bool:
            return isinstance(x, ast.Attribute) and x.attr.upper() in ("FROZEN_KV_MTP", "FROZEN_KV")

        left, right, op = e.left, e.comparators[0], e.ops[0]
        if not (is_member(left) or is_member(right)):
            return None
        other = right if is_member(left) else left
        # the other side must be the spec algorithm (any expression naming it)
        if not any(
            getattr(n, "attr", getattr(n, "id", "")) in ("spec_algorithm", "speculative_algorithm")
            for n in walked(other)
        ):
            return None
        f = self.atom("F")
        if isinstance(op, (ast.Eq, ast.Is)):
            return f
        if isinstance(op, (ast.NotEq, ast.IsNot)):
            return Cond(f.neg, f.pos)
        return None

    def _frozen_method(self, f: ast.expr, ctx: _FnFacts, depth: int = 0) -> bool:
        """``<x>.is_frozen_kv_mtp``, ``getattr(<x>, "is_frozen_kv_mtp"[, d])`` or a local bound
        once to one of them."""
        if isinstance(f, ast.Attribute):
            return f.attr == FROZEN_CALL
        if isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == "getattr":
            args = f.args
            return (
                len(args) in (2, 3)
                and isinstance(args[1], ast.Constant)
                and args[1].value == FROZEN_CALL
            )
        if isinstance(f, ast.Name) and depth < 4:
            if f.id in ctx.bound:
                arg, caller = ctx.bound[f.id]
                return self._frozen_method(arg, caller, depth + 1)
            value = ctx.locals_once.get(f.id)
            return value is not None and self._frozen_method(value, ctx, depth + 1)
        return False

    def _call(self, e: ast.Call, ctx: _FnFacts) -> Cond:
        f = e.func
        if not e.args and not e.keywords and self._frozen_method(f, ctx):
            return self.atom("F")
        if isinstance(f, ast.Name):
            if f.id == "bool" and len(e.args) == 1 and not e.keywords:
                return self.cond(e.args[0], ctx)
            if f.id == "getattr" and len(e.args) in (2, 3) and isinstance(e.args[1], ast.Constant):
                if e.args[1].value == DRAFT_ATTR:
                    if len(e.args) == 2 or (
                        isinstance(e.args[2], ast.Constant) and e.args[2].value in (False, None)
                    ):
                        read = ast.Attribute(e.args[0], DRAFT_ATTR, ast.Load())
                        return self._draft_read(ast.copy_location(read, e), ctx)
            if f.id in ("isinstance", "issubclass") and len(e.args) == 2 and not e.keywords:
                subject, classes = e.args
                if f.id == "issubclass":
                    # issubclass(type(x), C) asks what isinstance(x, C) asks
                    if not (
                        isinstance(subject, ast.Call)
                        and isinstance(subject.func, ast.Name)
                        and subject.func.id == "type"
                        and len(subject.args) == 1
                        and not subject.keywords
                    ):
                        return self.unknown(e, ctx)
                    subject = subject.args[0]
                if self.active_pool(subject, ctx) and self.swa_classes(classes):
                    return self.atom("A")
                return self.unknown(e, ctx)
            helper = self.facts.functions.get(f.id)
            if helper is None and f.id not in ctx.bound and f.id not in ctx.locals_once:
                helper = self.facts.imported(f.id)
            if helper is not None:
                got = self.helper(_bind(helper, e, ctx, 0))
                if got is not None:
                    return got
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            owner = self._class_for(f.value.id, ctx)
            if owner is not None and not self._overridden(owner, f.attr, f.value.id, ctx):
                helper = self.facts.method(owner, f.attr)
                if helper is not None:
                    plain = not getattr(helper.node, "decorator_list", None)
                    got = self.helper(_bind(helper, e, ctx, 1) if plain else helper)
                    if got is not None:
                        return got
        return self.unknown(e, ctx)

    def _draft_read(self, e: ast.Attribute, ctx: _FnFacts) -> Cond:
        """``<x>.is_draft_worker``: the runner's draft flag; on the class's own instance, what
        the module's stores of it give (``self.is_draft_worker = runner.is_draft_worker``, as
        fa3 and flashmla keep it). Where nothing in the module stores it and every base of
        the class is in the module, nothing sets it: the read decides nothing known."""
        owner = self._class_for(e.value.id, ctx) if isinstance(e.value, ast.Name) else None
        if owner is None:
            if isinstance(e.value, ast.Name) and e.value.id in ("self", "cls"):
                return self.unknown(e, ctx)  # an instance whose class is not known here
            held = e.value
            if isinstance(held, ast.Name):
                held = ctx.locals_once.get(held.id, held)
            if isinstance(held, ast.Attribute) and held.attr == ALLOCATOR_ATTR:
                return self.unknown(e, ctx)  # the allocator's: no runner's draft flag
            return self.atom("D")
        if self.facts.attr_stores.get(DRAFT_ATTR):
            flag = self.flag(e, ctx)
            return flag if flag is not None else self.unknown(e, ctx)
        if all(c in self.facts.bases for c in self._mro(owner)):
            return self.unknown(e, ctx)
        return self.atom("D")  # a base defined elsewhere may set it

    def _overridden(self, owner: str, name: str, receiver: str, ctx: _FnFacts) -> bool:
        """Is ``<receiver>.name`` a call on the instance (or class) a method of ``owner`` runs
        on, where a module class deriving from ``owner`` defines ``name`` again? Then which
        one runs depends on the instance: not this class's own."""
        if receiver == owner:
            return False  # (``Owner.name(...)``: that class's)
        return any(
            c != owner and (c, name) in self.facts.methods and owner in self._mro(c)
            for c in self.facts.bases
        )

    def _class_for(self, receiver: str, ctx: _FnFacts) -> Optional[str]:
        node = ctx.node
        if ctx.cls is not None and not isinstance(node, ast.Lambda):
            params = _param_names(node)
            if receiver in ("self", "cls") or (params and receiver == params[0]):
                return ctx.cls
        if any(c == receiver for c, _ in self.facts.methods):
            return receiver
        return None

    def helper(self, info: _FnFacts) -> Optional[Cond]:
        """A helper whose body is ``return <condition over atoms only>``."""
        expr = returned_expr(info.node)
        if expr is None or self._depth > 12:
            return None
        saved = self.space.snapshot()
        c = self.cond(expr, info)
        if not c.atoms_only:
            self.space.restore(saved)
            return None
        return c

    def flag(self, e: ast.Attribute, ctx: _FnFacts) -> Optional[Cond]:
        """``self.<attr>`` / ``obj.<attr>``: every store to that attribute name in the module
        is the same condition over atoms; or a property of the class returning one."""
        if any(name == e.attr for _, name in self.facts.properties):
            owner = self._class_for(e.value.id, ctx) if isinstance(e.value, ast.Name) else None
            prop = self.facts.method(owner, e.attr) if owner is not None else None
            if (
                prop is None
                or (owner, e.attr) not in self.facts.properties
                and not any((c, e.attr) in self.facts.properties for c in self._mro(owner))
            ):
                return None
            return self.helper(prop)
        stores = self.facts.attr_stores.get(e.attr)
        if not stores or "*" in self.facts.attr_stores or self._depth > 12:
            return None
        self.facts.flag_lookups += 1
        result: Optional[Cond] = None
        saved = self.space.snapshot()
        for value, owner in stores:
            c = self.cond(value, owner) if value is not None and owner is not None else None
            if (
                c is None
                or not c.atoms_only
                or (result is not None and (c.pos, c.neg) != (result.pos, result.neg))
            ):
                self.space.restore(saved)
                return None
            result = c
        return result

    def _mro(self, cls: str) -> list[str]:
        return lookup_order(cls, lambda c: self.facts.bases.get(c, []))


# ----------------------------------------------------------------------------- path analysis


@dataclass(slots=True)
class Verdict:
    safe: bool
    problems: list[str]  # what is missing or inverted; empty when safe


class _State:
    __slots__ = ("c", "t")

    def __init__(self, c: int, t: dict) -> None:
        self.c = c  # path condition
        self.t = t  # local name -> {kvcache key: condition under which it holds that value}


class _Restart(Exception):
    """A new variable appeared mid-walk: tables built so far are stale; walk again."""


def _type_of(e: ast.Call) -> bool:
    """``type(x)`` (x: ``e.args[0]``)."""
    return isinstance(e.func, ast.Name) and e.func.id == "type" and len(e.args) == 1


def _class_test(e: ast.Call) -> bool:
    """``isinstance(x, C)`` / ``issubclass(x, C)`` (x: ``e.args[0]``)."""
    f = e.func
    return isinstance(f, ast.Name) and f.id in ("isinstance", "issubclass") and len(e.args) == 2


def _questions(e: ast.expr) -> list:
    """The class and member questions in the test ``e`` (``isinstance``, ``issubclass``,
    ``type``, ``hasattr``), outside nested functions."""
    out, stack = [], [e]
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if (
            isinstance(n, ast.Call)
            and n.args
            and (
                _class_test(n)
                or _type_of(n)
                or (isinstance(n.func, ast.Name) and n.func.id == "hasattr")
            )
        ):
            out.append(n)
        stack.extend(ast.iter_child_nodes(n))
    return out


class _Analysis:
    """One walk of a function's statements; the variable count must not change during it."""

    def __init__(self, space: Space, res: _Resolver, ctx: _FnFacts, kvcache_key) -> None:
        self.space = space
        self.res = res
        self.ctx = ctx
        self.kvcache_key = kvcache_key
        self.n = space.n
        self.uses: list[tuple[Hashable, int]] = []
        self.loop_exits: list[list[_State]] = []
        self.raise_exits: list[list[_State]] = []

    def cond(self, e: ast.expr) -> Cond:
        c = self.res.cond(e, self.ctx)
        if self.space.n != self.n:
            raise _Restart
        return c

    # ---- states
    def dead(self) -> _State:
        return _State(0, {})

    def join(self, states: list[_State]) -> _State:
        c = 0
        t: dict = {}
        for s in states:
            c |= s.c
            for name, d in s.t.items():
                slot = t.setdefault(name, {})
                for key, v in d.items():
                    slot[key] = slot.get(key, 0) | (v & s.c)
        return _State(c, t)

    def test(self, e: ast.expr, s: _State) -> tuple[_State, _State]:
        self.visit(e, s)
        for q in _questions(e):
            # a class or member question about a kvcache value decides the branches: what
            # they keep is decided from that pool (the scenarios judge whether it escapes)
            for key, c in self.kv(q.args[0], s).items():
                self.uses.append((key, c))
        c = self.cond(e)
        return _State(s.c & c.pos, s.t), _State(s.c & c.neg, s.t)

    # ---- kvcache values
    def source(self, e: ast.AST) -> Optional[Hashable]:
        return self.kvcache_key(e) if isinstance(e, ast.Call) else None

    def kv(self, e: Optional[ast.expr], s: _State) -> dict:
        """{key: condition under which ``e`` evaluates to that kvcache value}."""
        if e is None:
            return {}
        key = self.source(e)
        if key is not None:
            return {key: s.c}
        if isinstance(e, ast.Call) and (_class_test(e) or _type_of(e)):
            # the answer of a class question carries the value asked about: kept, it decides
            # from the target's pool (``self.use_swa = isinstance(kv, SWAKVPool)``)
            return self.kv(e.args[0], s)
        if isinstance(e, (ast.Compare, ast.UnaryOp)):
            # a comparison or negation of class questions (``type(kv) is SWAKVPool``,
            # ``not isinstance(kv, ...)``): its answer carries the values asked about
            out: dict = {}
            for q in _questions(e):
                for k, c in self.kv(q.args[0], s).items():
                    out[k] = out.get(k, 0) | c
            return out
        if isinstance(e, ast.Name):
            return {k: v & s.c for k, v in s.t.get(e.id, {}).items()}
        if isinstance(e, ast.NamedExpr):
            return self.kv(e.value, s)
        if isinstance(e, (ast.IfExp, ast.BoolOp)):
            if isinstance(e, ast.IfExp):
                yes, no = self.test(e.test, s)
                parts = [self.kv(e.body, yes), self.kv(e.orelse, no)]
            else:
                parts = [self.kv(v, s) for v in e.values]
            out: dict = {}
            for part in parts:
                for k, c in part.items():
                    out[k] = out.get(k, 0) | c
            return out
        return {}

    def consume(self, e: Optional[ast.expr], s: _State) -> None:
        """``e``'s value escapes here: a use of any kvcache value it may be, or whose class
        ``e`` tests (a stored ``isinstance(kv, SWAKVPool)`` decides from the target's pool)."""
        if e is None:
            return
        for key, c in self.kv(e, s).items():
            self.uses.append((key, c))
        self.visit(e, s)

    def visit(self, e: Optional[ast.AST], s: _State) -> None:
        """Record the uses inside ``e`` (not of ``e``'s own value)."""
        if e is None or not s.c:
            return
        if isinstance(e, ast.IfExp):
            yes, no = self.test(e.test, s)
            self.visit(e.body, yes)
            self.visit(e.orelse, no)
            return
        if isinstance(e, ast.BoolOp):
            cur = s
            for v in e.values[:-1]:
                yes, no = self.test(v, cur)
                cur = yes if isinstance(e.op, ast.And) else no
            self.visit(e.values[-1], cur)
            return
        if isinstance(e, ast.NamedExpr):
            # bound inside an expression (the name is not followed): a kvcache value is used
            self.consume(e.value, s)
            return
        if isinstance(e, (ast.Name, ast.Constant)):
            return
        if isinstance(e, ast.Compare):
            for x in (e.left, *e.comparators):
                self.visit(x, s)  # comparing asks a question: not a use
            return
        if isinstance(e, ast.Call):
            f = e.func
            if self.source(e) is not None:
                for x in ast.iter_child_nodes(e):
                    self.visit(x, s)
                return
            if isinstance(f, ast.Name) and f.id in ("isinstance", "type", "id", "bool", "callable"):
                for x in e.args:
                    self.visit(x, s)
                return
            self.consume(f.value if isinstance(f, ast.Attribute) else f, s)
            for a in e.args:
                self.consume(a.value if isinstance(a, ast.Starred) else a, s)
            for k in e.keywords:
                self.consume(k.value, s)
            return
        if isinstance(e, ast.Attribute):
            self.consume(e.value, s)
            return
        if isinstance(e, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self.closure(e, s)
            return
        for x in ast.iter_child_nodes(e):
            if isinstance(x, ast.expr):
                self.consume(x, s)
            elif isinstance(x, ast.comprehension):
                self.consume(x.iter, s)
                for cond in x.ifs:
                    self.visit(cond, s)
            else:
                self.visit(x, s)

    def closure(self, node: ast.AST, s: _State) -> None:
        """A nested function or lambda captures the kvcache names it mentions: a use here."""
        outer: list = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            outer += node.decorator_list
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            outer += [d for d in (*node.args.defaults, *node.args.kw_defaults) if d is not None]
        if isinstance(node, ast.ClassDef):
            outer += [*node.bases, *(k.value for k in node.keywords)]
        for d in outer:
            self.consume(d, s)
        for sub in walked(node):
            if isinstance(sub, ast.Name) and sub.id in s.t:
                for key, c in s.t[sub.id].items():
                    self.uses.append((key, c & s.c))

    # ---- statements
    def block(self, stmts: list, s: _State) -> _State:
        for st in stmts:
            if not s.c:
                return s  # unreachable
            s = self.stmt(st, s)
            if self.raise_exits:
                self.raise_exits[-1].append(s)
        return s

    def bind(self, name: str, e: Optional[ast.expr], s: _State) -> _State:
        t = dict(s.t)
        value = self.kv(e, s) if e is not None else {}
        if value:
            t[name] = value
        else:
            t.pop(name, None)
        return _State(s.c, t)

    def kill(self, target: Optional[ast.AST], s: _State) -> _State:
        if target is None:
            return s
        t = dict(s.t)
        for name in _store_names(target):
            t.pop(name, None)
        if isinstance(target, (ast.MatchAs, ast.MatchStar)) and target.name:
            t.pop(target.name, None)
        for sub in walked(target):
            for name in (getattr(sub, "name", None), getattr(sub, "rest", None)):
                if isinstance(name, str):
                    t.pop(name, None)
        return _State(s.c, t)

    def stmt(self, st: ast.stmt, s: _State) -> _State:
        if isinstance(st, ast.Expr):
            self.visit(st.value, s)
            return s
        if isinstance(st, (ast.Assign, ast.AnnAssign)):
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if st.value is None:
                return s
            if all(isinstance(t, ast.Name) for t in targets):
                self.visit(st.value, s)
                for t in targets:
                    s = self.bind(t.id, st.value, s)
                return s
            self.consume(st.value, s)
            for t in targets:
                self.visit(t, s)
                s = self.kill(t, s)
            return s
        if isinstance(st, ast.AugAssign):
            self.consume(st.value, s)
            self.consume(st.target, s)
            return self.kill(st.target, s)
        if isinstance(st, ast.Return):
            self.consume(st.value, s)
            return self.dead()
        if isinstance(st, ast.Raise):
            self.consume(st.exc, s)
            self.consume(st.cause, s)
            return self.dead()
        if isinstance(st, (ast.Break, ast.Continue)):
            if self.loop_exits:
                self.loop_exits[-1].append(s)
            return self.dead()
        if isinstance(st, ast.If):
            yes, no = self.test(st.test, s)
            return self.join([self.block(st.body, yes), self.block(st.orelse, no)])
        if isinstance(st, ast.Assert):
            yes, _ = self.test(st.test, s)
            self.visit(st.msg, s)
            return yes
        if isinstance(st, (ast.For, ast.AsyncFor, ast.While)):
            return self.loop(st, s)
        if isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                self.consume(item.context_expr, s)
                s = self.kill(item.optional_vars, s)
            self.raise_exits.append([s])
            end = self.block(st.body, s)
            inside = self.raise_exits.pop()
            return self.join([end, *inside])  # a context manager may swallow an exception
        if isinstance(st, ast.Try) or type(st).__name__ == "TryStar":
            self.raise_exits.append([s])
            end = self.block(st.body, s)
            inside = self.raise_exits.pop()
            anywhere = self.join(inside)
            outs = [self.block(st.orelse, end)]
            for h in st.handlers:
                self.visit(h.type, anywhere)
                hs = self.kill(ast.Name(h.name), anywhere) if h.name else anywhere
                outs.append(self.block(h.body, hs))
            after = self.join(outs)
            if st.finalbody:
                # finally also runs on paths that left early: its uses under any state
                self.block(st.finalbody, self.join([anywhere, after]))
                after = self.block(st.finalbody, after)
            return after
        if isinstance(st, ast.Match):
            self.consume(st.subject, s)
            outs = [s]
            for case in st.cases:
                cs = self.kill(case.pattern, s)
                if case.guard is not None:
                    cs, _ = self.test(case.guard, cs)
                outs.append(self.block(case.body, cs))
            return self.join(outs)
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self.closure(st, s)
            return self.kill(ast.Name(st.name), s)
        if isinstance(st, ast.Delete):
            for t in st.targets:
                self.visit(t, s)
                s = self.kill(t, s)
            return s
        for x in ast.iter_child_nodes(st):  # Import, Global, Pass, ...
            self.visit(x, s)
        return s

    def loop(self, st, s: _State) -> _State:
        entry = s
        if not isinstance(st, ast.While):
            self.consume(st.iter, s)
        for _ in range(4):  # until the kvcache names carried around the loop are stable
            if isinstance(st, ast.While):
                body_in, _ = self.test(st.test, entry)
            else:
                body_in = self.kill(st.target, entry)
            self.loop_exits.append([])
            end = self.block(st.body, body_in)
            exits = self.loop_exits.pop()
            nxt = self.join([s, end, *exits])
            nxt = _State(s.c, nxt.t)  # every path through the loop started under s.c
            if nxt.t == entry.t:
                break
            entry = nxt
        else:
            entry = _State(s.c, _top(entry.t, s.c))
        after = self.block(st.orelse, entry)
        return self.join([after, entry])


def _top(t: dict, c: int) -> dict:
    """Give up on precision: every name that may hold a kvcache value does on every path."""
    return {name: {k: c for k in d} for name, d in t.items()}


def analyze(
    fn: FuncNode,
    facts: Facts,
    kvcache_key: Callable[[ast.Call], Optional[Hashable]],
    is_swa_pool_class: Callable[[ast.expr], bool],
    cls: Optional[str] = None,
) -> dict[Hashable, Verdict]:
    """Per kvcache source (``kvcache_key(call)`` not None) in ``fn`` (nested functions
    excluded: they are analysed on their own): is every use of its value safe, and if not,
    which part of the guard is missing or inverted."""
    keys = []
    for n in _own_nodes(fn):
        if isinstance(n, ast.Call):
            k = kvcache_key(n)
            if k is not None and k not in keys:
                keys.append(k)
    if not keys:
        return {}
    space = Space()
    res = _Resolver(space, facts, is_swa_pool_class)
    ctx = facts.facts_of(fn, cls)
    try:
        for _ in range(MAX_VARS + 1):
            an = _Analysis(space, res, ctx, kvcache_key)
            try:
                start = _State(space.full, {})
                if isinstance(fn, ast.Lambda):
                    an.consume(fn.body, start)
                else:
                    an.block(fn.body, start)
                break
            except _Restart:
                continue
        else:  # pragma: no cover - each restart adds a variable, bounded by MAX_VARS
            raise TooComplex
    except (TooComplex, RecursionError):
        return {k: Verdict(False, ["the guard is too complex to verify"]) for k in keys}
    out: dict[Hashable, Verdict] = {}
    for key in keys:
        u = 0
        for k, c in an.uses:
            if k == key:
                u |= c
        out[key] = judge(space, u)
    return out


def judge(space: Space, u: int) -> Verdict:
    """Does ``u`` (where the value is used) imply "active pool not SWA and not a
    non-FROZEN_KV draft"? If not, say which part fails."""
    full = space.full
    a, d, f = space.var("A"), space.var("D"), space.var("F")
    problems = []
    if u & a:
        if not u & ~a & full:
            problems.append(
                "active-pool check inverted (this path runs only when the active pool is SWA)"
            )
        elif not space.depends(u, "A"):
            problems.append("no active-pool check on this path")
        else:
            problems.append(
                "the active-pool check does not exclude an SWA active pool on this path"
            )
    bad = d & ~f & full
    if u & bad:
        if not u & ~d & full:
            problems.append("draft check inverted (this path runs only for draft workers)")
        elif not space.depends(u, "D") and not space.depends(u, "F"):
            problems.append("no draft-worker check on this path")
        else:
            problems.append(
                "the draft check does not exclude non-FROZEN_KV draft workers on this path"
            )
    return Verdict(not problems, problems)


class ReductionGuard:
    """KVG003's guard test for a reduction (libcst-free), sound against the rule.

    ``ReductionGuard(text, tree)`` once per module (``tree=None`` in a proof that has not parsed
    the whole module: same-module helpers and flags are then unknown), then
    ``guarded(fn, is_kvcache_call)`` per top-level function or method: True only when every
    kvcache value of ``fn`` and its nested functions is used under both guards.
    ``is_kvcache_call(call)`` must accept every call the rule takes for one (it may accept
    more: a receiver that *may* carry the allocator). ``read_flag_stores(fn)``: the verdict
    read ``self.<flag>`` stores, so a reduced text (other bodies blanked, stores hidden) must
    not be linted in its place."""

    def __init__(self, text: str, tree: Optional[ast.Module], ctx=None) -> None:
        self._facts = Facts.of_text(text, tree, ctx) if tree is not None else Facts.empty()
        self._swa = strict_swa_pool_class(text)
        self._memo: dict[int, tuple[bool, bool]] = {}

    def guarded(self, fn: ast.AST, is_kvcache_call: Callable[[ast.Call], bool]) -> bool:
        return self._judge(fn, is_kvcache_call)[0]

    def read_flag_stores(self, fn: ast.AST, is_kvcache_call: Callable[[ast.Call], bool]) -> bool:
        return self._judge(fn, is_kvcache_call)[1]

    def _judge(self, fn: ast.AST, is_kvcache_call) -> tuple[bool, bool]:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False, True
        got = self._memo.get(id(fn))
        if got is None:

            def key(call: ast.Call):
                return call if is_kvcache_call(call) else None

            nested = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            nodes = [fn, *(n for n in walked(fn) if isinstance(n, nested) and n is not fn)]
            before = self._facts.flag_lookups
            safe = all(
                v.safe
                for node in nodes
                for v in analyze(node, self._facts, key, self._swa).values()
            )
            got = self._memo[id(fn)] = (safe, self._facts.flag_lookups != before)
        return got
