"""KV layout descriptor for the FlexAttention decode backend.

``KVLayout.from_runner`` gathers everything the kernels need about the KV cache in one
place so that prefill and decode share it.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVLayout:
    pool: KVCache
    swa_pool: Optional[SWAKVPool]
    page_size: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayout":
        allocator = model_runner.token_to_kv_pool_allocator
        backing = allocator.get_kvcache()
        swa = backing if isinstance(backing, SWAKVPool) else None
        return cls(
            pool=model_runner.token_to_kv_pool,
            swa_pool=swa,
            page_size=model_runner.page_size,
        )

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_size: int = 128):
        self.block_size = block_size
        self.layout = KVLayout.from_runner(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        layout = self.layout
        if layout.is_hybrid:
            return layout.swa_pool, layout.swa_pool.translate_loc_from_full_to_swa(loc)
        return layout.pool, loc
