"""Speculative-aware backend: FROZEN_KV MTP drafts attend over the target's cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _attention_pool(model_runner):
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        # Frozen-KV drafts reuse the target's KV and only keep a small local pool.
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
    return own


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = _attention_pool(model_runner)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.debug("attention pool: %s", type(self.kv_pool).__name__)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        md = {"cache_loc": loc, "page_size": self.page_size}
        if self.swa_kv_pool is not None:
            md["swa_cache_loc"] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return md

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
