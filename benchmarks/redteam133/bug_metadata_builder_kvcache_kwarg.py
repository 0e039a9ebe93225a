"""Metadata builder for the paged decode kernel.

``DecodeMetadataBuilder`` collects everything the kernel needs for one step. The backend
hands it the KV cache through ``kv_cache=`` so that the builder stays independent of the
model runner.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    kv_cache: object
    kv_indices: torch.Tensor
    is_swa: bool


class DecodeMetadataBuilder:
    def __init__(self, *, kv_cache, device: Optional[str] = None):
        self.kv_cache = kv_cache
        self.device = device
        self.swa_kv_pool: Optional[SWAKVPool] = (
            kv_cache if isinstance(kv_cache, SWAKVPool) else None
        )

    def build(self, out_cache_loc: torch.Tensor) -> DecodeMetadata:
        if self.swa_kv_pool is not None:
            indices = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            return DecodeMetadata(self.swa_kv_pool, indices, True)
        return DecodeMetadata(self.kv_cache, out_cache_loc, False)


class GeneratedAttnBackend:
    """Thin wrapper that delegates step metadata to ``DecodeMetadataBuilder``."""

    def __init__(self, model_runner, num_head_splits: int = 1):
        self.num_head_splits = num_head_splits
        allocator = model_runner.token_to_kv_pool_allocator
        self.metadata_builder = DecodeMetadataBuilder(
            kv_cache=allocator.get_kvcache(),
            device=model_runner.device,
        )
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        self.forward_metadata = self.metadata_builder.build(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return md.kv_cache, md.kv_indices
