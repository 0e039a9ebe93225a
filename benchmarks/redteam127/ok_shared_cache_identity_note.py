"""Decode backend that notes whether it shares the allocator's KV cache.

Speculative workers may or may not read the same cache the allocator was
built around; we record that for the startup banner. The buffers we read are
always the runner's own ``token_to_kv_pool``.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "decode"):
        self.name = name
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.shares_allocator_cache = allocator_cache is self.kv_pool
        logger.info(
            "[%s] draft=%s shares allocator cache=%s",
            self.name,
            model_runner.is_draft_worker,
            self.shares_allocator_cache,
        )
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
