"""FlashAttention-style decode backend with a separate metadata builder.

The builder is constructed once with the object that owns the full->SWA index
mapping and produces per-step decode metadata, including SWA page tables.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch


@dataclass
class SWADecodeMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class DecodeMetadataBuilder:
    def __init__(self, kv_index_source, page_size: int, max_bs: int):
        self.page_size = page_size
        self.has_swa = getattr(kv_index_source, "full_to_swa_index_mapping", None) is not None
        self._source = kv_index_source if self.has_swa else None
        # Preallocated buffer reused by cuda-graph replays.
        self.swa_loc_buf = torch.zeros(max_bs, dtype=torch.int64)

    def build(self, loc: torch.Tensor) -> SWADecodeMetadata:
        md = SWADecodeMetadata(cache_loc=loc)
        if self.has_swa:
            n = loc.numel()
            self.swa_loc_buf[:n].copy_(self._source.translate_loc_from_full_to_swa(loc))
            md.swa_cache_loc = self.swa_loc_buf[:n]
        return md


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        max_bs = max(model_runner.max_running_requests or 0, 64)
        self.metadata_builder = DecodeMetadataBuilder(
            model_runner.token_to_kv_pool_allocator,
            page_size=model_runner.page_size,
            max_bs=max_bs,
        )
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.metadata_builder.build(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
