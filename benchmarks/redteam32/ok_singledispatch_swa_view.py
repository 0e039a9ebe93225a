"""Decode backend that resolves its SWA view of the pool with functools.singledispatch."""

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def swa_view(pool) -> Optional[SWAKVPool]:
    """The hybrid pool to translate against, or None for full-attention pools."""
    return None


@swa_view.register
def _(pool: SWAKVPool) -> Optional[SWAKVPool]:
    return pool if pool.swa_layer_nums > 0 else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.swa_kv_pool = swa_view(self.token_to_kv_pool)
        self.forward_metadata = None

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = {
            "kv_indices": loc,
            "swa_kv_indices": (
                self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
                if self.swa_kv_pool is not None
                else None
            ),
        }

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        swa = self.forward_metadata["swa_kv_indices"]
        if swa is None:
            return self.token_to_kv_pool, self.forward_metadata["kv_indices"]
        return self.swa_kv_pool, swa
