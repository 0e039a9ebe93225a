"""Decode backend with a compatibility shim for ``get_kvcache``.

Some allocator implementations (and test doubles) lack ``get_kvcache`` or
require arguments; in that case we fall back to the runner's pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _kvcache_of(model_runner) -> KVCache:
    allocator = model_runner.token_to_kv_pool_allocator
    try:
        return allocator.get_kvcache()
    except (AttributeError, TypeError) as exc:
        logger.debug("get_kvcache unavailable (%s); using runner pool", exc)
        return model_runner.token_to_kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.kv_cache = _kvcache_of(model_runner)
        self.is_hybrid_swa = isinstance(self.kv_cache, SWAKVPool)
        self.device = model_runner.device

    def _swa_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_cache.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_hybrid_swa:
            return self.kv_cache, self._swa_locs(loc)
        return self.kv_cache, loc
