"""Decode backend with per-instance feature switches.

Feature switches live on the backend instance so tests can flip them without
touching global state. ``swa_pool_from_allocator`` keeps the original pool
discovery path until the runner-side pool plumbing lands everywhere.
"""

from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_DEFAULT_FEATURES: Dict[str, bool] = {
    "swa_pool_from_allocator": True,
    "fused_kv_write": False,
    "paged_decode": True,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, **feature_overrides: bool):
        self.model_runner = model_runner
        self.features = dict(_DEFAULT_FEATURES)
        self.features.update(feature_overrides)
        self.page_size = model_runner.page_size

    def _kv_pool(self):
        if self.features["swa_pool_from_allocator"]:
            return self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return self.model_runner.token_to_kv_pool

    def _is_swa(self, pool) -> bool:
        return isinstance(pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        pool = self._kv_pool()
        if self._is_swa(pool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
