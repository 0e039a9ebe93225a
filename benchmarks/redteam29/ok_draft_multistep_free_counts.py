"""Multi-step draft decode backend whose per-step children decide SWA from the runner's own pool."""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, model_runner, step_id: int, swa_kv_pool: Optional[SWAKVPool]):
        self.step_id = step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = swa_kv_pool

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


def _swa_pool_of(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """Wraps ``speculative_num_steps`` child backends sharing one resolution."""

    def __init__(self, model_runner, num_steps: int = 3, topk: int = 1):
        self.topk = topk
        self.num_steps = num_steps
        allocator = model_runner.token_to_kv_pool_allocator
        # Draft steps allocate from the shared allocator; make sure the SWA side
        # has room for the whole tree before capturing graphs.
        swa_free = getattr(allocator, "swa_available_size", allocator.available_size)()
        self.tokens_per_round = num_steps * topk
        if swa_free < self.tokens_per_round:
            logger.warning("only %d SWA slots free for %d draft tokens", swa_free, num_steps)
        swa_kv_pool = _swa_pool_of(model_runner)
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner, i, swa_kv_pool) for i in range(num_steps)
        ]
        self.cuda_graph_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_loc = torch.zeros(max_bs * self.tokens_per_round, dtype=torch.int64)

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
