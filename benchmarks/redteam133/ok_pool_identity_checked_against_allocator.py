"""Decode indices helper that reports how the runner's caches are wired.

For diagnostics the helper records whether the pool it reads is the same object the
allocator hands out (it is not for speculative drafts, which own their cache). Location
mapping follows the pool the helper reads.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeIndicesHelper:
    def __init__(self, kv_pool, allocator, name: str = "decode"):
        self.kv_pool = kv_pool
        self.name = name
        self.shares_allocator_cache = kv_pool is allocator.get_kvcache()
        self.uses_swa = isinstance(kv_pool, SWAKVPool)
        logger.info(
            "%s helper: swa=%s shares_allocator_cache=%s",
            name,
            self.uses_swa,
            self.shares_allocator_cache,
        )

    def indices(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if not self.uses_swa:
            return out_cache_loc
        return self.kv_pool.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        prefix = "draft" if model_runner.is_draft_worker else "target"
        self.helper = DecodeIndicesHelper(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            name=f"{prefix}-decode",
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.helper.kv_pool, self.helper.indices(loc)
