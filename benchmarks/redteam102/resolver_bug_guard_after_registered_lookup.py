"""KV pool resolution for hybrid sliding-window decode.

The registered cache is looked up once up front; the draft-role check then
only decides what to do when nothing sliding-window was found.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _as_swa(pool: Optional[KVCache]) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    swa = _as_swa(active) or _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache())
    separate_kv = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if swa is None and separate_kv:
        return None
    return swa


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: int = 0):
        self.num_layers = num_layers
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
