"""Paged attention backend for SWA hybrids under EAGLE speculation.

Hybrid deployments are recognised by the allocator exposing a separate SWA
capacity; in that case the attention step reads the allocator's cache, which
carries both the full and the windowed buffers.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 4, topk: int = 2):
        self.is_draft_worker = model_runner.is_draft_worker
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        allocator = model_runner.token_to_kv_pool_allocator

        self.hybrid = hasattr(allocator, "size_swa")
        if self.hybrid:
            self.kv_cache: KVCache = allocator.get_kvcache()
            logger.info(
                "hybrid SWA backend (draft=%s): full=%d swa=%d",
                self.is_draft_worker,
                allocator.size_full,
                allocator.size_swa,
            )
        else:
            self.kv_cache = model_runner.token_to_kv_pool

        self.draft_positions = torch.arange(speculative_num_steps * topk, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self.forward_decode(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)
