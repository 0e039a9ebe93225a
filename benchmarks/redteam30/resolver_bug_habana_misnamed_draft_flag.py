"""Habana backend with an SWA pool resolver that skips speculative draft workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HabanaSWAState:
    pool: Optional[SWAKVPool] = None
    graph_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa = HabanaSWAState(pool=self._resolve_swa_pool(model_runner))

    def _resolve_swa_pool(self, runner) -> Optional[SWAKVPool]:
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        is_draft = getattr(runner, "is_draft", False)
        if is_draft and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa.pool is not None:
            self.swa.graph_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.swa.pool is None:
            return self.kv_pool, loc
        return self.swa.pool, self.swa.pool.translate_loc_from_full_to_swa(loc)
