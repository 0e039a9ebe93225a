"""Multi-step draft decode wrapper that resolves the SWA pool once and shares it with steps."""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class _StepBackend:
    def __init__(self, kv_pool, swa_pool: Optional[SWAKVPool], kv_indptr: torch.Tensor):
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool
        self.kv_indptr = kv_indptr

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        self.topk = server_args.speculative_eagle_topk or 1
        self.speculative_num_steps = server_args.speculative_num_steps or 1
        max_bs = model_runner.max_running_requests * self.topk
        self.kv_indptr = torch.zeros(
            (self.speculative_num_steps, max_bs + 1),
            dtype=torch.int32,
            device=model_runner.device,
        )
        # Resolve once here instead of in every step backend.
        swa_pool = _resolve_swa_kv_pool(model_runner)
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner.token_to_kv_pool, swa_pool, self.kv_indptr[i])
            for i in range(self.speculative_num_steps)
        ]
        logger.debug(
            "multi-step draft backend: steps=%d topk=%d swa=%s",
            self.speculative_num_steps,
            self.topk,
            swa_pool is not None,
        )

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
