"""Decode-path attention backend with an informative ``__repr__``.

The repr is what shows up in ``ModelRunner`` init logs, so it carries the
allocator's class and headroom next to the KV pool this backend reads from.
"""

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "swa_decode"):
        self.name = name
        self.model_runner = model_runner
        self._kv_pool: KVCache = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._windowed = isinstance(self._kv_pool, SWAKVPool)

    @property
    def kv_pool(self) -> KVCache:
        return self._kv_pool

    @property
    def uses_sliding_window(self) -> bool:
        return self._windowed

    def __repr__(self) -> str:
        alloc = self._allocator
        return (
            f"{type(self).__name__}(name={self.name!r}, "
            f"pool={type(self._kv_pool).__name__}, "
            f"allocator={type(alloc).__name__}, "
            f"free={alloc.available_size()}, "
            f"windowed={self._windowed})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
