"""KVG003 on resolvers written in many control-flow forms, against execution.

Each generated backend resolves its SWA pool in a static method: the active pool if it is an
``SWAKVPool``, None for a draft that is not FROZEN_KV MTP, else the allocator's kvcache. The
FROZEN_KV test is spelled five ways (a ``getattr`` chain with a lambda default, a helper, a
``try``/``except AttributeError``, ``contextlib.suppress``, a plain call), the guard is laid
out five ways (early returns, an ``elif`` with the positive condition, a helper method, a flag
set in a loop with ``break``, a ``match`` on the pool), and each is written correctly or with
one of three bugs (no draft check, the draft check inverted, the FROZEN_KV test inverted).
Ground truth: the resolver is run on a *real* EAGLE draft runner (sglang's pools and
allocator on CPU, ``tests.support.real_sglang``); it is a bug when it returns the allocator's
kvcache (the target's SWA pool). KVG003 must report exactly those.
"""

from __future__ import annotations

import itertools

import pytest

from tests.support.against_execution import disagreements, verdicts

PATH = "sglang/srt/layers/attention/generated_backend.py"

FROZEN = {
    "getattr-lambda": 'getattr(getattr(mr, "spec_algorithm", None), "is_frozen_kv_mtp", '
    "lambda: False)()",
    "helper": "_frozen(mr)",
    "try": None,  # statements, below
    "suppress": None,
    "plain": "mr.spec_algorithm.is_frozen_kv_mtp()",
}
_FROZEN_STATEMENTS = {
    "try": (
        "        try:\n"
        "            frozen = mr.spec_algorithm.is_frozen_kv_mtp()\n"
        "        except AttributeError:\n"
        "            frozen = False\n"
    ),
    "suppress": (
        "        frozen = False\n"
        "        with contextlib.suppress(AttributeError):\n"
        "            frozen = mr.spec_algorithm.is_frozen_kv_mtp()\n"
    ),
}
FETCH = (
    "        kv = mr.token_to_kv_pool_allocator.get_kvcache()\n"
    "        return kv if isinstance(kv, SWAKVPool) else None\n"
)
POOL = "        if isinstance(mr.token_to_kv_pool, SWAKVPool):\n            return mr.token_to_kv_pool\n"


def _skip_condition(bug: str, frozen: str) -> str:
    """The condition under which the resolver returns None before the fetch."""
    draft = "mr.is_draft_worker"
    if bug == "no-draft-check":
        return "False"
    if bug == "draft-inverted":
        return f"not {draft} and not ({frozen})"
    if bug == "frozen-inverted":
        return f"{draft} and ({frozen})"
    return f"{draft} and not ({frozen})"


def _resolver(frozen_form: str, layout: str, bug: str) -> str:
    pre = _FROZEN_STATEMENTS.get(frozen_form, "")
    frozen = "frozen" if pre else FROZEN[frozen_form]
    skip = _skip_condition(bug, frozen)
    head = "    @staticmethod\n    def _resolve(mr):\n"
    if layout == "early-returns":
        return head + POOL + pre + f"        if {skip}:\n            return None\n" + FETCH
    if layout == "elif-positive":
        return (
            head
            + pre
            + "        if isinstance(mr.token_to_kv_pool, SWAKVPool):\n"
            + "            return mr.token_to_kv_pool\n"
            + f"        elif not ({skip}):\n"
            + FETCH.replace("        ", "            ")
            + "        else:\n            return None\n"
        )
    if layout == "helper-method":
        helper = "    @staticmethod\n    def _skip(mr):\n" + pre + f"        return {skip}\n\n"
        return (
            helper + head + POOL + "        if GeneratedAttnBackend._skip(mr):\n"
            "            return None\n" + FETCH
        )
    if layout == "loop-flag":
        return (
            head
            + POOL
            + pre
            + "        allowed = True\n"
            + "        for _ in (1, 2):\n"
            + f"            if {skip}:\n"
            + "                allowed = False\n"
            + "                break\n"
            + "        if not allowed:\n            return None\n"
            + FETCH
        )
    if layout == "match-pool":
        return (
            head
            + "        match mr.token_to_kv_pool:\n"
            + "            case SWAKVPool():\n"
            + "                return mr.token_to_kv_pool\n"
            + pre
            + f"        if {skip}:\n            return None\n"
            + FETCH
        )
    raise AssertionError(layout)


def _module(frozen_form: str, layout: str, bug: str) -> str:
    return (
        "import contextlib\n\n"
        "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool\n\n\n"
        "def _frozen(mr):\n"
        '    spec = getattr(mr, "spec_algorithm", None)\n'
        '    check = getattr(spec, "is_frozen_kv_mtp", None)\n'
        "    return check is not None and check()\n\n\n"
        "class GeneratedAttnBackend:\n"
        "    def __init__(self, model_runner):\n"
        "        self._swa_kv_pool = self._resolve(model_runner)\n\n"
        + _resolver(frozen_form, layout, bug)
    )


LAYOUTS = ("early-returns", "elif-positive", "helper-method", "loop-flag", "match-pool")
BUGS = ("correct", "no-draft-check", "draft-inverted", "frozen-inverted")
MODULES = [
    (f"{f}/{layout}/{bug}", _module(f, layout, bug))
    for f, layout, bug in itertools.product(FROZEN, LAYOUTS, BUGS)
]


@pytest.fixture(scope="module")
def draft_runner():
    from tests.support import real_sglang as real

    return real.build_eagle_draft_runner(real.build_target_runner(swa=True))


def _draft_gets_the_targets_pool(text: str, runner) -> bool:
    """Run the generated resolver (this test executes it; the linter never does)."""
    namespace: dict = {"__name__": "generated_backend"}
    exec(compile(text, PATH, "exec"), namespace)
    pool = namespace["GeneratedAttnBackend"]._resolve(runner)
    return pool is not None and pool is runner.token_to_kv_pool_allocator.get_kvcache()


def test_kvg003_agrees_with_execution(draft_runner):
    results = verdicts(
        MODULES, lambda text: _draft_gets_the_targets_pool(text, draft_runner), "KVG003", PATH
    )
    assert 0 < sum(executed for _, executed, _ in results) < len(MODULES)
    assert not disagreements(results, "KVG003"), "\n" + "\n".join(disagreements(results, "KVG003"))


UNDECIDABLE = """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    @staticmethod
    def _resolve(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        allowed = True
        while mr.check_weights():  # (a runner method: its answer unknown)
            if mr.is_draft_worker:
                allowed = False
        if not allowed:
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""


def test_an_undecided_guard_says_so_and_names_the_construct():
    """A loop the interpreter cannot bound decides the guard: the finding stays (it never
    guesses "guarded") and says what stopped the evaluation."""
    from lint_rules.checker import lint_text
    from lint_rules.model import ScopeConfig

    (finding,) = lint_text(UNDECIDABLE, PATH, {"KVG003"}, ScopeConfig()).findings
    assert "could not be decided: a loop past 16 iterations" in finding.message
