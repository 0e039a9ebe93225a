"""Decode backend reusing the disaggregation index translation.

PD transfer already needs full-pool token ids rewritten into SWA-buffer ids, and the
allocator exposes that as ``translate_swa_indices_for_transfer``. The decode path reuses
the same call for window layers. The allocator summary is attached to debug logs.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.server_args = model_runner.server_args
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.window_translate = None
        if hasattr(self.kv_allocator, "translate_swa_indices_for_transfer"):
            self.window_translate = self.kv_allocator.translate_swa_indices_for_transfer

    def forward_decode(self, loc: torch.Tensor):
        logger.debug(
            "decode %d tokens; allocator: %s", loc.numel(), self.kv_allocator.debug_print()
        )
        if self.window_translate is None:
            return self.kv_cache, loc
        return self.kv_cache, self.window_translate(loc)
