"""FlashInfer decode backend (fork of sglang flashinfer_backend.py) with KV usage logging.

Local addition: every ``log_interval`` decode steps we log how many KV slots the
allocator still has free, which helped track down fragmentation on long-context runs.
The sliding-window pool itself is resolved the upstream way, from the runner's pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_interval: int = 256):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.log_interval = log_interval
        self._num_decode_steps = 0

    def _maybe_log_kv_usage(self) -> None:
        self._num_decode_steps += 1
        if self._num_decode_steps % self.log_interval != 0:
            return
        logger.info(
            "decode step %d: free kv slots=%d (%s)",
            self._num_decode_steps,
            self.token_to_kv_pool_allocator.available_size(),
            self.token_to_kv_pool_allocator.debug_print(),
        )

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log_kv_usage()
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
