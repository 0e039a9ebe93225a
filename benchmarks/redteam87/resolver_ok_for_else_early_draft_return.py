"""Decode backend that searches the readable KV pools with a for/else loop.

Independent speculative drafts return early before the search, so the loop only
ever sees the allocator's pool on runners that actually share the target KV.
"""

import logging
from typing import Iterable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _readable_pools(model_runner) -> Iterable[KVCache]:
    yield model_runner.token_to_kv_pool
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_choice: bool = False):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()
        if log_choice:
            logger.info("swa pool: %s", type(self.swa_kv_pool).__name__)

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        for pool in _readable_pools(runner):
            if isinstance(pool, SWAKVPool):
                break
        else:
            return None
        return pool

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
