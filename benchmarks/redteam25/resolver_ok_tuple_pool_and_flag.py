"""Attention backend that resolves (swa_pool, use_swa) together so the write and read paths agree."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        mc = model_runner.model_config
        self.head_dim = getattr(mc, "head_dim", 64)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool, self.use_sliding_window_kv_pool = self._resolve(model_runner)
        self.forward_metadata = None

    @classmethod
    def _resolve(cls, model_runner) -> Tuple[Optional[SWAKVPool], bool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, True
        spec = model_runner.spec_algorithm
        reads_target_kv = hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
        if model_runner.is_draft_worker and not reads_target_kv:
            return None, False
        target = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(target, SWAKVPool):
            return target, True
        return None, False

    def _write_loc(self, loc):
        # the write path uses the same flag as the read path
        return (
            self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
            if self.use_sliding_window_kv_pool
            else None
        )

    def init_forward_metadata(self, loc, mode="decode"):
        self.forward_metadata = {"loc": loc, "swa_loc": self._write_loc(loc), "mode": mode}

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if self.use_sliding_window_kv_pool and window > -1:
            return self._swa_kv_pool, md["swa_loc"]
        return self.token_to_kv_pool, md["loc"]

    def forward_decode(self, loc):
        return self.forward(loc)
