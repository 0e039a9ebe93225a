"""SWA pool resolver hardened with getattr defaults for runners that lack speculative fields."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        is_draft = getattr(model_runner, "is_draft", False)
        frozen = spec_algorithm is not None and spec_algorithm.is_frozen_kv_mtp()
        if is_draft and not frozen:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _swa_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.page_size > 1:
            swa_loc = swa_loc // self.page_size
        return swa_loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self._swa_page_table(loc)
