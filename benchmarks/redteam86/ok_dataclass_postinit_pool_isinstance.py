"""Per-batch decode metadata for hybrid sliding-window attention.

The metadata object is constructed in ``init_forward_metadata``; ``__post_init__``
narrows the KV pool to its SWA view when the pool is a hybrid one.
"""

from dataclasses import dataclass, field
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class HybridDecodeMetadata:
    kv_pool: KVCache
    free_slots: int = 0
    swa_pool: Optional[SWAKVPool] = field(init=False, default=None)

    def __post_init__(self) -> None:
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool

    @property
    def needs_translation(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.forward_metadata: Optional[HybridDecodeMetadata] = None

    def init_forward_metadata(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        self.forward_metadata = HybridDecodeMetadata(
            kv_pool=self.model_runner.token_to_kv_pool,
            free_slots=allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.forward_metadata is None:
            self.init_forward_metadata()
        md = self.forward_metadata
        if md.needs_translation:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
