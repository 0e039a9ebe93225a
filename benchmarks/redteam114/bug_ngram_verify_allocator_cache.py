"""Verification backend for n-gram speculative decoding.

N-gram speculation has no draft model: candidate tokens come from a lookup
table and only the target runs attention, so the cache the allocator manages
is the one being read.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_match_window: int = 12):
        self.max_match_window = max_match_window
        self.spec_algorithm = model_runner.spec_algorithm
        self.kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.is_swa = isinstance(self.kv_cache, SWAKVPool)
        if self.spec_algorithm.is_ngram():
            logger.info("n-gram verify backend, window=%d", self.max_match_window)

    def _verify_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_swa:
            return loc
        return self.kv_cache.translate_loc_from_full_to_swa(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.kv_cache, self._verify_indices(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_cache, self._verify_indices(loc)
