"""Decode backend that tolerates pools registered without a full->SWA mapping.

The read pool is the runner's own; slot translation prefers the pool's translator
and falls back to the allocator's when the allocator tracks a mapping, so that
wrappers around the pool that do not forward the translator still decode.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, strict: bool = False):
        super().__init__()
        self.strict = strict
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.has_swa_mapping = (
            self.swa_kv_pool is not None
            or getattr(self.allocator, "full_to_swa_index_mapping", None) is not None
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.strict:
            raise RuntimeError("kv pool has no full->SWA translator")
        logger.debug("translating via allocator mapping")
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if not self.has_swa_mapping:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
