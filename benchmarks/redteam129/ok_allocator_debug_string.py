"""Decode backend exposing a debug summary of KV state.

The summary pulls counters from the token allocator; attention reads use the
runner's pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.verbose = verbose
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.uses_swa = isinstance(self.kv_pool, SWAKVPool)
        if verbose:
            logger.info(self.debug_summary())

    def debug_summary(self) -> str:
        cache = self.allocator.get_kvcache()
        parts = [
            f"pool={type(self.kv_pool).__name__}",
            f"allocator_cache={type(cache).__name__}",
            f"same_object={cache is self.kv_pool}",
            f"available={self.allocator.available_size()}",
        ]
        if hasattr(self.allocator, "debug_print"):
            parts.append(self.allocator.debug_print())
        return " ".join(parts)

    def forward_decode(self, loc: torch.Tensor):
        if not self.uses_swa:
            return self.kv_pool, loc
        out_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        if self.verbose:
            logger.debug("decode: %s", self.debug_summary())
        return self.kv_pool, out_loc
