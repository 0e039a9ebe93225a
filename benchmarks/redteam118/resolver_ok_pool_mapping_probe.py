"""Decode backend that discovers window support from the KV pool itself.

The pool is considered hybrid when it carries a registered full->SWA index
mapping; that mapping is installed by the allocator at startup.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


def find_window_pool(kv_pool: KVCache) -> Optional[KVCache]:
    """Return ``kv_pool`` if it exposes a registered full->SWA mapping."""
    mapping = getattr(kv_pool, "full_to_swa_index_mapping", None)
    if mapping is None:
        return None
    return kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_pool = find_window_pool(self.kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.window_pool is None:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
