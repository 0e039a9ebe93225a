"""XPU backend port: window page table from the runner's pool; the allocator only feeds a capacity log."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class XPUForwardMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    full_to_swa_index_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """XPUAttentionBackend, decode page tables."""

    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.forward_metadata: Optional[XPUForwardMetadata] = None
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "xpu attn: hybrid allocator, %d window tokens (pool windowed: %s)",
                allocator.size_swa,
                self.use_sliding_window_kv_pool,
            )

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
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._page_table_for_layer(True)
