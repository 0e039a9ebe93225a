"""Decode backend with a debug dump of the shared allocator for OOM post-mortems."""

import logging
from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        family = type(self._allocator).__name__
        # Log prefix only; the cache layout comes from the pool below.
        self.log_label = "swa-alloc" if "SWA" in family else "alloc"
        self.use_swa = isinstance(self.pool, SWAKVPool)
        self._history: List[str] = []
        self.dump("init")

    def dump(self, reason: str) -> str:
        allocator = self._allocator
        parts = [f"[{self.log_label}] {reason}", f"class={type(allocator).__name__}"]
        debug_print = getattr(allocator, "debug_print", None)
        if callable(debug_print):
            parts.append(debug_print())
        else:
            parts.append(f"available={allocator.available_size()}")
        line = " ".join(parts)
        self._history.append(line)
        logger.debug(line)
        return line

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if out_cache_loc.numel() == 0:
            self.dump("empty batch")
        self.out_cache_loc = out_cache_loc

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
