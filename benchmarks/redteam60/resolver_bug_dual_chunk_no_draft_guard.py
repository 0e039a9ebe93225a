"""Dual-chunk flash attention decode backend port for hybrid sliding-window models.

Intra-chunk and successive-chunk attention read the same KV cache; sliding-window layers
read SWA-pool slots obtained from the resolved SWA pool.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DualChunkDecodeMetadata:
    seq_lens: torch.Tensor
    block_table: torch.Tensor
    chunk_size: int
    local_size: int


def _get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """DualChunkFlashAttention backend, decode only."""

    def __init__(self, model_runner, chunk_size: int = 8192, local_size: int = 1024):
        self.device = model_runner.device
        self.chunk_size = chunk_size
        self.local_size = local_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _get_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[DualChunkDecodeMetadata] = None

    def _block_table(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is not None:
            out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        return out_cache_loc.view(-1, 1)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.forward_metadata = DualChunkDecodeMetadata(
            seq_lens=torch.ones(out_cache_loc.numel(), dtype=torch.int32, device=self.device),
            block_table=self._block_table(out_cache_loc),
            chunk_size=self.chunk_size,
            local_size=self.local_size,
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self.forward_metadata.block_table.view(-1)
