"""TRT-LLM MHA backend: cuda-graph decode replay with SWA page tables.

The raw full->swa mapping is captured from the resolved SWA pool so the
replay path can gather without re-entering Python-level translation.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 160):
        super().__init__()
        self.device = model_runner.device
        self.max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.spec_algorithm: SpeculativeAlgorithm = model_runner.spec_algorithm
        self.is_draft_worker = model_runner.is_draft_worker
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self._swa_full_to_swa_mapping: Optional[torch.Tensor] = (
            self._swa_kv_pool.full_to_swa_index_mapping if self._swa_kv_pool is not None else None
        )
        self.decode_cuda_graph_metadata: Dict[int, torch.Tensor] = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("EAGLE draft owns a full-only KV pool; SWA translation disabled")
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _replay_swa_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        bs = loc.shape[0]
        buf = self.decode_cuda_graph_metadata.get(bs)
        if buf is None:
            buf = torch.zeros(bs, dtype=torch.int64, device=loc.device)
            self.decode_cuda_graph_metadata[bs] = buf
        buf.copy_(self._swa_full_to_swa_mapping[loc])
        return buf

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_full_to_swa_mapping is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._replay_swa_page_table(loc).clone()
