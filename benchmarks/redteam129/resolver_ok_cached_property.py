"""Lazy sliding-window pool lookup for a decode-only attention backend."""

from functools import cached_property
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, decode_only: bool = True):
        self.decode_only = decode_only
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @property
    def _reads_target_kv(self) -> bool:
        runner = self.model_runner
        return not (runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp())

    @cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if not self._reads_target_kv:
            return None
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor):
        swa_kv_pool = self.swa_kv_pool
        if swa_kv_pool is not None:
            return swa_kv_pool, swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
