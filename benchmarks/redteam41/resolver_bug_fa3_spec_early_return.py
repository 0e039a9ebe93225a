"""FlashAttention-3 spec backend: SWA pool resolver rewritten with early returns."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class SpecDecodeMetadata:
    topk: int = 1
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    by_step: Dict[int, torch.Tensor] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id: int = 0):
        self.device = model_runner.device
        self.speculative_step_id = speculative_step_id
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)
        self.metadata = SpecDecodeMetadata()

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache() if hasattr(allocator, "get_kvcache") else None
        if isinstance(kvcache, SWAKVPool):
            # hybrid target behind a wrapper pool
            return kvcache
        algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if model_runner.is_draft_worker and not algo.is_frozen_kv_mtp():
            return None
        return None

    def init_forward_metadata(self, loc: torch.Tensor):
        md = SpecDecodeMetadata(page_table=loc)
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        md.by_step[self.speculative_step_id] = md.page_table
        self.metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.metadata.swa_page_table is not None:
            return self.swa_kv_pool, self.metadata.swa_page_table
        return self.kv_pool, self.metadata.page_table
