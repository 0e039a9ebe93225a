"""Hybrid attention wrapper that routes decode to a SWA-aware or a full-attention sub-backend."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullAttnBackend:
    def __init__(self, pool):
        self.token_to_kv_pool = pool
        self.name = "full"

    def init_forward_metadata(self, loc):
        self.loc = loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, loc


class _SWAAttnBackend:
    def __init__(self, swa_pool, window):
        self.swa_pool = swa_pool
        self.window = window
        self.name = "swa"

    def init_forward_metadata(self, loc):
        self.swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.swa_pool, self.swa_loc


class GeneratedAttnBackend:
    """Picks the decode sub-backend from the pool this runner reads."""

    def __init__(self, model_runner):
        server_args = getattr(model_runner, "server_args", None)
        self.decode_backend_str = getattr(server_args, "decode_attention_backend", None) or "auto"
        window = getattr(model_runner, "sliding_window_size", None) or 4096
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(pool, SWAKVPool):
            self.decode_backend = _SWAAttnBackend(pool, window)
        else:
            self.decode_backend = _FullAttnBackend(pool)
        self.prefill_backend = _FullAttnBackend(pool)
        logger.info(
            "hybrid wrapper: decode=%s allocator=%s free=%d",
            self.decode_backend.name,
            type(allocator).__name__,
            allocator.available_size(),
        )

    def _select_backend(self, mode):
        return self.decode_backend if mode != "extend" else self.prefill_backend

    def forward(self, loc, mode="decode"):
        backend = self._select_backend(mode)
        backend.init_forward_metadata(loc)
        return backend.forward_decode(loc)

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
