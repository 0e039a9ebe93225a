"""Decode backend with precomputed per-runner KV metadata.

Metadata is built once in ``__init__`` under ``torch.no_grad()`` and reused
by every decode step. The allocator capacity is kept alongside for the
scheduler's admission heuristics.
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
    allocator_free: int
    arange: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        with torch.no_grad():
            kv_pool = model_runner.token_to_kv_pool
            self.metadata = DecodeKVMetadata(
                kv_pool=kv_pool,
                swa_pool=kv_pool if isinstance(kv_pool, SWAKVPool) else None,
                allocator_free=model_runner.token_to_kv_pool_allocator.available_size(),
                arange=torch.arange(max_bs, dtype=torch.int64),
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.metadata
        if md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
