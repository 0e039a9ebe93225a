"""Refactoring operators (semantics-preserving) and mutation operators (bug-introducing), as
libcst transformations of a site module.

Every operator is a small class: its docstring says which refactoring it models and why the
result means the same as its input (for the self-contained site module: names that leave the
module, such as a parameter passed by keyword from another file, are kept). ``apply`` returns the
new module, or None when the operator does not apply to the site ("n/a"). Operators that write
several files return extra modules in ``ctx.extra`` (relative path -> source).

``kind``: "refactor" (the verdict must not change: a buggy site keeps a finding, a fixed one
stays clean; one operator that changes a path no draft's wrong read depends on says so) or
"mutation" (applies to fixed code and re-introduces the bug: must be found).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import libcst as cst

from .cstutil import (
    ALLOC,
    LoadAttrRewriter,
    Renamer,
    add_imports,
    add_toplevel,
    assigned_locals,
    body_insert_index,
    classes,
    code_of,
    contains,
    expr,
    find_all,
    find_eager,
    first_param,
    functions,
    is_attr,
    is_simple_ref,
    is_static,
    map_functions,
    methods,
    node_code,
    param_names,
    prepend_to_function,
    replace_member,
    replace_nodes,
    replace_toplevel,
    stmts,
    undefined_globals,
)

PKG = "sglang.srt.layers.attention"
PKG_DIR = "sglang/srt/layers/attention"


@dataclass
class Ctx:
    """What an operator may need besides the module: the site, and files it adds."""

    site: object
    extra: dict[str, str] = field(default_factory=dict)


class Operator:
    name = ""
    kind = "refactor"
    #: site statuses it applies to ("mutation" operators: fixed code only)
    statuses: tuple[str, ...] = ("buggy", "fixed")
    multi_file = False

    def apply(self, module: cst.Module, ctx: Ctx) -> Optional[cst.Module]:
        raise NotImplementedError

    @classmethod
    def doc(cls) -> str:
        return (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")


OPERATORS: dict[str, Operator] = {}


def register(cls):
    assert cls.name and cls.name not in OPERATORS, cls
    OPERATORS[cls.name] = cls()
    return cls


def _anchor_call(node, method: Optional[str] = None) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value
        in ((method,) if method else ("get_kvcache", "translate_loc_from_full_to_swa"))
    )


def _reads_alloc(node) -> bool:
    return contains(node, lambda n: is_attr(n, ALLOC))


def _attr_rewrite(module, rw, touched: Optional[set] = None):
    """Rewrite loads of ``X.token_to_kv_pool_allocator`` in functions: ``rw(node, fn, cls)``."""

    def fn_op(fn, cls):
        t = LoadAttrRewriter(ALLOC, lambda n, t: rw(n, fn, cls))
        new = fn.visit(t)
        if not t.count:
            return None
        if touched is not None and cls is not None:
            touched.add(cls.name.value)
        return new

    return map_functions(module, (ALLOC,), fn_op)


# ----------------------------------------------------------------------------- source accessors


@register
class GetattrLiteral(Operator):
    """`x.token_to_kv_pool_allocator` read as `getattr(x, "token_to_kv_pool_allocator")`.

    Models defensive attribute access. `getattr` with a literal name and no default is the same
    look-up as the dotted form."""

    name = "getattr_literal"

    def apply(self, module, ctx):
        return _attr_rewrite(
            module, lambda n, fn, cls: expr(f'getattr({code_of(n.value)}, "{ALLOC}")')
        )


@register
class ModuleAccessor(Operator):
    """Extract a module function `_kv_allocator(owner)` returning `owner.token_to_kv_pool_allocator`
    and call it wherever the attribute was read.

    A function that returns the attribute read on its argument is the attribute read."""

    name = "module_accessor"

    def apply(self, module, ctx):
        new = _attr_rewrite(module, lambda n, fn, cls: expr(f"_kv_allocator({code_of(n.value)})"))
        if new is None:
            return None
        return add_toplevel(
            new,
            f'def _kv_allocator(owner):\n    """The KV allocator of a model runner or backend."""\n'
            f"    return owner.{ALLOC}\n",
        )


@register
class AccessorMethod(Operator):
    """Extract a static accessor method `_allocator_of(owner)` on each class that reads the
    allocator, called as `self._allocator_of(x)` (or `Cls._allocator_of(x)` in static methods).

    A static method returning the attribute of its argument is that attribute read; the method
    is found on the class (no base defines it)."""

    name = "accessor_method"

    def apply(self, module, ctx):
        touched: set = set()

        def rw(n, fn, cls):
            if cls is None:
                return None
            recv = cls.name.value if is_static(fn) or not first_param(fn) else first_param(fn)
            return expr(f"{recv}._allocator_of({code_of(n.value)})")

        new = _attr_rewrite(module, rw, touched)
        if new is None:
            return None
        body = []
        for top in new.body:
            if isinstance(top, cst.ClassDef) and top.name.value in touched:
                top = top.with_changes(
                    body=top.body.with_changes(
                        body=list(top.body.body)
                        + stmts(
                            f"@staticmethod\ndef _allocator_of(owner):\n    return owner.{ALLOC}\n"
                        )
                    )
                )
            body.append(top)
        return new.with_changes(body=body)


@register
class ClosureGetter(Operator):
    """In each function reading `p.token_to_kv_pool_allocator` on a parameter `p` it never
    rebinds, define a closure `def _allocator(): return p.token_to_kv_pool_allocator` at the top
    and call it instead.

    The closure reads the same attribute of the same object at the same point of execution."""

    name = "closure_getter"

    def apply(self, module, ctx):
        return map_functions(module, (ALLOC,), lambda fn, cls: self._fn(fn))

    @staticmethod
    def _fn(fn: cst.FunctionDef) -> Optional[cst.FunctionDef]:
        params = set(param_names(fn)) - assigned_locals(fn)
        recvs: dict[str, str] = {}

        def rw(n, t):
            if t.fn_stack[-1] is not fn:
                return None
            if not (isinstance(n.value, cst.Name) and n.value.value in params):
                return None
            p = n.value.value
            name = recvs.setdefault(p, "_allocator" if not recvs else f"_allocator_{len(recvs)}")
            return expr(f"{name}()")

        t = LoadAttrRewriter(ALLOC, rw)
        new = fn.visit(t)
        if not t.count:
            return None
        defs = [
            s
            for p, name in recvs.items()
            for s in stmts(f"def {name}():\n    return {p}.{ALLOC}\n")
        ]
        return prepend_to_function(new, defs)


# ----------------------------------------------------------------------------- renames


@register
class RenameLocals(Operator):
    """Rename every local variable of every function (`allocator` -> `kv_alloc`, `kvcache` ->
    `kv_cache_obj`, any other `x` -> `x_`).

    Consistent alpha-renaming of function-local names (parameters, attributes, keyword
    arguments and globals untouched) does not change behaviour."""

    name = "rename_locals"
    special = {"allocator": "kv_alloc", "kvcache": "kv_cache_obj", "active_pool": "current_pool"}

    def apply(self, module, ctx):
        def fn_op(fn, cls):
            names = assigned_locals(fn)
            if not names:
                return None
            mapping = {n: self.special.get(n, n + "_") for n in names}
            return fn.with_changes(body=fn.body.visit(Renamer(mapping)))

        return map_functions(module, (), fn_op)


@register
class RenameAllocatorAttribute(Operator):
    """Rename the backend's `self.token_to_kv_pool_allocator` attribute to `self.kv_alloc` in every
    class that stores it (all reads and writes on `self` in that class).

    Consistent renaming of an attribute the module owns; nothing outside the site reads it."""

    name = "rename_alloc_attr"

    def apply(self, module, ctx):
        storing = {c.name.value for c in classes(module) if f"self.{ALLOC} =" in node_code(c)}

        class T(cst.CSTTransformer):
            def leave_Attribute(self, original, updated):
                if is_attr(updated, ALLOC, "self"):
                    return updated.with_changes(attr=cst.Name("kv_alloc"))
                return updated

        return map_functions(
            module,
            (f"self.{ALLOC}",),
            lambda fn, cls: (
                fn.visit(T()) if cls is not None and cls.name.value in storing else None
            ),
        )


@register
class RenameSwaAttributes(Operator):
    """Rename the SWA attributes the module stores (`use_sliding_window_kv_pool` ->
    `window_kv_mode`, `_swa_kv_pool` -> `_window_kv_pool`, `swa_kv_pool` -> `window_kv_pool`)
    everywhere in the module.

    Consistent renaming of attributes defined and read only within the site."""

    name = "rename_swa_attrs"
    mapping = {
        "use_sliding_window_kv_pool": "window_kv_mode",
        "_swa_kv_pool": "_window_kv_pool",
        "swa_kv_pool": "window_kv_pool",
    }

    def apply(self, module, ctx):
        import re

        stored = set(re.findall(r"\.(\w+)\s*(?::[^=\n]*)?=[^=]", module.code))
        mapping = {k: v for k, v in self.mapping.items() if k in stored}
        if not mapping:
            return None

        class T(cst.CSTTransformer):
            def leave_Attribute(self, original, updated):
                if updated.attr.value in mapping:
                    return updated.with_changes(attr=cst.Name(mapping[updated.attr.value]))
                return updated

        return map_functions(module, tuple(mapping), lambda fn, cls: fn.visit(T()))


@register
class RenameParameters(Operator):
    """Rename the parameters `model_runner` -> `runner`, `token_to_kv_pool_allocator` ->
    `kv_allocator`, `attn_backend` -> `backend`, `token_to_kv_pool` -> `kv_pool` (and their uses),
    updating keyword arguments at the module's own call sites of module functions.

    Alpha-renaming of parameters; only calls from inside the site pass them by keyword (backend
    constructors are called positionally by sglang)."""

    name = "rename_params"
    mapping = {
        "model_runner": "runner",
        ALLOC: "kv_allocator",
        "attn_backend": "backend",
        "token_to_kv_pool": "kv_pool",
    }

    def apply(self, module, ctx):
        renamed_funcs: dict[str, dict[str, str]] = {}

        def fn_op(fn, cls):
            params = param_names(fn)
            mapping = {k: v for k, v in self.mapping.items() if k in params}
            if not mapping or set(mapping.values()) & (set(params) | assigned_locals(fn)):
                return None
            if cls is None:
                renamed_funcs[fn.name.value] = mapping
            return fn.visit(Renamer(mapping, params=True))

        new = map_functions(module, tuple(self.mapping), fn_op)
        if new is None:
            return None
        # keyword call sites of renamed module functions
        module_funcs = {f.name.value for f in functions(module)}

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if isinstance(updated.func, cst.Name) and updated.func.value in module_funcs:
                    m = renamed_funcs.get(updated.func.value, {})
                    args = [
                        (
                            a.with_changes(keyword=cst.Name(m[a.keyword.value]))
                            if a.keyword is not None and a.keyword.value in m
                            else a
                        )
                        for a in updated.args
                    ]
                    return updated.with_changes(args=args)
                return updated

        if not renamed_funcs:
            return new
        return map_functions(new, tuple(renamed_funcs), lambda fn, cls: fn.visit(T())) or new


# ----------------------------------------------------------------------------- bound methods


def _stmt_rewrite(module: cst.Module, rewrite_stmt, needles=()) -> Optional[cst.Module]:
    """Apply ``rewrite_stmt(stmt) -> list[stmt] | None`` to every statement inside functions."""

    class T(cst.CSTTransformer):
        def __init__(self):
            super().__init__()
            self.count = 0

        def leave_IndentedBlock(self, original, updated):
            body = []
            for s in updated.body:
                new = rewrite_stmt(s)
                if new is None:
                    body.append(s)
                else:
                    self.count += 1
                    body.extend(new)
            return updated.with_changes(body=body)

    def fn_op(fn, cls):
        t = T()
        new = fn.visit(t)
        return new if t.count else None

    return map_functions(module, needles, fn_op)


class _BindAnchor(Operator):
    method = ""
    guarded = False

    def apply(self, module, ctx):
        m = self.method
        var = "get_kvcache" if m == "get_kvcache" else "translate_to_swa"

        def rewrite(s):
            if not isinstance(s, cst.SimpleStatementLine):
                return None
            calls = find_eager(s, lambda n: _anchor_call(n, m) and is_simple_ref(n.func.value))
            if not calls:
                return None
            receivers = {code_of(c.func.value) for c in calls}
            if len(receivers) != 1:
                return None
            recv = receivers.pop()
            if self.guarded:
                pre = stmts(f'{var} = getattr({recv}, "{m}", None)\n')
                # the #26966 shape: `x = getter()` behind an `is not None` test
                small = s.body[0]
                if (
                    len(s.body) == 1
                    and isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and small.value is calls[0]
                ):
                    tgt = small.targets[0].target.value
                    call_args = code_of(calls[0].with_changes(func=cst.Name(var)))
                    return pre + stmts(
                        f"{tgt} = None\nif {var} is not None:\n    {tgt} = {call_args}\n"
                    )
                mapping = {
                    c: expr(
                        f"({code_of(c.with_changes(func=cst.Name(var)))} if {var} is not None else None)"
                    )
                    for c in calls
                }
            else:
                pre = stmts(f"{var} = {recv}.{m}\n")
                mapping = {c: c.with_changes(func=cst.Name(var)) for c in calls}
            return pre + [replace_nodes(s, mapping)]

        return _stmt_rewrite(module, rewrite, (m,))


@register
class BindGetKvcacheGuarded(_BindAnchor):
    """`getter = getattr(alloc, "get_kvcache", None)` looked up first, then
    `if getter is not None: pool = getter()` (the #26966 regression's shape).

    The allocator always has `get_kvcache`, so the default never applies, and calling the bound
    method is the method call; evaluating the receiver early has no side effect (a name or an
    attribute chain)."""

    name = "bind_get_kvcache_guarded"
    method = "get_kvcache"
    guarded = True


@register
class BindGetKvcache(_BindAnchor):
    """`get_kvcache = alloc.get_kvcache` bound to a name on the line before, then called.

    A bound method called later is the method call (receiver: a side-effect-free reference)."""

    name = "bind_get_kvcache"
    method = "get_kvcache"


@register
class BindTranslate(_BindAnchor):
    """`translate_to_swa = x.translate_loc_from_full_to_swa` bound to a name, then called.

    A bound method called later is the method call (receiver: a side-effect-free reference)."""

    name = "bind_translate"
    method = "translate_loc_from_full_to_swa"


# ----------------------------------------------------------------------------- control flow


@register
class IfExpToIf(Operator):
    """`x = a if c else b` / `return a if c else b` as an if/else statement.

    The two forms evaluate `c`, then exactly one branch, and bind/return the same value."""

    name = "ifexp_to_if"

    def apply(self, module, ctx):
        def rewrite(s):
            if not isinstance(s, cst.SimpleStatementLine) or len(s.body) != 1:
                return None
            small = s.body[0]
            if isinstance(small, cst.Return) and isinstance(small.value, cst.IfExp):
                ie = small.value
                return stmts(
                    f"if {code_of(ie.test)}:\n    return {code_of(ie.body)}\n"
                    f"else:\n    return {code_of(ie.orelse)}\n"
                )
            if (
                isinstance(small, cst.Assign)
                and len(small.targets) == 1
                and isinstance(small.value, cst.IfExp)
            ):
                tgt = code_of(small.targets[0].target)
                ie = small.value
            elif isinstance(small, cst.AnnAssign) and isinstance(small.value, cst.IfExp):
                tgt = f"{code_of(small.target)}: {code_of(small.annotation.annotation)}"
                ie = small.value
            else:
                return None
            return stmts(
                f"if {code_of(ie.test)}:\n    {tgt} = {code_of(ie.body)}\n"
                f"else:\n    {tgt} = {code_of(ie.orelse)}\n"
            )

        return _stmt_rewrite(module, rewrite, (" if ",))


@register
class AndToIfExp(Operator):
    """`a and b` (a a comparison) as `b if a else a`.

    `and` returns its left operand when falsy, else its right one; `a` is a side-effect-free
    comparison, so evaluating it once more changes nothing."""

    name = "and_to_ifexp"

    def apply(self, module, ctx):
        count = [0]

        class T(cst.CSTTransformer):
            def leave_BooleanOperation(self, original, updated):
                if isinstance(updated.operator, cst.And) and isinstance(
                    updated.left, cst.Comparison
                ):
                    if all(
                        is_simple_ref(c.comparator)
                        or isinstance(c.comparator, (cst.Integer, cst.Name))
                        for c in updated.left.comparisons
                    ) and is_simple_ref(updated.left.left):
                        count[0] += 1
                        left = code_of(updated.left)
                        return expr(f"({code_of(updated.right)} if {left} else {left})")
                return updated

        return map_functions(module, (" and ",), lambda fn, cls: _counted(fn, T(), count))


def _counted(fn, transformer, count):
    before = count[0]
    new = fn.visit(transformer)
    return new if count[0] > before else None


# ----------------------------------------------------------------------------- class tests


@register
class IsinstanceTuple(Operator):
    """`isinstance(x, C)` written `isinstance(x, (C,))`.

    A one-element class tuple is the same test."""

    name = "isinstance_tuple"

    def apply(self, module, ctx):
        count = [0]

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if (
                    isinstance(updated.func, cst.Name)
                    and updated.func.value == "isinstance"
                    and len(updated.args) == 2
                    and is_simple_ref(updated.args[1].value)
                ):
                    count[0] += 1
                    return updated.with_deep_changes(
                        updated.args[1], value=expr(f"({code_of(updated.args[1].value)},)")
                    )
                return updated

        return map_functions(module, ("isinstance(",), lambda fn, cls: _counted(fn, T(), count))


SWA_CLASSES = ("SWATokenToKVPoolAllocator", "SWAKVPool", "BaseSWAKVPool")


def _imported_swa_names(module) -> dict[str, str]:
    """SWA class name -> the module it is imported from (top-level `from M import Name`)."""
    out = {}
    for s in module.body:
        if not _is_import_stmt(s):
            continue
        for imp in find_all(s, lambda n: isinstance(n, cst.ImportFrom)):
            if isinstance(imp.names, cst.ImportStar) or imp.module is None or imp.relative:
                continue
            for alias in imp.names:
                if (
                    isinstance(alias.name, cst.Name)
                    and alias.name.value in SWA_CLASSES
                    and alias.asname is None
                ):
                    out[alias.name.value] = code_of(imp.module)
    return out


def _is_import_stmt(s) -> bool:
    return not isinstance(s, (cst.ClassDef, cst.FunctionDef))


@register
class ImportAlias(Operator):
    """Import the SWA classes under another name (`from M import SWAKVPool as _SWAPoolCls`) and
    use that name.

    An import alias binds the same class object."""

    name = "import_alias"

    def apply(self, module, ctx):
        names = _imported_swa_names(module)
        if not names:
            return None
        mapping = {n: f"_{n}Cls" for n in names}

        class T(cst.CSTTransformer):
            def leave_ImportAlias(self, original, updated):
                if (
                    isinstance(updated.name, cst.Name)
                    and updated.name.value in mapping
                    and updated.asname is None
                ):
                    return updated.with_changes(
                        asname=cst.AsName(name=cst.Name(mapping[updated.name.value]))
                    )
                return updated

        class U(cst.CSTTransformer):
            def leave_Name(self, original, updated):
                if updated.value in mapping:
                    return updated.with_changes(value=mapping[updated.value])
                return updated

            def leave_Attribute(self, original, updated):
                return updated.with_changes(attr=original.attr)

            def leave_Arg(self, original, updated):
                return updated.with_changes(keyword=original.keyword)

            def leave_ImportFrom(self, original, updated):
                return original

            def leave_Param(self, original, updated):
                return updated.with_changes(name=original.name)

        new = map_functions(module, tuple(mapping), lambda fn, cls: fn.visit(U()))
        new = new or module
        # module-level statements too: an alias `X = SWAKVPool` must read the new name
        return new.with_changes(
            body=[s.visit(T()).visit(U()) if _is_import_stmt(s) else s for s in new.body]
        )


@register
class QualifiedClass(Operator):
    """Refer to the SWA classes through their module (`from sglang.srt.mem_cache import
    swa_memory_pool as _swa_mod` ... `_swa_mod.SWAKVPool`).

    The attribute of the imported module is the class the from-import bound."""

    name = "qualified_class"

    def apply(self, module, ctx):
        names = _imported_swa_names(module)
        if not names:
            return None
        mods = sorted(set(names.values()))
        alias = {m: f"_swa_mod{i}" for i, m in enumerate(mods)}
        imports = []
        for m in mods:
            parent, _, leaf = m.rpartition(".")
            imports.append(f"from {parent} import {leaf} as {alias[m]}")

        class U(cst.CSTTransformer):
            def leave_Name(self, original, updated):
                if updated.value in names:
                    return expr(f"{alias[names[updated.value]]}.{updated.value}")
                return updated

            def leave_Attribute(self, original, updated):
                return updated.with_changes(attr=original.attr)

            def leave_Arg(self, original, updated):
                return updated.with_changes(keyword=original.keyword)

            def leave_ImportFrom(self, original, updated):
                return original

            def leave_Param(self, original, updated):
                return updated.with_changes(name=original.name)

        new = map_functions(module, tuple(names), lambda fn, cls: fn.visit(U()))
        if new is None:
            return None
        return add_imports(new, imports)


# ----------------------------------------------------------------------------- properties


@register
class PropertyOverAttribute(Operator):
    """Store the allocator as `self._kv_allocator_slot` and read it through a property
    `kv_allocator` (in each class that stores `self.token_to_kv_pool_allocator`).

    A property returning an attribute is that attribute read; reads on other objects would keep
    the old name, so the operator does not apply when there are any."""

    name = "property_attr"

    def apply(self, module, ctx):
        import re

        if re.search(r"(?<!self)(?<!model_runner)\." + ALLOC, module.code):
            return None  # read on another object: would keep the old name
        changed = False
        for cls in classes(module):
            if f"self.{ALLOC} =" not in node_code(cls):
                continue

            class T(cst.CSTTransformer):
                def __init__(self):
                    super().__init__()
                    self.targets = set()

                def visit_AssignTarget(self, node):
                    self.targets.add(node.target)

                def leave_Attribute(self, original, updated):
                    if is_attr(updated, ALLOC, "self"):
                        name = "_kv_allocator_slot" if original in self.targets else "kv_allocator"
                        return updated.with_changes(attr=cst.Name(name))
                    return updated

            new = cls.visit(T())
            new = new.with_deep_changes(
                new.body,
                body=list(new.body.body)
                + stmts("@property\ndef kv_allocator(self):\n    return self._kv_allocator_slot\n"),
            )
            module = replace_toplevel(module, cls, [new])
            changed = True
        return module if changed else None


@register
class PropertyOverRunner(Operator):
    """Keep the model runner (`self._runner_ref = model_runner`, first statement of `__init__`)
    and read the allocator through a property `mem_allocator` returning
    `self._runner_ref.token_to_kv_pool_allocator`, replacing `model_runner.token_to_kv_pool_allocator`
    in `__init__`.

    The runner's allocator attribute is set before any backend is built and never rebound, so
    the property returns the object the direct read returned."""

    name = "property_runner"

    def apply(self, module, ctx):
        changed = False
        for cls in classes(module):
            init = next((m for m in methods(cls) if m.name.value == "__init__"), None)
            if init is None or "model_runner" not in param_names(init):
                continue
            if "model_runner" in assigned_locals(init):
                continue
            t = LoadAttrRewriter(
                ALLOC,
                lambda n, t: (
                    expr("self.mem_allocator")
                    if is_attr(n, ALLOC, "model_runner") and len(t.fn_stack) == 1
                    else None
                ),
            )
            new_init = init.visit(t)
            if not t.count:
                continue
            new_init = prepend_to_function(new_init, stmts("self._runner_ref = model_runner\n"))
            new_cls = replace_member(cls, init, [new_init])
            new_cls = new_cls.with_deep_changes(
                new_cls.body,
                body=list(new_cls.body.body)
                + stmts(
                    f"@property\ndef mem_allocator(self):\n    return self._runner_ref.{ALLOC}\n"
                ),
            )
            module = replace_toplevel(module, cls, [new_cls])
            changed = True
        return module if changed else None


# ----------------------------------------------------------------------------- multi-file


@register
class MoveFunctionsToModule(Operator):
    """Move the module-level functions into a sibling module `swa_window_utils.py` of the same
    package and import them back (absolute import, as sglang writes them).

    The functions keep their code and the names they use (the new module gets the same imports);
    the importing module binds the same function objects."""

    name = "move_functions_module"
    multi_file = True

    def apply(self, module, ctx):
        funcs = functions(module)
        if not funcs:
            return None
        imports = [s for s in module.body if not isinstance(s, (cst.ClassDef, cst.FunctionDef))]
        helper = cst.Module(body=imports + funcs, header=module.header)
        ctx.extra[f"{PKG_DIR}/swa_window_utils.py"] = helper.code
        body = [s for s in module.body if not isinstance(s, cst.FunctionDef)]
        new = module.with_changes(body=body)
        names = ", ".join(f.name.value for f in funcs)
        return add_imports(new, [f"from {PKG}.swa_window_utils import {names}"])


# ----------------------------------------------------------------------------- fixed resolvers
#
# The guarded `_resolve_swa_kv_pool` of trtllm (0.5.13+), flashinfer (0.5.14+) and aiter (0.5.20+)
# all have one shape: `active = runner.token_to_kv_pool`; `if isinstance(active, P): return active`;
# `if D: if not F: return None`; then a tail that fetches the allocator's kvcache and returns it
# when it is an SWA pool. The operators below parse that shape and write it another way (issue 12:
# must stay clean) or break it (must be found).


@dataclass
class _Resolver:
    cls: cst.ClassDef
    fn: cst.FunctionDef
    param: str
    doc: list
    active: cst.BaseStatement
    active_name: str
    active_if: cst.BaseStatement
    draft: str
    frozen: str
    tail: list


def _single_return(block) -> Optional[cst.Return]:
    body = block.body if isinstance(block, cst.IndentedBlock) else None
    if body and len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine):
        small = body[0].body
        if len(small) == 1 and isinstance(small[0], cst.Return):
            return small[0]
    return None


def _parse_resolver(module: cst.Module) -> Optional[_Resolver]:
    for cls in classes(module):
        for fn in methods(cls):
            if fn.name.value != "_resolve_swa_kv_pool" or not is_static(fn):
                continue
            params = param_names(fn)
            if len(params) != 1:
                return None
            body = list(fn.body.body)
            k = body_insert_index(body)
            doc, rest = body[:k], body[k:]
            if len(rest) < 4:
                return None
            a, ai, d, *tail = rest
            if not (
                isinstance(a, cst.SimpleStatementLine)
                and isinstance(a.body[0], cst.Assign)
                and isinstance(a.body[0].targets[0].target, cst.Name)
            ):
                return None
            active_name = a.body[0].targets[0].target.value
            if not (isinstance(ai, cst.If) and ai.orelse is None and _single_return(ai.body)):
                return None
            if not (isinstance(d, cst.If) and d.orelse is None and len(d.body.body) == 1):
                return None
            inner = d.body.body[0]
            if not (
                isinstance(inner, cst.If)
                and inner.orelse is None
                and isinstance(inner.test, cst.UnaryOperation)
                and isinstance(inner.test.operator, cst.Not)
                and _single_return(inner.body)
            ):
                return None
            last = tail[-1]
            if not (
                isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return)
            ):
                return None
            if any(find_all(s, lambda n: isinstance(n, cst.Return)) for s in tail[:-1]):
                return None
            return _Resolver(
                cls,
                fn,
                params[0],
                doc,
                a,
                active_name,
                ai,
                code_of(d.test),
                code_of(inner.test.expression),
                tail,
            )
    return None


def _code(stmts_) -> str:
    return "".join(code_of(s) for s in stmts_)


def _indent(code: str, n: int = 1) -> str:
    import textwrap

    return textwrap.indent(code, "    " * n)


def _with_body(
    module: cst.Module, r: _Resolver, body_code: str, fn: Optional[cst.FunctionDef] = None
):
    """Replace the resolver's body (docstring kept) with ``body_code``."""
    fn = fn or r.fn
    new_body = cst.parse_module("def _f():\n" + _indent(body_code)).body[0].body.body
    new_fn = fn.with_changes(body=fn.body.with_changes(body=r.doc + list(new_body)))
    new_cls = replace_member(r.cls, r.fn, [new_fn])
    return replace_toplevel(module, r.cls, [new_cls])


def _tail_value(r: _Resolver) -> tuple[str, str]:
    """(tail statements but the final return, the returned expression)."""
    return _code(r.tail[:-1]), code_of(r.tail[-1].body[0].value)


class _ResolverOp(Operator):
    statuses = ("fixed",)

    def apply(self, module, ctx):
        r = _parse_resolver(module)
        return None if r is None else self.rewrite(module, r)


@register
class ResolverElif(_ResolverOp):
    """The draft guard as an `elif` of the active-pool test.

    The active-pool branch returns, so `if A: return ...` followed by `if D: ...` and
    `if A: return ... elif D: ...` run the same statements."""

    name = "resolver_elif"

    def rewrite(self, module, r):
        ai = r.active_if
        ret = code_of(_single_return(ai.body))
        return _with_body(
            module,
            r,
            f"{_code([r.active])}if {code_of(ai.test)}:\n    {ret}\n"
            f"elif {r.draft}:\n    if not {r.frozen}:\n        return None\n{_code(r.tail)}",
        )


@register
class ResolverSingleExit(_ResolverOp):
    """One exit: `result = None`; `if active SWA: result = active` / `elif not draft or frozen:`
    (the allocator's kvcache, if SWA) ; `return result`.

    Each path assigns what it returned before; the guard `not D or F` is the negation of the
    early-return condition `D and not F`."""

    name = "resolver_single_exit"

    def rewrite(self, module, r):
        ai = r.active_if
        pre, value = _tail_value(r)
        ret = code_of(_single_return(ai.body).value)
        return _with_body(
            module,
            r,
            f"{_code([r.active])}result = None\nif {code_of(ai.test)}:\n    result = {ret}\n"
            f"elif not {r.draft} or {r.frozen}:\n{_indent(pre)}    result = {value}\n"
            "return result\n",
        )


@register
class ResolverPositiveGuard(_ResolverOp):
    """The draft check as a positive guard around the fallback: `if not draft or frozen:`
    (fetch and return the allocator's kvcache), then `return None`.

    `not (D and not F)` is `not D or F`; the fallback runs exactly when the early return did
    not."""

    name = "resolver_positive_guard"

    def rewrite(self, module, r):
        pre, value = _tail_value(r)
        return _with_body(
            module,
            r,
            f"{_code([r.active, r.active_if])}if not {r.draft} or {r.frozen}:\n"
            f"{_indent(pre)}    return {value}\nreturn None\n",
        )


@register
class ResolverHelperPredicate(_ResolverOp):
    """The draft test moved into a same-module predicate `_is_plain_draft(runner)` returning
    `D and not F`; the resolver returns None when it holds.

    `if D: if not F: return None` is `if D and not F: return None`; the predicate returns that
    expression for the same runner."""

    name = "resolver_helper_predicate"

    def rewrite(self, module, r):
        new = _with_body(
            module,
            r,
            f"{_code([r.active, r.active_if])}if _is_plain_draft({r.param}):\n    return None\n"
            f"{_code(r.tail)}",
        )
        return add_toplevel(
            new,
            f"def _is_plain_draft({r.param}):\n"
            '    """A draft worker that owns its KV pool (any draft but FROZEN_KV MTP)."""\n'
            f"    return {r.draft} and not {r.frozen}\n",
        )


@register
class ResolverCachedDraftFlag(_ResolverOp):
    """The draft role cached at init (`self.is_draft_runner = D`, as the fa3/flashmla backends
    do) and read by the resolver, now an instance method.

    The runner's role does not change after construction; the flag is set right before the
    only call of the resolver (`self._resolve_swa_kv_pool(...)` in `__init__`), which still
    passes the runner."""

    name = "resolver_cached_draft_flag"

    def rewrite(self, module, r):
        init = next((m for m in methods(r.cls) if m.name.value == "__init__"), None)
        if init is None or r.param not in param_names(init):
            return None
        calls = find_all(module, lambda n: is_attr(n, "_resolve_swa_kv_pool"))
        if not calls or not all(is_attr(c, "_resolve_swa_kv_pool", "self") for c in calls):
            return None
        body = list(init.body.body)
        idx = next((i for i, s in enumerate(body) if "_resolve_swa_kv_pool(" in node_code(s)), None)
        if idx is None:
            return None
        new_init = init.with_changes(
            body=init.body.with_changes(
                body=body[:idx] + stmts(f"self.is_draft_runner = {r.draft}\n") + body[idx:]
            )
        )
        fn = r.fn.with_changes(
            decorators=[
                d
                for d in r.fn.decorators
                if not (isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod")
            ],
            params=r.fn.params.with_changes(
                params=[cst.Param(cst.Name("self"))] + list(r.fn.params.params)
            ),
        )
        new_body = (
            cst.parse_module(
                "def _f():\n"
                + _indent(
                    f"{_code([r.active, r.active_if])}if self.is_draft_runner:\n"
                    f"    if not {r.frozen}:\n        return None\n{_code(r.tail)}"
                )
            )
            .body[0]
            .body.body
        )
        fn = fn.with_changes(body=fn.body.with_changes(body=r.doc + list(new_body)))
        cls = replace_member(r.cls, r.fn, [fn])
        cls = replace_member(cls, init, [new_init])
        return replace_toplevel(module, r.cls, [cls])


@register
class ResolverEarlyFetch(_ResolverOp):
    """The allocator's kvcache fetched first (`kvcache = ...get_kvcache()`) and returned last,
    after the active-pool and draft guards.

    `get_kvcache()` only returns the allocator's pool object; fetching it earlier changes no
    state, and it is returned on the same paths as before."""

    name = "resolver_early_fetch"

    def rewrite(self, module, r):
        pre, _ = _tail_value(r)
        return _with_body(
            module,
            r,
            f"{_code([r.active])}{pre}{_code([r.active_if])}if {r.draft}:\n"
            f"    if not {r.frozen}:\n        return None\n{_code(r.tail[-1:])}",
        )


class _ResolverMutation(_ResolverOp):
    kind = "mutation"


@register
class MutInvertedPolarity(_ResolverMutation):
    """BREAKS the resolver: the FROZEN_KV test inverted (`if D: if F: return None`), so plain
    draft workers get the target allocator's pool (#25103) and FROZEN_KV drafts get None."""

    name = "mut_inverted_polarity"

    def rewrite(self, module, r):
        return _with_body(
            module,
            r,
            f"{_code([r.active, r.active_if])}if {r.draft}:\n    if {r.frozen}:\n"
            f"        return None\n{_code(r.tail)}",
        )


@register
class MutMissingDraftCheck(_ResolverMutation):
    """BREAKS the resolver: the draft-worker guard removed, so EAGLE drafts read the target
    allocator's SWA pool (#25103)."""

    name = "mut_missing_draft_check"

    def rewrite(self, module, r):
        return _with_body(module, r, _code([r.active, r.active_if] + r.tail))


@register
class MutMissingActiveCheck(_ResolverOp):
    """The active-pool test removed: a non-FROZEN_KV draft owning an SWA pool now gets None
    (it reads no SWA pool), while the target, a FROZEN_KV draft and a full-pool draft get what
    they got. Not semantics-preserving, but no draft receives the target allocator's pool:
    the family's verdict (KVG003) stays, as for a refactoring."""

    name = "mut_missing_active_check"
    kind = "refactor"

    def rewrite(self, module, r):
        return _with_body(module, r, _code([r.active, _draft_block(r)] + r.tail))


def _draft_block(r: _Resolver):
    return stmts(f"if {r.draft}:\n    if not {r.frozen}:\n        return None\n")[0]


@register
class MutAllocatorForPool(Operator):
    """BREAKS pool-based code: where it hands the KV pool on (`f(..., self.token_to_kv_pool)`,
    `self._swa_kv_pool = attn_backend._swa_kv_pool`), hand on the allocator instead (the
    pre-fix code: translate / decide SWA mode through the allocator)."""

    name = "mut_allocator_for_pool"
    kind = "mutation"
    statuses = ("fixed",)

    def apply(self, module, ctx):
        code = module.code
        count = [0]
        funcs = {f.name.value for f in functions(module)}
        has_alias = f"self.{ALLOC} =" in code

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if not (
                    has_alias and isinstance(updated.func, cst.Name) and updated.func.value in funcs
                ):
                    return updated
                args = []
                for a in updated.args:
                    if is_attr(a.value, "token_to_kv_pool", "self"):
                        a = a.with_changes(value=expr(f"self.{ALLOC}"))
                        count[0] += 1
                    args.append(a)
                return updated.with_changes(args=args)

            def leave_Assign(self, original, updated):
                if (
                    len(updated.targets) == 1
                    and is_attr(updated.targets[0].target, "_swa_kv_pool", "self")
                    and is_attr(updated.value, "_swa_kv_pool", "attn_backend")
                ):
                    count[0] += 1
                    return updated.with_changes(value=expr(f"model_runner.{ALLOC}"))
                return updated

        new = map_functions(
            module,
            ("self.token_to_kv_pool", "attn_backend._swa_kv_pool"),
            lambda fn, cls: _counted(fn, T(), count),
        )
        return new


# ----------------------------------------------------------------------------- carriers: records


def _self_stores(cls: cst.ClassDef) -> bool:
    return f"self.{ALLOC} =" in node_code(cls)


def _local_carriers(fn: cst.FunctionDef) -> dict[str, str]:
    """Locals bound exactly once, to `X.token_to_kv_pool_allocator` (X a simple reference)."""
    counts: dict[str, int] = {}
    src: dict[str, str] = {}
    for a in find_all(
        fn,
        lambda n: isinstance(n, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)),
    ):
        targets = []
        if isinstance(a, cst.Assign):
            targets = [t.target for t in a.targets]
        elif isinstance(a, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)):
            targets = [a.target]
        for t in targets:
            for n in find_all(t, lambda n: isinstance(n, cst.Name)):
                counts[n.value] = counts.get(n.value, 0) + 1
        if (
            isinstance(a, cst.Assign)
            and len(a.targets) == 1
            and isinstance(a.targets[0].target, cst.Name)
            and is_attr(a.value, ALLOC)
            and is_simple_ref(a.value)
        ):
            src[a.targets[0].target.value] = code_of(a.value)
    return {k: v for k, v in src.items() if counts.get(k) == 1 and k not in param_names(fn)}


class _NameToExpr(cst.CSTTransformer):
    """Replace loads of the names in ``mapping`` by expressions (never attribute names, keyword
    names, parameters or assignment targets)."""

    def __init__(self, mapping: dict[str, str]):
        super().__init__()
        self.mapping = mapping
        self.skip: set = set()

    def visit_Attribute(self, node):
        self.skip.add(node.attr)

    def visit_Arg(self, node):
        if node.keyword is not None:
            self.skip.add(node.keyword)

    def visit_Param(self, node):
        self.skip.add(node.name)

    def visit_AssignTarget(self, node):
        self.skip.update(find_all(node.target, lambda n: isinstance(n, cst.Name)))

    def visit_AnnAssign(self, node):
        self.skip.update(find_all(node.target, lambda n: isinstance(n, cst.Name)))

    def leave_Name(self, original, updated):
        if original in self.skip or updated.value not in self.mapping:
            return updated
        return expr(self.mapping[updated.value])


class _Record(Operator):
    """Base: the allocator kept in a record instead of a plain attribute / local."""

    make = ""  # format with {v}: the record holding value v
    get = ""  # format with {r}: the allocator read from record r
    module_code = ""
    imports: tuple[str, ...] = ()

    def apply(self, module, ctx):
        storing = {c.name.value for c in classes(module) if _self_stores(c)}

        class Store(cst.CSTTransformer):
            def leave_Assign(s, original, updated):
                if len(updated.targets) == 1 and is_attr(updated.targets[0].target, ALLOC, "self"):
                    return updated.with_changes(
                        targets=[cst.AssignTarget(expr("self._kv_handles"))],
                        value=expr(self.make.format(v=code_of(updated.value))),
                    )
                return updated

        def fn_op(fn, cls):
            new = fn
            if cls is not None and cls.name.value in storing:
                t = LoadAttrRewriter(
                    ALLOC,
                    lambda n, t: (
                        expr(self.get.format(r="self._kv_handles"))
                        if is_attr(n, ALLOC, "self")
                        else None
                    ),
                )
                new = new.visit(Store()).visit(t)
            carriers = _local_carriers(new)
            if carriers:
                rec = {name: f"_{name}_rec" for name in carriers}

                class Local(cst.CSTTransformer):
                    def leave_Assign(s, original, updated):
                        if (
                            len(updated.targets) == 1
                            and isinstance(updated.targets[0].target, cst.Name)
                            and updated.targets[0].target.value in carriers
                        ):
                            name = updated.targets[0].target.value
                            return updated.with_changes(
                                targets=[cst.AssignTarget(cst.Name(rec[name]))],
                                value=expr(self.make.format(v=code_of(updated.value))),
                            )
                        return updated

                new = new.visit(Local()).visit(
                    _NameToExpr({n: self.get.format(r=rec[n]) for n in carriers})
                )
            return None if new is fn else new

        new = map_functions(module, (ALLOC,), fn_op)
        if new is None:
            return None
        if self.module_code:
            new = add_toplevel(new, self.module_code)
        return add_imports(new, self.imports)


@register
class DataclassRecord(_Record):
    """The allocator kept in a dataclass record (`_KVHandles(allocator=...)`, read as
    `.allocator`), for `self.` attributes and for locals.

    A dataclass field holds the object it was given; reading it returns that object."""

    name = "dataclass_record"
    make = "_KVHandles(allocator={v})"
    get = "{r}.allocator"
    imports = ("import dataclasses",)
    module_code = (
        "@dataclasses.dataclass\nclass _KVHandles:\n"
        '    """Memory handles of a backend."""\n\n    allocator: object\n'
    )


@register
class NamedTupleRecord(_Record):
    """The allocator kept in a `typing.NamedTuple` record (`_KVRefs(allocator=...)`).

    A named tuple field holds the object it was given."""

    name = "namedtuple_record"
    make = "_KVRefs(allocator={v})"
    get = "{r}.allocator"
    imports = ("import typing",)
    module_code = "class _KVRefs(typing.NamedTuple):\n    allocator: object\n"


@register
class DictRecord(_Record):
    """The allocator kept in a dict (`{"allocator": ...}`, read as `["allocator"]`).

    A dict entry holds the object it was given."""

    name = "dict_record"
    make = '{{"allocator": {v}}}'
    get = '{r}["allocator"]'


# ----------------------------------------------------------------------------- carriers: locals


@register
class InlineLocal(Operator):
    """Inline a local alias `allocator = x.token_to_kv_pool_allocator` (bound once, `x` a
    parameter or `self` never rebound) into its uses.

    Re-reading an attribute that nothing reassigns in between gives the same object."""

    name = "inline_local"

    def apply(self, module, ctx):
        def fn_op(fn, cls):
            carriers = _local_carriers(fn)
            stable = set(param_names(fn)) - assigned_locals(fn)
            carriers = {k: v for k, v in carriers.items() if v.split(".")[0] in stable}
            if not carriers:
                return None

            class Drop(cst.CSTTransformer):
                def leave_SimpleStatementLine(self, original, updated):
                    small = updated.body
                    if (
                        len(small) == 1
                        and isinstance(small[0], cst.Assign)
                        and isinstance(small[0].targets[0].target, cst.Name)
                        and small[0].targets[0].target.value in carriers
                    ):
                        return cst.RemoveFromParent()
                    return updated

            return fn.visit(Drop()).visit(_NameToExpr(carriers))

        return map_functions(module, (ALLOC,), fn_op)


@register
class IntroduceLocal(Operator):
    """Read `x.token_to_kv_pool_allocator` into a local `_kv_alloc` on the line before each
    statement that uses it in a call chain (`x.token_to_kv_pool_allocator.get_kvcache()`).

    The attribute read moves one statement earlier; nothing between rebinds it."""

    name = "introduce_local"

    def apply(self, module, ctx):
        def rewrite(s):
            if not isinstance(s, cst.SimpleStatementLine):
                return None
            reads = find_eager(
                s,
                lambda n: isinstance(n, cst.Attribute)
                and is_attr(n.value, ALLOC)
                and is_simple_ref(n.value),
            )
            if not reads:
                return None
            recvs = {code_of(r.value) for r in reads}
            if len(recvs) != 1:
                return None
            recv = recvs.pop()
            mapping = {r.value: cst.Name("_kv_alloc") for r in reads}
            return stmts(f"_kv_alloc = {recv}\n") + [replace_nodes(s, mapping)]

        return _stmt_rewrite(module, rewrite, (ALLOC,))


@register
class Walrus(Operator):
    """Bind the local alias with an assignment expression at its first use
    (`isinstance((allocator := x.token_to_kv_pool_allocator), ...)`) instead of a statement.

    The walrus binds the same name to the same value, evaluated unconditionally at the start of
    the next statement (the operator only applies when the first use is not inside a
    conditional part of an expression)."""

    name = "walrus"

    def apply(self, module, ctx):
        def fn_op(fn, cls):
            carriers = _local_carriers(fn)
            changed = [False]

            class T(cst.CSTTransformer):
                def leave_IndentedBlock(self, original, updated):
                    body = list(updated.body)
                    for i, s in enumerate(body[:-1]):
                        if not (
                            isinstance(s, cst.SimpleStatementLine)
                            and len(s.body) == 1
                            and isinstance(s.body[0], cst.Assign)
                            and isinstance(s.body[0].targets[0].target, cst.Name)
                            and s.body[0].targets[0].target.value in carriers
                        ):
                            continue
                        name = s.body[0].targets[0].target.value
                        nxt = body[i + 1]
                        if not isinstance(nxt, cst.SimpleStatementLine):
                            continue
                        first = _first_unconditional_use(nxt, name)
                        if first is None:
                            continue
                        walrus = cst.NamedExpr(
                            target=cst.Name(name),
                            value=s.body[0].value,
                            lpar=[cst.LeftParen()],
                            rpar=[cst.RightParen()],
                        )
                        body[i : i + 2] = [replace_nodes(nxt, {first: walrus})]
                        changed[0] = True
                        return updated.with_changes(body=body)
                    return updated

            new = fn.visit(T())
            return new if changed[0] else None

        return map_functions(module, (ALLOC,), fn_op)


def _first_unconditional_use(stmt, name):
    """The first load of ``name`` in ``stmt`` if it is not under a conditional/deferred part."""
    found = []

    class V(cst.CSTVisitor):
        def on_visit(self, node):
            if found:
                return False
            if isinstance(
                node,
                (
                    cst.IfExp,
                    cst.BooleanOperation,
                    cst.Lambda,
                    cst.ListComp,
                    cst.SetComp,
                    cst.DictComp,
                    cst.GeneratorExp,
                ),
            ):
                if contains(node, lambda n: isinstance(n, cst.Name) and n.value == name):
                    found.append(None)
                return False
            if isinstance(node, cst.AssignTarget):
                return False
            if isinstance(node, cst.Attribute):
                node.value.visit(self)
                return False
            if isinstance(node, cst.Name) and node.value == name:
                found.append(node)
                return False
            return True

    stmt.visit(V())
    return found[0] if found else None


@register
class SelfAttrToLocal(Operator):
    """In methods that only read `self.token_to_kv_pool_allocator`, read it once into a local
    `kv_alloc` at the top and use the local.

    The method does not rebind the attribute, so every read returned the same object."""

    name = "self_attr_to_local"

    def apply(self, module, ctx):
        def fn_op(fn, cls):
            if cls is None or fn.name.value == "__init__" or is_static(fn):
                return None
            code = node_code(fn)
            if f"self.{ALLOC} =" in code or "kv_alloc" in code:
                return None
            t = LoadAttrRewriter(
                ALLOC, lambda n, t: cst.Name("kv_alloc") if is_attr(n, ALLOC, "self") else None
            )
            new = fn.visit(t)
            if not t.count:
                return None
            return prepend_to_function(new, stmts(f"kv_alloc = self.{ALLOC}\n"))

        return map_functions(module, (f"self.{ALLOC}",), fn_op)


# ----------------------------------------------------------------------------- tests and calls


@register
class HasattrToGetattr(Operator):
    """`hasattr(x, "name")` written `getattr(x, "name", None) is not None`.

    The probed members are methods, never None, so both tests agree."""

    name = "hasattr_to_getattr"

    def apply(self, module, ctx):
        count = [0]

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if (
                    isinstance(updated.func, cst.Name)
                    and updated.func.value == "hasattr"
                    and len(updated.args) == 2
                    and isinstance(updated.args[1].value, cst.SimpleString)
                ):
                    count[0] += 1
                    a, b = (code_of(x.value) for x in updated.args)
                    return expr(f"(getattr({a}, {b}, None) is not None)")
                return updated

        return map_functions(module, ("hasattr(",), lambda fn, cls: _counted(fn, T(), count))


@register
class TranslateViaGetattr(Operator):
    """`x.translate_loc_from_full_to_swa(i)` written `getattr(x, "translate_loc_from_full_to_swa")(i)`.

    `getattr` with a literal name is the attribute look-up."""

    name = "translate_getattr"

    def apply(self, module, ctx):
        count = [0]

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if _anchor_call(updated, "translate_loc_from_full_to_swa"):
                    count[0] += 1
                    return updated.with_changes(
                        func=expr(
                            f'getattr({code_of(updated.func.value)}, "translate_loc_from_full_to_swa")'
                        )
                    )
                return updated

        return map_functions(
            module, ("translate_loc_from_full_to_swa",), lambda fn, cls: _counted(fn, T(), count)
        )


@register
class IssubclassOfType(Operator):
    """`isinstance(x, C)` written `issubclass(type(x), C)`.

    For objects that do not fake `__class__` (the allocators and pools do not), both ask whether
    x's class derives from C."""

    name = "issubclass_type"

    def apply(self, module, ctx):
        count = [0]

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if (
                    isinstance(updated.func, cst.Name)
                    and updated.func.value == "isinstance"
                    and len(updated.args) == 2
                    and not updated.args[0].keyword
                ):
                    count[0] += 1
                    a, b = (code_of(x.value) for x in updated.args)
                    return expr(f"issubclass(type({a}), {b})")
                return updated

        return map_functions(module, ("isinstance(",), lambda fn, cls: _counted(fn, T(), count))


@register
class ModuleClassAlias(Operator):
    """A module-level alias of the SWA classes (`_SWAAllocatorType = SWATokenToKVPoolAllocator`)
    used in place of the imported name.

    The alias names the same class object."""

    name = "module_class_alias"

    def apply(self, module, ctx):
        names = _imported_swa_names(module)
        if not names:
            return None
        mapping = {n: f"_{n}Type" for n in names}

        class U(cst.CSTTransformer):
            def leave_ImportFrom(self, original, updated):
                return original

            def leave_Name(self, original, updated):
                if updated.value in mapping:
                    return updated.with_changes(value=mapping[updated.value])
                return updated

            def leave_Attribute(self, original, updated):
                return updated.with_changes(attr=original.attr)

            def leave_Arg(self, original, updated):
                return updated.with_changes(keyword=original.keyword)

            def leave_Param(self, original, updated):
                return updated.with_changes(name=original.name)

        new = map_functions(module, tuple(names), lambda fn, cls: fn.visit(U()))
        if new is None:
            return None
        return add_toplevel(new, "".join(f"{v} = {k}\n" for k, v in mapping.items()))


def _module_function_params(module) -> dict[str, list[str]]:
    return {f.name.value: param_names(f) for f in functions(module)}


def _carrying_calls(fn, funcs):
    return find_all(
        fn,
        lambda n: isinstance(n, cst.Call)
        and isinstance(n.func, cst.Name)
        and n.func.value in funcs
        and any(_reads_alloc(a.value) for a in n.args),
    )


@register
class PartialCall(Operator):
    """Calls of module helpers that pass the allocator bind it with `functools.partial`
    (`functools.partial(helper, token_to_kv_pool_allocator=a)(...)`).

    A partial with a keyword argument calls the function with that keyword; positional
    arguments are passed by keyword only at the allocator's own position, which is the last
    positional one passed."""

    name = "partial_call"

    def apply(self, module, ctx):
        funcs = _module_function_params(module)
        count = [0]

        class T(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if not (isinstance(updated.func, cst.Name) and updated.func.value in funcs):
                    return updated
                params = funcs[updated.func.value]
                args = list(updated.args)
                for i, a in enumerate(args):
                    if not _reads_alloc(a.value) or a.star:
                        continue
                    if a.keyword is not None:
                        kw = a.keyword.value
                    elif i == len(args) - 1 or all(x.keyword is not None for x in args[i + 1 :]):
                        if i >= len(params):
                            return updated
                        kw = params[i]
                    else:
                        return updated
                    rest = [x for j, x in enumerate(args) if j != i]
                    count[0] += 1
                    part = expr(f"functools.partial({updated.func.value}, {kw}={code_of(a.value)})")
                    if rest:
                        rest[-1] = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                    return updated.with_changes(func=part, args=rest)
                return updated

        new = map_functions(module, (ALLOC,), lambda fn, cls: _counted(fn, T(), count))
        return add_imports(new, ["import functools"]) if new is not None else None


@register
class KwargsForwarding(Operator):
    """A module helper's allocator parameter taken from `**kwargs`
    (`token_to_kv_pool_allocator = kwargs.get("token_to_kv_pool_allocator", None)`), its
    in-module callers passing it by keyword.

    Same value under the same name in the body; the default is kept; every caller is in the
    module and now passes the argument by keyword."""

    name = "kwargs_forwarding"

    def apply(self, module, ctx):
        targets = {}
        for f in functions(module):
            p = f.params
            for prm in p.params:
                if (
                    prm.name.value == ALLOC
                    and not isinstance(p.star_kwarg, cst.Param)
                    and not p.kwonly_params
                ):
                    if prm is p.params[-1]:
                        targets[f.name.value] = (param_names(f).index(ALLOC), prm)
        if not targets:
            return None
        count = [0]

        class Calls(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if isinstance(updated.func, cst.Name) and updated.func.value in targets:
                    i, _ = targets[updated.func.value]
                    args = list(updated.args)
                    if len(args) > i and args[i].keyword is None and not args[i].star:
                        args[i] = args[i].with_changes(
                            keyword=cst.Name(ALLOC), equal=cst.AssignEqual()
                        )
                        count[0] += 1
                    if any(a.star for a in args):
                        raise ValueError("star args at a call of a helper")
                    return updated.with_changes(args=args)
                return updated

        def fn_op(fn, cls):
            new = fn.visit(Calls())
            if cls is None and fn.name.value in targets:
                _, prm = targets[fn.name.value]
                default = code_of(prm.default) if prm.default is not None else "None"
                params = [x for x in new.params.params if x.name.value != ALLOC]
                params[-1] = params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                new = new.with_changes(
                    params=new.params.with_changes(
                        params=params, star_kwarg=cst.Param(cst.Name("kwargs"))
                    )
                )
                new = prepend_to_function(
                    new, stmts(f'{ALLOC} = kwargs.get("{ALLOC}", {default})\n')
                )
            return None if new.deep_equals(fn) else new

        return map_functions(module, tuple(targets), fn_op)


# ----------------------------------------------------------------------------- annotations


def _given_a_pool(module, funcs: set, param: str) -> set:
    """Functions of ``funcs`` some call of which in ``module`` passes a KV pool
    (`….token_to_kv_pool` / `token_to_kv_pool`) as ``param`` (by keyword or position)."""
    index = {
        f.name.value: param_names(f).index(param)
        for f in functions(module)
        if f.name.value in funcs
    }

    def is_pool(node) -> bool:
        return is_attr(node, "token_to_kv_pool") or (
            isinstance(node, cst.Name) and node.value == "token_to_kv_pool"
        )

    out = set()
    for call in find_all(
        module,
        lambda n: isinstance(n, cst.Call)
        and isinstance(n.func, cst.Name)
        and n.func.value in index,
    ):
        positional = [a for a in call.args if a.keyword is None and not a.star]
        for a in call.args:
            if a.keyword is not None and a.keyword.value == param and is_pool(a.value):
                out.add(call.func.value)
        i = index[call.func.value]
        if i < len(positional) and is_pool(positional[i].value):
            out.add(call.func.value)
    return out


class _Annotate(Operator):
    """Base: a helper's allocator parameter renamed `kv_alloc` and annotated with the allocator
    class (spelled per subclass), imported under TYPE_CHECKING; locals bound to the allocator
    annotated the same way."""

    spelling = ""
    imports: tuple[str, ...] = ()

    def apply(self, module, ctx):
        funcs = {f.name.value for f in functions(module) if ALLOC in param_names(f)}
        # the annotation states that the parameter holds the allocator: not where a caller in
        # the module passes it a pool (the name alone proves nothing)
        funcs -= _given_a_pool(module, funcs, ALLOC)
        ann = cst.Annotation(expr(self.spelling))

        class Params(cst.CSTTransformer):
            def leave_Param(self, original, updated):
                if updated.name.value == ALLOC:
                    return updated.with_changes(annotation=ann, name=cst.Name("kv_alloc"))
                return updated

        class Calls(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if not (isinstance(updated.func, cst.Name) and updated.func.value in funcs):
                    return updated
                return updated.with_changes(
                    args=[
                        (
                            a.with_changes(keyword=cst.Name("kv_alloc"))
                            if a.keyword is not None and a.keyword.value == ALLOC
                            else a
                        )
                        for a in updated.args
                    ]
                )

        def fn_op(fn, cls):
            new = fn
            if cls is None and fn.name.value in funcs:
                new = new.visit(Params()).with_changes(
                    body=new.body.visit(Renamer({ALLOC: "kv_alloc"}))
                )
            if funcs:
                new = new.visit(Calls())
            carriers = _local_carriers(new)
            if carriers:

                class Loc(cst.CSTTransformer):
                    def leave_SimpleStatementLine(self, original, updated):
                        small = updated.body
                        if (
                            len(small) == 1
                            and isinstance(small[0], cst.Assign)
                            and isinstance(small[0].targets[0].target, cst.Name)
                            and small[0].targets[0].target.value in carriers
                        ):
                            return updated.with_changes(
                                body=[
                                    cst.AnnAssign(
                                        target=small[0].targets[0].target,
                                        annotation=ann,
                                        value=small[0].value,
                                    )
                                ]
                            )
                        return updated

                new = new.visit(Loc())
            return None if new.deep_equals(fn) else new

        new = map_functions(module, (ALLOC,), fn_op)
        if new is None:
            return None
        return add_imports(
            new,
            ["from typing import TYPE_CHECKING", "from typing import Optional"]
            + list(self.imports),
        )


@register
class AnnotateClass(_Annotate):
    """Annotation spelled `Optional[BaseTokenToKVPoolAllocator]` (imported name).

    Annotations do not change behaviour (with `from __future__ import annotations` they are not
    even evaluated); the parameter renaming is consistent and callers pass it positionally."""

    name = "annotate_class"
    spelling = "Optional[BaseTokenToKVPoolAllocator]"
    imports = (
        "if TYPE_CHECKING:\n    from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator",
    )


@register
class AnnotateString(_Annotate):
    """Annotation spelled as a string, `"BaseTokenToKVPoolAllocator"`.

    A string annotation is never evaluated at run time."""

    name = "annotate_string"
    spelling = '"BaseTokenToKVPoolAllocator"'
    imports = (
        "if TYPE_CHECKING:\n    from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator",
    )


@register
class AnnotateQualified(_Annotate):
    """Annotation spelled through the module, `Optional[_alloc_mod.BaseTokenToKVPoolAllocator]`.

    Annotations do not change behaviour."""

    name = "annotate_qualified"
    spelling = "Optional[_alloc_mod.BaseTokenToKVPoolAllocator]"
    imports = ("if TYPE_CHECKING:\n    from sglang.srt.mem_cache import allocator as _alloc_mod",)


# ----------------------------------------------------------------------------- methods and classes

_SWA_WORDS = (ALLOC, "_resolve_swa_kv_pool", "use_sliding_window_kv_pool", "swa_kv_pool")


def _init_block(init: cst.FunctionDef, runner: str):
    """The contiguous statements of ``__init__`` that set up the SWA state: from the first one
    that mentions the allocator/resolver while every following one mentions SWA state. None
    unless the block only needs ``self`` and the runner and binds no local used later."""
    body = list(init.body.body)
    start = next(
        (i for i, s in enumerate(body) if any(w in node_code(s) for w in _SWA_WORDS[:2])), None
    )
    if start is None:
        return None
    end = start
    while end + 1 < len(body) and any(w in node_code(body[end + 1]) for w in _SWA_WORDS):
        end += 1
    block = body[start : end + 1]
    if any(
        find_all(s, lambda n: isinstance(n, (cst.Return, cst.Global, cst.Nonlocal, cst.Yield)))
        or "super(" in node_code(s)
        for s in block
    ):
        return None  # an exit, a scope declaration or zero-argument super() would change meaning
    locals_ = assigned_locals(init)
    names_in = {n.value for s in block for n in find_all(s, lambda n: isinstance(n, cst.Name))}
    fake = cst.FunctionDef(
        name=cst.Name("_f"), params=cst.Parameters(), body=cst.IndentedBlock(body=block)
    )
    bound_in_block = assigned_locals(fake)
    free = (names_in & (locals_ | set(param_names(init)))) - bound_in_block - {"self", runner}
    if free:
        return None
    later = {
        n.value for s in body[end + 1 :] for n in find_all(s, lambda n: isinstance(n, cst.Name))
    }
    if bound_in_block & later:
        return None
    return start, end, block


def _runner_param(init: cst.FunctionDef) -> Optional[str]:
    ps = param_names(init)
    return ps[1] if len(ps) > 1 and ps[1] in ("model_runner", "runner") else None


def _extract_init(cls: cst.ClassDef, call: str, signature: str, prologue: str = ""):
    """(new __init__, the extracted method) or None."""
    init = next((m for m in methods(cls) if m.name.value == "__init__"), None)
    if init is None or _runner_param(init) is None:
        return None
    runner = _runner_param(init)
    found = _init_block(init, runner)
    if found is None:
        return None
    start, end, block = found
    body = list(init.body.body)
    new_init = init.with_changes(
        body=init.body.with_changes(
            body=body[:start] + stmts(call.format(r=runner) + "\n") + body[end + 1 :]
        )
    )
    method = stmts(
        f"def _init_swa_state({signature.format(r=runner)}):\n"
        + _indent(prologue.format(r=runner) + _code(block))
    )[0]
    return init, new_init, method


class _ExtractInit(Operator):
    call = "self._init_swa_state({r})"
    signature = "self, {r}"
    prologue = ""
    where = "class"  # "class" | "mixin"

    def apply(self, module, ctx):
        for cls in classes(module):
            got = _extract_init(cls, self.call, self.signature, self.prologue)
            if got is None:
                continue
            init, new_init, method = got
            new_cls = replace_member(cls, init, [new_init])
            if self.where == "class":
                new_cls = new_cls.with_changes(
                    body=new_cls.body.with_changes(body=list(new_cls.body.body) + [method])
                )
                return replace_toplevel(module, cls, [new_cls])
            mixin = f"_{cls.name.value}SWAMixin"
            new_cls = new_cls.with_changes(
                bases=[cst.Arg(cst.Name(mixin))]
                + [
                    b.with_changes(comma=cst.MaybeSentinel.DEFAULT) if False else b
                    for b in new_cls.bases
                ],
                lpar=cst.LeftParen(),
                rpar=cst.RightParen(),
            )
            new_cls = _fix_base_commas(new_cls)
            mixin_cls = stmts(
                f"class {mixin}:\n"
                '    """SWA KV state of the backend (set up from __init__)."""\n\n'
                + _indent(code_of(method))
            )
            return replace_toplevel(module, cls, mixin_cls + [new_cls])
        return None


def _fix_base_commas(cls: cst.ClassDef) -> cst.ClassDef:
    bases = list(cls.bases)
    out = []
    for i, b in enumerate(bases):
        last = i == len(bases) - 1
        out.append(
            b.with_changes(
                comma=(
                    cst.MaybeSentinel.DEFAULT
                    if last
                    else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                )
            )
        )
    return cls.with_changes(bases=out)


@register
class ExtractInitMethod(_ExtractInit):
    """The SWA set-up statements of `__init__` extracted into a method
    `_init_swa_state(self, model_runner)` called at the same point.

    Extract method: the block only uses `self` and the runner and binds no local that
    `__init__` uses afterwards, so it runs the same statements on the same objects."""

    name = "extract_init_method"


@register
class ExtractInitKwargs(_ExtractInit):
    """As `extract_init_method`, the runner forwarded by keyword into `**kwargs`
    (`self._init_swa_state(model_runner=model_runner)`, `model_runner = kwargs["model_runner"]`).

    The method binds the same object to the same name before running the block."""

    name = "extract_init_kwargs"
    call = "self._init_swa_state({r}={r})"
    signature = "self, **kwargs"
    prologue = '{r} = kwargs["{r}"]\n'


@register
class MixinStore(_ExtractInit):
    """The SWA set-up of `__init__` moved into a mixin class `_<Cls>SWAMixin` (first base),
    called from `__init__`.

    The mixin defines only `_init_swa_state`, which no other base defines; the method resolves
    to the same code and runs at the same point."""

    name = "mixin_store"
    where = "mixin"


def _anchor_method(m: cst.FunctionDef) -> bool:
    code = node_code(m)
    return any(
        w in code
        for w in (ALLOC, "get_kvcache", "translate_loc_from_full_to_swa", "hasattr(", "isinstance(")
    )


class _MoveToBase(Operator):
    """Base: some methods moved into a new base class placed between the class and its bases."""

    which = ""  # "init" | "readers"

    def pick(self, m: cst.FunctionDef) -> bool:
        if self.which == "init":
            return m.name.value == "__init__"
        return m.name.value != "__init__" and _anchor_method(m)

    def apply(self, module, ctx):
        for cls in classes(module):
            if cls.keywords or any(b.keyword or b.star for b in cls.bases):
                continue
            moved = [m for m in methods(cls) if self.pick(m)]
            if not moved or len(moved) == len(cls.body.body):
                continue
            if any(
                "__" in node_code(m).replace("__init__", "").replace("__class__", "")
                and "self.__" in node_code(m)
                for m in moved
            ):
                continue  # name mangling would change
            base = f"_{cls.name.value}Base"
            bases = "(" + ", ".join(code_of(b.value) for b in cls.bases) + ")" if cls.bases else ""
            base_cls = stmts(
                f"class {base}{bases}:\n"
                '    """Shared SWA code of the backend."""\n\n'
                + _indent("\n".join(code_of(m) for m in moved))
            )
            rest = [s for s in cls.body.body if s not in moved]
            new_cls = cls.with_changes(
                bases=[cst.Arg(cst.Name(base))],
                lpar=cst.LeftParen(),
                rpar=cst.RightParen(),
                body=cls.body.with_changes(body=rest),
            )
            return self.finish(module, cls, base_cls, new_cls, ctx)
        return None

    def finish(self, module, cls, base_cls, new_cls, ctx):
        return replace_toplevel(module, cls, base_cls + [new_cls])


@register
class BaseStore(_MoveToBase):
    """`__init__` (which stores the allocator / the SWA state) moved into a new base class
    `_<Cls>Base` deriving from the class's bases; the class derives from it.

    The MRO becomes [Cls, _ClsBase, bases...]: `__init__` is found on the new base, and its
    zero-argument `super()` still reaches the original bases."""

    name = "base_store"
    which = "init"


@register
class BaseRead(_MoveToBase):
    """The methods that read the allocator or test SWA mode moved into a new base class
    `_<Cls>Base` deriving from the class's bases.

    Moved methods are found on the base through the MRO, before the original bases."""

    name = "base_read"
    which = "readers"


@register
class BackReferenceHelper(Operator):
    """Reads of `self.token_to_kv_pool_allocator` go through a helper object holding a
    back-reference to the backend (`self._swa_view = _SWAView(self)` first in `__init__`;
    `self._swa_view.backend.token_to_kv_pool_allocator`).

    The helper's `backend` is `self`, so the attribute read is the same one."""

    name = "backref_helper"

    def apply(self, module, ctx):
        storing = {c.name.value for c in classes(module) if _self_stores(c)}
        if not storing:
            return None

        def fn_op(fn, cls):
            if cls is None or cls.name.value not in storing or is_static(fn):
                return None
            t = LoadAttrRewriter(
                ALLOC,
                lambda n, t: (
                    expr(f"self._swa_view.backend.{ALLOC}") if is_attr(n, ALLOC, "self") else None
                ),
            )
            new = fn.visit(t)
            if fn.name.value == "__init__":
                return prepend_to_function(new, stmts("self._swa_view = _SWAView(self)\n"))
            return new if t.count else None

        new = map_functions(module, (), fn_op)
        if new is None or f"self._swa_view.backend.{ALLOC}" not in new.code:
            return None
        return add_toplevel(
            new,
            "class _SWAView:\n"
            '    """A helper that works on behalf of a backend."""\n\n'
            "    def __init__(self, backend):\n        self.backend = backend\n",
        )


@register
class StaticToModuleFunction(Operator):
    """A static method that reads the allocator (the resolver) moved out of the class into a
    module function of the same name; `self.m(x)` / `Cls.m(x)` calls become `m(x)`.

    A static method is a plain function; calling it through the instance or the class passes
    the same arguments."""

    name = "static_to_function"

    def apply(self, module, ctx):
        for cls in classes(module):
            for m in methods(cls):
                if not (is_static(m) and ALLOC in node_code(m)):
                    continue
                if any(
                    isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod"
                    for d in m.decorators
                ):
                    continue
                name = m.name.value
                if name in {f.name.value for f in functions(module)}:
                    return None
                fn = m.with_changes(
                    decorators=[
                        d
                        for d in m.decorators
                        if not (
                            isinstance(d.decorator, cst.Name)
                            and d.decorator.value == "staticmethod"
                        )
                    ]
                )
                new_cls = replace_member(cls, m, [])
                new = replace_toplevel(module, cls, [new_cls])

                class T(cst.CSTTransformer):
                    def leave_Call(self, original, updated):
                        f = updated.func
                        if (
                            isinstance(f, cst.Attribute)
                            and f.attr.value == name
                            and isinstance(f.value, cst.Name)
                            and f.value.value in ("self", cls.name.value)
                        ):
                            return updated.with_changes(func=cst.Name(name))
                        return updated

                new = map_functions(new, (name,), lambda fn_, c: fn_.visit(T())) or new
                if f".{name}" in new.code:
                    return None  # still referenced as an attribute somewhere
                return add_toplevel(new, code_of(fn))
        return None


# ----------------------------------------------------------------------------- multi-file (more)


@register
class AccessorOtherModule(Operator):
    """`module_accessor` with the accessor defined in another module of the package
    (`kv_access.py`) and imported (absolute import).

    The imported function is the same function."""

    name = "accessor_other_module"
    multi_file = True

    def apply(self, module, ctx):
        new = _attr_rewrite(
            module, lambda n, fn, cls: expr(f"get_kv_allocator({code_of(n.value)})")
        )
        if new is None:
            return None
        ctx.extra[f"{PKG_DIR}/kv_access.py"] = (
            '"""Accessors for the memory objects of a model runner."""\n\n\n'
            f"def get_kv_allocator(owner):\n    return owner.{ALLOC}\n"
        )
        return add_imports(new, [f"from {PKG}.kv_access import get_kv_allocator"])


@register
class BaseOtherModule(_MoveToBase):
    """`base_store` with the new base class in another module of the package
    (`swa_base.py`, with the original module's imports), imported by absolute import.

    The imported class is the same class; its code resolves the same names."""

    name = "base_other_module"
    which = "init"
    multi_file = True

    def finish(self, module, cls, base_cls, new_cls, ctx):
        imports = [s for s in module.body if not isinstance(s, (cst.ClassDef, cst.FunctionDef))]
        # module-level classes/functions the moved code uses (a record class another operator
        # added) move with it and are imported back: the same objects under the same names
        left = undefined_globals(ctx.site.text)
        carried: list = []
        while True:
            text = cst.Module(body=imports + carried + base_cls, header=module.header).code
            need = undefined_globals(text) - left
            more = [
                s
                for s in module.body
                if isinstance(s, (cst.ClassDef, cst.FunctionDef))
                and s.name.value in need
                and s is not cls
                and s not in carried
            ]
            if not more:
                break
            carried = [s for s in module.body if s in carried or s in more]
        ctx.extra[f"{PKG_DIR}/swa_base.py"] = text
        new = replace_toplevel(module, cls, [new_cls])
        new = new.with_changes(body=[s for s in new.body if s not in carried])
        names = ", ".join([base_cls[0].name.value] + [s.name.value for s in carried])
        return add_imports(new, [f"from {PKG}.swa_base import {names}"])


@register
class MoveFunctionsRelativeReexport(Operator):
    """The module functions moved into `_swa_impl.py`, re-exported by a compatibility module
    `swa_compat.py` (`from ._swa_impl import *`-style explicit re-export), and imported from
    there with a relative import.

    Re-exports bind the same function objects."""

    name = "move_functions_reexport"
    multi_file = True

    def apply(self, module, ctx):
        funcs = functions(module)
        if not funcs:
            return None
        imports = [s for s in module.body if not isinstance(s, (cst.ClassDef, cst.FunctionDef))]
        ctx.extra[f"{PKG_DIR}/_swa_impl.py"] = cst.Module(
            body=imports + funcs, header=module.header
        ).code
        names = ", ".join(f.name.value for f in funcs)
        ctx.extra[f"{PKG_DIR}/swa_compat.py"] = (
            '"""Compatibility re-exports."""\n\n'
            f"from ._swa_impl import {names}  # noqa: F401\n\n__all__ = {[f.name.value for f in funcs]!r}\n"
        )
        new = module.with_changes(
            body=[s for s in module.body if not isinstance(s, cst.FunctionDef)]
        )
        return add_imports(new, [f"from .swa_compat import {names}"])


# ----------------------------------------------------------------------------- more control flow


@register
class GuardClause(Operator):
    """A trailing `if c: <body>` followed by `return r` written as an early return:
    `if not (c): return r`, then `<body>`, then `return r`.

    `r` is side-effect-free (names, tuples of names) and is evaluated once on either path; the
    body runs exactly when `c` holds."""

    name = "guard_clause"

    def apply(self, module, ctx):
        def fn_op(fn, cls):
            body = list(fn.body.body)
            if len(body) < 2:
                return None
            last, prev = body[-1], body[-2]
            if not (
                isinstance(last, cst.SimpleStatementLine)
                and isinstance(last.body[0], cst.Return)
                and last.body[0].value is not None
                and isinstance(prev, cst.If)
                and prev.orelse is None
            ):
                return None
            value = last.body[0].value
            names_only = isinstance(value, cst.Name) or (
                isinstance(value, cst.Tuple)
                and all(isinstance(e.value, cst.Name) for e in value.elements)
            )
            if not names_only:
                return None
            ret = code_of(value)
            new = (
                body[:-2]
                + stmts(f"if not ({code_of(prev.test)}):\n    return {ret}\n")
                + list(prev.body.body)
                + [last]
            )
            return fn.with_changes(body=fn.body.with_changes(body=new))

        return map_functions(module, ("return",), fn_op)


@register
class ResolverMergedGuard(_ResolverOp):
    """The nested draft guard merged into one condition: `if D and not F: return None`.

    `if D: if not F: return None` and `if D and not F: return None` return on the same
    condition, evaluating D, then F only when D holds."""

    name = "resolver_merged_guard"

    def rewrite(self, module, r):
        return _with_body(
            module,
            r,
            f"{_code([r.active, r.active_if])}if {r.draft} and not {r.frozen}:\n"
            f"    return None\n{_code(r.tail)}",
        )


@register
class PoolParamNamedAllocator(Operator):
    """Precision (issue 11, item 4): a helper's POOL parameter `token_to_kv_pool` renamed
    `token_to_kv_pool_allocator` (keyword call sites in the module updated); every caller still
    passes the pool.

    Alpha-renaming of a parameter: the value is still the pool, so correct code stays correct;
    only a model that trusts names would flag it."""

    name = "pool_param_named_allocator"

    def apply(self, module, ctx):
        mapping = {"token_to_kv_pool": ALLOC}
        funcs = {
            f.name.value
            for f in functions(module)
            if "token_to_kv_pool" in param_names(f) and ALLOC not in param_names(f)
        }
        if not funcs:
            return None

        class Calls(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if isinstance(updated.func, cst.Name) and updated.func.value in funcs:
                    return updated.with_changes(
                        args=[
                            (
                                a.with_changes(keyword=cst.Name(ALLOC))
                                if a.keyword is not None and a.keyword.value == "token_to_kv_pool"
                                else a
                            )
                            for a in updated.args
                        ]
                    )
                return updated

        def fn_op(fn, cls):
            new = fn
            if cls is None and fn.name.value in funcs:
                if ALLOC in assigned_locals(fn):
                    return None
                new = new.visit(Renamer(mapping, params=True))
            new = new.visit(Calls())
            return None if new.deep_equals(fn) else new

        return map_functions(module, ("token_to_kv_pool",), fn_op)


@register
class MisleadingLocalNames(Operator):
    """Precision (issue 11, item 4): locals that hold pools renamed with "allocator" in the name
    (`active_pool` -> `pool_from_allocator`, `kvcache` -> `allocator_kvcache`, `pool` ->
    `allocator_pool`).

    Alpha-renaming of locals; a name that merely contains "allocator" proves nothing."""

    name = "misleading_local_names"
    mapping = {
        "active_pool": "pool_from_allocator",
        "kvcache": "allocator_kvcache",
        "pool": "allocator_pool",
    }

    def apply(self, module, ctx):
        def fn_op(fn, cls):
            names = assigned_locals(fn)
            mapping = {k: v for k, v in self.mapping.items() if k in names}
            if not mapping or set(mapping.values()) & (names | set(param_names(fn))):
                return None
            return fn.with_changes(body=fn.body.visit(Renamer(mapping)))

        return map_functions(module, tuple(self.mapping), fn_op)


# ----------------------------------------------------------------------------- other modules
#
# Issue 11 item 2: the SWA test or the translation moved into a helper of ANOTHER module of the
# package, outside the backend paths (so the helper is not backend code itself: the finding can
# only come from the call that hands it the allocator), imported absolutely, relatively or
# through a compatibility module that re-exports it with a star import.

UTILS_DIR = "sglang/srt/utils"
UTILS_PKG = "sglang.srt.utils"


def _absolute_imports(module: cst.Module) -> list:
    """The module's absolute import statements (relative ones would resolve elsewhere)."""
    out = []
    for s in module.body:
        if not isinstance(s, cst.SimpleStatementLine) or not _is_import_stmt(s):
            continue
        if any(isinstance(x, cst.ImportFrom) and x.relative for x in s.body):
            continue
        out.append(s)
    return out


def _relative_from(site_rel: str, target_module: str) -> str:
    """``from <dots><rest>`` spelling of ``target_module`` seen from the file ``site_rel``."""
    pkg = site_rel.split("/")[:-1]
    target = target_module.split(".")
    common = 0
    while common < min(len(pkg), len(target)) and pkg[common] == target[common]:
        common += 1
    dots = "." * (len(pkg) - common + 1)
    return dots + ".".join(target[common:])


def _swa_test(node, pools: bool = False) -> Optional[tuple[str, str]]:
    """``("isinstance", <class code>)`` / ``("hasattr", <member>)`` for an SWA test call, else
    None. ``pools``: the isinstance tests against SWA *pool* classes (the fixed resolvers' active
    pool test) instead of allocator classes."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
        return None
    if len(node.args) != 2 or any(a.keyword or a.star for a in node.args):
        return None
    name = node.func.value
    probe = node.args[1].value
    if name == "isinstance":
        code = code_of(probe)
        if "SWA" in code and ("Allocator" in code) != pools:
            return name, code
    elif name == "hasattr" and isinstance(probe, cst.SimpleString) and not pools:
        member = probe.evaluated_value
        if isinstance(member, str) and "swa" in member.lower():
            return name, member
    return None


class _HelperOtherModule(Operator):
    """Base: SWA tests / translations replaced by calls of helpers in `sglang/srt/utils/`."""

    multi_file = True
    spelling = "absolute"  # "absolute" | "relative" | "compat"

    def helpers(self, module, ctx) -> Optional[tuple[dict, list[str]]]:
        raise NotImplementedError

    def apply(self, module, ctx):
        made = self.helpers(module, ctx)
        if made is None:
            return None
        mapping, defs = made
        helper_module = f"{UTILS_PKG}.swa_checks"
        header = '"""SWA helpers shared by the attention backends."""\n\n'
        imports = "".join(code_of(s) for s in _absolute_imports(module))
        ctx.extra[f"{UTILS_DIR}/swa_checks.py"] = header + imports + "\n\n" + "\n\n".join(defs)
        names = ", ".join(sorted({d.split("(")[0].split()[-1] for d in defs}))
        if self.spelling == "relative":
            line = f"from {_relative_from(ctx.site.relpath, helper_module)} import {names}"
        elif self.spelling == "compat":
            ctx.extra["sglang/srt/swa_compat.py"] = (
                '"""Compatibility names (moved to sglang.srt.utils.swa_checks)."""\n\n'
                f"from {helper_module} import *  # noqa: F401,F403\n"
            )
            line = f"from sglang.srt.swa_compat import {names}"
        else:
            line = f"from {helper_module} import {names}"
        return add_imports(replace_nodes(module, mapping), [line])


class _SwaTestHelper(_HelperOtherModule):
    pools = False

    def helpers(self, module, ctx):
        calls = find_all(module, lambda n: _swa_test(n, self.pools) is not None)
        if not calls:
            return None
        mapping, defs, seen = {}, [], {}
        for call in calls:
            kind, what = _swa_test(call, self.pools)
            key = (kind, what)
            if key not in seen:
                i = len(seen)
                if kind == "isinstance":
                    fname = f"is_swa_allocator_{i}"
                    defs.append(f"def {fname}(obj):\n    return isinstance(obj, {what})\n")
                else:
                    fname = f"has_swa_member_{i}"
                    defs.append(f"def {fname}(obj):\n    return hasattr(obj, {what!r})\n")
                seen[key] = fname
            mapping[call] = expr(f"{seen[key]}({code_of(call.args[0].value)})")
        return mapping, defs


@register
class SwaTestHelperAbsolute(_SwaTestHelper):
    """The SWA test (`isinstance(x, <SWA allocator class>)`, `hasattr(x, "<swa member>")`)
    moved into a helper function of another module outside the backend paths
    (`sglang/srt/utils/swa_checks.py`, with the module's absolute imports), imported with an
    absolute import; the call site passes what was tested.

    The helper computes the same expression on the same object."""

    name = "swa_test_helper_module"


@register
class SwaTestHelperRelative(_SwaTestHelper):
    """`swa_test_helper_module` with the helper imported by a relative import
    (`from ...utils.swa_checks import ...`).

    A relative import of the same module binds the same function."""

    name = "swa_test_helper_relative"
    spelling = "relative"


@register
class SwaTestHelperCompat(_SwaTestHelper):
    """`swa_test_helper_module` with the helper imported from a compatibility module
    (`sglang/srt/swa_compat.py`) that re-exports it with `from ... import *`.

    A star re-export binds the same function object under the same name."""

    name = "swa_test_helper_compat"
    spelling = "compat"


@register
class PoolTestHelperModule(_SwaTestHelper):
    """The fixed resolvers' active-pool test (`isinstance(x, <SWA pool class>)`) moved into a
    helper of another module outside the backend paths, imported absolutely.

    The helper computes the same test on the same object."""

    name = "pool_test_helper_module"
    pools = True


@register
class TranslateHelperOtherModule(_HelperOtherModule):
    """`x.translate_loc_from_full_to_swa(...)` and `x.full_to_swa_index_mapping` written as
    calls of helpers in another module outside the backend paths
    (`sglang/srt/utils/swa_checks.py`), imported absolutely.

    The helpers evaluate the same attribute of the same object with the same arguments."""

    name = "translate_helper_module"

    def helpers(self, module, ctx):
        def pick(n):
            return (
                isinstance(n, cst.Call)
                and is_attr(n.func, "translate_loc_from_full_to_swa")
                and not any(a.keyword or a.star for a in n.args)
            ) or (
                is_attr(n, "full_to_swa_index_mapping")
                and not contains(n.value, lambda m: is_attr(m, "full_to_swa_index_mapping"))
            )

        nodes = find_eager(module, pick) or []
        # only loads: an attribute that is an assignment target stays
        targets = set()
        for a in find_all(module, lambda n: isinstance(n, (cst.Assign, cst.AugAssign))):
            for t in getattr(a, "targets", None) or [getattr(a, "target", None)]:
                targets.add(id(getattr(t, "target", t)))
        nodes = [n for n in nodes if id(n) not in targets]
        if not nodes:
            return None
        mapping, defs = {}, []
        for n in nodes:
            if isinstance(n, cst.Call):
                args = ", ".join(code_of(a.value) for a in n.args)
                mapping[n] = expr(
                    f"swa_translate({code_of(n.func.value)}{', ' if args else ''}{args})"
                )
            else:
                mapping[n] = expr(f"swa_index_mapping({code_of(n.value)})")
        defs.append(
            "def swa_translate(obj, *args):\n    return obj.translate_loc_from_full_to_swa(*args)\n"
        )
        defs.append("def swa_index_mapping(obj):\n    return obj.full_to_swa_index_mapping\n")
        return mapping, defs
