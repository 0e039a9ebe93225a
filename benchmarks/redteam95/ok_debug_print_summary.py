"""Triton-style decode backend with a human-readable capacity summary."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(self.pool, SWAKVPool)
        self.attn_logits = torch.empty((1, num_kv_splits), dtype=torch.float32)
        logger.debug(self.summary())

    def summary(self) -> str:
        alloc = self.allocator
        size = alloc.size
        size_full = getattr(alloc, "size_full", size)
        parts = [
            f"alloc={type(alloc).__name__}",
            f"size={size}",
            f"size_full={size_full}",
            f"window_bound={'yes' if size < size_full else 'no'}",
            f"pool={type(self.pool).__name__}",
            f"hybrid_swa={self.is_hybrid_swa}",
        ]
        extra = alloc.debug_print()
        if extra:
            parts.append(extra.strip().rstrip(","))
        return "[decode] " + " ".join(parts)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_hybrid_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
