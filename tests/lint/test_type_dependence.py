"""KVG001 on decisions computed from the allocator's class, against execution.

Each generated backend decides an SWA flag (``use_swa`` / ``use_sliding_window_kv_pool``) from
the allocator or the pool of the runner it is built with, spelled one of many ways (a class
test, the class's name or MRO, a lookup keyed by the class, a helper, a branch). Its ground
truth comes from running it: it is built on a *real* EAGLE draft runner (sglang's own pools
and allocator on CPU: ``tests.support.real_sglang``), whose allocator is the target's SWA
allocator and whose pool is full-only; a flag that comes out True there is the bug (the draft
believes it reads an SWA pool). KVG001, asked with every fast path on, must report exactly
those modules. Not generated: a pool tested against an allocator class (always False, dead
code), which KVG001 flags by the class alone.
"""

from __future__ import annotations

import itertools
import textwrap

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from tests.support.against_execution import disagreements, verdicts

PATH = "sglang/srt/layers/attention/generated_backend.py"
SWA_ALLOC, SWA_POOL, PAGED = "SWATokenToKVPoolAllocator", "SWAKVPool", "PagedTokenToKVPoolAllocator"

# decisions naming a class C (its name is N)
BY_CLASS = {
    "isinstance": "isinstance({x}, {c})",
    "type-is": "type({x}) is {c}",
    "type-eq": "type({x}) == {c}",
    "class-is": "{x}.__class__ is {c}",
    "name-eq": 'type({x}).__name__ == "{n}"',
    "class-name-eq": '{x}.__class__.__name__ == "{n}"',
    "qualname-eq": 'type({x}).__qualname__ == "{n}"',
    "issubclass": "issubclass(type({x}), {c})",
    "in-mro": "{c} in type({x}).__mro__",
    "in-tuple": "type({x}) in ({c},)",
    "in-set": "type({x}) in {{{c}}}",
    "dict-get": "{{{c}: True}}.get(type({x}), False)",
}
# decisions on a fragment of the class name
BY_NAME = {
    "name-in": '"SWA" in type({x}).__name__',
    "name-startswith": 'type({x}).__name__.startswith("SWA")',
    "name-lower": 'type({x}).__name__.lower().startswith("swa")',
    "name-find": 'str(type({x}).__name__).upper().find("SWA") >= 0',
}
# how the decision reaches the flag
SHAPES = {
    "direct": "        self.{f} = {d}\n",
    "local": "        decided = {d}\n        self.{f} = decided\n",
    "branch": "        if {d}:\n            self.{f} = True\n        else:\n            self.{f} = False\n",
    "helper": "        self.{f} = _is_swa({x})\n",
}
FLAGS = ("use_swa", "use_sliding_window_kv_pool")


def _module(decision: str, x: str, shape: str, flag: str) -> str:
    helper = ""
    if shape == "helper":
        helper = "def _is_swa(value):\n    return " + decision.format(x="value") + "\n\n\n"
    body = SHAPES[shape].format(f=flag, d=decision.format(x=x), x=x)
    return (
        "from sglang.srt.mem_cache.allocator import PagedTokenToKVPoolAllocator\n"
        "from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator\n"
        "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool\n\n\n"
        f"{helper}"
        "class GeneratedAttnBackend:\n"
        "    def __init__(self, model_runner):\n"
        "        alloc = model_runner.token_to_kv_pool_allocator\n"
        "        pool = model_runner.token_to_kv_pool\n"
        f"{body}"
    )


def _cases():
    for (name, template), cls in itertools.product(BY_CLASS.items(), (SWA_ALLOC, SWA_POOL, PAGED)):
        for x in ("alloc", "pool"):
            if x == "pool" and cls != SWA_POOL:
                continue  # a pool against an allocator class: dead code (module docstring)
            decision = template.replace("{c}", cls).replace("{n}", cls)
            yield f"{name}/{x}/{cls}", decision, x
    for (name, template), x in itertools.product(BY_NAME.items(), ("alloc", "pool")):
        yield f"{name}/{x}", template, x


MODULES = [
    (f"{label}/{shape}/{flag}", _module(decision, x, shape, flag), flag)
    for label, decision, x in _cases()
    for shape in SHAPES
    for flag in FLAGS
]


@pytest.fixture(scope="module")
def draft_runner():
    from tests.support import real_sglang as real

    target = real.build_target_runner(swa=True)
    return real.build_eagle_draft_runner(target)


def _draft_believes_swa(text: str, flag: str, runner) -> bool:
    """Run the generated module (this test executes it; the linter never does)."""
    namespace: dict = {"__name__": "generated_backend"}
    exec(compile(text, PATH, "exec"), namespace)
    return bool(getattr(namespace["GeneratedAttnBackend"](runner), flag))


def test_kvg001_agrees_with_execution(draft_runner):
    assert len(MODULES) > 400
    results = verdicts(
        MODULES, lambda text, flag: _draft_believes_swa(text, flag, draft_runner), "KVG001", PATH
    )
    # both answers occur (or the comparison would prove little)
    assert 0 < sum(executed for _, executed, _ in results) < len(MODULES)
    assert not disagreements(results, "KVG001"), "\n" + "\n".join(disagreements(results, "KVG001"))


def test_a_log_line_or_a_stored_name_is_no_decision():
    text = textwrap.dedent("""
        class GeneratedAttnBackend:
            def __init__(self, model_runner):
                alloc = model_runner.token_to_kv_pool_allocator
                logger.info("allocator %s", type(alloc).__name__)
                self.swa_allocator_name = type(alloc).__name__
        """)
    assert lint_text(text, PATH, {"KVG001"}, ScopeConfig()).findings == []
