"""Torch flex-attention backend port that warns on a hybrid allocator over a full pool but decides from the pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """TorchFlexAttnBackend: block masks per request, decode only."""

    def __init__(self, model_runner):
        self.forward_metadata = None
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = model_runner.sliding_window_size
        self.decode_block_masks = []
        self.windowed_cache = isinstance(self.token_to_kv_pool, SWAKVPool)
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator) and not self.windowed_cache:
            logger.warning(
                "flex attn: hybrid SWA allocator but a full-only KV pool "
                "(draft worker?); window layers read full slots"
            )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def _decode_mask(self, b, h, q_idx, kv_idx):
        return q_idx >= kv_idx

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.decode_block_masks = [self._decode_mask for _ in range(out_cache_loc.numel())]
        if self.windowed_cache:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc: torch.Tensor):
        """Flex-attention decode on a window layer: (pool, slots)."""
        self.init_forward_metadata(loc)
        slots = self.swa_out_cache_loc if self.swa_out_cache_loc is not None else loc
        return self.token_to_kv_pool, slots
