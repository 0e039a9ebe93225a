"""Refactor: share the SWA pool lookup between prefill and decode.

Prefill and decode previously each re-derived whether the model uses a
hybrid SWA cache. This consolidates that into ``_as_swa_pool``.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def _as_swa_pool(pool: KVCache) -> Optional[BaseSWAKVPool]:
    return pool if isinstance(pool, BaseSWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _as_swa_pool(self.kv_pool)

    def _read_target(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_extend(self, loc: torch.Tensor):
        if self.skip_prefill:
            raise RuntimeError("prefill disabled for this backend instance")
        return self._read_target(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._read_target(loc)
