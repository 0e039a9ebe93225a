"""Hybrid decode backend that takes its draft role as a constructor argument."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, is_draft: bool = False):
        self.skip_prefill = skip_prefill
        self.is_draft = is_draft
        self.pool = model_runner.token_to_kv_pool
        self.spec_algorithm = model_runner.spec_algorithm
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.topk = 1
        logger.info(
            "skip_prefill=%s draft=%s swa=%s",
            self.skip_prefill,
            self.is_draft,
            self.swa_pool is not None,
        )

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.is_draft and not self.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.seq_lens = seq_lens

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
