"""TRT-LLM MHA backend with a condensed SWA resolver (fork).

The fork collapsed the draft-worker branches of ``_resolve_swa_kv_pool`` into
one guard and added a warning when a hybrid model ends up without an SWA pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 16):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.decode_cuda_graph_metadata = {
            "swa_page_table": torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        }
        window = getattr(model_runner.model_config, "sliding_window", None)
        if window and not self.use_sliding_window_kv_pool:
            logger.warning("trtllm_mha: sliding_window=%s but no SWA pool resolved", window)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> torch.Tensor:
        buf = self.decode_cuda_graph_metadata["swa_page_table"]
        n = loc.shape[0]
        buf[:n].copy_(self._swa_kv_pool.translate_loc_from_full_to_swa(loc))
        return buf[:n]

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self._swa_kv_pool, self.init_forward_metadata_replay_cuda_graph(loc)
        return self.token_to_kv_pool, loc
