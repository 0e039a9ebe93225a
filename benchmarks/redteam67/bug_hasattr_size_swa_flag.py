"""Decode backend with duck-typed hybrid SWA detection.

We avoid importing allocator classes here (they moved between modules across
releases) and detect the hybrid layout by the ``size_swa`` capacity attribute.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _has_swa_capacity(allocator) -> bool:
    return hasattr(allocator, "size_swa")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_deterministic: bool = False):
        super().__init__()
        self.enable_deterministic = enable_deterministic
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = _has_swa_capacity(allocator)
        if self.use_swa:
            logger.info("SWA capacity: %s tokens", allocator.size_swa)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.use_swa:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
