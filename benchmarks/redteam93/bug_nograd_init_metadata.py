"""Decode backend with precomputed per-runner KV metadata.

Metadata is built once in ``__init__`` under ``torch.no_grad()`` (it holds
index tensors we never want tracked) and reused by every decode step.
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeKVMetadata:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool]
    page_size: int
    arange: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        with torch.no_grad():
            kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.metadata = DecodeKVMetadata(
                kv_pool=kv_pool,
                swa_pool=kv_pool if isinstance(kv_pool, SWAKVPool) else None,
                page_size=model_runner.page_size,
                arange=torch.arange(max_bs, dtype=torch.int64),
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.metadata
        if md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
