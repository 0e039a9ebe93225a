"""Decode backend exposing a ``status()`` dict for the admin API.

``status()`` bundles the allocator's registered KV cache with its free
counts; the decode path reuses the same dict so the endpoint always reports
what the kernel actually reads.
"""

from typing import Any, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, include_debug: bool = False):
        self.include_debug = include_debug
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator

    def status(self) -> Dict[str, Any]:
        kv_cache = self.allocator.get_kvcache()
        out: Dict[str, Any] = {
            "kv_pool": kv_cache,
            "kv_pool_cls": type(kv_cache).__name__,
            "sliding_window": isinstance(kv_cache, SWAKVPool),
            "free_tokens": int(self.allocator.available_size()),
            "page_size": self.page_size,
        }
        if self.include_debug:
            out["debug"] = self.allocator.debug_print()
        return out

    def forward_decode(self, loc: torch.Tensor):
        st = self.status()
        pool = st["kv_pool"]
        if st["sliding_window"]:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
