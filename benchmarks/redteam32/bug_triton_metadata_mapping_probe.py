"""Triton decode backend that decides the SWA write target inside init_forward_metadata."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    attn_logits: Optional[torch.Tensor]
    kv_indices: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_head = 4
        self.max_kv_splits = 8
        self.v_head_dim = 16
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _swa_index_mapping(self) -> Optional[torch.Tensor]:
        allocator = self.token_to_kv_pool_allocator
        if hasattr(allocator, "full_to_swa_index_mapping"):
            return allocator.full_to_swa_index_mapping
        return None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        bs = out_cache_loc.shape[0]
        attn_logits = torch.empty(
            (bs, self.num_head, self.max_kv_splits, self.v_head_dim),
            dtype=torch.float32,
            device=self.device,
        )
        mapping = self._swa_index_mapping()
        swa_out_cache_loc = None
        if mapping is not None:
            # full->SWA translated out_cache_loc (SWA KV-store write target)
            swa_out_cache_loc = mapping[out_cache_loc]
        self.forward_metadata = ForwardMetadata(
            attn_logits=attn_logits,
            kv_indices=out_cache_loc,
            swa_out_cache_loc=swa_out_cache_loc,
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.kv_indices
