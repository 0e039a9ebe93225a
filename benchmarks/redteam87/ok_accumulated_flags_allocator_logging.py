"""Decode backend that records its configuration in a handful of flags at start-up.

The allocator is inspected for diagnostics only; the KV layout follows the pool the
runner hands to this backend.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = True):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        use_swa = False
        hybrid_allocator = False
        notes = []
        if isinstance(self.kv_pool, SWAKVPool):
            use_swa = True
            notes.append("hybrid kv pool")
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            hybrid_allocator = True
            notes.append(f"swa allocator (swa size {allocator.size_swa})")
        if model_runner.is_draft_worker:
            notes.append("draft worker")
        if hybrid_allocator and not use_swa:
            notes.append("full-only pool on a hybrid allocator")

        self.use_swa = use_swa
        if verbose:
            logger.info(
                "decode backend: swa=%s free=%d [%s]",
                use_swa,
                allocator.available_size(),
                "; ".join(notes),
            )

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_swa:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
