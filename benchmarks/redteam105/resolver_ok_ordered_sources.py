"""Ascend-style decode backend with an ordered list of KV sources.

Sources are tried in order and the first hybrid SWA pool wins. The allocator's
bound cache is only a source for runners that read target KV.
"""

from typing import List, Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def _reads_target_kv(model_runner) -> bool:
    return (not model_runner.is_draft_worker) or model_runner.spec_algorithm.is_frozen_kv_mtp()


def _kv_sources(model_runner) -> List[KVCache]:
    sources = [model_runner.token_to_kv_pool]
    if _reads_target_kv(model_runner):
        sources.append(model_runner.token_to_kv_pool_allocator.get_kvcache())
    return sources


def pick_swa_pool(model_runner) -> Optional[BaseSWAKVPool]:
    return next((s for s in _kv_sources(model_runner) if isinstance(s, BaseSWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_size: int = 128):
        self.block_size = block_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = pick_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_pool or self.kv_pool
        locations = loc if self.swa_pool is None else pool.translate_loc_from_full_to_swa(loc)
        return pool, locations
