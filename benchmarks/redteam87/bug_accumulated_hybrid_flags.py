"""Decode backend that decides on the hybrid SWA path from several runner signals.

Each signal is recorded separately so the decision can be logged at start-up.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        use_swa = False
        reasons = []
        if isinstance(self.kv_pool, SWAKVPool):
            use_swa = True
            reasons.append("kv pool is hybrid")
        if hasattr(allocator, "size_swa"):
            use_swa = True
            reasons.append("allocator tracks swa size")
        if model_runner.spec_algorithm.is_none():
            reasons.append("no speculative decoding")

        self.use_swa = use_swa
        self.swa_pool = allocator.get_kvcache() if use_swa else None
        if verbose:
            logger.info("hybrid swa=%s (%s)", use_swa, ", ".join(reasons) or "none")

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
