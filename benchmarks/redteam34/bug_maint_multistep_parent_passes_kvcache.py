"""Multi-step draft decode wrapper whose per-step children receive the KV pool from the parent."""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepBackend:
    """One speculative step; shares buffers with its siblings."""

    def __init__(self, model_runner, step_id: int, kv_pool, kv_indptr: torch.Tensor):
        self.step_id = step_id
        self.page_size = model_runner.page_size or 1
        self.kv_indptr = kv_indptr
        self.kv_pool = kv_pool
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

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
        # Resolve the pool once here instead of in every step backend; the
        # allocator knows which cache it was sized for.
        kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner, i, kv_pool, self.kv_indptr[i])
            for i in range(self.speculative_num_steps)
        ]
        logger.debug(
            "multi-step draft backend: steps=%d topk=%d pool=%s",
            self.speculative_num_steps,
            self.topk,
            type(kv_pool).__name__,
        )

    def init_forward_metadata(self, forward_batch):
        for backend in self.attn_backends:
            backend.kv_indptr.zero_()

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
