"""Triton-style decode backend with dedicated speculative entry points.

The draft worker runs ``speculative_num_steps`` decode passes per round; each
pass reuses the same KV view, so the view is resolved once at construction.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        speculative_num_steps: int = 3,
        topk: int = 4,
        skip_prefill: bool = False,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.skip_prefill = skip_prefill
        self.is_draft = model_runner.is_draft_worker

        allocator = model_runner.token_to_kv_pool_allocator
        if self.is_draft and model_runner.spec_algorithm.is_eagle():
            # Draft passes attend over the same sliding window as the target,
            # so read through the shared allocator's cache.
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool

        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        num_slots = speculative_num_steps * topk if self.is_draft else 1
        self.kv_indptr_buf = torch.zeros(num_slots + 1, dtype=torch.int32)
        logger.debug(
            "decode backend: draft=%s steps=%d topk=%d swa=%s",
            self.is_draft,
            speculative_num_steps,
            topk,
            self.swa_pool is not None,
        )

    def _resolve(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_decode(self, loc: torch.Tensor):
        return self._resolve(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        assert step < self.speculative_num_steps
        return self._resolve(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self._resolve(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self._resolve(loc)
