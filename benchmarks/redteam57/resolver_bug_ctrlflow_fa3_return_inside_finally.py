"""FlashAttention-3 backend that reports SWA pool resolution from a finally block."""

import logging
import time
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner, stats: Dict[str, float]) -> Optional[SWAKVPool]:
    started = time.perf_counter()
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    chosen = cache if isinstance(cache, SWAKVPool) else None
    try:
        active = model_runner.token_to_kv_pool
        spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if isinstance(active, SWAKVPool):
            chosen = active
        elif getattr(model_runner, "is_draft_worker", False) and not (spec.is_frozen_kv_mtp()):
            return None
    finally:
        stats["swa_resolve_ms"] = (time.perf_counter() - started) * 1e3
        stats["swa_cache_tokens"] = float(getattr(cache, "size_swa", 0) or 0)
        return chosen


@dataclass
class FA3Metadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


@dataclass
class FA3Counters:
    values: Dict[str, float] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        self.counters = FA3Counters()
        self.swa_pool = resolve_swa_pool(model_runner, self.counters.values)
        self.forward_metadata = FA3Metadata()
        logger.debug("fa3 resolver stats: %s", self.counters.values)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(
                max_bs, max_num_tokens, dtype=torch.int32, device=self.device
            ),
        }

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FA3Metadata(
            cache_seqlens_int32=torch.ones(loc.numel(), dtype=torch.int32),
            page_table=loc.view(-1, 1),
        )
        if self.swa_pool is not None:
            md.swa_page_table = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_pool, md.swa_page_table
        return self.kv_pool, md.page_table.view(-1)
