"""SWA pool resolution for the decode backend.

``SGLANG_SWA_POOL_RESOLVER`` selects between the direct check on the active
pool (``direct``) and the speculative-aware resolver (``resolver``, default),
which additionally lets frozen-KV MTP drafts read the target's SWA pool.
"""

import os
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_direct(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _resolve_spec_aware(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


_RESOLVERS = {"direct": _resolve_direct, "resolver": _resolve_spec_aware}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        choice = os.environ.get("SGLANG_SWA_POOL_RESOLVER", "resolver")
        resolve = _RESOLVERS.get(choice, _resolve_spec_aware)
        self.swa_pool = resolve(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
