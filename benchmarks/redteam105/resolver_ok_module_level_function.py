"""Shared SWA pool resolution for hybrid sliding-window attention backends.

EAGLE-like draft workers share the target allocator for token bookkeeping but own
a separate draft KV pool, so the allocator's hybrid cache is not theirs to read.
FROZEN_KV MTP drafts read target KV directly and therefore still resolve it.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
    """Return the SWA KV pool to translate against, or None for non-SWA runners."""
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, BaseSWAKVPool):
        return active_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, BaseSWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_tokens: int = 0):
        self.max_num_tokens = max_num_tokens
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
