"""TRT-LLM MHA CUDA-graph capture/replay with a captured-pool check (fork).

The captured graph binds the SWA page-table buffer and the pool it was built
for. Replay asserts the backend still reads the same pool, which guards
against the pool being swapped by a resize between capture and replay.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CapturedDecodeState:
    pool: object
    page_table: torch.Tensor
    swa: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner, cuda_graph_bs: int = 4):
        self.device = model_runner.device
        self.model_runner = model_runner
        self.max_bs = max(cuda_graph_bs, 8)
        self.captured: Dict[int, CapturedDecodeState] = {}
        self.debug_cuda_graph = bool(getattr(model_runner.server_args, "debug_cuda_graph", False))

    def _active_pool(self):
        return self.model_runner.token_to_kv_pool

    def init_forward_metadata_capture_cuda_graph(self, bs: int) -> CapturedDecodeState:
        pool = self._active_pool()
        swa = isinstance(pool, SWAKVPool) and pool.swa_layer_nums > 0
        state = CapturedDecodeState(
            pool=pool,
            page_table=torch.zeros(self.max_bs, dtype=torch.int64, device=self.device),
            swa=swa,
        )
        self.captured[bs] = state
        if self.debug_cuda_graph:
            logger.info("trtllm_mha capture bs=%d swa=%s", bs, swa)
        return state

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> CapturedDecodeState:
        bs = loc.shape[0]
        state: Optional[CapturedDecodeState] = self.captured.get(bs)
        if state is None:
            state = self.init_forward_metadata_capture_cuda_graph(bs)
        assert state.pool is self._active_pool(), "KV pool changed since capture"
        src = state.pool.translate_loc_from_full_to_swa(loc) if state.swa else loc
        state.page_table[:bs].copy_(src)
        return state

    def forward_decode(self, loc: torch.Tensor):
        state = self.init_forward_metadata_replay_cuda_graph(loc)
        return state.pool, state.page_table[: loc.shape[0]]
