"""Torch-native decode backend with duck-typed sliding-window detection.

The pool read by this backend is treated as hybrid SWA when it exposes the
full -> swa remap together with the sliding sub-pool.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_SWA_POOL_MEMBERS = ("translate_loc_from_full_to_swa", "swa_kv_pool")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_gqa: bool = True):
        super().__init__()
        self.enable_gqa = enable_gqa
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = all(hasattr(self.kv_pool, m) for m in _SWA_POOL_MEMBERS)
        alloc = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "torch-native decode: hybrid_swa=%s allocator=%s",
            self.is_hybrid_swa,
            getattr(alloc, "debug_print", lambda: type(alloc).__name__)(),
        )

    def forward_decode(self, loc: torch.Tensor):
        locations = self.kv_pool.translate_loc_from_full_to_swa(loc) if self.is_hybrid_swa else loc
        return self.kv_pool, locations
