"""XPU flash-attention backend: decode metadata for hybrid SWA models.

Translates the full-pool page table into SWA-pool indices. flash_attn on XPU
expects int32 page tables; the SWA mapping is int64 so the result is cast.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class XPUForwardMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_num_steps: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.speculative_num_steps = speculative_num_steps
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "XPU attention backend init: sliding_window_kv_pool=%s, free kv slots=%d",
            self.use_sliding_window_kv_pool,
            allocator.available_size(),
        )
        self.forward_metadata: Optional[XPUForwardMetadata] = None

    def _build_decode_metadata(self, loc: torch.Tensor) -> XPUForwardMetadata:
        metadata = XPUForwardMetadata(page_table=loc)
        # Translate full-pool indices to SWA-pool indices for hybrid models
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                metadata.page_table
            ).to(torch.int32)
        return metadata

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self._build_decode_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
