"""The allocator-flow model: which expressions may hold the allocator (stdlib ``ast``, no libcst).

This is **the one place** that decides "may hold the allocator". The libcst analysis
(:mod:`lint_rules.analysis`) asks it by node position, the reduction (:mod:`lint_rules.reduce`)
asks it directly, so the rules, the fixer and the sound reduction share one decision.

Abstract values (a set per expression, computed to a fixed point over the module):

* ``ALLOC``: the allocator. Sources: ``<any>.<root>`` and ``getattr(x, "<root>"[, d])`` for each
  configured root attribute (``allocator-attributes``, default ``token_to_kv_pool_allocator``);
  a parameter *named* like a root (unless every call site in the module passes the KV pool
  instead: evidence beats names); a parameter, variable, attribute or return annotated with an
  allocator class (``Optional[...]``, ``"..."``, ``X | None``, dotted: any spelling).
* ``("M", name)``: a member of the allocator (``alloc.get_kvcache``, ``getattr(alloc, "m", None)``)
  held anywhere and maybe called later; calling ``("M", "get_kvcache")`` gives ``KVCACHE``.
* ``("O", kind, name)``: ``operator.attrgetter(name)`` / ``operator.methodcaller(name, ...)``
  (``kind``); called with the allocator, it reads or calls that member (``get_kvcache``:
  ``KVCACHE``). ``("O", "attrgetter", name, i)``: the ``i``-th name of an ``attrgetter`` of
  several, whose call gives a tuple (a container, that member in slot ``i``).
* ``("F", unit, implicit)``: a function or (bound) method, also through ``functools.partial``;
  calling it flows the arguments into its parameters (positional, keyword, ``*args``/``**kwargs``
  forwarding) and gives its returns.
* ``("C", site)``: a container (tuple / list / dict / set literal, ``**kwargs``, a dict filled by
  subscript stores or ``append``); reads by constant key or index, iteration and unpacking.
* ``("S", cls)`` / ``("T", cls)``: ``self`` / the class object inside a class's methods.
* ``("I", cls)``: an instance built by calling a module class with a ``__getattr__`` (the
  members it lacks are what that method returns: :meth:`Flow.forwarded`).
* ``TYPE``: the allocator's class, or data computed from it. Sources: ``type(a)``,
  ``a.__class__``, ``repr(a)``, ``dir(a)``, ``vars(a)`` (``names.TYPE_OF_CALLS``); carried
  by its attributes (``__name__``, ``__mro__``), calls of them or taking it (``str``,
  ``.lower()``, ``d.get(kind)``), lookups keyed by it, iteration, operators and f-strings. A decision on it (a comparison, ``isinstance``/``issubclass``) is what KVG001
  reports where it is an SWA-mode decision; its boolean result carries nothing (a flag
  decided there). ``has_type()``: does the module hold or test the class anywhere.

Attributes are *field-based*: a store ``<obj>.x = v`` anywhere is seen by a read ``<other>.x``
anywhere (this is what follows helpers and updaters holding a back-reference to the backend,
dataclass / namedtuple fields and records), except that ``self.x`` in a class whose hierarchy
(bases and subclasses in the module, both directions) stores ``x`` reads that hierarchy's stores.
Methods are looked up the same way (the hierarchy of ``self``, else every method of that name),
and properties and accessors give their returns. Names follow Python scoping (closures, module
globals); statements are taken flow-insensitively (any order), which over-approximates.

Cost: one walk of each function plus re-walks of the functions whose words mention a fact that
grew (a worklist over identifiers), so modules that never touch the allocator cost one walk.
"""

from __future__ import annotations

import ast
import re
from typing import Iterable, Optional

from .astwalk import breadth_first, walked
from .classes import lookup_order, module_classes
from .names import (
    ALLOCATOR_ATTR,
    ALLOCATOR_CLASS_NEEDLE,
    CLASS_DECISION_CALLS,
    CONTAINER_FILLS,
    CONTAINER_READS,
    ITERATING_CALLS,
    KVCACHE_CALL,
    KVCACHE_FIELDS,
    POOL_ATTR,
    TYPE_OF_CALLS,
    attribute_store,
    instance_dict_item,
    is_allocator_class_name,
)

ALLOC = ("A",)
KVCACHE = ("K",)
TYPE = ("Y",)
EMPTY: frozenset = frozenset()
DEFAULT_ROOTS = (ALLOCATOR_ATTR,)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MAX_ROUNDS = 40
# Python's own line ends (str.splitlines also splits at \f, \x1c, ... which the tokenizer does not)
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def child_statements(node: ast.AST):
    """The statements directly under ``node``: its bodies and branches, and the bodies of its
    ``except`` handlers and ``match`` cases, in source order."""
    for field in _BODIES:
        for item in getattr(node, field, None) or ():
            if isinstance(item, ast.stmt):
                yield item
            elif isinstance(item, (ast.excepthandler, ast.match_case)):
                yield from item.body


def statements(tree: ast.AST) -> list:
    """Every statement of ``tree`` (nested ones included: bodies of functions, classes,
    branches, loops, ``with``, ``try`` handlers, ``match`` cases), without descending into
    expressions. Imports, class and function definitions are statements, so a search for
    them that walks only these is complete; it visits a few times fewer nodes than
    ``ast.walk``. Order: depth first, not source order."""
    out: list = []
    stack = list(child_statements(tree))
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(child_statements(node))
    return out


def allocator_like(values: Iterable) -> bool:
    """Does the value set hold the allocator itself?"""
    return ALLOC in values


def member_names(values: Iterable) -> set[str]:
    """Names of allocator members (bound methods / attributes) the value set holds."""
    return {v[1] for v in values if v[0] == "M"}


def annotation_names_allocator(node: Optional[ast.AST]) -> bool:
    """An annotation naming an allocator class, however spelled (``Optional[X]``, ``"X"``,
    ``X | None``, ``Union[X, Y]``, ``mod.X``)."""
    if node is None:
        return False
    for sub in walked(node):
        if isinstance(sub, ast.Name) and is_allocator_class_name(sub.id):
            return True
        if isinstance(sub, ast.Attribute) and is_allocator_class_name(sub.attr):
            return True
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            if any(is_allocator_class_name(w) for w in _WORD.findall(sub.value)):
                return True
    return False


class Unit:
    """A unit of evaluation: the module body, a class body, a function or a lambda."""

    __slots__ = (
        "index",
        "node",
        "kind",
        "name",
        "parent",
        "cls",
        "locals",
        "params",
        "kwonly",
        "vararg",
        "kwarg",
        "static",
        "classmeth",
        "prop",
        "dispatch",
        "returns",
        "words",
        "globals_",
        "touches_heap",
        "stored_attrs",
        "record_fields",
        "bases",
        "methods",
        "family",
        "family_key",
    )

    def __init__(self, index: int, node: ast.AST, kind: str, name: str, parent, cls) -> None:
        self.index = index
        self.node = node
        self.kind = kind  # "module" | "class" | "function"
        self.name = name
        self.parent: Optional[Unit] = parent  # enclosing unit for name resolution
        self.cls: Optional[Unit] = cls  # the class whose body defines this function
        self.locals: dict[str, set] = {}
        self.params: list[str] = []
        self.kwonly: list[str] = []
        self.vararg: Optional[str] = None
        self.kwarg: Optional[str] = None
        self.static = self.classmeth = self.prop = self.dispatch = False
        self.returns: set = set()
        self.words: set[str] = set()
        self.globals_: set[str] = set()
        self.touches_heap = False
        # class units only
        self.stored_attrs: set[str] = set()
        self.record_fields: Optional[list[str]] = None
        self.bases: list[str] = []
        self.methods: dict[str, Unit] = {}
        self.family: list[Unit] = []
        self.family_key = index


_FIELDS: dict = {}
# fields whose nodes have no children and nothing ``Flow._visit`` records: expression contexts
# (Load / Store / Del) and operators
_LEAF_FIELDS = frozenset({"ctx", "op", "ops"})


def _child_fields(kind: type) -> tuple:
    """The fields of an ``ast`` node class that may hold child nodes (``_fields`` order)."""
    hit = _FIELDS.get(kind)
    if hit is None:
        hit = _FIELDS[kind] = tuple(f for f in kind._fields if f not in _LEAF_FIELDS)
    return hit


def walk(node: ast.AST) -> list:
    """The nodes ``ast.walk(node)`` gives, in its order (breadth first), less the expression
    context and operator nodes (leaves without fields that anything here asks about): a list,
    computed afresh (the reduction's and the index's walks read each node once)."""
    return breadth_first(node, _child_fields)


def _class_level(cls: "Unit") -> set:
    """The names a class body binds by plain assignment."""
    return {
        t.id
        for stmt in cls.node.body
        for t in (getattr(stmt, "targets", None) or [getattr(stmt, "target", None)])
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(t, ast.Name)
    }


def _class_constant(cls: "Unit", attr: str) -> Optional[str]:
    """The string literal the last class-body assignment of ``attr`` binds, else None."""
    found = None
    for stmt in cls.node.body:
        targets = getattr(stmt, "targets", None) or [getattr(stmt, "target", None)]
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and any(
            isinstance(t, ast.Name) and t.id == attr for t in targets
        ):
            value = stmt.value
            found = (
                value.value
                if isinstance(value, ast.Constant) and isinstance(value.value, str)
                else None
            )
    return found


def _decorator_name(d: ast.AST) -> str:
    if isinstance(d, ast.Call):
        d = d.func
    if isinstance(d, ast.Attribute):
        return d.attr
    return d.id if isinstance(d, ast.Name) else ""


def _terminal(e: ast.AST) -> str:
    if isinstance(e, ast.Subscript):
        e = e.value
    if isinstance(e, ast.Attribute):
        return e.attr
    return e.id if isinstance(e, ast.Name) else ""


def _const_key(e: Optional[ast.AST]):
    if (
        isinstance(e, ast.Constant)
        and isinstance(e.value, (str, int))
        and not isinstance(e.value, bool)
    ):
        return e.value
    return None


class Flow:
    """The fixed point for one module. Build with :meth:`build`."""

    def __init__(
        self, tree: ast.Module, roots: Iterable[str] = DEFAULT_ROOTS, project=None, seeds=()
    ) -> None:
        self.tree = tree
        self._strings: Optional[tuple] = None  # (_string_table), when first asked
        self._module_classes = None  # (_buildable), when first asked
        self._handed: Optional[list] = None  # (_handed_out), when first asked
        # calls of a function held in data that hand it the allocator (``_held_callee``): the
        # callers of every function the module hands out
        self.held_calls: dict[int, ast.Call] = {}
        self.roots = frozenset(roots)
        self.project = project  # cross-module facts (lint_rules.project), or None
        self.seeds = frozenset(seeds)  # (unit index, parameter) seeded as the allocator
        # id(call) -> (call, anchor kinds, helper): calls passing the allocator to a helper of
        # another module whose parameter reaches an anchor there (lint_rules.project)
        self.cross: dict[int, tuple] = {}
        self.units: list[Unit] = []
        self.module: Optional[Unit] = None
        self.classes: dict[str, Unit] = {}
        self.attrs: dict[str, set] = {}  # field-based attribute facts
        self.family_attrs: dict[tuple, set] = {}  # (class hierarchy, attr) -> facts
        self.methods_by_name: dict[str, list[Unit]] = {}
        self.heap: dict[object, dict] = {}
        self.node_values: dict[int, tuple] = {}  # id(node) -> (node, values)
        self.changed: set[str] = set()
        self.dirty: set[int] = set()
        self.heap_changed = False
        self.refuted: set[tuple[int, str]] = set()
        self.names_allocator_class = True  # (``_seed``: False when no word holds the needle)
        self._current: Optional[Unit] = None

    # ------------------------------------------------------------------ building

    @classmethod
    def build(
        cls, tree: ast.Module, roots: Iterable[str] = DEFAULT_ROOTS, project=None, seeds=()
    ) -> "Flow":
        self = cls(tree, roots, project, seeds)
        self._collect()
        self._refute_named_params()
        self._seed()
        self._solve()
        return self

    def _new_unit(self, node, kind, name, parent, cls) -> Unit:
        unit = Unit(len(self.units), node, kind, name, parent, cls)
        self.units.append(unit)
        return unit

    def _collect(self) -> None:
        """One walk of the tree: units, parameters, words, class facts, calls."""
        self.module = self._new_unit(self.tree, "module", "<module>", None, None)
        self.calls: list = []
        self.nt_assigns: list = []
        for stmt in self.tree.body:
            self._visit(stmt, self.module)
        for unit in self.units:
            if unit.kind == "class":
                unit.family = self._family(unit)
                unit.family_key = min(c.index for c in unit.family)
        # a unit's words include those of the units nested in it
        for unit in reversed(self.units):
            if unit.parent is not None:
                unit.parent.words |= unit.words

    def _visit(self, node: ast.AST, unit: Unit) -> None:
        kind = type(node)
        if kind is ast.Name:
            unit.words.add(node.id)
            if unit.kind == "class" and type(node.ctx) is ast.Store:
                unit.stored_attrs.add(node.id)
            return
        if kind is ast.Attribute:
            unit.words.add(node.attr)
            if type(node.ctx) is ast.Store and type(node.value) is ast.Name:
                self._attribute_store(node.attr, unit)
            self._visit(node.value, unit)
            return
        if kind is ast.Constant:
            if type(node.value) is str:
                unit.words.add(node.value)
                if "." in node.value:  # a dotted ``attrgetter("a.b")`` reads ``a`` then ``b``
                    unit.words.update(node.value.split("."))
            return
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef):
            for e in node.decorator_list:
                self._visit(e, unit)
            self._visit_args(node.args, unit)
            if node.returns is not None:
                self._visit(node.returns, unit)
            cls = unit if unit.kind == "class" else None
            fn = self._new_unit(node, "function", node.name, unit, cls)
            decorators = {_decorator_name(d) for d in node.decorator_list}
            fn.static = "staticmethod" in decorators
            fn.classmeth = "classmethod" in decorators
            fn.prop = bool(decorators & {"property", "cached_property"})
            fn.dispatch = "singledispatch" in decorators or "singledispatchmethod" in decorators
            self._params(fn, node.args)
            if cls is not None:
                cls.methods.setdefault(node.name, fn)
                self.methods_by_name.setdefault(node.name, []).append(fn)
            unit.locals.setdefault(node.name, set()).add(("F", fn.index, 0))
            if cls is not None:
                cls.stored_attrs.add(node.name)
            for stmt in node.body:
                self._visit(stmt, fn)
            return
        if kind is ast.ClassDef:
            for e in (*node.bases, *node.decorator_list):
                self._visit(e, unit)
            for k in node.keywords:
                self._visit(k.value, unit)
            cu = self._new_unit(node, "class", node.name, unit, None)
            cu.bases = [_terminal(b) for b in node.bases]
            self.classes.setdefault(node.name, cu)
            decorators = {_decorator_name(d) for d in node.decorator_list}
            if "dataclass" in decorators or "NamedTuple" in cu.bases or "TypedDict" in cu.bases:
                cu.record_fields = [
                    s.target.id
                    for s in node.body
                    if isinstance(s, ast.AnnAssign)
                    and isinstance(s.target, ast.Name)
                    and "ClassVar" not in ast.dump(s.annotation)
                ]
            unit.locals.setdefault(node.name, set()).add(("T", cu.index))
            for stmt in node.body:
                self._visit(stmt, cu)
            return
        if kind is ast.Lambda:
            self._visit_args(node.args, unit)
            lam = self._new_unit(node, "function", "<lambda>", unit, None)
            self._params(lam, node.args)
            self._visit(node.body, lam)
            return
        if kind is ast.Call:
            self.calls.append(node)
        elif kind is ast.Assign:
            if type(node.value) is ast.Call and _terminal(node.value.func) == "namedtuple":
                self.nt_assigns.append(node)
        elif kind is ast.keyword:
            if node.arg:
                unit.words.add(node.arg)
        elif kind is ast.MatchClass:  # (``case C(attr=x)`` reads ``attr``)
            unit.words.update(node.kwd_attrs)
        elif kind in (ast.Global, ast.Nonlocal):
            if kind is ast.Global:
                unit.globals_.update(node.names)
            return
        # the children in ``ast.iter_child_nodes`` order, without its generators; names,
        # constants and attribute chains (most of the nodes) are taken here as ``_visit`` takes
        # them, and operator / context nodes (no children, nothing to record) are not visited
        children: list = []
        for name in _child_fields(kind):
            value = getattr(node, name)
            if type(value) is list:
                children += value
            elif value is not None:
                children.append(value)
        words = unit.words
        in_class = unit.kind == "class"
        for item in children:
            kind = type(item)
            while kind is ast.Attribute:
                words.add(item.attr)
                if type(item.ctx) is ast.Store and type(item.value) is ast.Name:
                    self._attribute_store(item.attr, unit)
                item = item.value
                kind = type(item)
            if kind is ast.Name:
                words.add(item.id)
                if in_class and type(item.ctx) is ast.Store:
                    unit.stored_attrs.add(item.id)
            elif kind is ast.Constant:
                if type(item.value) is str:
                    words.add(item.value)
                    if "." in item.value:
                        words.update(item.value.split("."))
            elif isinstance(item, ast.AST):
                self._visit(item, unit)

    def _attribute_store(self, attr: str, unit: Unit) -> None:
        """``<name>.attr = ...`` in ``unit``: a stored attribute of the class whose method
        (or a function nested in one) holds it."""
        owner = unit
        while owner is not None and owner.kind == "function" and owner.cls is None:
            owner = owner.parent
        if owner is not None and owner.cls is not None:
            owner.cls.stored_attrs.add(attr)

    def _visit_args(self, args: ast.arguments, unit: Unit) -> None:
        for e in (*args.defaults, *args.kw_defaults):
            if e is not None:
                self._visit(e, unit)
        for p in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if p is not None and p.annotation is not None:
                self._visit(p.annotation, unit)

    def _params(self, unit: Unit, args: ast.arguments) -> None:
        unit.params = [p.arg for p in (*args.posonlyargs, *args.args)]
        unit.kwonly = [p.arg for p in args.kwonlyargs]
        unit.vararg = args.vararg.arg if args.vararg else None
        unit.kwarg = args.kwarg.arg if args.kwarg else None
        for name in (*unit.params, *unit.kwonly, unit.vararg, unit.kwarg):
            if name:
                unit.locals.setdefault(name, set())

    def _family(self, unit: Unit) -> list[Unit]:
        """The class, its in-module bases (transitively) and subclasses: one hierarchy."""
        seen = {unit.index: unit}
        stack = [unit]
        while stack:
            c = stack.pop()
            related = [self.classes[b] for b in c.bases if b in self.classes]
            related += [u for u in self.classes.values() if c.name in u.bases]
            for r in related:
                if r.index not in seen:
                    seen[r.index] = r
                    stack.append(r)
        return list(seen.values())

    # ------------------------------------------------------------------ seeds

    def _refute_named_params(self) -> None:
        """A parameter named like a root is the allocator unless the module's call sites of its
        function (at least one, all resolved) pass the KV pool for it: evidence beats names."""
        named = [
            (u, p)
            for u in self.units
            if u.kind == "function"
            for p in (*u.params, *u.kwonly)
            if p in self.roots
        ]
        if not named:
            return
        sites: dict[int, list] = {}
        for call in self.calls:
            func = call.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr if isinstance(func, ast.Attribute) else None
            )
            for unit, p in named:
                if unit.name == name:
                    sites.setdefault(unit.index, []).append(call)
        for unit, p in named:
            calls = sites.get(unit.index)
            if not calls:
                continue
            if all(_passes_pool(c, unit, p) for c in calls):
                self.refuted.add((unit.index, p))

    def _seed(self) -> None:
        # an annotation can name an allocator class only when a word of the module (the words
        # hold every name, attribute and string of the annotations) holds the needle
        named = self.names_allocator_class = any(
            ALLOCATOR_CLASS_NEEDLE in w for w in self.module.words
        )
        for unit in self.units:
            if unit.kind != "function":
                continue
            node = unit.node
            args = node.args
            annotated = named and {
                p.arg
                for p in (*args.posonlyargs, *args.args, *args.kwonlyargs)
                if annotation_names_allocator(p.annotation)
            }
            for p in (*unit.params, *unit.kwonly):
                if (p in self.roots and (unit.index, p) not in self.refuted) or (
                    annotated and p in annotated
                ):
                    unit.locals[p].add(ALLOC)
                elif (unit.index, p) in self.seeds:
                    unit.locals[p].add(ALLOC)
            if unit.kwarg and (unit.index, unit.kwarg) in self.seeds:
                # ``**kwargs`` seeded: a mapping whose every key may hold the allocator
                site = ("seed", unit.index)
                self._store_key(site, "*", {ALLOC})
                unit.locals[unit.kwarg].add(("C", site))
                unit.touches_heap = True
            if unit.cls is not None and unit.params and not unit.static:
                first = unit.params[0]
                unit.locals[first].add(
                    ("T", unit.cls.index) if unit.classmeth else ("S", unit.cls.index)
                )
            if (
                named
                and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                and annotation_names_allocator(node.returns)
            ):
                unit.returns.add(ALLOC)

    # ------------------------------------------------------------------ solving

    def _sig(self, values, depth: int = 0) -> bool:
        """Can these values lead to the allocator (the allocator, its members or kvcache, its
        class, or a container / function holding or returning them)? Only such changes wake
        other units."""
        for v in values:
            tag = v[0]
            if tag in ("A", "M", "K", "X", "XM", "XT", "XR", "Y", "O", "I"):
                return True
            if depth < 4:
                if tag in ("C", "G"):
                    if any(self._sig(slot, depth + 1) for slot in self.heap.get(v[1], {}).values()):
                        return True
                elif tag == "F":
                    if self._sig(self.units[v[1]].returns, depth + 1):
                        return True
        return False

    def _solve(self) -> None:
        """A worklist: first the units that mention a source of the allocator (a root, an
        allocator class, a seeded parameter), then those whose words mention a fact that grew.
        Code that never comes near the allocator is not evaluated at all."""
        interesting = set(self.roots)
        if self.project is not None:
            interesting |= self.project.words(self)
        for unit in self.units:
            interesting |= {w for w in unit.words if "llocator" in w and is_allocator_class_name(w)}
        if self.module.words & self.roots:  # a root held in a constant: its name too
            for table in self._string_table():
                interesting |= {name for name, values in table.items() if values & self.roots}
        # a class with ``__getattr__`` may forward to the allocator: its methods read ``self``
        forwarding = {
            c.index
            for c in self.units
            if c.kind == "class" and any("__getattr__" in f.methods for f in c.family or [c])
        }
        pending = [
            u
            for u in self.units
            if u.kind != "function"
            or u.words & interesting
            or (u.cls is not None and u.cls.index in forwarding)
            or u.returns
            or any(ALLOC in vals for vals in u.locals.values())
            or (self.seeds and u.touches_heap)  # a seeded ``**kwargs`` (lint_rules.project)
        ]
        for _ in range(_MAX_ROUNDS):
            self.changed = set()
            self.dirty = set()
            self.heap_changed = False
            for unit in pending:
                self._eval_unit(unit)
            if not self.changed and not self.dirty and not self.heap_changed:
                return
            pending = [
                u
                for u in self.units
                if u.index in self.dirty
                or (u.words & self.changed)
                or (self.heap_changed and u.touches_heap)
            ]
            if not pending:
                return

    def _eval_unit(self, unit: Unit) -> None:
        self._current = unit
        if isinstance(unit.node, ast.Lambda):
            self._add_returns(unit, self.eval(unit.node.body, unit))
            return
        if unit.kind == "function":
            for p in unit.node.args.posonlyargs + unit.node.args.args + unit.node.args.kwonlyargs:
                if p.annotation is not None:
                    pass  # annotations are evidence only (seeded), not evaluated
        self._stmts(unit.node.body, unit)

    def _add_returns(self, unit: Unit, values) -> None:
        if values and not values <= unit.returns:
            unit.returns |= values
            if self._sig(values):
                self.changed.add(unit.name)
                if isinstance(unit.node, ast.Lambda) and unit.parent is not None:
                    self.dirty.add(unit.parent.index)  # (a lambda is called where it is made)
                if unit.name == "__getattr__":  # (a member read on an instance may reach it)
                    self.dirty |= {u.index for u in self.units if u.kind == "function"}

    def _stmts(self, body: list, unit: Unit) -> None:
        for stmt in body:
            self._stmt(stmt, unit)

    def _stmt(self, stmt: ast.stmt, unit: Unit) -> None:
        kind = type(stmt)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef):
            for e in stmt.decorator_list:
                self.eval(e, unit)
            self._defaults(stmt, unit)
            return
        if kind is ast.ClassDef:
            for e in (*stmt.bases, *stmt.decorator_list):
                self.eval(e, unit)
            return
        if kind is ast.Assign:
            value = self.eval(stmt.value, unit)
            for t in stmt.targets:
                self.bind(t, value, unit)
            return
        if kind is ast.AnnAssign:
            value = self.eval(stmt.value, unit) if stmt.value is not None else set()
            if self.names_allocator_class and annotation_names_allocator(stmt.annotation):
                value = set(value) | {ALLOC}
            if value or stmt.value is not None:
                self.bind(stmt.target, value, unit)
            return
        if kind is ast.AugAssign:
            self.bind(stmt.target, self.eval(stmt.value, unit) | self.eval(stmt.target, unit), unit)
            return
        if kind is ast.Return:
            if stmt.value is not None:
                self._add_returns(unit, self.eval(stmt.value, unit))
            return
        if kind in (ast.For, ast.AsyncFor):
            self.bind(stmt.target, self._elements(self.eval(stmt.iter, unit)), unit)
            self._stmts(stmt.body, unit)
            self._stmts(stmt.orelse, unit)
            return
        if kind in (ast.With, ast.AsyncWith):
            for item in stmt.items:
                value = self.eval(item.context_expr, unit)
                if item.optional_vars is not None:
                    self.bind(item.optional_vars, value, unit)
            self._stmts(stmt.body, unit)
            return
        if kind is ast.Expr:
            self.eval(stmt.value, unit)
            return
        if kind is ast.Match:
            subject = self.eval(stmt.subject, unit)
            for case in stmt.cases:
                self._bind_pattern(case.pattern, subject, unit)
                self.eval(case.guard, unit)
                self._stmts(case.body, unit)
            return
        for child in ast.iter_child_nodes(stmt):
            if isinstance(child, ast.stmt):
                self._stmt(child, unit)
            elif isinstance(child, ast.expr):
                self.eval(child, unit)
            elif isinstance(child, ast.excepthandler):
                if child.type is not None:
                    self.eval(child.type, unit)
                self._stmts(child.body, unit)
            elif isinstance(child, ast.match_case):
                self._stmts(child.body, unit)
            elif isinstance(child, ast.withitem):  # pragma: no cover - handled above
                self.eval(child.context_expr, unit)

    # ------------------------------------------------------------------ names and stores

    def _scope_of(self, name: str, unit: Unit) -> Optional[Unit]:
        """The unit whose local ``name`` is (Python scoping: class bodies are skipped from
        nested functions), or None."""
        scope: Optional[Unit] = unit
        first = True
        while scope is not None:
            if name in scope.globals_:
                return self.module
            if (first or scope.kind != "class") and name in scope.locals:
                return scope
            first = False
            scope = scope.parent
        return None

    def lookup(self, name: str, unit: Unit) -> set:
        scope = self._scope_of(name, unit)
        if scope is None:
            if self.project is not None:
                return self.project.name_values(self, name)
            return set()
        return scope.locals.get(name, set())

    def _bind_name(self, name: str, values, unit: Unit) -> None:
        scope = self.module if name in unit.globals_ else unit
        current = scope.locals.setdefault(name, set())
        if values and not values <= current:
            current |= values
            if self._sig(values):
                self.changed.add(name)
                self.dirty.add(scope.index)
            elif scope is unit:
                self.dirty.add(scope.index)  # statements are taken in any order

    def _store_attr(self, attr: str, values, owner: Optional[Unit] = None) -> None:
        """A store into ``<obj>.attr``: field-based, and for ``self``/class stores also per
        class hierarchy."""
        if not values:
            return
        sig = self._sig(values)
        current = self.attrs.setdefault(attr, set())
        if not values <= current:
            current |= values
            if sig:
                self.changed.add(attr)
        if owner is not None:
            key = (owner.family_key, attr)
            current = self.family_attrs.setdefault(key, set())
            if not values <= current:
                current |= values
                if sig:
                    self.changed.add(attr)

    def _container(self, site) -> dict:
        return self.heap.setdefault(site, {})

    def _store_key(self, site, key, values) -> None:
        slot = self._container(site).setdefault(key, set())
        if values and not values <= slot:
            slot |= values
            if self._sig(values):
                self.heap_changed = True

    def bind(self, target: ast.AST, values, unit: Unit) -> None:
        kind = type(target)
        if kind is ast.Name:
            self._bind_name(target.id, values, unit)
            if unit.kind == "class":  # a class attribute: read as self.<name> / Class.<name>
                self._store_attr(target.id, values, unit)
        elif kind is ast.Attribute:
            receiver = self.eval(target.value, unit)
            owner = next((self.units[v[1]] for v in receiver if v[0] in ("S", "T")), None)
            self._store_attr(target.attr, values, owner)
        elif kind is ast.Subscript and instance_dict_item(target):
            obj, attr = instance_dict_item(target)  # (``self.__dict__["n"] = v``)
            receiver = self.eval(obj, unit)
            owner = next((self.units[v[1]] for v in receiver if v[0] in ("S", "T")), None)
            self._store_attr(attr, values, owner)
        elif kind is ast.Subscript:
            receiver = self.eval(target.value, unit)
            self.eval(target.slice, unit)
            if values:
                key = _const_key(target.slice)
                for site in self._sites_for_store(target.value, receiver, unit):
                    self._store_key(site, "*" if key is None else key, values)
                if self._sig(values):  # wake the readers of the container's name
                    self.changed.add(_terminal(target.value))
        elif kind in (ast.Tuple, ast.List):
            sites = [v[1] for v in values if v[0] == "C"]
            if sites:
                unit.touches_heap = True
            starred = any(isinstance(e, ast.Starred) for e in target.elts)
            for i, elt in enumerate(target.elts):
                if isinstance(elt, ast.Starred):
                    self.bind(elt.value, self._elements(values), unit)
                    continue
                part: set = set()
                for site in sites:
                    slots = self.heap.get(site, {})
                    if starred:
                        part |= self._elements({("C", site)})
                    else:
                        part |= slots.get(i, set()) | slots.get("*", set())
                if isinstance(elt, ast.Name) and elt.id in self.roots and not sites:
                    part.add(ALLOC)  # a name spelled like the root unpacked from a call
                self.bind(elt, part, unit)
        elif kind is ast.Starred:
            self.bind(target.value, values, unit)

    def _sites_for_store(self, receiver_node: ast.AST, receiver: set, unit: Unit) -> list:
        """Containers a subscript store / ``append`` writes into; a name or attribute holding
        none yet gets one (``d = {}`` is not tracked until something allocator-ish goes in)."""
        sites = [v[1] for v in receiver if v[0] == "C"]
        if not sites:
            if isinstance(receiver_node, ast.Name):
                site = ("name", receiver_node.id, unit.index)
                self._bind_name(receiver_node.id, {("C", site)}, unit)
            elif isinstance(receiver_node, ast.Attribute):
                site = ("attr", receiver_node.attr)
                obj = self.eval(receiver_node.value, unit)
                owner = next((self.units[v[1]] for v in obj if v[0] in ("S", "T")), None)
                self._store_attr(receiver_node.attr, {("C", site)}, owner)
            else:
                return []
            sites = [site]
        unit.touches_heap = True
        return sites

    def elements(self, values) -> frozenset:
        """What iterating a value of ``values`` may give (asked after the fixed point)."""
        return frozenset(self._elements(values))

    def _bind_pattern(self, pattern: ast.AST, values: set, unit: Unit) -> None:
        """Bind the names a ``case`` pattern captures from a subject holding ``values``: the
        subject itself, a mapping pattern's value at its key, a sequence's items, and (not
        told apart) whatever a class pattern reads of it."""
        kind = type(pattern)
        if kind is ast.MatchAs:
            if pattern.pattern is not None:
                self._bind_pattern(pattern.pattern, values, unit)
            if pattern.name:
                self.bind(ast.Name(id=pattern.name, ctx=ast.Store()), values, unit)
        elif kind is ast.MatchOr:
            for p in pattern.patterns:
                self._bind_pattern(p, values, unit)
        elif kind is ast.MatchSequence:
            items = self._elements(values)
            for p in pattern.patterns:
                if isinstance(p, ast.MatchStar):
                    if p.name:
                        self.bind(ast.Name(id=p.name, ctx=ast.Store()), values | items, unit)
                else:
                    self._bind_pattern(p, items, unit)
        elif kind is ast.MatchMapping:
            for key, p in zip(pattern.keys, pattern.patterns):
                self.eval(key, unit)
                name = _const_key(key)
                part: set = set()
                for site in (v[1] for v in values if v[0] == "C"):
                    slots = self.heap.get(site, {})
                    part |= slots.get("*", set()) | (
                        slots.get(name, set())
                        if name is not None
                        else self._elements({("C", site)})
                    )
                self._bind_pattern(p, part, unit)
            if pattern.rest:
                self.bind(ast.Name(id=pattern.rest, ctx=ast.Store()), values, unit)
        elif kind is ast.MatchClass:
            self.eval(pattern.cls, unit)
            read = values | self._elements(values)
            for p in pattern.patterns:
                self._bind_pattern(p, read, unit)
            for attr, p in zip(pattern.kwd_attrs, pattern.kwd_patterns):  # (``R(<root>=a)``)
                self._bind_pattern(p, read | ({ALLOC} if attr in self.roots else set()), unit)
        elif kind is ast.MatchValue:
            self.eval(pattern.value, unit)

    def _elements(self, values) -> set:
        """What iterating ``values`` gives: a container's elements; the elements of the
        allocator's class data (``type(a).__mro__``) are such data too."""
        out: set = {TYPE} if TYPE in values else set()
        for v in values:
            if v[0] == "C":
                if self._current is not None:
                    self._current.touches_heap = True
                for slot in self.heap.get(v[1], {}).values():
                    out |= slot
        return out

    # ------------------------------------------------------------------ expressions

    def record(self, node: ast.AST, values) -> None:
        if values:
            self.node_values[id(node)] = (node, values)

    def eval(self, node: Optional[ast.AST], unit: Unit) -> set:
        if node is None:
            return set()
        values = self._eval(node, unit)
        if values:
            self.node_values[id(node)] = (node, frozenset(values))
        return values

    def _eval(self, node: ast.AST, unit: Unit) -> set:
        kind = type(node)
        if kind is ast.Name:
            return set(self.lookup(node.id, unit))
        if kind is ast.Attribute:
            return self._attribute(self.eval(node.value, unit), node.attr, node.value, unit)
        if kind is ast.Call:
            return self._call(node, unit)
        if kind is ast.Constant:
            return set()
        if kind is ast.Subscript and instance_dict_item(node):
            obj, attr = instance_dict_item(node)  # (``self.__dict__["n"]``: ``self.n``)
            return self._attribute(self.eval(obj, unit), attr, obj, unit)
        if kind is ast.Subscript:
            receiver = self.eval(node.value, unit)
            key_values = self.eval(node.slice, unit)
            if TYPE in receiver or TYPE in key_values:
                return {TYPE}  # a lookup keyed by (or into) the allocator's class
            if not any(v[0] == "C" for v in receiver):
                return set()
            unit.touches_heap = True
            key = _const_key(node.slice)
            out: set = set()
            for v in receiver:
                if v[0] == "C":
                    slots = self.heap.get(v[1], {})
                    if key is None:
                        for slot in slots.values():
                            out |= slot
                    else:
                        out |= slots.get(key, set()) | slots.get("*", set())
            return out
        if kind is ast.IfExp:
            self.eval(node.test, unit)
            return self.eval(node.body, unit) | self.eval(node.orelse, unit)
        if kind is ast.BoolOp:
            out = set()
            for v in node.values:
                out |= self.eval(v, unit)
            return out
        if kind is ast.NamedExpr:
            value = self.eval(node.value, unit)
            self.bind(node.target, value, unit)
            return value
        if kind in (ast.Await, ast.Starred, ast.YieldFrom):
            return self.eval(node.value, unit)
        if kind is ast.Yield:
            value = self.eval(node.value, unit)
            self._add_returns(unit, value)
            return set()
        if kind in (ast.Tuple, ast.List, ast.Set):
            parts = [self.eval(e, unit) for e in node.elts]
            if not any(parts):
                return set()
            site = ("lit", id(node))
            for i, (e, part) in enumerate(zip(node.elts, parts)):
                key = "*" if isinstance(e, ast.Starred) or kind is ast.Set else i
                if isinstance(e, ast.Starred):
                    part = self._elements(part) | part
                self._store_key(site, key, part)
            unit.touches_heap = True
            return {("C", site)}
        if kind is ast.Dict:
            site = ("lit", id(node))
            any_value = False
            for k, v in zip(node.keys, node.values):
                value = self.eval(v, unit)
                if k is None:
                    for c in value:
                        if c[0] == "C":
                            for key, slot in self.heap.get(c[1], {}).items():
                                self._store_key(site, key, slot)
                                any_value = any_value or bool(slot)
                    continue
                self.eval(k, unit)
                key = _const_key(k)
                if value:
                    self._store_key(site, "*" if key is None else key, value)
                    any_value = True
            if not any_value:
                return set()
            unit.touches_heap = True
            return {("C", site)}
        if kind is ast.Lambda:
            self._defaults(node, unit)
            lam = self._unit_of_node(node)
            return {("F", lam.index, 0)} if lam is not None else set()
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            for gen in node.generators:
                self.bind(gen.target, self._elements(self.eval(gen.iter, unit)), unit)
                for cond in gen.ifs:
                    self.eval(cond, unit)
            if kind is ast.DictComp:
                self.eval(node.key, unit)
                value = self.eval(node.value, unit)
            else:
                value = self.eval(node.elt, unit)
            if not value:
                return set()
            site = ("lit", id(node))
            self._store_key(site, "*", value)
            unit.touches_heap = True
            return {("C", site)}
        typed = False  # operators and f-strings carry the class; a comparison decides on it
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                typed = TYPE in self.eval(child, unit) or typed
            elif isinstance(child, ast.comprehension):  # pragma: no cover - handled above
                self.eval(child.iter, unit)
        return {TYPE} if typed and kind is not ast.Compare else set()

    _lambda_units: Optional[dict] = None

    def _unit_of_node(self, node: ast.AST) -> Optional[Unit]:
        if self._lambda_units is None:
            self._lambda_units = {id(u.node): u for u in self.units}
        return self._lambda_units.get(id(node))

    def _attribute(
        self, receiver: set, attr: str, receiver_node: Optional[ast.AST], unit: Unit
    ) -> set:
        out: set = set()
        if attr in self.roots:
            out.add(ALLOC)
        if ALLOC in receiver:
            out.add(("M", attr))
            if attr == "__class__":
                out.add(TYPE)
            elif attr in KVCACHE_FIELDS:
                out.add(KVCACHE)  # the field ``get_kvcache`` returns
        if TYPE in receiver:
            out.add(TYPE)  # ``__name__``, ``__mro__``, ``startswith``, ...
        own_family = None
        for v in receiver:
            tag = v[0]
            if tag in ("S", "T", "I"):
                cls = self.units[v[1]]
                family_stores = any(attr in c.stored_attrs for c in cls.family)
                if family_stores:
                    own_family = cls
                method = self._family_method(cls, attr)
                if method is not None:
                    out |= self._method_value(method, bound=(tag != "T"))
                    own_family = cls
                elif tag != "T" and self.forwarded((v,), attr):
                    out.add(("M", attr))  # (what it lacks, its ``__getattr__`` reads)
                    if attr in KVCACHE_FIELDS:
                        out.add(KVCACHE)
            elif tag == "XR":
                if attr in self.project.fact(v[1]).carrier_fields:
                    out.add(ALLOC)
            elif tag == "C":
                site = v[1]
                if attr in CONTAINER_READS:
                    out.add(("G", site))  # the container's read methods
        if own_family is None:
            out |= self.attrs.get(attr, set())
            for method in self.methods_by_name.get(attr, ()):
                if method.prop:
                    out |= method.returns
                elif not any(v[0] in ("S", "T", "I") for v in receiver):
                    out.add(("F", method.index, 0 if method.static else 1))
        else:
            out |= self.family_attrs.get((own_family.family_key, attr), set())
        if self.project is not None and not out and receiver:
            out |= self.project.attribute_values(self, receiver, attr)
        return out

    def _family_method(self, cls: Unit, name: str) -> Optional[Unit]:
        # own class, then its bases (MRO-ish), then subclasses (a base calling a hook they define)
        order = [cls] + [c for c in cls.family if c is not cls]
        for c in order:
            m = c.methods.get(name)
            if m is not None:
                return m
        return None

    def _method_value(self, method: Unit, bound: bool) -> set:
        if method.prop:
            return set(method.returns)
        implicit = 1 if bound and not method.static else 0
        if method.classmeth:
            implicit = 1
        return {("F", method.index, implicit)}

    def _strings_of(self, node: ast.AST, unit: Unit) -> Optional[frozenset]:
        """The strings a name operand may be: a literal, or a module constant (or ``+`` /
        f-string of them) as ``sinks.string_values`` resolves it; None when unknown."""
        if isinstance(node, ast.Constant):
            return frozenset((node.value,)) if isinstance(node.value, str) else None
        from .sinks import fold

        if isinstance(node, ast.Attribute):  # ``self.kv_source``: a class-level string
            return self._class_string(node, unit)
        return fold(node, self._string_table()[0]) or None

    def _class_string(self, node: ast.Attribute, unit: Unit) -> Optional[frozenset]:
        """The strings ``<instance>.attr`` may be when classes bind ``attr`` to a string in
        their bodies: on ``self`` of a class, what each class of the module an instance of it
        can be (it or a subclass, but a private class only ever used as a base) finds first
        along its bases; elsewhere (or where an instance stores ``attr``), any of them."""
        union = self._string_table()[1].get(node.attr)
        if union is None:
            return None
        owners = [self.units[v[1]] for v in self.eval(node.value, unit) if v[0] == "S"]
        if not owners or any(
            node.attr in c.stored_attrs - _class_level(c) for o in owners for c in o.family or [o]
        ):
            return union
        out: set = set()
        for owner in owners:
            for cls in owner.family or [owner]:
                if owner not in self._mro(cls) or not self._buildable(cls):
                    continue
                found = next(
                    (
                        _class_constant(c, node.attr)
                        for c in self._mro(cls)
                        if node.attr in _class_level(c)
                    ),
                    None,
                )
                if found is None:
                    return union  # bound to something else than a string literal
                out.add(found)
        return frozenset(out) or None

    def _mro(self, cls: Unit) -> list:
        """``cls`` and its bases defined in the module, in lookup order."""
        return lookup_order(cls, lambda c: [self.classes[b] for b in c.bases if b in self.classes])

    def builds_or_returns(self, callee_values) -> bool:
        """Is a callee with these values the module's own code: a function (its call gives
        what it returns) or a class whose call builds an instance (:meth:`_builds`)?"""
        return any(
            v[0] == "F" or (v[0] == "T" and self._builds(self.units[v[1]]))
            for v in callee_values or ()
        )

    def _builds(self, cls: Unit) -> bool:
        """Does calling ``cls`` build an instance of it from its arguments: no enum (a call
        looks a member up by value), no ``__new__`` or metaclass of its own?"""
        for c in self._mro(cls):
            if "__new__" in c.methods or any(
                b.endswith(("Enum", "Flag", "Meta")) or b == "type" for b in c.bases
            ):
                return False
            if any(kw.arg == "metaclass" for kw in c.node.keywords):
                return False
        return True

    def _buildable(self, cls: Unit) -> bool:
        """May an instance of ``cls`` exist: not a private class the module only derives
        from (``classes.ModuleClasses.only_derived``)?"""
        if self._module_classes is None:
            self._module_classes = module_classes(self.tree)
        return not self._module_classes.only_derived(cls.name)

    def _string_table(self) -> tuple:
        """(module names -> strings (``sinks.string_values``), class-level attribute names ->
        the string literals any class of the module binds them to), once."""
        if self._strings is None:
            from .sinks import string_values

            strings = string_values(self.tree)
            attrs = {k[1:]: v for k, v in strings.items() if k.startswith(".")}
            self._strings = (strings, attrs)
        return self._strings

    def _call(self, node: ast.Call, unit: Unit) -> set:
        func = node.func
        fname = (
            func.id
            if isinstance(func, ast.Name)
            else func.attr if isinstance(func, ast.Attribute) else None
        )
        args = [self.eval(a, unit) for a in node.args]
        kws = [(k.arg, self.eval(k.value, unit)) for k in node.keywords]
        if fname == "getattr" and isinstance(func, ast.Name) and len(node.args) >= 2:
            self.eval(func, unit)
            out = set(args[2]) if len(args) > 2 else set()
            names = self._strings_of(node.args[1], unit)
            if names:
                for name in names:
                    out |= self._attribute(args[0], name, node.args[0], unit)
                return out
            if ALLOC in args[0]:
                out.add(("M", "?"))
            return out
        stored = attribute_store(node)  # (``setattr(o, "n", v)``, ``object.__setattr__``)
        if stored is not None:
            name, at = stored
            if isinstance(name, str):
                self._store_attr(name, args[at])
            return set()
        if fname == "super" and isinstance(func, ast.Name):
            owner = unit
            while owner is not None and owner.cls is None:
                owner = owner.parent
            if owner is not None and owner.cls is not None:
                return {("S", owner.cls.index)}
            return set()
        if fname == "partial" and node.args:
            target = args[0]
            out = set()
            head = node.args[0]
            if (
                isinstance(head, ast.Name)
                and head.id in (*CLASS_DECISION_CALLS, *TYPE_OF_CALLS)
                and len(args) > 1
                and (ALLOC in args[1] or TYPE in args[1])
            ):
                # ``partial(isinstance, alloc)``: a function of the allocator's class
                self._class_tests = True
                out.add(TYPE)
            for v in target:
                if v[0] == "F":
                    callee = self.units[v[1]]
                    self._flow_args(callee, v[2], node.args[1:], args[1:], node.keywords, kws)
                    out.add(("F", v[1], v[2] + len(node.args) - 1))
            return out
        if fname == "attrgetter" and len(node.args) > 1 and not node.keywords:
            # several names: the call gives a tuple of the members, in order
            getters = set()
            for i, arg in enumerate(node.args):
                names = self._strings_of(arg, unit)
                if names is None or isinstance(arg, ast.Starred):
                    return set()
                getters |= {("O", fname, name, i) for name in names}
            return getters
        if fname in ("attrgetter", "methodcaller") and node.args:
            # the member named by a literal, a module constant or a class-level string
            names = self._strings_of(node.args[0], unit)
            if names:
                return {("O", fname, name) for name in names}
        if fname == "namedtuple" and len(node.args) >= 2:
            return set()  # records: see _record_fields
        if fname in ("ref", "proxy") and _from_weakref(func, unit, self) and args and args[0]:
            if fname == "proxy":
                return set(args[0])
            site = ("ref", id(node))  # a reference: calling it reads the one slot
            self._store_key(site, "*", args[0])
            unit.touches_heap = True
            return {("G", site)}
        callee_values = self.eval(func, unit)
        out: set = set()
        if isinstance(func, ast.Name) and fname in ("isinstance", "issubclass"):
            if args and (ALLOC in args[0] or TYPE in args[0]):
                self._class_tests = True  # a decision on the class: its result is a flag
        elif (
            TYPE in callee_values
            or (
                # a call of code the module defines gives what that code returns or builds
                not self.builds_or_returns(callee_values)
                and (any(TYPE in a for a in args) or any(TYPE in kv for _, kv in kws))
            )
            or (
                fname in TYPE_OF_CALLS  # (lint_rules/sinks.py)
                and isinstance(func, ast.Name)
                and args
                and ALLOC in args[0]
            )
        ):
            out.add(TYPE)  # the allocator's class, or computed from it
        for v in callee_values:
            tag = v[0]
            if tag == "O" and args:  # ``attrgetter("m")(a)`` reads ``a.m``; ``methodcaller``
                # (a dotted ``attrgetter("a.m")`` reads ``a`` then ``m``)
                parts = v[2].split(".") if v[1] == "attrgetter" else [v[2]]
                member = args[0]
                for part in parts:
                    member = self._attribute(member, part, None, unit)
                if v[1] == "methodcaller":
                    member = {KVCACHE} if ("M", KVCACHE_CALL) in member else set()
                if len(v) == 4:  # (one of several names: slot ``v[3]`` of the tuple)
                    site = ("getter", id(node))
                    if member:
                        self._store_key(site, v[3], member)
                        unit.touches_heap = True
                        out.add(("C", site))
                    continue
                out |= member
            elif tag == "X":  # a function of another module (lint_rules.project)
                fact = self.project.fact(v[1])
                if fact.returns_alloc:
                    out.add(ALLOC)
                if fact.carrier_fields:
                    out.add(("XR", v[1]))  # a record of that module: its fields may hold it
                if fact.may_anchor:
                    self._cross(node, fact, args, kws)
                continue
            if tag == "F":
                callee = self.units[v[1]]
                if callee.dispatch and args and ALLOC in args[0]:
                    self._class_tests = True  # dispatched on the allocator's class
                self._flow_args(callee, v[2], node.args, args, node.keywords, kws)
                out |= callee.returns
            elif tag == "T":
                cls = self.units[v[1]]
                init = self._family_method(cls, "__init__")
                if init is not None:
                    self._flow_args(init, 1, node.args, args, node.keywords, kws)
                if cls.record_fields is not None:
                    self._flow_record(cls.record_fields, args, kws, cls)
                if self._builds(cls) and self._family_method(cls, "__getattr__") is not None:
                    out.add(("I", cls.index))  # (an instance forwarding what it lacks)
            elif tag == "M" and v[1] == KVCACHE_CALL:
                out.add(KVCACHE)
            elif tag == "G":
                unit.touches_heap = True
                slots = self.heap.get(v[1], {})
                key = _const_key(node.args[0]) if node.args else None
                if key is not None and fname in ("get", "pop", "setdefault", "__getitem__"):
                    out |= slots.get(key, set()) | slots.get("*", set())
                else:
                    for slot in slots.values():
                        out |= slot
        if not callee_values and self._held_callee(func, unit):
            # a function held in data (``hook.predicate(pool, alloc)``): any function of the
            # module handed out as a value may be it, and receives the arguments
            if any(self._sig(a) for a in args) or any(self._sig(kv) for _, kv in kws):
                self.held_calls[id(node)] = node
                for callee in self._handed_out():
                    self._flow_args(callee, 0, node.args, args, node.keywords, kws)
        if isinstance(func, ast.Attribute) and fname in CONTAINER_FILLS:
            values = set()
            for a in args[1:] if fname == "setdefault" else args:
                values |= a
            for _, kv in kws:
                values |= kv
            if fname in ("extend", "extendleft"):
                values |= self._elements(values)
            key = "*"
            if fname == "setdefault" and node.args:  # ``d.setdefault("k", v)``: under ``"k"``
                key = _const_key(node.args[0])
                key = "*" if key is None else key
            if values:
                for site in self._sites_for_store(func.value, self.eval(func.value, unit), unit):
                    self._store_key(site, key, values)
        fields = self._namedtuple_fields(func.id) if isinstance(func, ast.Name) else None
        if fields is not None:
            self._flow_record(fields, args, kws)
        elif fname == "deque" and args and _from_collections(func, unit, self):
            out |= self._iterating(node, "list", args, dict(kws), unit)  # (a copy, as ``list``)
        elif fname == "reduce" and len(args) >= 2 and not node.keywords and not callee_values:
            out |= self._reduced(node, args)
        elif isinstance(func, ast.Name) and self._scope_of(func.id, unit) is None:
            if fname in ITERATING_CALLS and args:
                out |= self._iterating(node, fname, args, dict(kws), unit)
            if fname in ("dict", "SimpleNamespace", "Namespace") or (fname or "").endswith(
                "Namespace"
            ):
                for key, kv in kws:
                    if key is not None and kv:
                        self._store_attr(key, kv)
                        out.add(("C", ("kw", id(node))))
                        self._store_key(("kw", id(node)), key, kv)
        return out

    def _reduced(self, node: ast.Call, args: list) -> set:
        """``functools.reduce(f, items[, start])``: ``f``'s first parameter holds the start and
        what ``f`` returns, its second each item; the call gives what ``f`` returns or the
        start."""
        if any(isinstance(a, ast.Starred) for a in node.args):
            return set()
        start = args[2] if len(args) > 2 else self._elements(args[1])
        out = set(start)
        for v in args[0]:
            if v[0] != "F":
                continue
            callee = self.units[v[1]]
            params = callee.params[v[2] :]
            if len(params) >= 2:
                self._flow_param(callee, params[0], start | callee.returns)
                self._flow_param(callee, params[1], self._elements(args[1]))
            out |= callee.returns
        return out

    def _held_callee(self, func: ast.AST, unit: Unit) -> bool:
        """Is ``func`` read from a local name, ``self`` or a parameter (``h.predicate``,
        ``self.hook.handler``, ``hooks[0]``): a callable held in data, not an import or a
        module global?"""
        while isinstance(func, (ast.Attribute, ast.Subscript)):
            func = func.value
        if not isinstance(func, ast.Name):
            return False
        scope = self._scope_of(func.id, unit)
        return scope is not None and scope is not self.module

    def _handed_out(self) -> list:
        """The module's lambdas and plain functions (not methods) whose value is put in data: a
        lambda not called where it stands, a function named other than as a callee, or
        decorated (its decorator is handed it). One only returned is not: where its maker
        is called, the model follows what it returns. Once."""
        if self._handed is None:
            called = {id(c.func) for c in self.calls}
            called |= {id(r.value) for r in walk(self.tree) if isinstance(r, ast.Return)}
            named = {
                n.id
                for n in walk(self.tree)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in called
            }
            self._handed = [
                u
                for u in self.units
                if u.kind == "function"
                and (u.parent is None or u.parent.kind != "class")
                and (
                    (isinstance(u.node, ast.Lambda) and id(u.node) not in called)
                    or (
                        not isinstance(u.node, ast.Lambda)
                        and (u.node.name in named or u.node.decorator_list)
                    )
                )
            ]
        return self._handed

    def _iterating(self, node: ast.Call, fname: str, args: list, kws: dict, unit: Unit) -> set:
        """The builtins that iterate: ``list``/``tuple``/``sorted``/``reversed``/``iter`` give
        the container (or its copy: the same elements), ``next`` and ``max``/``min`` an element,
        ``filter``/``map`` and the ``key=`` of ``sorted``/``max``/``min`` call a function on
        each element (its parameter holds them; ``map`` gives a container of its returns)."""
        if any(isinstance(a, ast.Starred) for a in node.args):
            return set()
        out: set = set()
        funcs = args[0] if fname in ("map", "filter") else kws.get("key", set())
        iterables = args[1:] if fname in ("map", "filter") else args[:1]
        returns: set = set()
        for i, iterable in enumerate(iterables):
            elements = self._elements(iterable)
            for v in funcs:
                if v[0] == "F" and elements:
                    callee = self.units[v[1]]
                    params = callee.params[v[2] :]
                    if i < len(params):
                        self._flow_param(callee, params[i], elements)
            if fname in ("next", "max", "min"):
                out |= elements if len(args) == 1 or fname == "next" else set()
            elif fname != "map":
                out |= iterable
        if fname == "next" and len(args) > 1:
            out |= args[1]
        if fname in ("max", "min") and len(args) > 1:
            for a in args:
                out |= a
        if fname == "map":
            for v in funcs:
                if v[0] == "F":
                    returns |= self.units[v[1]].returns
            if returns:
                site = ("map", id(node))
                self._store_key(site, "*", returns)
                unit.touches_heap = True
                out.add(("C", site))
        return out

    def _cross(self, node: ast.Call, fact, args: list, kws: list) -> None:
        """Record ``node`` when it passes the allocator into a parameter of ``fact`` (a helper
        of another module) whose value reaches an anchor there."""
        params = fact.params[fact.implicit :]
        kinds: set = set()
        for i, (arg, values) in enumerate(zip(node.args, args)):
            if isinstance(arg, ast.Starred):
                break
            if i < len(params) and ALLOC in values:
                kinds |= fact.anchor_kinds(params[i])  # computed when first asked
        for key, values in kws:
            if ALLOC not in values or key is None:
                continue
            found = fact.anchor_kinds(key)
            if found:
                kinds |= found
            elif key not in fact.params:
                kinds |= fact.anchor_kinds("**")  # collected by the helper's ``**kwargs``
        if kinds:
            previous = self.cross.get(id(node))
            if previous is not None:
                kinds |= set(previous[1])
            self.cross[id(node)] = (node, frozenset(kinds), fact.qual)

    _nt_cache: Optional[dict] = None

    def _namedtuple_fields(self, name: str) -> Optional[list[str]]:
        if self._nt_cache is None:
            self._nt_cache = {}
            for stmt in self.nt_assigns:
                call = stmt.value
                if _terminal(call.func) != "namedtuple" or len(call.args) < 2:
                    continue
                spec = call.args[1]
                if isinstance(spec, ast.Constant) and isinstance(spec.value, str):
                    fields = spec.value.replace(",", " ").split()
                elif isinstance(spec, (ast.List, ast.Tuple)):
                    fields = [
                        e.value
                        for e in spec.elts
                        if isinstance(e, ast.Constant) and isinstance(e.value, str)
                    ]
                else:
                    continue
                for t in stmt.targets:
                    if isinstance(t, ast.Name):
                        self._nt_cache[t.id] = fields
        return self._nt_cache.get(name)

    def _flow_record(self, fields: list, args: list, kws: list, cls: Optional[Unit] = None):
        """A record built (dataclass, ``NamedTuple``): its fields hold the arguments, read
        as ``<record>.field`` and, in the methods and properties of its class ``cls``, as
        ``self.field``."""
        for name, values in zip(fields, args):
            self._store_attr(name, values, cls)
        for key, values in kws:
            if key is not None and key in fields:
                self._store_attr(key, values, cls)

    def _defaults(self, node, unit: Unit) -> None:
        """A function's or lambda's default values, evaluated where it is defined: each may be
        what its parameter holds (``lambda a=model_runner.token_to_kv_pool_allocator: ...``)."""
        args = node.args
        callee = self._unit_of_node(node)
        positional = [*args.posonlyargs, *args.args][
            len(args.posonlyargs) + len(args.args) - len(args.defaults) :
        ]
        for p, e in (*zip(positional, args.defaults), *zip(args.kwonlyargs, args.kw_defaults)):
            if e is None:
                continue
            values = self.eval(e, unit)
            if callee is not None and values:
                self._flow_param(callee, p.arg, values)

    def _flow_param(self, callee: Unit, name: str, values) -> None:
        current = callee.locals.setdefault(name, set())
        if values and not values <= current:
            current |= values
            if self._sig(values):
                self.dirty.add(callee.index)
                self.changed.add(name)

    def _flow_args(self, callee: Unit, implicit: int, arg_nodes, args, kw_nodes, kws) -> None:
        params = callee.params[implicit:]
        i = 0
        for node, values in zip(arg_nodes, args):
            if isinstance(node, ast.Starred):
                spread = self._elements(values) | values
                for p in params[i:]:
                    self._flow_param(callee, p, spread)
                if callee.vararg:
                    self._flow_param(callee, callee.vararg, values)
                i = len(params)
                continue
            if i < len(params):
                self._flow_param(callee, params[i], values)
            elif callee.vararg and values:
                site = ("varargs", callee.index)
                self._store_key(site, "*", values)
                self._flow_param(callee, callee.vararg, {("C", site)})
            i += 1
        named = set(callee.params) | set(callee.kwonly)
        for key, values in kws:
            if key is None:  # **mapping forwarding
                for c in values:
                    if c[0] != "C":
                        continue
                    for k, slot in self.heap.get(c[1], {}).items():
                        if k in named:
                            self._flow_param(callee, k, slot)
                        elif k == "*":
                            for p in named:
                                self._flow_param(callee, p, slot)
                        if callee.kwarg and slot:
                            self._store_key(("kwargs", callee.index), k, slot)
                            self._flow_param(
                                callee, callee.kwarg, {("C", ("kwargs", callee.index))}
                            )
                continue
            if key in named:
                self._flow_param(callee, key, values)
            elif callee.kwarg and values:
                site = ("kwargs", callee.index)
                self._store_key(site, key, values)
                self._flow_param(callee, callee.kwarg, {("C", site)})

    # ------------------------------------------------------------------ queries

    def values_of(self, node: ast.AST) -> frozenset:
        hit = self.node_values.get(id(node))
        return hit[1] if hit else EMPTY

    def forwarded(self, values, member: Optional[str]) -> bool:
        """Does reading ``member`` (None: any member) on a value of ``values`` read the
        allocator's: an instance whose class (or a class of its hierarchy) has a
        ``__getattr__`` returning the allocator's members, and defines no ``member`` itself
        (``__getattr__`` runs only for what the instance does not have)?"""
        for v in values:
            if v[0] not in ("S", "I"):
                continue
            cls = self.units[v[1]]
            getter = self._family_method(cls, "__getattr__")
            if getter is None or not any(
                r == ALLOC or r == KVCACHE or r[0] == "M" for r in getter.returns
            ):
                continue
            if member is None:
                return True
            family = cls.family or [cls]
            if not any(member in c.methods or member in c.stored_attrs for c in family):
                return True
        return False

    def has_type(self) -> bool:
        """Does the module test the allocator's class (``isinstance``/``issubclass``) or hold
        it (``TYPE``) anywhere?"""
        if self._has_type is None:  # asked after the fixed point: computed once
            self._has_type = self._class_tests or any(
                TYPE in v for _, v in self.node_values.values()
            )
        return self._has_type

    _class_tests: bool = False
    _has_type: Optional[bool] = None

    def by_position(self, text: str) -> dict:
        """``(line, col, end_line, end_col) -> values`` (columns in characters, as libcst's
        PositionProvider gives them) for every expression with a non-empty value."""
        lines = _LINE.findall(text) if not text.isascii() else ()

        def key(node):
            col, end_col = node.col_offset, node.end_col_offset
            if lines:
                col = _char_col(lines, node.lineno, col)
                end_col = _char_col(lines, node.end_lineno, end_col)
            return (node.lineno, col, node.end_lineno, end_col)

        out: dict = {}
        for node, values in self.node_values.values():
            if not isinstance(node, ast.expr) or getattr(node, "end_lineno", None) is None:
                continue
            k = key(node)
            previous = out.get(k)
            out[k] = values if previous is None else previous | values
        for node, kinds, qual in self.cross.values():
            # a call handing the allocator to another module's anchor: ("XA", kinds, helper)
            k = key(node)
            out[k] = out.get(k, EMPTY) | {("XA", tuple(sorted(kinds)), qual)}
        return out


def _from_collections(func: ast.AST, unit: Unit, flow: "Flow") -> bool:
    """``collections.deque``, or the bare name not bound in the module's scopes (``from
    collections import deque``)."""
    if isinstance(func, ast.Attribute):
        return isinstance(func.value, ast.Name) and func.value.id == "collections"
    return isinstance(func, ast.Name) and flow._scope_of(func.id, unit) is None


def _from_weakref(func: ast.AST, unit: Unit, flow: "Flow") -> bool:
    """``weakref.ref`` / ``weakref.proxy``, or the bare name not bound in the module's scopes
    (``from weakref import ref``)."""
    if isinstance(func, ast.Attribute):
        return isinstance(func.value, ast.Name) and func.value.id == "weakref"
    return isinstance(func, ast.Name) and flow._scope_of(func.id, unit) is None


def _passes_pool(call: ast.Call, unit: Unit, param: str) -> bool:
    """Does ``call`` (a call of ``unit``) pass the KV pool (``<...>.token_to_kv_pool``) for
    ``param``?"""
    implicit = 1 if unit.cls is not None and not unit.static else 0
    arg = None
    for kw in call.keywords:
        if kw.arg == param:
            arg = kw.value
    if arg is None and param in unit.params:
        i = unit.params.index(param) - implicit
        if 0 <= i < len(call.args) and not any(
            isinstance(a, ast.Starred) for a in call.args[: i + 1]
        ):
            arg = call.args[i]
    if arg is None:
        return False
    return (isinstance(arg, ast.Attribute) and arg.attr == POOL_ATTR) or (
        isinstance(arg, ast.Name) and arg.id == POOL_ATTR
    )


def _char_col(lines, lineno: int, byte_col: int) -> int:
    if lineno - 1 >= len(lines):
        return byte_col
    line = lines[lineno - 1]
    if line.isascii():
        return byte_col
    return len(line.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


def build(text_or_tree, roots: Iterable[str] = DEFAULT_ROOTS, project=None) -> Flow:
    tree = ast.parse(text_or_tree) if isinstance(text_or_tree, str) else text_or_tree
    return Flow.build(tree, roots, project)


def cross_anchors(values: Iterable) -> list:
    """``(kinds, helper)`` of the cross-module anchors a call's values carry."""
    return [(v[1], v[2]) for v in values if v[0] == "XA"]
