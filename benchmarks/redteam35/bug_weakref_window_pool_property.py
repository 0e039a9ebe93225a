"""Backend that looks up the window KV pool lazily through a weak handle."""

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        # Avoid a reference cycle runner -> backend -> allocator -> runner.
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        self._decode_calls = 0

    @property
    def window_pool(self) -> Optional[SWAKVPool]:
        allocator = self._allocator_ref()
        if allocator is None:
            return None
        cache = allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def get_kv_for_step(self, loc: torch.Tensor):
        pool = self.window_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self._decode_calls += 1
        if self._decode_calls == 1:
            logger.debug("first decode step on %s", self.device)
        return self.get_kv_for_step(loc)
