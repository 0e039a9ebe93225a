"""Decode-time KV addressing for hybrid sliding-window models.

The backend looks up the KV cache through the allocator's ``get_kvcache``
hook when it is available and falls back to the runner attribute otherwise,
so both the paged allocators and the legacy token allocators are handled
without special-casing.
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
        allocator = model_runner.token_to_kv_pool_allocator

        # Prefer the cache the allocator hands out; older allocators have no hook.
        get_kvcache = getattr(allocator, "get_kvcache", None)
        self.kv_cache: KVCache = (get_kvcache and get_kvcache()) or model_runner.token_to_kv_pool

        self.swa_kv_cache: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )
        logger.debug(
            "Decode backend on %s (page_size=%d, sliding_window=%s)",
            self.device,
            self.page_size,
            self.swa_kv_cache is not None,
        )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        swa = self.swa_kv_cache
        return swa.translate_loc_from_full_to_swa(loc) if swa is not None else loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_cache, self._decode_locations(loc)
