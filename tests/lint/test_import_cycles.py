"""lint_rules' import graph: no cycle at module level, and no new one through function-level
imports (those only hide a cycle). The cycles that exist today are listed; the list may only
shrink: a cycle that changes (broken, shrunk or grown) fails until the list says so."""

from __future__ import annotations

import ast
from pathlib import Path

import lint_rules

PKG = Path(lint_rules.__file__).resolve().parent

# Strongly connected components of today's graph with function-level imports (issue 23).
KNOWN_CYCLES = []


def _modules() -> dict:
    out = {}
    for path in PKG.rglob("*.py"):
        parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and getattr(test, "id", getattr(test, "attr", "")) == (
        "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, modules: dict, function_level: bool) -> set:
    """The package modules ``name`` imports (module level, or anywhere but under
    ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set = set()
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if _type_checking(node):
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                found.add(sub if sub in modules else target)
        if function_level or not isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        ):
            stack.extend(ast.iter_child_nodes(node))
    return {m for m in found if m in modules and m != name}


def _cycles(function_level: bool) -> list:
    modules = _modules()
    graph = {n: _imports(n, p, modules, function_level) for n, p in modules.items()}

    def reach(start: str) -> set:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    reaches = {n: reach(n) for n in graph}
    out = []
    for n in sorted(graph):
        if n in reaches[n] and not any(n in c for c in out):
            out.append({m for m in reaches[n] if n in reaches[m]})
    return out


def test_the_graph_is_read():
    modules = _modules()
    assert "lint_rules.sparse" in _imports(
        "lint_rules.checker", modules["lint_rules.checker"], modules, True
    )
    assert "lint_rules.registry" in _imports(
        "lint_rules.checker", modules["lint_rules.checker"], modules, False
    )


def test_no_cycle_at_module_level():
    assert _cycles(function_level=False) == []


def test_function_level_cycles_only_shrink():
    found = _cycles(function_level=True)
    assert sorted(map(sorted, found)) == sorted(map(sorted, KNOWN_CYCLES))


def test_no_module_defines_a_top_level_name_twice():
    # a second ``def`` of a name silently replaces the first for every caller, the earlier
    # ones included; ruff's F811 misses it when the first was used in between
    twice = {}
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defs = [
            n.name
            for n in tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        ]
        again = sorted({d for d in defs if defs.count(d) > 1})
        if again:
            twice[name] = again
    assert twice == {}
