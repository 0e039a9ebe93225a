"""Decode backend for Gemma-style hybrid attention.

Imports the SWA memory module under a short alias. When this runner's pool is
the SWA flavour, the pool's bound remap is cached for the decode hot path.
"""

import logging

import torch

import sglang.srt.mem_cache.swa_memory_pool as swa_mem
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

log = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = -1):
        super().__init__()
        mr = model_runner
        self.kv = mr.token_to_kv_pool
        self.mgr = mr.token_to_kv_pool_allocator
        self._remap = None
        if isinstance(self.kv, swa_mem.SWAKVPool):
            self._remap = self.kv.translate_loc_from_full_to_swa
        self.sliding_window_size = sliding_window_size
        log.debug(
            "remap=%s window=%d free=%d",
            self._remap is not None,
            sliding_window_size,
            self.mgr.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._remap is not None:
            loc = self._remap(loc)
        return self.kv, loc
