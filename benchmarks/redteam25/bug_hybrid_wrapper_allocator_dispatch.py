"""Hybrid attention wrapper that routes decode to a SWA-aware or a full-attention sub-backend."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _FullAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.name = "full"

    def init_forward_metadata(self, loc):
        self.loc = loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, loc


class _SWAAttnBackend:
    def __init__(self, model_runner, swa_pool):
        self.swa_pool = swa_pool
        self.window = getattr(model_runner, "sliding_window_size", None) or 4096
        self.name = "swa"

    def init_forward_metadata(self, loc):
        self.swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.swa_pool, self.swa_loc


class GeneratedAttnBackend:
    """Picks the sub-backend once, from the memory configuration of the runner."""

    def __init__(self, model_runner):
        self.model_runner = model_runner
        server_args = getattr(model_runner, "server_args", None)
        self.decode_backend_str = getattr(server_args, "decode_attention_backend", None) or "auto"
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.decode_backend = _SWAAttnBackend(model_runner, allocator.get_kvcache())
        else:
            self.decode_backend = _FullAttnBackend(model_runner)
        self.prefill_backend = _FullAttnBackend(model_runner)
        logger.info(
            "hybrid wrapper: decode=%s (%s)", self.decode_backend.name, self.decode_backend_str
        )

    def _select_backend(self, mode):
        if mode in ("decode", "target_verify", "draft_extend"):
            return self.decode_backend
        return self.prefill_backend

    def init_forward_metadata(self, loc, mode="decode"):
        self._select_backend(mode).init_forward_metadata(loc)

    def forward(self, loc, mode="decode"):
        self.init_forward_metadata(loc, mode)
        return self._select_backend(mode).forward_decode(loc)

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
