"""Decode backend that sets the SWA mode per batch in init_forward_metadata."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    out_cache_loc: torch.Tensor
    use_swa: bool = False
    swa_out_cache_loc: Optional[torch.Tensor] = None
    swa_free_tokens: Optional[int] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        allocator = self.token_to_kv_pool_allocator
        md = ForwardMetadata(out_cache_loc=out_cache_loc)
        if hasattr(allocator, "swa_available_size"):
            md.use_swa = True
            md.swa_free_tokens = allocator.swa_available_size()
        if md.use_swa:
            md.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return self.token_to_kv_pool, md.swa_out_cache_loc if md.use_swa else md.out_cache_loc
