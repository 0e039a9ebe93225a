"""FlashAttention-style backend that enables swa_spec_metadata when an SWA allocator name appears in the allocator's MRO."""

from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class FlashAttentionMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def _allocator_is_windowed(allocator) -> bool:
    names = {klass.__name__ for klass in type(allocator).__mro__}
    return SWATokenToKVPoolAllocator.__name__ in names


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata = FlashAttentionMetadata()
        self.use_swa_spec_metadata = _allocator_is_windowed(model_runner.token_to_kv_pool_allocator)

    def init_forward_metadata(self, loc):
        metadata = FlashAttentionMetadata(page_table=loc)
        if self.use_swa_spec_metadata:
            metadata.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
