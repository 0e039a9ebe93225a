"""Wave attention backend: SWA pool resolution with a speculative-draft guard."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WaveSWAState:
    pool: Optional[SWAKVPool]
    reason: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.swa_state = self._swa_state(model_runner)
        self.num_kv_splits = 4 if self.swa_state.pool is not None else 8
        self.attn_logits = None
        logger.debug("wave swa: %s", self.swa_state.reason)

    @staticmethod
    def _swa_state(runner) -> WaveSWAState:
        if hasattr(runner.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            return WaveSWAState(runner.token_to_kv_pool, "active pool is SWA")
        is_draft = getattr(runner, "is_draft", False)
        frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        if is_draft and not frozen:
            return WaveSWAState(None, "draft with private cache")
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            return WaveSWAState(kv, "shared target SWA pool")
        return WaveSWAState(None, "full-only")

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.attn_logits = torch.zeros(
            (max_bs, self.num_kv_splits), dtype=torch.float32, device=self.device
        )

    def forward_decode(self, loc):
        swa = self.swa_state.pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
