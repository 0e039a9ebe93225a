"""Triton-style decode backend that reads KV through the allocator's cache handle."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_kv_splits = 8
        # The allocator is the single source of truth for where KV indices live,
        # so read the cache it was built over.
        self.kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )
        self.attn_logits: Optional[torch.Tensor] = None

    def _ensure_workspace(self, bs: int):
        if self.attn_logits is None or self.attn_logits.shape[0] < bs:
            self.attn_logits = torch.empty(
                bs, self.num_kv_splits, dtype=torch.float32, device=self.device
            )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self._ensure_workspace(max_bs)

    def forward_decode(self, loc):
        self._ensure_workspace(loc.numel())
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
