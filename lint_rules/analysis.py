"""The shared module analysis (libcst side): the one place rules ask

* whether an expression may hold the allocator: asked of the allocator-flow model
  (:mod:`lint_rules.flow`, stdlib ``ast``) by node position, so rules, fixer and reduction share
  one decision (``is_allocator_derived``, ``values_of``, ``allocator_members``);
* which names denote SWA allocator classes and SWA pool classes;
* which code is *attention-backend code* (the scope findings are reported in).

The analysis is purely syntactic: it never imports or runs the code it reads. The syntactic
fixed point below (``_propagate``: the attribute, ``getattr``, aliases, ``self.`` attributes,
parameters named like a root or fed one in the module) is the fallback for nodes the flow model
cannot place (a node built by a caller, or a text ``ast`` cannot parse); the model subsumes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Union

import libcst as cst

from .context import FileContext
from .cstnodes import (
    call_func_name,
    dotted_name,
    iter_nodes,
    positional_args,
    string_value,
    walk,
)
from .model import ScopeConfig
from .names import ALLOCATOR_ATTR, is_swa_allocator_class_name, is_swa_pool_class_name
from .scope import path_in_scope

FuncNode = Union[cst.FunctionDef, cst.Lambda]


# --------------------------------------------------------------------------------------------
# Facts gathered in one pass


@dataclass(eq=False)
class ClassInfo:
    node: cst.ClassDef
    name: str
    qualname: str
    base_names: list[str]  # dotted names of the bases
    methods: dict[str, "FunctionInfo"] = field(default_factory=dict)
    alloc_attrs: set[str] = field(default_factory=set)  # self.<attr> allocator-derived
    in_scope: bool = False


@dataclass(eq=False)
class FunctionInfo:
    node: FuncNode
    name: str
    qualname: str
    cls: Optional[ClassInfo]  # the class whose body defines it (a method)
    parent: Optional["FunctionInfo"]  # the enclosing function (closures)
    params: list[str]  # positional-capable params, in order
    kwonly: list[str]
    is_static: bool = False
    assigns: list[tuple[cst.BaseExpression, cst.BaseExpression]] = field(default_factory=list)
    # name targets of unpacking from a non-literal (e.g. ``a, b = f()``)
    unpacked_names: set[str] = field(default_factory=set)
    calls: list[cst.Call] = field(default_factory=list)
    tainted: set[str] = field(default_factory=set)  # allocator-derived local names and params
    in_scope: bool = False

    @property
    def self_name(self) -> Optional[str]:
        if self.cls is None or self.is_static or not self.params:
            return None
        return self.params[0]


def _target_pairs(
    target: cst.BaseExpression, value: Optional[cst.BaseExpression], info: FunctionInfo
) -> Iterator[tuple[cst.BaseExpression, cst.BaseExpression]]:
    if value is None:
        return
    if isinstance(target, (cst.Tuple, cst.List)):
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
            for t_el, v_el in zip(target.elements, value.elements):
                if isinstance(t_el, cst.StarredElement) or isinstance(v_el, cst.StarredElement):
                    continue
                yield from _target_pairs(t_el.value, v_el.value, info)
        else:
            for t_el in target.elements:
                if isinstance(t_el.value, cst.Name):
                    info.unpacked_names.add(t_el.value.value)
        return
    yield target, value


_STATEMENT_TYPES = (
    cst.SimpleStatementLine,
    cst.If,
    cst.For,
    cst.While,
    cst.With,
    cst.Try,
    cst.TryStar,
    cst.Match,
    cst.FunctionDef,
    cst.ClassDef,
)


@dataclass(eq=False)
class Recorded:
    """A node some rule visits, with its context at the time the traversal met it."""

    node: cst.CSTNode
    frames: tuple  # enclosing ClassInfo/FunctionInfo, innermost last
    statement: Optional[cst.CSTNode]  # innermost enclosing statement


class _FactCollector:
    """The single traversal of a module (:func:`walk`): gathers the facts and records the
    nodes the selected rules visit, with their context, dispatching on the node type."""

    def __init__(self, analysis: "ModuleAnalysis", record_types: frozenset) -> None:
        self.a = analysis
        self.record_types = record_types
        self.class_stack: list[ClassInfo] = []
        self.func_stack: list[FunctionInfo] = []
        # The enclosing classes/functions, innermost last (a tuple: snapshotted per record).
        self.frames: tuple = ()
        self.statements: list[cst.CSTNode] = []
        self._enter = {
            cst.ImportFrom: self._import_from,
            cst.Import: self._import,
            cst.ClassDef: self._class,
            cst.FunctionDef: self._function,
            cst.Lambda: self._lambda,
            cst.Assign: self._assign,
            cst.AnnAssign: self._ann_assign,
            cst.NamedExpr: self._named_expr,
            cst.Call: self._call,
        }

    def on_visit(self, node: cst.CSTNode) -> None:
        kind = type(node)
        handler = self._enter.get(kind)
        if handler is not None:
            handler(node)
        if kind in _STATEMENT_TYPES:
            self.statements.append(node)
        if kind in self.record_types:
            self.a.recorded.append(
                Recorded(node, self.frames, self.statements[-1] if self.statements else None)
            )

    def on_leave(self, original_node: cst.CSTNode) -> None:
        kind = type(original_node)
        if kind in _STATEMENT_TYPES:
            self.statements.pop()
        if kind is cst.ClassDef:
            self.class_stack.pop()
            self.frames = self.frames[:-1]
        elif kind is cst.FunctionDef or kind is cst.Lambda:
            self.func_stack.pop()
            self.frames = self.frames[:-1]

    # ---- imports and module-level aliases

    def _import_from(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        for alias in node.names:
            original = dotted_name(alias.name) or ""
            local = (
                alias.asname.name.value
                if alias.asname and isinstance(alias.asname.name, cst.Name)
                else original
            )
            self.a.import_aliases[local] = original.rsplit(".", 1)[-1]

    def _import(self, node: cst.Import) -> None:
        for alias in node.names:
            original = dotted_name(alias.name) or ""
            if alias.asname and isinstance(alias.asname.name, cst.Name):
                self.a.import_aliases[alias.asname.name.value] = original.rsplit(".", 1)[-1]

    # ---- classes and functions

    def _qualify(self, name: str) -> str:
        outer = ".".join(f.name for f in self.frames)
        return f"{outer}.{name}" if outer else name

    def _class(self, node: cst.ClassDef) -> None:
        info = ClassInfo(
            node=node,
            name=node.name.value,
            qualname=self._qualify(node.name.value),
            base_names=[
                n for n in (dotted_name(arg.value) for arg in node.bases if not arg.keyword) if n
            ],
        )
        self.a.classes_by_node[node] = info
        self.a.classes.setdefault(info.name, info)
        self.class_stack.append(info)
        self.frames = (*self.frames, info)

    def _enter_function(self, node: FuncNode, name: str) -> None:
        owner = self.frames[-1] if self.frames else None
        cls = owner if isinstance(owner, ClassInfo) else None
        parent = self.func_stack[-1] if self.func_stack else None
        params = node.params
        positional = [p.name.value for p in (*params.posonly_params, *params.params)]
        kwonly = [p.name.value for p in params.kwonly_params]
        is_static = False
        if isinstance(node, cst.FunctionDef):
            is_static = any(dotted_name(d.decorator) == "staticmethod" for d in node.decorators)
        info = FunctionInfo(
            node=node,
            name=name,
            qualname=self._qualify(name),
            cls=cls,
            parent=parent,
            params=positional,
            kwonly=kwonly,
            is_static=is_static,
        )
        for pname in (*positional, *kwonly):
            if pname in self.a.roots:
                info.tainted.add(pname)
        self.a.functions[node] = info
        if cls is not None and isinstance(node, cst.FunctionDef):
            cls.methods.setdefault(name, info)
        elif cls is None and parent is None and isinstance(node, cst.FunctionDef):
            self.a.module_functions.setdefault(name, info)
        self.func_stack.append(info)
        self.frames = (*self.frames, info)

    def _function(self, node: cst.FunctionDef) -> None:
        self._enter_function(node, node.name.value)

    def _lambda(self, node: cst.Lambda) -> None:
        self._enter_function(node, "<lambda>")

    # ---- assignments and calls

    def _record_assign(
        self, target: cst.BaseExpression, value: Optional[cst.BaseExpression]
    ) -> None:
        if self.func_stack:
            info = self.func_stack[-1]
            info.assigns.extend(_target_pairs(target, value, info))
        elif not self.class_stack and value is not None and isinstance(target, cst.Name):
            self.a.module_assigns[target.value] = value

    def _assign(self, node: cst.Assign) -> None:
        for t in node.targets:
            self._record_assign(t.target, node.value)

    def _ann_assign(self, node: cst.AnnAssign) -> None:
        self._record_assign(node.target, node.value)

    def _named_expr(self, node: cst.NamedExpr) -> None:
        self._record_assign(node.target, node.value)

    def _call(self, node: cst.Call) -> None:
        if self.func_stack:
            self.func_stack[-1].calls.append(node)
        else:
            self.a.module_calls.append(node)


def import_aliases(tree) -> dict[str, str]:
    """The alias table of ``_FactCollector`` (local name -> the imported name's last part,
    every import of the module, function-local ones included, later ones winning), read from
    the stdlib ``ast`` of the same text."""
    import ast

    from .flow import statements

    nodes = [n for n in statements(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    out: dict[str, str] = {}
    for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
        if isinstance(node, ast.ImportFrom):
            if any(a.name == "*" for a in node.names):
                continue
            for a in node.names:
                out[a.asname or a.name] = a.name.rsplit(".", 1)[-1]
        else:
            for a in node.names:
                if a.asname:
                    out[a.asname] = a.name.rsplit(".", 1)[-1]
    return out


class ModuleAnalysis:
    """Facts about one parsed module; build with :meth:`build`."""

    def __init__(self, module: cst.Module, path: str, scope: ScopeConfig) -> None:
        self.module = module
        self.path = path
        self.scope = scope
        self.import_aliases: dict[str, str] = {}
        self.module_assigns: dict[str, cst.BaseExpression] = {}
        self.module_calls: list[cst.Call] = []
        self.classes: dict[str, ClassInfo] = {}
        self.classes_by_node: dict[cst.ClassDef, ClassInfo] = {}
        self.functions: dict[FuncNode, FunctionInfo] = {}
        self.module_functions: dict[str, FunctionInfo] = {}
        self.recorded: list[Recorded] = []
        self.path_in_scope = path_in_scope(path, scope)
        self.roots: tuple[str, ...] = tuple(
            getattr(scope, "allocator_attributes", None) or (ALLOCATOR_ATTR,)
        )
        self.text: Optional[str] = None
        self.project = None
        self.context = FileContext()  # the file's (lint_rules.context): the run's index
        self._flow = None  # the allocator-flow model (lint_rules.flow), built on first question
        self._flow_values: Optional[dict] = None  # position -> abstract values
        self._tree = None  # the ast of the (full) text: None not parsed yet, False no ast
        self._strings: Optional[dict] = None
        self._swa_paths = None  # lint_rules.swa_path.SwaPaths of the tree, once
        self._ast_class_tests: dict = {}  # (kind, ast.dump) -> ast_class_test's answer
        self._positions = None  # node -> CodeRange (lint_rules.parsing.positions), once asked

    @classmethod
    def build(
        cls,
        module: cst.Module,
        path: str,
        scope: ScopeConfig,
        record_types: frozenset = frozenset(),
        text: Optional[str] = None,
        project=None,
        flow=None,
        tree=None,
        reduced: bool = False,
        context: Optional[FileContext] = None,
    ) -> "ModuleAnalysis":
        """Analyse ``module`` in one traversal; nodes of ``record_types`` are kept in
        ``recorded`` (source order, with context) for the rules. ``text`` is the module's
        source when the caller has it (else ``module.code``): the FULL text when ``module`` is
        its reduced text (lint_rules/sparse.py: same lines, same positions), so the flow model
        and the rules' whole-module facts read the full text; ``project`` the cross-module
        index (lint_rules.project), when the run built one; ``flow`` the flow model of
        ``text``, when the caller built it (same roots and project); ``tree`` the ``ast`` of
        ``text``, when the caller parsed it. ``reduced``: ``module`` is the reduced text
        (lint_rules/sparse.py), whose blanked bodies may have held imports: the alias table,
        module-wide, is then read from ``tree`` (required) instead. ``context``: the file's
        ``context.FileContext`` (the run's project index, asked when ``project`` is None)."""
        self = cls(module, path, scope)
        self.text = text
        self.project = project
        if context is not None:
            self.context = context
        if flow is not None:
            self._flow = flow
            tree = flow.tree
        self._tree = tree
        collector = _FactCollector(self, record_types)
        walk(module, collector.on_visit, collector.on_leave)
        if reduced:
            self.import_aliases = import_aliases(tree)
        self._resolve_scope()
        self._propagate()
        return self

    # ---- class names

    def original_name(self, name: str) -> str:
        return self.import_aliases.get(name, name)

    def _class_ref_matches(self, node: cst.BaseExpression, predicate, depth: int = 0) -> bool:
        if depth > 8:
            return False
        if isinstance(node, (cst.Tuple, cst.List)):
            return any(
                self._class_ref_matches(el.value, predicate, depth + 1)
                for el in node.elements
                if not isinstance(el, cst.StarredElement)
            )
        if isinstance(node, cst.Name):
            name = node.value
            if predicate(self.original_name(name)):
                return True
            if name in self.classes and name not in self.import_aliases:
                # an in-module subclass of an SWA class counts as one
                return any(
                    self._class_ref_matches(cst.parse_expression(b), predicate, depth + 1)
                    for b in self.classes[name].base_names
                    if b != name
                )
            aliased = self.module_assigns.get(name)
            if aliased is not None:
                return self._class_ref_matches(aliased, predicate, depth + 1)
            # a loop variable over classes (``for kind in KINDS: isinstance(a, kind)``): may
            # name one (asked for the SWA allocator classes only, where "may" is enough)
            return predicate is is_swa_allocator_class_name and any(
                self._class_ref_matches(iterable, predicate, depth + 1)
                for iterable in self._loop_iterables().get(name, ())
            )
        if isinstance(node, cst.Attribute):
            return predicate(node.attr.value)
        return False

    def _loop_iterables(self) -> dict:
        """name -> the iterables of the ``for`` loops and comprehensions binding it (once)."""
        found = self.__dict__.get("_loops")
        if found is None:
            found = {}
            for n in iter_nodes(self.module):
                if isinstance(n, (cst.For, cst.CompFor)) and isinstance(n.target, cst.Name):
                    found.setdefault(n.target.value, []).append(n.iter)
            self._loops = found
        return found

    def is_swa_allocator_class(self, node: cst.BaseExpression) -> bool:
        """A class expression (or tuple of them) naming an SWA allocator class."""
        return self._class_ref_matches(node, is_swa_allocator_class_name)

    def is_swa_pool_class(self, node: cst.BaseExpression) -> bool:
        return self._class_ref_matches(node, is_swa_pool_class_name)

    # ---- scope

    def backend_classes(self) -> frozenset:
        """The names of the module's attention backend classes: a class named like a backend
        base (the scope's ``base_patterns``) or deriving from one. These are what sglang
        builds; the module's other classes and functions are their helpers."""
        import fnmatch

        patterns = self.scope.base_patterns
        return frozenset(
            info.name
            for info in self.classes_by_node.values()
            if any(fnmatch.fnmatchcase(info.name, p) for p in patterns)
            or self._backend_by_bases(info)
        )

    def _backend_by_bases(self, info: ClassInfo) -> bool:
        """Does ``info`` derive from a backend base (``scope.backend_by_bases``)?"""
        from .scope import backend_by_bases

        return backend_by_bases(
            info,
            lambda c: c.base_names,
            self.classes,
            self.original_name,
            self.scope.base_patterns,
            # a backend by a base in another module: the index asks this module
            lambda base: self.context.backend_base(self.path, base),
        )

    def _resolve_scope(self) -> None:
        # all-code (audit): also backend-like code anywhere (guards: lint_rules/audit.py)
        audit = None
        if self.scope.all_code and not self.path_in_scope:
            from .audit import backend_like

            audit = lambda node: backend_like(node, self)  # noqa: E731
        for info in self.classes_by_node.values():
            info.in_scope = self.path_in_scope or self._backend_by_bases(info)
            info.in_scope = info.in_scope or (audit is not None and audit(info.node))
        for fn in self.functions.values():
            owner_cls = fn.cls
            parent = fn.parent
            top = fn
            while owner_cls is None and parent is not None:
                top = parent
                owner_cls, parent = parent.cls, parent.parent
            fn.in_scope = self.path_in_scope or (owner_cls is not None and owner_cls.in_scope)
            if not fn.in_scope and audit is not None and owner_cls is None:
                fn.in_scope = audit(top.node)

    # ---- allocator-derived values

    def _class_alloc_attrs(self, cls: Optional[ClassInfo]) -> set[str]:
        out: set[str] = set()
        seen: set[str] = set()
        stack = [cls] if cls else []
        while stack:
            c = stack.pop()
            if c.name in seen:
                continue
            seen.add(c.name)
            out |= c.alloc_attrs
            stack.extend(self.classes[b] for b in c.base_names if b in self.classes)
        return out

    def _env(self, fn: Optional[FunctionInfo]) -> set[str]:
        names: set[str] = set()
        while fn is not None:
            names |= fn.tainted
            fn = fn.parent
        return names

    def _method_self(self, fn: Optional[FunctionInfo]) -> tuple[Optional[str], Optional[ClassInfo]]:
        while fn is not None:
            if fn.cls is not None:
                return fn.self_name, fn.cls
            fn = fn.parent
        return None, None

    # ---- the allocator-flow model (lint_rules.flow): the one decision

    def flow(self):
        """The module's allocator-flow model, or None when ``ast`` cannot parse the text."""
        if self._flow is None:
            from .flow import Flow

            text = self.text if self.text is not None else self.module.code
            self.text = text
            project = self.project
            if project is None:
                project = self.context.view(self.path)
            tree = self.syntax_tree()
            try:
                self._flow = Flow.build(tree, self.roots, project) if tree else False
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                self._flow = False  # the syntactic fixed point answers
        return self._flow or None

    def ast_class_test(self, kind: str, e) -> bool:
        """``is_swa_pool_class`` (``kind`` "pool") or ``is_swa_allocator_class`` ("allocator")
        of a stdlib ``ast`` class expression (the scenario interpreter's), read back through
        libcst once per expression."""
        import ast

        key = (kind, ast.dump(e))
        got = self._ast_class_tests.get(key)
        if got is None:
            test = self.is_swa_pool_class if kind == "pool" else self.is_swa_allocator_class
            try:
                got = test(cst.parse_expression(ast.unparse(e)))
            except Exception:  # an expression libcst cannot read back
                got = False
            self._ast_class_tests[key] = got
        return got

    def swa_paths(self):
        """What decides the SWA path in this module (lint_rules.swa_path), once; None when
        ``ast`` cannot parse the text."""
        if self._swa_paths is None:
            from .swa_path import SwaPaths

            tree = self.syntax_tree()
            model = self.flow() if tree else None
            held = list(model.held_calls.values()) if model is not None else []
            self._swa_paths = SwaPaths(tree, self.string_values(), held) if tree else False
        return self._swa_paths or None

    def syntax_tree(self):
        """The stdlib ``ast`` of the module's (full) text, parsed once; None when it does not
        parse."""
        if self._tree is None:
            import ast

            if self.text is None:
                self.text = self.module.code
            try:
                self._tree = ast.parse(self.text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                self._tree = False
        return self._tree or None

    def string_values(self) -> dict:
        """The names the module binds to strings, and their strings (``sinks.string_values``):
        a member named through one of them is resolved."""
        if self._strings is None:
            from .sinks import string_values

            tree = self.syntax_tree()
            self._strings = string_values(tree) if tree is not None else {}
        return self._strings

    def positions(self):
        """The module's node positions (libcst ``PositionProvider`` ranges, computed the cheap
        way: lint_rules.parsing.positions), once."""
        if self._positions is None:
            from .parsing import positions

            self._positions = positions(self.module)
        return self._positions

    def values_of(self, expr: cst.CSTNode) -> Optional[frozenset]:
        """The flow model's abstract values for a node of this module (see lint_rules.flow);
        None when the model has no answer for it (a node built elsewhere, or no ``ast``)."""
        model = self.flow()
        if model is None:
            return None
        if self._flow_values is None:
            self._flow_values = model.by_position(self.text)
        rng = self.positions().get(expr)
        if rng is None:
            return None
        from .flow import EMPTY

        return self._flow_values.get(
            (rng.start.line, rng.start.column, rng.end.line, rng.end.column), EMPTY
        )

    def is_allocator_derived(self, expr: cst.BaseExpression, fn: Optional[FunctionInfo]) -> bool:
        """Does ``expr`` (evaluated inside ``fn``, or at module level when None) hold the allocator?

        Asked of the flow model by position; the syntactic fixed point below only answers for
        nodes the model cannot place (built by a caller, or a text ``ast`` does not parse)."""
        values = self.values_of(expr)
        if values is not None:
            from .flow import ALLOC

            return ALLOC in values
        return self._derived(expr, self._env(fn), *self._method_self(fn))

    def allocator_members(self, expr: cst.BaseExpression) -> set[str]:
        """Names of allocator members ``expr`` may hold (``getattr(alloc, "get_kvcache", None)``
        bound to a name and called later, ...)."""
        values = self.values_of(expr)
        if not values:
            return set()
        from .flow import member_names

        return member_names(values)

    def _derived(
        self,
        expr: cst.BaseExpression,
        env: set[str],
        self_name: Optional[str],
        cls: Optional[ClassInfo],
    ) -> bool:
        if isinstance(expr, cst.Attribute):
            if expr.attr.value in self.roots:
                return True
            if (
                self_name is not None
                and isinstance(expr.value, cst.Name)
                and expr.value.value == self_name
                and expr.attr.value in self._class_alloc_attrs(cls)
            ):
                return True
            return False
        if isinstance(expr, cst.Name):
            return expr.value in env
        if isinstance(expr, cst.Call):
            if call_func_name(expr) == "getattr":
                args = positional_args(expr)
                if len(args) >= 2 and string_value(args[1]) in self.roots:
                    return True
            return False
        if isinstance(expr, cst.IfExp):
            return self._derived(expr.body, env, self_name, cls) or self._derived(
                expr.orelse, env, self_name, cls
            )
        if isinstance(expr, cst.BooleanOperation):
            return self._derived(expr.left, env, self_name, cls) or self._derived(
                expr.right, env, self_name, cls
            )
        if isinstance(expr, cst.NamedExpr):
            return self._derived(expr.value, env, self_name, cls)
        return False

    def _callee_of(
        self, call: cst.Call, fn: Optional[FunctionInfo]
    ) -> tuple[Optional[FunctionInfo], int]:
        """The in-module function a call targets, and how many leading params are implicit."""
        func = call.func
        if isinstance(func, cst.Name):
            target = self.module_functions.get(func.value)
            if target is not None:
                return target, 0
            cls = self.classes.get(func.value)
            if cls is not None and "__init__" in cls.methods:
                return cls.methods["__init__"], 1
            return None, 0
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            receiver, meth = func.value.value, func.attr.value
            self_name, cls = self._method_self(fn)
            candidates: list[ClassInfo] = []
            if cls is not None and receiver in {self_name, "cls", "self"}:
                candidates.append(cls)
            elif receiver in self.classes:
                candidates.append(self.classes[receiver])
            seen: set[str] = set()
            while candidates:
                c = candidates.pop(0)
                if c.name in seen:
                    continue
                seen.add(c.name)
                target = c.methods.get(meth)
                if target is not None:
                    implicit = 0 if target.is_static else 1
                    if receiver in self.classes and receiver not in {self_name, "cls", "self"}:
                        implicit = 0 if target.is_static else 1
                    return target, implicit
                candidates.extend(self.classes[b] for b in c.base_names if b in self.classes)
        return None, 0

    def _propagate(self) -> None:
        """Fixed point over locals, self attributes and call-argument flow."""
        functions = list(self.functions.values())
        for _ in range(20):
            changed = False
            for fn in functions:
                env = self._env(fn)
                self_name, cls = self._method_self(fn)
                for target, value in fn.assigns:
                    if not self._derived(value, env, self_name, cls):
                        continue
                    if isinstance(target, cst.Name) and target.value not in fn.tainted:
                        fn.tainted.add(target.value)
                        env.add(target.value)
                        changed = True
                    elif (
                        isinstance(target, cst.Attribute)
                        and isinstance(target.value, cst.Name)
                        and target.value.value == self_name
                        and cls is not None
                        and target.attr.value not in cls.alloc_attrs
                    ):
                        cls.alloc_attrs.add(target.attr.value)
                        changed = True
                for root in self.roots:
                    if root in fn.unpacked_names and root not in fn.tainted:
                        fn.tainted.add(root)
                        changed = True
                for call in fn.calls:
                    changed |= self._flow_call(call, fn, env, self_name, cls)
            for call in self.module_calls:
                changed |= self._flow_call(call, None, set(), None, None)
            if not changed:
                break

    def _flow_call(self, call, fn, env, self_name, cls) -> bool:
        callee, implicit = self._callee_of(call, fn)
        if callee is None:
            return False
        changed = False
        params = callee.params[implicit:]
        index = 0
        for arg in call.args:
            if arg.star:
                break
            if arg.keyword is not None:
                pname = arg.keyword.value
                if pname not in callee.params and pname not in callee.kwonly:
                    continue
            else:
                if index >= len(params):
                    break
                pname = params[index]
                index += 1
            if pname not in callee.tainted and self._derived(arg.value, env, self_name, cls):
                callee.tainted.add(pname)
                changed = True
        return changed

    # ---- convenience for rules

    def function_of(self, node: FuncNode) -> Optional[FunctionInfo]:
        return self.functions.get(node)
