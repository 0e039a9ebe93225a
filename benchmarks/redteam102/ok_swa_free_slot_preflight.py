"""Decode backend with a per-step free-slot preflight.

Before each decode step we make sure the sliding-window side of the allocator
still has room for one new token per request; running out there shows up as a
confusing index error deep in the kernel otherwise.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict_preflight: bool = False):
        self.strict_preflight = strict_preflight
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.swa_enabled = isinstance(self.pool, SWAKVPool)
        self.swa_free_slots = self._swa_free_slots()

    def _swa_free_slots(self) -> int:
        fn = getattr(self.allocator, "swa_available_size", None)
        return int(fn()) if fn is not None else int(self.allocator.available_size())

    def _preflight(self, num_tokens: int) -> None:
        self.swa_free_slots = self._swa_free_slots()
        if self.swa_free_slots < num_tokens:
            msg = f"only {self.swa_free_slots} sliding-window slots free for {num_tokens} tokens"
            if self.strict_preflight:
                raise RuntimeError(msg)
            logger.warning(msg)

    def forward_decode(self, loc: torch.Tensor):
        self._preflight(int(loc.numel()))
        if not self.swa_enabled:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
