"""Sliding-window aware decode backend used by target and draft workers."""

from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def _candidate_pools(model_runner) -> Iterator[KVCache]:
    """Yield pools that may back this runner's decode reads, most specific first.

    The allocator's pool is only a candidate for runners that read the KV it
    maps: the target itself and FROZEN_KV MTP drafts. EAGLE-style drafts keep a
    separate pool and never read through the shared allocator.
    """
    yield model_runner.token_to_kv_pool
    reads_allocator_kv = (
        not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if reads_allocator_kv:
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_pool(model_runner) -> Optional[BaseSWAKVPool]:
    for pool in _candidate_pools(model_runner):
        if isinstance(pool, BaseSWAKVPool):
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_ragged: bool = False):
        self.use_ragged = use_ragged
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
