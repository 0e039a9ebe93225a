"""Multi-step draft decode wrapper; each step backend reads its runner's own KV pool."""

import logging
from typing import List, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        self.topk = server_args.speculative_eagle_topk or 1
        self.speculative_num_steps = server_args.speculative_num_steps or 1
        allocator = model_runner.token_to_kv_pool_allocator
        # Sanity check only: the shared allocator must be able to hand out
        # slots for every step of every request.
        shared = allocator.get_kvcache()
        needed = model_runner.max_running_requests * self.topk * self.speculative_num_steps
        if shared.size < needed:
            logger.warning(
                "KV cache (%s, %d slots) smaller than one draft round (%d)",
                type(shared).__name__,
                shared.size,
                needed,
            )
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner, i) for i in range(self.speculative_num_steps)
        ]

    def init_forward_metadata(self, forward_batch):
        # Per-step metadata lives in the children.
        for backend in self.attn_backends:
            init = getattr(backend, "init_forward_metadata", None)
            if init is not None:
                init(forward_batch)

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
