"""Decode backend that translates windowed-layer locations with the allocator's full->SWA helper."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # Whether windowed layers read a SWA index space depends on the pool we read.
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.seq_lens_buf = torch.zeros(self.max_bs, dtype=torch.int32)
        self.forward_metadata = None
        logger.debug(
            "swa=%s alloc=%s",
            self.use_sliding_window_kv_pool,
            type(self.token_to_kv_pool_allocator).__name__,
        )

    def _translate(self, loc):
        # Only reached for an SWA pool, whose allocator shares the same full->SWA mapping.
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        self.seq_lens_buf[:bs] = 1
        md = {"loc": loc.to(torch.int64), "seq_lens": self.seq_lens_buf[:bs]}
        if self.use_sliding_window_kv_pool and mode != "extend":
            md["swa_loc"] = self._translate(md["loc"])
        self.forward_metadata = md

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if window > -1 and "swa_loc" in md:
            return self.token_to_kv_pool, md["swa_loc"]
        return self.token_to_kv_pool, md["loc"]

    def forward_decode(self, loc):
        return self.forward(loc)
