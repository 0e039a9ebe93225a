"""Target-verify attention path for EAGLE on hybrid sliding-window models.

Verification runs the target model over the draft tree. The backend records
allocator headroom for the verify step's metrics and builds the SWA page table
from the pool it reads.
"""

import logging
import time
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TargetVerifyMetadata:
    draft_token_num: int
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None
    stats: Dict[str, float] = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_draft_tokens: int = 4):
        super().__init__()
        self.draft_token_num = speculative_num_draft_tokens
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[TargetVerifyMetadata] = None

    def _collect_stats(self) -> Dict[str, float]:
        allocator = self.token_to_kv_pool_allocator
        stats = {"available": float(allocator.available_size()), "ts": time.monotonic()}
        if hasattr(allocator, "swa_available_size"):
            stats["swa_available"] = float(allocator.swa_available_size())
        return stats

    def init_forward_metadata_target_verify(self, out_cache_loc: torch.Tensor) -> None:
        md = TargetVerifyMetadata(
            draft_token_num=self.draft_token_num,
            out_cache_loc=out_cache_loc,
            stats=self._collect_stats(),
        )
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            md.swa_out_cache_loc = pool.translate_loc_from_full_to_swa(out_cache_loc)
        logger.debug("target verify metadata: %s", md.stats)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata_target_verify(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.out_cache_loc
