"""KVG001/KVG002 in a method that binds no runner: the method runs on the instance its class's
``__init__`` builds on a regular EAGLE draft (``scenario._built_self``).

The backend keeps the allocator only where its kvcache is the pool the backend reads (an
identity guard), then probes and translates through the kept allocator in ``forward_decode``.
Truth: the module run on real target and EAGLE draft runners (``compose.reads_wrong_kv``).
"""

from __future__ import annotations

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from tests.support import compose
from tests.support.against_execution import assert_rules_agree

BACKEND = """
class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self._alloc = KEPT

    def forward_decode(self, loc):
        if self._alloc is not None and hasattr(self._alloc, "translate_loc_from_full_to_swa"):
            loc = self._alloc.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
EXTRA"""
SETTERS = {
    "a method": "\n    def set_allocator(self, alloc):\n        self._alloc = alloc\n",
    "vars": "\n    def set_allocator(self, alloc):\n        vars(self)['_alloc'] = alloc\n",
    "setattr": "\n    def set_allocator(self, alloc):\n        setattr(self, '_alloc', alloc)\n",
}


@pytest.mark.parametrize(
    "kept, bug",
    [
        ("alloc if alloc.get_kvcache() is self.pool else None", False),
        ("alloc", True),
        ("alloc if alloc.get_kvcache() is not None else None", True),
    ],
)
def test_rules_follow_what_init_keeps(kept, bug, runners):
    text = BACKEND.replace("KEPT", kept).replace("EXTRA", "")
    expected = ["KVG001", "KVG002"] if bug else []
    assert_rules_agree(text, runners, bug, compose.RULES, expected)


@pytest.mark.parametrize("setter", sorted(SETTERS))
def test_an_attribute_stored_elsewhere_is_not_taken_from_init(setter):
    """Another method may store the attribute: what ``__init__`` kept does not decide."""
    kept = "alloc if alloc.get_kvcache() is self.pool else None"
    text = BACKEND.replace("KEPT", kept).replace("EXTRA", SETTERS[setter])
    found = lint_text(text, compose.PATH, compose.RULES, ScopeConfig()).findings
    assert sorted({f.code for f in found}) == ["KVG001", "KVG002"]


RESOLVER_METHOD = """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackendBase):
    def __init__(self, model_runner):
        self._mr = model_runner
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve()

    @property
    def _plain_draft(self):
        mr = self._mr
        try:
            frozen = mr.spec_algorithm.is_frozen_kv_mtp()
        except AttributeError:
            frozen = False
        return DRAFT

    def _resolve(self):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self._plain_draft:
            return None
        kv = self._mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""


@pytest.mark.parametrize(
    "draft, bug",
    [("mr.is_draft_worker and not frozen", False), ("mr.is_draft_worker and frozen", True)],
)
def test_kvg003_evaluates_a_resolver_method_on_the_kept_runner(draft, bug, runners):
    """The resolver reads the runner ``__init__`` kept on ``self`` and asks a property: the
    method runs on the instance ``__init__`` builds (its base class is of another module)."""
    text = RESOLVER_METHOD.replace("DRAFT", draft)
    executed = "class AttentionBackendBase:\n    pass\n" + text  # the base: a stand-in
    assert_rules_agree(text, runners, bug, {"KVG003"}, executed=executed)


CACHED_RESOLVER = """
import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_pool(self):
        mr = self.model_runner
        match mr.token_to_kv_pool:
            case SWAKVPool() as own:
                return own
        if DRAFT:
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""


@pytest.mark.parametrize(
    "draft, bug",
    [
        ("mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()", False),
        ("mr.is_draft_worker and mr.spec_algorithm.is_frozen_kv_mtp()", True),
    ],
)
def test_kvg003_evaluates_a_cached_property_resolver(draft, bug, runners):
    """A resolver written as a cached property on the runner ``__init__`` keeps, its active
    pool taken by ``case SWAKVPool() as own``."""
    assert_rules_agree(CACHED_RESOLVER.replace("DRAFT", draft), runners, bug, {"KVG003"})
