"""KVG003 reports a kvcache fetch a regular draft reaches only where the target's pool escapes.

Each backend below fetches ``get_kvcache()`` on the draft's path and then does one thing with
it: keeps it, returns it, hands it to a call, keeps a part of it or what a class test of it
answered, or only reads a scalar (its size), compares it by identity, or drops it. Truth: the backend run on a real EAGLE
draft runner (sglang's classes on CPU, ``tests.support.real_sglang``) reads KV it does not
own (``compose.reads_wrong_kv``); KVG003 must agree (lint_rules/scenario.py, ``_fetched``).
"""

from __future__ import annotations

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from tests.support import compose
from tests.support.against_execution import assert_rules_agree

HEAD = """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _keep(x):
    return x


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
"""
TAIL = """
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""
USES = {
    # the pool escapes: a bug
    "kept": "        self.swa_pool = alloc.get_kvcache()\n",
    "kept-in-a-tuple": (
        "        self.pools = (self.pool, alloc.get_kvcache())\n"
        "        self.swa_pool = self.pools[1]\n"
    ),
    "through-a-call": "        self.swa_pool = _keep(alloc.get_kvcache())\n",
    "unknown-condition": (
        "        kv = alloc.get_kvcache()\n"
        "        self.swa_pool = kv if model_runner.server_args is not None else None\n"
    ),
    "a-part": (
        "        kv = alloc.get_kvcache()\n"
        "        self.swa_pool = kv if isinstance(kv, SWAKVPool) else None\n"
        "        self.translate = kv.translate_loc_from_full_to_swa\n"
    ),
    "its-class-kept": (
        "        self.use_swa = isinstance(alloc.get_kvcache(), SWAKVPool)\n"
        "        self.swa_pool = self.pool if self.use_swa else None\n"
    ),
    # the pool does not escape: correct
    "size-only": (
        "        self.max_tokens = alloc.get_kvcache().size\n"
        "        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None\n"
    ),
    "identity-guard": (
        "        kv = alloc.get_kvcache()\n"
        "        ok = kv is self.pool and isinstance(kv, SWAKVPool)\n"
        "        self.swa_pool = kv if ok else None\n"
    ),
    "dropped": (
        "        alloc.get_kvcache()\n"
        "        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None\n"
    ),
}
BUGS = {"kept", "kept-in-a-tuple", "through-a-call", "unknown-condition", "a-part"}
BUGS |= {"its-class-kept"}


@pytest.mark.parametrize("use", sorted(USES))
def test_kvg003_reports_only_an_escaping_pool(use, runners):
    assert_rules_agree(HEAD + USES[use] + TAIL, runners, use in BUGS, {"KVG003"})


def _caller_case(text: str, helper: str, reported: bool, runners) -> None:
    if helper.startswith("_"):  # all its callers are in the module: they decide
        assert_rules_agree(text, runners, reported, {"KVG003"})
        return
    # a public helper may be called from elsewhere: its fetch is judged alone (the callers
    # here guard it, so no draft of this module reads the target's pool)
    assert_rules_agree(text.replace(helper, "_" + helper), runners, False, {"KVG003"})
    assert lint_text(text, compose.PATH, {"KVG003"}, ScopeConfig()).findings


CALLER = """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def HELPER(allocator):
    kv = allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif DRAFT_TEST:
            self._swa_pool = None
        else:
            self._swa_pool = HELPER(mr.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""
DRAFT = "mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()"


@pytest.mark.parametrize(
    "helper, draft_test, reported",
    [
        ("_kvcache_if_swa", DRAFT, False),  # the guard is in the one caller
        ("_kvcache_if_swa", "False", True),  # no draft check in the caller
        ("_kvcache_if_swa", "not (" + DRAFT + ")", True),  # inverted
        # a public helper may have callers elsewhere: its fetch is judged alone
        ("kvcache_if_swa", DRAFT, True),
    ],
)
def test_kvg003_finds_the_guard_in_the_callers_of_a_private_helper(
    helper, draft_test, reported, runners
):
    text = CALLER.replace("HELPER", helper).replace("DRAFT_TEST", draft_test)
    _caller_case(text, helper, reported, runners)


METHOD_CALLER = """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif DRAFT_TEST:
            self._swa_pool = None
        else:
            self._swa_pool = self.HELPER(model_runner)

    def HELPER(self, mr):
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""


@pytest.mark.parametrize(
    "helper, draft_test, reported",
    [
        ("_from_allocator", DRAFT.replace("mr.", "model_runner."), False),
        ("_from_allocator", "False", True),
        # public, but a method of the backend that sglang never calls: only the module's code
        # calls it, so its callers judge it too
        ("from_allocator", DRAFT.replace("mr.", "model_runner."), False),
        ("from_allocator", "False", True),
    ],
)
def test_kvg003_finds_the_guard_in_the_callers_of_a_backend_method(
    helper, draft_test, reported, runners
):
    text = METHOD_CALLER.replace("HELPER", helper).replace("DRAFT_TEST", draft_test)
    assert_rules_agree(text, runners, reported, {"KVG003"})
