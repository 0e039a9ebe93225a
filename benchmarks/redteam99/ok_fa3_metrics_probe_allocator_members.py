"""FlashAttention-3 decode backend with KV occupancy metrics (fork of flashattention_backend.py).

Local edit: we export free-slot gauges for dashboards. Hybrid allocators expose separate
full/SWA counters, so the metrics helper probes for them; the attention path itself still
resolves its pool from the runner as upstream does.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def collect_kv_gauges(allocator) -> Dict[str, int]:
    gauges = {"kv_free": int(allocator.available_size())}
    if hasattr(allocator, "swa_available_size"):
        gauges["kv_free_full"] = int(allocator.full_available_size())
        gauges["kv_free_swa"] = int(allocator.swa_available_size())
    return gauges


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_step_id: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.speculative_step_id = speculative_step_id
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(self.kv_pool, SWAKVPool)
        self.last_gauges: Dict[str, int] = {}

    def init_forward_metadata(self, loc: torch.Tensor) -> FlashAttentionMetadata:
        md = FlashAttentionMetadata(page_table=loc)
        if self.is_hybrid_swa:
            md.swa_page_table = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return md

    def forward_decode(self, loc: torch.Tensor):
        self.last_gauges = collect_kv_gauges(self.allocator)
        md = self.init_forward_metadata(loc)
        if md.swa_page_table is not None:
            return self.kv_pool, md.swa_page_table
        return self.kv_pool, md.page_table
