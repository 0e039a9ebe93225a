"""Small libcst helpers shared by the operators (no kvguard code: the suite must not share the
linter's model of the code it judges)."""

from __future__ import annotations

import ast
import builtins
import symtable
from typing import Callable, Iterable, Optional, Sequence

import libcst as cst

ALLOC = "token_to_kv_pool_allocator"

_MODULE_DUNDERS = frozenset(
    (
        "__name__",
        "__file__",
        "__doc__",
        "__package__",
        "__spec__",
        "__loader__",
        "__path__",
        "__builtins__",
        "__annotations__",
        "__dict__",
        "__cached__",
    )
)
ANCHOR_METHODS = ("get_kvcache", "translate_loc_from_full_to_swa")


def expr(code: str) -> cst.BaseExpression:
    return cst.parse_expression(code)


def stmts(code: str) -> list[cst.BaseStatement]:
    return list(cst.parse_module(code).body)


def code_of(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def is_attr(node: cst.CSTNode, attr: str, receiver: Optional[str] = None) -> bool:
    if not (isinstance(node, cst.Attribute) and node.attr.value == attr):
        return False
    return receiver is None or (isinstance(node.value, cst.Name) and node.value.value == receiver)


def is_call_to(node: cst.CSTNode, name: str) -> bool:
    return (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == name
    )


def is_simple_ref(node: cst.CSTNode) -> bool:
    """A name or a chain of attribute look-ups on a name: evaluating it has no side effect here."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def contains(node: cst.CSTNode, pred: Callable[[cst.CSTNode], bool]) -> bool:
    found = []

    class V(cst.CSTVisitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            if found:
                return False
            if pred(n):
                found.append(n)
                return False
            return True

    node.visit(V())
    return bool(found)


_DEFERRED = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def find_eager(node: cst.CSTNode, pred: Callable[[cst.CSTNode], bool]) -> Optional[list]:
    """Like ``find_all``, but None when a match lies inside a lambda or comprehension (its
    names may be bound there, and it may run later or not at all)."""
    found, deferred = [], []

    class V(cst.CSTVisitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            if isinstance(n, _DEFERRED):
                if contains(n, pred):
                    deferred.append(n)
                return False
            if pred(n):
                found.append(n)
            return True

    node.visit(V())
    return None if deferred else found


def find_all(node: cst.CSTNode, pred: Callable[[cst.CSTNode], bool]) -> list[cst.CSTNode]:
    found = []

    class V(cst.CSTVisitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            if pred(n):
                found.append(n)
            return True

    node.visit(V())
    return found


def is_static(fn: cst.FunctionDef) -> bool:
    return any(
        isinstance(d.decorator, cst.Name) and d.decorator.value in ("staticmethod", "classmethod")
        for d in fn.decorators
    )


def first_param(fn: cst.FunctionDef) -> Optional[str]:
    ps = list(fn.params.posonly_params) + list(fn.params.params)
    return ps[0].name.value if ps else None


def param_names(fn: cst.FunctionDef) -> list[str]:
    p = fn.params
    out = [x.name.value for x in list(p.posonly_params) + list(p.params) + list(p.kwonly_params)]
    for star in (p.star_arg, p.star_kwarg):
        if isinstance(star, cst.Param):
            out.append(star.name.value)
    return out


def body_insert_index(body: Sequence[cst.BaseStatement]) -> int:
    """Index after a leading docstring."""
    if body and isinstance(body[0], cst.SimpleStatementLine):
        first = body[0].body[0]
        if isinstance(first, cst.Expr) and isinstance(
            first.value, (cst.SimpleString, cst.ConcatenatedString)
        ):
            return 1
    return 0


def prepend_to_function(fn: cst.FunctionDef, new: Iterable[cst.BaseStatement]) -> cst.FunctionDef:
    body = list(fn.body.body)
    i = body_insert_index(body)
    return fn.with_deep_changes(fn.body, body=body[:i] + list(new) + body[i:])


def module_insert_index(module: cst.Module) -> int:
    """After the last leading import-only statement (incl. ``if TYPE_CHECKING:`` blocks)."""
    idx = 0
    for i, s in enumerate(module.body):
        if _import_only(s):
            idx = i + 1
        elif isinstance(s, (cst.ClassDef, cst.FunctionDef)):
            break
    return idx


def _import_only(s: cst.CSTNode) -> bool:
    if isinstance(s, cst.SimpleStatementLine):
        return all(isinstance(x, (cst.Import, cst.ImportFrom)) for x in s.body)
    if isinstance(s, cst.If):
        return all(_import_only(x) for x in s.body.body)
    if isinstance(s, cst.Try):
        return all(_import_only(x) for x in s.body.body)
    return False


def add_imports(module: cst.Module, lines: Iterable[str]) -> cst.Module:
    new = [s for line in lines if line not in module.code for s in stmts(line + "\n")]
    if not new:
        return module
    i = module_insert_index(module)
    return module.with_changes(body=list(module.body[:i]) + new + list(module.body[i:]))


def add_toplevel(module: cst.Module, code: str, before: Optional[str] = None) -> cst.Module:
    """Insert top-level ``code`` before the class/def named ``before`` (else after the imports)."""
    new = stmts(code)
    body = list(module.body)
    i = module_insert_index(module)
    if before is not None:
        for j, s in enumerate(body):
            if isinstance(s, (cst.ClassDef, cst.FunctionDef)) and s.name.value == before:
                i = j
                break
    return module.with_changes(body=body[:i] + new + body[i:])


def classes(module: cst.Module) -> list[cst.ClassDef]:
    return [s for s in module.body if isinstance(s, cst.ClassDef)]


def functions(module: cst.Module) -> list[cst.FunctionDef]:
    return [s for s in module.body if isinstance(s, cst.FunctionDef)]


def methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]


def replace_toplevel(
    module: cst.Module, old: cst.CSTNode, new: Sequence[cst.CSTNode]
) -> cst.Module:
    body = []
    for s in module.body:
        if s is old:
            body.extend(new)
        else:
            body.append(s)
    return module.with_changes(body=body)


def replace_member(cls: cst.ClassDef, old: cst.CSTNode, new: Sequence[cst.CSTNode]) -> cst.ClassDef:
    body = []
    for s in cls.body.body:
        if s is old:
            body.extend(new)
        else:
            body.append(s)
    return cls.with_deep_changes(cls.body, body=body)


class NodeReplacer(cst.CSTTransformer):
    """Replace nodes (by identity in the original tree) with new nodes."""

    def __init__(self, mapping: dict) -> None:
        super().__init__()
        self.mapping = mapping

    def on_leave(self, original, updated):
        if original in self.mapping:
            return self.mapping[original]
        return updated


def replace_nodes(tree: cst.CSTNode, mapping: dict):
    return tree.visit(NodeReplacer(mapping)) if mapping else tree


class LoadAttrRewriter(cst.CSTTransformer):
    """Rewrite attribute look-ups ``X.<attr>`` in load context (assignment targets, ``del`` and
    augmented-assignment targets are left alone). ``rewrite(node, ctx)`` returns the replacement
    or None; ctx gives the enclosing classes and functions (libcst nodes, innermost last)."""

    def __init__(self, attr: str, rewrite) -> None:
        super().__init__()
        self.attr = attr
        self.rewrite = rewrite
        self.class_stack: list[cst.ClassDef] = []
        self.fn_stack: list[cst.FunctionDef] = []
        self.protected: set = set()
        self.count = 0

    def visit_ClassDef(self, node):
        self.class_stack.append(node)

    def leave_ClassDef(self, original, updated):
        self.class_stack.pop()
        return updated

    def visit_FunctionDef(self, node):
        self.fn_stack.append(node)

    def leave_FunctionDef(self, original, updated):
        self.fn_stack.pop()
        return updated

    def _protect(self, target):
        if isinstance(target, cst.Attribute):
            self.protected.add(target)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for el in target.elements:
                self._protect(el.value)

    def visit_AssignTarget(self, node):
        self._protect(node.target)

    def visit_AnnAssign(self, node):
        self._protect(node.target)

    def visit_AugAssign(self, node):
        self._protect(node.target)

    def visit_Del(self, node):
        self._protect(node.target)

    def leave_Attribute(self, original, updated):
        if original in self.protected or original.attr.value != self.attr:
            return updated
        new = self.rewrite(updated, self)
        if new is None:
            return updated
        self.count += 1
        return new


class Renamer(cst.CSTTransformer):
    """Rename ``Name`` nodes per ``mapping`` (never attribute names, keyword argument names or
    parameter names unless ``params`` is true)."""

    def __init__(self, mapping: dict[str, str], params: bool = False) -> None:
        super().__init__()
        self.mapping = mapping
        self.params = params

    def leave_Name(self, original, updated):
        if updated.value in self.mapping:
            return updated.with_changes(value=self.mapping[updated.value])
        return updated

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original, updated):
        if original.keyword is not None and not self.params:
            return updated.with_changes(keyword=original.keyword)
        return updated

    def leave_Param(self, original, updated):
        if self.params:
            return updated
        return updated.with_changes(name=original.name)

    def leave_ImportAlias(self, original, updated):
        return original


def assigned_locals(fn: cst.FunctionDef) -> set[str]:
    """Names bound in ``fn``'s own scope (not nested defs/lambdas/comprehensions), minus params
    and global/nonlocal names."""
    names: set[str] = set()
    declared: set[str] = set()

    def targets(t):
        if isinstance(t, cst.Name):
            names.add(t.value)
        elif isinstance(t, (cst.Tuple, cst.List)):
            for el in t.elements:
                targets(el.value)
        elif isinstance(t, cst.StarredElement):
            targets(t.value)

    class V(cst.CSTVisitor):
        def visit_FunctionDef(self, node):
            if node is fn:
                return True
            names.add(node.name.value)
            return False

        def visit_ClassDef(self, node):
            names.add(node.name.value)
            return False

        def visit_Lambda(self, node):
            return False

        def visit_ListComp(self, node):
            return False

        def visit_SetComp(self, node):
            return False

        def visit_DictComp(self, node):
            return False

        def visit_GeneratorExp(self, node):
            return False

        def visit_AssignTarget(self, node):
            targets(node.target)

        def visit_AnnAssign(self, node):
            targets(node.target)

        def visit_AugAssign(self, node):
            targets(node.target)

        def visit_For(self, node):
            targets(node.target)

        def visit_AsName(self, node):
            targets(node.name)

        def visit_NamedExpr(self, node):
            targets(node.target)

        def visit_Global(self, node):
            declared.update(n.name.value for n in node.names)

        def visit_Nonlocal(self, node):
            declared.update(n.name.value for n in node.names)

    fn.visit(V())
    return names - declared - set(param_names(fn))


_CODE: dict[int, tuple[cst.CSTNode, str]] = {}


def node_code(node: cst.CSTNode) -> str:
    """Source of ``node``, cached by identity (libcst nodes are immutable and shared between a
    module and the modules derived from it, so most look-ups hit)."""
    hit = _CODE.get(id(node))
    if hit is not None and hit[0] is node:
        return hit[1]
    code = code_of(node)
    _CODE[id(node)] = (node, code)
    return code


def map_functions(module: cst.Module, needles, fn_op) -> Optional[cst.Module]:
    """Apply ``fn_op(fn, cls) -> FunctionDef | list[stmt] | None`` to every top-level function and
    method whose source contains one of ``needles`` (all if empty); rebuild only the changed
    bodies. None when nothing changed."""
    changed = False
    body = []
    for top in module.body:
        if isinstance(top, cst.FunctionDef):
            if not needles or any(n in node_code(top) for n in needles):
                new = fn_op(top, None)
                if new is not None:
                    changed = True
                    body.extend(new if isinstance(new, list) else [new])
                    continue
            body.append(top)
        elif isinstance(top, cst.ClassDef):
            members = []
            cls_changed = False
            for m in top.body.body:
                if isinstance(m, cst.FunctionDef) and (
                    not needles or any(n in node_code(m) for n in needles)
                ):
                    new = fn_op(m, top)
                    if new is not None:
                        cls_changed = True
                        members.extend(new if isinstance(new, list) else [new])
                        continue
                members.append(m)
            if cls_changed:
                changed = True
                body.append(top.with_changes(body=top.body.with_changes(body=members)))
            else:
                body.append(top)
        else:
            body.append(top)
    return module.with_changes(body=body) if changed else None


def undefined_globals(text: str, filename: str = "<variant>") -> set[str]:
    """Names some scope of ``text`` reads as globals that the module never binds and that are
    not builtins: a NameError waiting to happen (CPython's own symbol table, nothing run).
    A module with a star import binds names that cannot be known: nothing is reported."""
    top = symtable.symtable(text, filename, "exec")
    bound = set(dir(builtins)) | _MODULE_DUNDERS
    read: set[str] = set()

    def walk(table, module_level: bool) -> None:
        for s in table.get_symbols():
            name = s.get_name()
            if module_level:
                if s.is_assigned() or s.is_imported() or s.is_namespace():
                    bound.add(name)
                elif s.is_referenced():
                    read.add(name)
            elif s.is_declared_global() and s.is_assigned():
                bound.add(name)
            elif s.is_global() and s.is_referenced():
                read.add(name)
        for child in table.get_children():
            walk(child, False)

    walk(top, True)
    if "*" in bound or any(
        isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names)
        for n in ast.walk(ast.parse(text))
    ):
        return set()
    return read - bound
