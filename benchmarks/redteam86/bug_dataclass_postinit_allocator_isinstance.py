"""Decode metadata for a hybrid sliding-window attention backend.

``init_forward_metadata`` builds a ``SWADecodeMetadata`` once per batch; its
``__post_init__`` derives whether sliding-window translation is needed, and
``forward_decode`` only consumes the precomputed fields.
"""

from dataclasses import dataclass, field
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class SWADecodeMetadata:
    kv_pool: KVCache
    allocator: BaseTokenToKVPoolAllocator
    page_size: int = 1
    use_sliding_window: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        # Hybrid models are always paired with the hybrid allocator.
        self.use_sliding_window = isinstance(self.allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_metadata_cache: bool = False):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.skip_metadata_cache = skip_metadata_cache
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def init_forward_metadata(self) -> SWADecodeMetadata:
        self.forward_metadata = SWADecodeMetadata(
            kv_pool=self.model_runner.token_to_kv_pool,
            allocator=self.model_runner.token_to_kv_pool_allocator,
            page_size=self.page_size,
        )
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.forward_metadata
        if md is None or self.skip_metadata_cache:
            md = self.init_forward_metadata()
        if md.use_sliding_window:
            return md.kv_pool, md.kv_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
