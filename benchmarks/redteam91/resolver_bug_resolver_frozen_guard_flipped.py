"""Decode backend resolving the SWA pool for target and speculative runners.

The resolver method handles three cases: a runner whose own pool is SWA, a
draft runner that must not borrow the target's windowed cache, and the
fallback through the shared allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layer_id_offset: int = 0):
        super().__init__()
        self.runner = model_runner
        self.cache = model_runner.token_to_kv_pool
        self.layer_id_offset = layer_id_offset
        self.swa_kv = self._resolve_swa_kv()

    def _resolve_swa_kv(self) -> Optional[SWAKVPool]:
        r = self.runner
        own = r.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if r.is_draft_worker and r.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("draft worker keeps its own full-only pool")
            return None
        shared = r.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa_kv = self.swa_kv
        if swa_kv is not None:
            return swa_kv, swa_kv.translate_loc_from_full_to_swa(loc)
        return self.cache, loc
