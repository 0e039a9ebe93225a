"""Minimal hybrid-window decode backend.

Keeps a small lambda that gathers from the pool's full->SWA table so the decode kernel
wrapper can stay agnostic of the pool type. Allocator counters are logged on every Nth
step for capacity debugging.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_every: int = 100):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.log_every = log_every
        self._step = 0
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            self.to_kernel_loc = lambda full_loc: pool.full_to_swa_index_mapping[full_loc]
        else:
            self.to_kernel_loc = lambda full_loc: full_loc

    def forward_decode(self, loc: torch.Tensor):
        self._step += 1
        if self._step % self.log_every == 1:
            logger.debug(
                "decode step %d: %s", self._step, self.token_to_kv_pool_allocator.debug_print()
            )
        return self.token_to_kv_pool, self.to_kernel_loc(loc)
