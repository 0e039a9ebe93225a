"""Optimization: memoize the hybrid-layout decision per allocator type at backend init."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=None)
def _layout_is_hybrid(allocator_cls: type) -> bool:
    # Called for every layer's backend instance; the answer only depends on the class.
    return issubclass(allocator_cls, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_kv_heads = getattr(model_runner.model_config, "num_key_value_heads", 1)
        self.hybrid = _layout_is_hybrid(type(model_runner.token_to_kv_pool_allocator))
        self._calls = 0
        logger.debug("hybrid=%s cache_info=%s", self.hybrid, _layout_is_hybrid.cache_info())

    def kv_heads_for(self, layer_id: int) -> int:
        return self.num_kv_heads

    def get_stats(self) -> dict:
        info = _layout_is_hybrid.cache_info()
        return {
            "hybrid": self.hybrid,
            "decode_calls": self._calls,
            "layout_cache_hits": info.hits,
            "layout_cache_misses": info.misses,
        }

    def _maybe_window(self, loc):
        if not self.hybrid:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self._calls += 1
        return self.token_to_kv_pool, self._maybe_window(loc)
