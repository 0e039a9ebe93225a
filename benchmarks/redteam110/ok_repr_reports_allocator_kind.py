"""FlashInfer-like decode backend with a descriptive ``__repr__``.

``__repr__`` reports the allocator family, the pool family and the sliding
window capacity so that ``print(model_runner.attn_backend)`` in a debugger is
enough to tell which KV layout a worker is running with.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "decode"):
        self.name = name
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        # Reported in __repr__ only.
        self.allocator_is_hybrid = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.allocator_swa_size: Optional[int] = (
            self.token_to_kv_pool_allocator.size_swa if self.allocator_is_hybrid else None
        )

        # Drives the kernels.
        self.pool_is_hybrid = isinstance(self.token_to_kv_pool, SWAKVPool)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self.name!r}, "
            f"allocator={type(self.token_to_kv_pool_allocator).__name__}, "
            f"allocator_hybrid={self.allocator_is_hybrid}, "
            f"allocator_swa_size={self.allocator_swa_size}, "
            f"pool={type(self.token_to_kv_pool).__name__}, "
            f"pool_hybrid={self.pool_is_hybrid})"
        )

    def _read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.pool_is_hybrid:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._read_locations(loc)
