"""FlashAttention-3 decode path picking the first hybrid pool among candidates."""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidates(model_runner) -> Tuple[KVCache, ...]:
    return (
        model_runner.token_to_kv_pool,
        model_runner.token_to_kv_pool_allocator.get_kvcache(),
    )


def first_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return next((p for p in _candidates(model_runner) if isinstance(p, SWAKVPool)), None)


class FA3DecodeMetadata:
    def __init__(self, cache_seqlens: Optional[torch.Tensor] = None):
        self.cache_seqlens = cache_seqlens
        self.swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, fa_impl_ver: int = 3):
        self.fa_impl_ver = fa_impl_ver
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = first_swa_pool(model_runner)
        self.metadata = FA3DecodeMetadata()

    def forward_decode(self, loc: torch.Tensor):
        self.metadata.swa_page_table = (
            self.swa_pool.translate_loc_from_full_to_swa(loc) if self.swa_pool else None
        )
        return (
            self.swa_pool or self.pool,
            loc if self.metadata.swa_page_table is None else self.metadata.swa_page_table,
        )
