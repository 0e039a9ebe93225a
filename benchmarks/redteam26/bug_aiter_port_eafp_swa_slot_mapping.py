"""AITER backend port that builds the SWA slot mapping from the allocator after an EAFP capability check."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indptr: Optional[torch.Tensor]
    kv_indices: Optional[torch.Tensor]
    qo_indptr: Optional[torch.Tensor] = None
    max_q_len: int = 1
    swa_slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """AITER paged decode; the unified kernel takes a per-group slot mapping."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = model_runner.req_to_token_pool.size
        try:
            self.token_to_kv_pool_allocator.swa_available_size
        except AttributeError:
            self.use_sliding_window_kv_pool = False
        else:
            self.use_sliding_window_kv_pool = True
        self.forward_metadata: Optional[ForwardMetadata] = None
        self.cuda_graph_swa_slot_mapping: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_slot_mapping = torch.zeros(
                (max_num_tokens,), dtype=torch.int64, device=self.device
            )

    def _swa_slot_mapping(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        # full_to_swa_index_mapping is stored as int64 on some builds and
        # int32 on others; the kernel wants int64.
        mapping = self.token_to_kv_pool_allocator.full_to_swa_index_mapping.long()
        return mapping[out_cache_loc]

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.forward_metadata = ForwardMetadata(
            kv_indptr=torch.arange(out_cache_loc.numel() + 1, dtype=torch.int32),
            kv_indices=out_cache_loc,
            swa_slot_mapping=(
                self._swa_slot_mapping(out_cache_loc) if self.use_sliding_window_kv_pool else None
            ),
        )

    def forward_decode(self, loc: torch.Tensor):
        """Window-group decode: (pool, slot mapping)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_slot_mapping is not None:
            return self.token_to_kv_pool, md.swa_slot_mapping
        return self.token_to_kv_pool, md.kv_indices
