"""Hybrid SWA decode for the double-sparsity backend.

On the target worker the allocator owns the full->SWA mapping for the pool
the runner holds, so translation goes through it. Draft workers attend over
their own full-attention pool with untranslated indices.
"""

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, heavy_token_num: int = 256):
        self.heavy_token_num = heavy_token_num
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.translate_on_allocator = not model_runner.is_draft_worker and isinstance(
            self.kv_pool, SWAKVPool
        )

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.translate_on_allocator:
            return loc
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch) -> None:
        # Heavy-token selection is recomputed per batch; nothing cached here.
        return None

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._decode_indices(loc)
