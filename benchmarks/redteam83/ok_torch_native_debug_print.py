"""Reference (pure PyTorch) attention backend used for debugging kernels.

``describe()`` dumps the allocator's state next to the KV view this backend
reads, which makes it easy to compare against the scheduler logs.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = False):
        self.verbose = verbose
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self.read_pool = self.pool
            self.translate = self.pool.translate_loc_from_full_to_swa
        else:
            self.read_pool = self.pool
            self.translate = None
        if verbose:
            logger.info(self.describe())

    def describe(self) -> str:
        try:
            alloc_state = self.allocator.debug_print()
        except Exception:  # debug output only
            alloc_state = "<unavailable>"
        return (
            f"TorchNative(pool={type(self.read_pool).__name__}, "
            f"swa={self.translate is not None}, allocator={alloc_state!r})"
        )

    def forward_decode(self, loc: torch.Tensor):
        locations = loc if self.translate is None else self.translate(loc)
        return self.read_pool, locations
