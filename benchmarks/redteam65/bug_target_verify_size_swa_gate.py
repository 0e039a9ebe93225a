"""Target-verify metadata builder for hybrid sliding-window models.

The builder sizes the SWA page table only when the deployment actually has a
sliding-window budget, which keeps full-attention models on the single-table
path.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class VerifyMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class VerifyMetadataBuilder:
    def __init__(self, model_runner, num_draft_tokens: int):
        self.num_draft_tokens = num_draft_tokens
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def _has_swa_budget(self) -> bool:
        return getattr(self.allocator, "size_swa", 0) > 0

    def build(self, cache_loc: torch.Tensor) -> VerifyMetadata:
        md = VerifyMetadata(cache_loc=cache_loc)
        if self._has_swa_budget():
            md.swa_cache_loc = self.kv_pool.translate_loc_from_full_to_swa(cache_loc)
        return md


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_draft_tokens: int = 4):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.metadata_builder = VerifyMetadataBuilder(model_runner, num_draft_tokens)
        self.forward_metadata: Optional[VerifyMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = self.metadata_builder.build(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.kv_pool, md.swa_cache_loc
        return self.kv_pool, md.cache_loc
