"""Decode-side KV resolution for the hybrid sliding-window Triton backend.

The target worker obtains its KV cache through the allocator so that the
hierarchical-cache wrapper (when enabled) is honoured. Draft workers keep
using the pool attached to their own runner.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill

        if not model_runner.is_draft_worker:
            kv_pool: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            kv_pool = model_runner.token_to_kv_pool

        self.kv_pool = kv_pool
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None
        logger.debug(
            "hybrid triton backend: swa=%s draft=%s",
            self.swa_pool is not None,
            model_runner.is_draft_worker,
        )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self._decode_locations(loc)
        return self.kv_pool, loc
