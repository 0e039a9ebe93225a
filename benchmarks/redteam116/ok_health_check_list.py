"""Attention backend with a ``health_check()`` used by the readiness probe.

The check returns a list of human-readable findings. It cross-references the
allocator's registered cache with the runner's pool purely for diagnostics
(speculative draft runners legitimately differ).
"""

import logging
from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_free_tokens: int = 0):
        self.model_runner = model_runner
        self.min_free_tokens = min_free_tokens
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        for finding in self.health_check():
            logger.info("attention backend health: %s", finding)

    def health_check(self) -> List[str]:
        findings: List[str] = []
        free = self.allocator.available_size()
        if free < self.min_free_tokens:
            findings.append(f"low kv headroom: {free} < {self.min_free_tokens}")
        if self.allocator.get_kvcache() is not self.pool:
            findings.append(
                "allocator cache differs from runner pool "
                f"({type(self.allocator.get_kvcache()).__name__} vs {type(self.pool).__name__})"
            )
        return findings

    def is_healthy(self) -> bool:
        return not self.health_check()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
