"""XPU backend port that enables the SWA page table when the allocator has a window sub-allocator."""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class XPUForwardMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    cu_seqlens_q: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    full_to_swa_index_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """XPUAttentionBackend (flash-attn on Intel GPUs), decode page tables only."""

    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.forward_metadata: Optional[XPUForwardMetadata] = None
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_cache_dtype = model_runner.kv_cache_dtype
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        self.is_hybrid_swa = model_runner.is_hybrid_swa
        sub = getattr(model_runner.token_to_kv_pool_allocator, "swa_attn_allocator", None)
        self.use_sliding_window_kv_pool = sub is not None
        self.decode_cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(
                max_bs, max_num_tokens, dtype=torch.int32, device=self.device
            ),
        }

    def init_forward_metadata(self, loc: torch.Tensor):
        use_swa = self.use_sliding_window_kv_pool
        self.forward_metadata = XPUForwardMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            page_table=loc,
            full_to_swa_index_mapping=(
                self.token_to_kv_pool.full_to_swa_index_mapping if use_swa else None
            ),
        )

    def _page_table_for_layer(self, is_swa_layer: bool) -> torch.Tensor:
        md = self.forward_metadata
        if is_swa_layer and md.full_to_swa_index_mapping is not None:
            return md.full_to_swa_index_mapping[md.page_table]
        return md.page_table

    def forward_decode(self, loc: torch.Tensor):
        """Window layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._page_table_for_layer(True)
