"""FlashInfer multi-step draft backend port that hands every step the allocator's kvcache."""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DraftStepBackend:
    """One FlashInfer decode backend per draft step (planning only)."""

    def __init__(self, kv_pool, kv_indptr_buf: torch.Tensor, step_id: int):
        self.token_to_kv_pool = kv_pool
        self.kv_indptr = kv_indptr_buf
        self.step_id = step_id
        self.is_swa = isinstance(kv_pool, SWAKVPool)
        self.kv_indices: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.is_swa:
            self.kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.kv_indices = loc


class GeneratedAttnBackend:
    """FlashInferMultiStepDraftBackend, condensed."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 2):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.page_size = model_runner.page_size
        max_bs = model_runner.req_to_token_pool.size * self.topk
        self.kv_indptr = torch.zeros(
            (self.speculative_num_steps, max_bs + 1), dtype=torch.int32, device=model_runner.device
        )
        self.kv_last_page_len = torch.ones((max_bs,), dtype=torch.int32, device=model_runner.device)
        # Draft steps all read through the same KV cache object the
        # allocator hands out slots for.
        kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.attn_backends: List[_DraftStepBackend] = [
            _DraftStepBackend(kv_pool, self.kv_indptr[i], i)
            for i in range(self.speculative_num_steps)
        ]
        self.max_context_len = model_runner.model_config.context_len
        logger.debug("draft backend: %d steps, topk=%d", speculative_num_steps, topk)

    def init_forward_metadata(self, loc: torch.Tensor):
        for backend in self.attn_backends[:-1]:
            backend.init_forward_metadata(loc)

    def forward_decode(self, loc: torch.Tensor):
        """What step 0 reads."""
        self.init_forward_metadata(loc)
        step = self.attn_backends[0]
        return step.token_to_kv_pool, step.kv_indices
