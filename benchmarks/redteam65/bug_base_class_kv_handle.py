"""Common base for paged decode backends, with a TRT-LLM style subclass.

``PagedDecodeBackendBase`` captures the runner's paging parameters and the KV
cache handle; subclasses add kernel-specific metadata such as the SWA block
table.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class PagedDecodeBackendBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = allocator.get_kvcache()
        self.is_swa_pool = isinstance(self.token_to_kv_pool, SWAKVPool)


@dataclass
class TRTLLMDecodeMetadata:
    block_table: torch.Tensor
    swa_block_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(PagedDecodeBackendBase):
    def __init__(self, model_runner, max_context_len: int = 8192):
        super().__init__(model_runner)
        self.max_context_len = max_context_len
        self.forward_metadata: Optional[TRTLLMDecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        md = TRTLLMDecodeMetadata(block_table=loc // self.page_size)
        if self.is_swa_pool:
            md.swa_block_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.forward_metadata.swa_block_table is not None:
            return self.token_to_kv_pool, self.forward_metadata.swa_block_table
        return self.token_to_kv_pool, loc
