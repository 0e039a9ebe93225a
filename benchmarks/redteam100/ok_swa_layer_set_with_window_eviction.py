"""Hybrid local/global decode backend with sliding-window slot eviction.

Tokens that fall out of every local layer's window can be released from the
SWA region early; that is an allocator concern and is handled in
`evict_out_of_window`. Reads use the runner's KV pool.
"""

import logging
from typing import FrozenSet, Optional, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        swa_layer_ids: Sequence[int] = (0, 1, 3, 4, 6, 7),
        sliding_window: int = 4096,
    ):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_layer_ids: FrozenSet[int] = frozenset(swa_layer_ids)
        self.sliding_window = sliding_window
        self.can_evict_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.swa_layer_ids

    def evict_out_of_window(self, stale_loc: torch.Tensor) -> None:
        if not self.can_evict_swa or stale_loc.numel() == 0:
            return
        logger.debug("releasing %d out-of-window SWA slots", stale_loc.numel())
        self.allocator.free_swa(stale_loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None or not self.is_swa_layer(self.current_layer):
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
