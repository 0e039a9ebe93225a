"""Decode backend that enables window-layer addressing for hybrid KV caches.

Whether the run is hybrid is read off the cache object registered with the
token allocator; the runner's pool then serves the remapped locations.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.hybrid_swa = isinstance(registered, SWAKVPool)
        logger.info("hybrid SWA cache: %s", self.hybrid_swa)

    def _check_batch(self, loc: torch.Tensor) -> None:
        if loc.numel() > self.max_bs:
            raise ValueError(f"batch {loc.numel()} exceeds captured max_bs {self.max_bs}")

    def forward_decode(self, loc: torch.Tensor):
        self._check_batch(loc)
        if self.hybrid_swa:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, loc
