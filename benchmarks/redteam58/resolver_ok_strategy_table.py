"""Decode backend that picks its KV source from a small strategy table.

Rows are keyed by (pool is SWA, runner is a draft, draft reads frozen target KV).
"""

from typing import Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Key = Tuple[bool, bool, bool]


def _own_pool(mr):
    return mr.token_to_kv_pool


def _shared_pool(mr):
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


def _no_swa(mr):
    return None


SWA_SOURCE: Dict[Key, Callable] = {
    (True, False, False): _own_pool,
    (True, True, False): _own_pool,
    (True, True, True): _own_pool,
    (False, False, False): _shared_pool,
    (False, True, False): _no_swa,
    (False, True, True): _shared_pool,
}


def resolve_swa_source(model_runner) -> Optional[SWAKVPool]:
    is_draft = bool(model_runner.is_draft_worker)
    frozen = is_draft and model_runner.spec_algorithm.is_frozen_kv_mtp()
    key = (isinstance(model_runner.token_to_kv_pool, SWAKVPool), is_draft, frozen)
    return SWA_SOURCE.get(key, _no_swa)(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_source(model_runner)
        alloc = model_runner.token_to_kv_pool_allocator
        self.free_at_init = alloc.available_size()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
