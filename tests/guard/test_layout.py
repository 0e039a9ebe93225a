"""The guard's module layout: a new sglang API generation is one new module under
``guardrails/wiring/`` (nothing else changes), the package has no import cycle, and the pure
invariant stays pure. No sglang: the generation below patches a stand-in backend module."""

import ast
import importlib
import sys
import textwrap
import types
from pathlib import Path

import pytest

import guardrails
from guardrails import runtime, wiring

PKG = Path(guardrails.__file__).resolve().parent
FAKE = "kvguard_fake_future_backends"

FUTURE_GENERATION = f'''
"""A test-only third generation: sglang >= 0.6.0 (invented) renames the metadata entry point
and keeps the active pool on the backend under another name."""

from dataclasses import dataclass
from typing import Any

from guardrails.wiring import INIT, METADATA, BackendState, MethodSpec

GENERATION = "future"
SERVES_FROM = (0, 6, 0)
FORWARD_BATCH_HAS_POOL = False
TARGETS = {{"{FAKE}": ("FutureBackend",)}}
METHODS = {{
    "__init__": MethodSpec("__init__", INIT),
    "prepare_step": MethodSpec("prepare_step", METADATA, forward_batch_param="batch"),
}}


@dataclass(eq=False)
class State(BackendState):
    pools_seen: int = 0


def active_pool(backend, state, forward_batch):
    state.pools_seen += 1
    return backend.kv_pool, "self.kv_pool"
'''


class SWAPool:
    full_to_swa_index_mapping = None


class FullPool:
    pass


@pytest.fixture
def future(tmp_path, monkeypatch):
    (tmp_path / "future_gen.py").write_text(textwrap.dedent(FUTURE_GENERATION))
    monkeypatch.setattr(wiring, "__path__", list(wiring.__path__) + [str(tmp_path)])
    monkeypatch.setattr(wiring, "_GENERATIONS", None)
    mod = types.ModuleType(FAKE)

    class FutureBackend:
        def __init__(self, model_runner):
            self.kv_pool = model_runner.token_to_kv_pool
            self._swa_kv_pool = model_runner.swa
            self.use_sliding_window_kv_pool = model_runner.swa is not None

        def prepare_step(self, batch):
            return "prepared"

        def init_forward_metadata(self, forward_batch):  # not in this generation's METHODS
            return "meta"

    mod.FutureBackend = FutureBackend
    sys.modules[FAKE] = mod
    yield mod
    runtime.uninstall()
    sys.modules.pop(FAKE, None)
    sys.modules.pop("guardrails.wiring.future_gen", None)
    wiring._GENERATIONS = None


def test_a_third_generation_is_one_new_module(future):
    gens = wiring.generations()
    assert [g.GENERATION for g in gens] == ["legacy", "modern", "future"]
    assert wiring.select((0, 5, 23)).GENERATION == "modern"
    assert wiring.select((0, 6, 1)).GENERATION == "future"
    # its targets are watched by default, and patched with its own methods and state
    assert FAKE in wiring.all_targets()
    guardrails.install("raise", swa_pool_types=(SWAPool,), sglang_version="0.6.1")
    assert guardrails.installed_methods() == {f"{FAKE}.FutureBackend": ["__init__", "prepare_step"]}
    swa = SWAPool()
    ok = future.FutureBackend(types.SimpleNamespace(token_to_kv_pool=swa, swa=swa))
    assert ok.prepare_step(object()) == "prepared"
    state = guardrails.backend_state(ok)
    assert type(state).__module__ == "guardrails.wiring.future_gen" and state.pools_seen == 1
    bug = future.FutureBackend(types.SimpleNamespace(token_to_kv_pool=FullPool(), swa=swa))
    with pytest.raises(guardrails.PoolGuardViolation, match="self.kv_pool"):
        bug.prepare_step(object())
    assert bug.init_forward_metadata(object()) == "meta"  # not this generation's method
    guardrails.uninstall()
    assert "prepare_step" in vars(future.FutureBackend)  # the original is back
    assert not hasattr(future.FutureBackend.prepare_step, "__kvguard_wrapper__")


def _imports(path: Path, package: str):
    """guardrails modules imported at module level (not inside functions) by ``path``."""
    tree = ast.parse(path.read_text())
    here = package if path.name == "__init__.py" else package.rsplit(".", 1)[0]
    found = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("guardrails")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if not mod.startswith("guardrails"):
                continue
            for alias in node.names:
                sub = f"{mod}.{alias.name}"
                found.add(sub if _module_path(sub) else mod)
    return found


def _module_path(name: str):
    rel = Path(*name.split(".")[1:])
    for candidate in (PKG / rel.with_suffix(".py"), PKG / rel / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _graph():
    graph = {}
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG).with_suffix("")
        parts = ["guardrails"] + [p for p in rel.parts if p != "__init__"]
        name = ".".join(parts)
        graph[name] = _imports(path, name if path.name == "__init__.py" else name)
    return graph


def test_no_import_cycle_in_guardrails():
    graph = _graph()
    assert "guardrails.hotpath" in graph and "guardrails.wiring.modern" in graph
    state = {}

    def visit(node, trail):
        if state.get(node) == "done":
            return
        assert state.get(node) != "open", " -> ".join(trail + [node])
        state[node] = "open"
        for dep in sorted(graph.get(node, ())):
            if dep != node and not node.startswith(dep + "."):  # a package's own __init__
                visit(dep, trail + [node])
        state[node] = "done"

    for name in sorted(graph):
        visit(name, [])


def test_invariant_is_pure_and_the_hot_path_is_below_the_api():
    graph = _graph()
    tree = ast.parse((PKG / "invariant.py").read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"__future__", "dataclasses", "typing"}, imported
    for low in ("guardrails.hotpath", "guardrails.wrapper", "guardrails.config", "guardrails.hook"):
        assert not graph[low] & {"guardrails.runtime", "guardrails.installation"}, low
    assert graph["guardrails.hook"] == set()  # the import hook knows nothing of backends
    assert importlib.import_module("guardrails.config").Mode is guardrails.Mode
