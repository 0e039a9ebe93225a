"""Generic decode backend that accepts either a pool or a pool handle.

``as_kv_cache`` unwraps objects that hand out a KV cache (allocators, host
mirrors) so the same code works for every runner flavour.
"""

from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def as_kv_cache(handle: Any) -> KVCache:
    """Return the KV cache behind ``handle`` (or ``handle`` itself)."""
    unwrap = getattr(handle, "get_kvcache", None)
    return unwrap() if unwrap is not None else handle


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_handle_attr: str = "token_to_kv_pool_allocator"):
        handle = getattr(model_runner, kv_handle_attr)
        self.kv_cache: KVCache = as_kv_cache(handle)
        self.is_hybrid = isinstance(self.kv_cache, BaseSWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.is_hybrid:
            loc = self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
