"""Draft-aware decode backend that reads the target cache for the EAGLE family."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.is_draft_worker = model_runner.is_draft_worker
        self.spec_algorithm = model_runner.spec_algorithm
        allocator = model_runner.token_to_kv_pool_allocator

        # Draft steps of the EAGLE family attend over the target's cache.
        reads_target_kv = self.is_draft_worker and self.spec_algorithm.is_eagle()
        if reads_target_kv:
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.topk = 1
        self.speculative_num_steps = 3
        logger.info(
            "draft=%s algo=%s swa=%s",
            self.is_draft_worker,
            self.spec_algorithm.name,
            self.swa_pool is not None,
        )

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.seq_lens = seq_lens
        self.max_seq_len = int(seq_lens.max().item()) if seq_lens.numel() else 0

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
