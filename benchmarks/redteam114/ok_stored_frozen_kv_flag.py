"""EAGLE / EAGLE3 / FROZEN_KV_MTP decode backend for hybrid SWA models.

A FROZEN_KV_MTP draft has no cache of its own and attends over the target's
hybrid pool; every other runner uses the pool it was constructed with.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_aux_hidden_states: bool = False):
        self.enable_aux_hidden_states = enable_aux_hidden_states
        spec = model_runner.spec_algorithm
        self.is_draft = model_runner.is_draft_worker
        self.reads_frozen_target_kv = self.is_draft and spec.is_frozen_kv_mtp()
        self.is_eagle3 = spec.is_eagle3()

        if self.reads_frozen_target_kv:
            pool: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
