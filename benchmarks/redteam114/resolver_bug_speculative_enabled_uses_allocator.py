"""KV pool resolution across speculative and non-speculative serving.

Without speculative decoding the runner's own pool is read directly. When a
speculative algorithm is configured, the draft and target coordinate through
the shared token-to-KV allocator, whose cache is used for lookups.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_pools(model_runner) -> Tuple[KVCache, Optional[SWAKVPool]]:
    """Return ``(kv_pool, swa_pool_or_None)`` for the given runner."""
    if model_runner.spec_algorithm.is_none():
        pool = model_runner.token_to_kv_pool
    else:
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
    swa_pool = pool if isinstance(pool, SWAKVPool) else None
    return pool, swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_spec_logging: bool = False):
        self.enable_spec_logging = enable_spec_logging
        self.kv_pool, self.swa_pool = resolve_pools(model_runner)
        self.algorithm_name = model_runner.spec_algorithm.name

    def describe(self) -> str:
        return f"{type(self).__name__}(spec={self.algorithm_name}, swa={self.swa_pool is not None})"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
