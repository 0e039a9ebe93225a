"""Preconditions the fixes check before they are offered.

* **backend scope**: a fix edits a class only when that class is attention-backend code by the
  scope settings themselves (a backend module path, or a backend base class) — never because
  the ``all-code`` audit reports everywhere;
* **a model-runner value**: the resolver reads ``model_runner.token_to_kv_pool`` and friends,
  so the value passed must be the backend ``__init__``'s model-runner parameter (named
  ``model_runner`` or annotated ``ModelRunner``) or a ``self.<attr>`` every assignment of which
  stores that parameter;
* **names bound at run time**: a name the fix uses (``SWAKVPool``, ``Optional``) counts as
  available only when a top-level statement binds it unconditionally (not under
  ``if TYPE_CHECKING:``).
"""

from __future__ import annotations

import ast
import fnmatch
from typing import Optional

import libcst as cst

from ..scope import path_matches

RUNNER_PARAM = "model_runner"
RUNNER_CLASS = "ModelRunner"


def backend_class(analysis, cls) -> Optional[str]:
    """None when ``cls`` is attention-backend code by the scope settings (path or base
    class), else the reason it is not."""
    scope = analysis.scope
    if any(path_matches(p, analysis.path) for p in scope.paths):
        return None
    seen: set[str] = set()
    stack = [cls]
    while stack:
        c = stack.pop()
        if c is None or c.name in seen:
            continue
        seen.add(c.name)
        for base in c.base_names:
            terminal = base.rsplit(".", 1)[-1]
            if "." not in base:
                terminal = analysis.original_name(terminal)
            if any(fnmatch.fnmatchcase(terminal, p) for p in scope.base_patterns):
                return None
            stack.append(analysis.classes.get(base))
    return (
        f"`{cls.name}` is not attention-backend code (no backend base class, not under a backend "
        "path); kvguard fixes only backend code"
    )


def _annotation_names(param: cst.Param) -> str:
    if param.annotation is None:
        return ""
    return cst.Module(body=[]).code_for_node(param.annotation.annotation)


def _runner_param(fn, name: str) -> bool:
    """``name`` is a parameter of ``fn`` that holds a model runner."""
    node = fn.node
    if not isinstance(node, cst.FunctionDef):
        return False
    params = node.params
    for p in (*params.posonly_params, *params.params, *params.kwonly_params):
        if p.name.value != name:
            continue
        return name == RUNNER_PARAM or RUNNER_CLASS in _annotation_names(p).replace(
            '"', ""
        ).replace("'", "")
    return False


def model_runner_value(analysis, fn, expr, tree=None) -> Optional[str]:
    """None when ``expr`` (evaluated in ``fn``, a method's ``__init__``) is a model runner of
    the right kind, else the reason it is not."""
    text = cst.Module(body=[]).code_for_node(expr)
    if isinstance(expr, cst.Name):
        if _runner_param(fn, expr.value):
            if any(isinstance(t, cst.Name) and t.value == expr.value for t, _ in fn.assigns):
                return f"`{text}` is reassigned in `{fn.qualname}`; the fix needs the model runner itself"
            return None
        return (
            f"`{text}` is not the backend `__init__`'s model-runner parameter (`{RUNNER_PARAM}` or "
            f"annotated `{RUNNER_CLASS}`); the fix would pass it to `model_runner.token_to_kv_pool`"
        )
    self_name = fn.self_name
    if (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and self_name is not None
        and expr.value.value == self_name
        and fn.cls is not None
        and _attr_holds_runner(tree, fn.cls.qualname, expr.attr.value)
    ):
        return None
    if isinstance(expr, cst.Attribute):
        return f"`{text}` is not proven to hold the model runner (every store must be the `__init__` parameter)"
    return f"`{text}` is not a model-runner value the fix can pass on"


def _ast_runner_param(fn: ast.FunctionDef, name: str) -> bool:
    args = fn.args
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if a.arg == name:
            ann = ast.unparse(a.annotation) if a.annotation is not None else ""
            return name == RUNNER_PARAM or RUNNER_CLASS in ann
    return False


def class_node(tree, qualname: str) -> Optional[ast.ClassDef]:
    """The class ``qualname`` names in ``tree`` (through classes and functions), or None."""
    scope, node = tree, None
    for part in qualname.split("."):
        node = next(
            (
                n
                for n in getattr(scope, "body", [])
                if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.name == part
            ),
            None,
        )
        if node is None:
            return None
        scope = node
    return node if isinstance(node, ast.ClassDef) else None


def _attr_holds_runner(tree, qualname: str, attr: str) -> bool:
    """Every store to ``self.<attr>`` in the class (read from the full module's ``ast``: the
    reduction may have blanked methods) is the ``__init__``'s model-runner parameter."""
    node = class_node(tree, qualname) if tree is not None else None
    if node is None:
        return False
    stores = 0
    for method in node.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or not method.args.args:
            continue
        me = method.args.args[0].arg
        for sub in ast.walk(method):
            targets = (
                sub.targets
                if isinstance(sub, ast.Assign)
                else [sub.target] if isinstance(sub, (ast.AnnAssign, ast.AugAssign)) else []
            )
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr == attr
                    and isinstance(t.value, ast.Name)
                    and t.value.id == me
                ):
                    stores += 1
                    value = getattr(sub, "value", None)
                    if not (
                        method.name == "__init__"
                        and isinstance(sub, ast.Assign)
                        and isinstance(value, ast.Name)
                        and _ast_runner_param(method, value.id)
                    ):
                        return False
                elif not isinstance(t, (ast.Attribute, ast.Name)):
                    return False  # tuple targets etc.: not modelled, not proven
    return stores > 0


def runtime_bindings(tree: Optional[ast.Module]) -> dict[str, tuple[Optional[str], str]]:
    """Names bound unconditionally by top-level statements: local name -> (module of a
    ``from`` import or None, original name)."""
    out: dict[str, tuple[Optional[str], str]] = {}
    if tree is None:
        return out
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and not stmt.level:
            for a in stmt.names:
                out[a.asname or a.name] = (stmt.module, a.name)
        elif isinstance(stmt, ast.Import):
            for a in stmt.names:
                local = a.asname or a.name.split(".")[0]
                out[local] = (None, a.name)
        elif isinstance(stmt, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            out[stmt.name] = (None, stmt.name)
        elif isinstance(stmt, ast.Assign):
            for t in stmt.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = (None, t.id)
        elif (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.value is not None
        ):
            out[stmt.target.id] = (None, stmt.target.id)
    return out


def has_future_annotations(tree: Optional[ast.Module]) -> bool:
    if tree is None:
        return False
    return any(
        isinstance(s, ast.ImportFrom)
        and s.module == "__future__"
        and any(a.name == "annotations" for a in s.names)
        for s in tree.body
    )


def bound_anywhere(tree: Optional[ast.Module], name: str) -> bool:
    """``name`` is bound by some statement of the module (any scope, any condition)."""
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id == name:
            return True
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and node.name == name
        ):
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                if (a.asname or a.name.split(".")[0]) == name:
                    return True
        if isinstance(node, ast.arg) and node.arg == name:
            return True
    return False
