"""TRT-LLM multi-step draft backend port: only FROZEN_KV MTP steps read the allocator's (target) pool."""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, kv_pool, step_id: int):
        self.step_id = step_id
        self.token_to_kv_pool = kv_pool
        self.swa_kv_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None
        self.page_table: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            self.page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.page_table = loc


class GeneratedAttnBackend:
    """TRTLLMHAAttnMultiStepDraftBackend, condensed."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.page_size = model_runner.page_size
        max_bs = model_runner.req_to_token_pool.size * topk
        self.kv_indptr = torch.zeros(
            (speculative_num_steps, max_bs + 1), dtype=torch.int32, device=model_runner.device
        )
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            # FROZEN_KV MTP drafts attend over the target's cache directly.
            kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            kv_pool = model_runner.token_to_kv_pool
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(kv_pool, i) for i in range(speculative_num_steps - 1)
        ]
        logger.debug("trtllm draft: %s steps over %s", len(self.attn_backends), type(kv_pool))

    def init_forward_metadata(self, loc: torch.Tensor):
        for backend in self.attn_backends:
            backend.init_forward_metadata(loc)

    def forward_decode(self, loc: torch.Tensor):
        """Step 0: (pool, page table)."""
        self.init_forward_metadata(loc)
        step = self.attn_backends[0]
        return step.token_to_kv_pool, step.page_table
