"""XPU backend port whose SWA pool comes from a resolver mixin comparing the spec algorithm enum."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Shared by the XPU decode and draft backends."""

    @staticmethod
    def _reads_target_kv(model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        return model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if not self._reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class XPUForwardMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    """XPUAttentionBackend, decode page tables."""

    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.forward_metadata: Optional[XPUForwardMetadata] = None
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.speculative_step_id = speculative_step_id
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "page_table": torch.zeros(max_bs, max_num_tokens, dtype=torch.int32),
        }

    def init_forward_metadata(self, loc: torch.Tensor):
        md = XPUForwardMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32), page_table=loc
        )
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
