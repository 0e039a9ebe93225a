"""FlashAttention-3 decode path (fork copy).

Trimmed from ``flashattention_backend.py``. The fork keeps the upstream
sliding-window setup but adds an env switch to print per-step page-table
sizes, which our perf dashboards scrape.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TRACE_PAGE_TABLE = os.environ.get("SGLANG_FA3_TRACE_PAGE_TABLE", "0") == "1"


@dataclass
class FlashAttentionMetadata:
    cache_loc: torch.Tensor = None
    swa_cache_loc: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        self.is_draft_runner = model_runner.is_draft_worker
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        if self.use_sliding_window_kv_pool:
            logger.info(
                "FA3 backend: hybrid SWA pool (%d swa layers), draft=%s",
                self.token_to_kv_pool.swa_layer_nums,
                self.is_draft_runner,
            )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> FlashAttentionMetadata:
        metadata = FlashAttentionMetadata(cache_loc=out_cache_loc)
        metadata.max_seq_len_k = int(out_cache_loc.numel())
        if self.use_sliding_window_kv_pool:
            metadata.swa_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        if _TRACE_PAGE_TABLE:
            logger.debug(
                "fa3 step=%d tokens=%d swa=%s",
                self.speculative_step_id,
                metadata.max_seq_len_k,
                metadata.swa_cache_loc is not None,
            )
        self.forward_metadata = metadata
        return metadata

    def forward_decode(self, loc: torch.Tensor):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_cache_loc is not None:
            return self.token_to_kv_pool, metadata.swa_cache_loc
        return self.token_to_kv_pool, metadata.cache_loc
