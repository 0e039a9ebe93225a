"""CUTLASS MLA/MHA decode backend: sliding-window pool handle.

The sliding pool handle is computed with a compact and/or chain so that the
attribute is ``None`` for every non-hybrid model.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_cache_dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.kv_cache_dtype = kv_cache_dtype
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = (
            isinstance(alloc.get_kvcache(), SWAKVPool) and alloc.get_kvcache() or None
        )
        logger.info(
            "cutlass decode: %s pool, dtype=%s",
            "swa" if self.swa_pool else "full",
            kv_cache_dtype,
        )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool or self.token_to_kv_pool
        locs = self.swa_pool.translate_loc_from_full_to_swa(loc) if self.swa_pool else loc
        return pool, locs
