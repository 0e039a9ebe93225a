"""Decode backend for Gemma-style hybrid attention.

Imports the SWA memory module under a short alias. The allocator, when it is
the SWA flavour, provides the full->window index remap directly.
"""

import logging

import torch

import sglang.srt.mem_cache.allocator.swa as swa_alloc_mod
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

log = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = -1):
        super().__init__()
        mr = model_runner
        self.kv = mr.token_to_kv_pool
        mgr = mr.token_to_kv_pool_allocator
        self._remap = None
        if isinstance(mgr, swa_alloc_mod.SWATokenToKVPoolAllocator):
            self._remap = mgr.translate_loc_from_full_to_swa
        self.sliding_window_size = sliding_window_size
        log.debug("remap=%s window=%d", self._remap is not None, sliding_window_size)

    def forward_decode(self, loc: torch.Tensor):
        if self._remap is not None:
            loc = self._remap(loc)
        return self.kv, loc
