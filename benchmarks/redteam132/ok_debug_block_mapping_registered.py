"""Sliding-window decode backend with debug-only mapping checks.

Under ``python -O`` the ``__debug__`` block disappears; otherwise we verify that
the hybrid pool has its full->SWA index mapping registered and that it covers
the allocator's full capacity.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.kv_cache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(self.kv_cache, SWAKVPool)

        if __debug__:
            self._debug_check_mapping()

    def _debug_check_mapping(self) -> None:
        if not self.is_hybrid_swa:
            logger.debug(
                "full-attention KV cache %s; allocator=%s",
                type(self.kv_cache).__name__,
                type(self.allocator).__name__,
            )
            return
        mapping = self.kv_cache.full_to_swa_index_mapping
        assert mapping is not None, "SWAKVPool.register_mapping was never called"
        full_size = getattr(self.allocator, "size_full", self.allocator.size)
        assert mapping.numel() >= full_size, (mapping.numel(), full_size)

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.is_hybrid_swa:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
