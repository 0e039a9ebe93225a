"""Multi-step draft attention backend.

One child backend per speculative step, all created from the same runner;
each child builds its own decode metadata.  The children figure out the
window layout independently so that a step can be re-created on its own.
"""

from typing import List

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _StepBackend:
    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.window = isinstance(alloc, SWATokenToKVPoolAllocator)
        self.seq_lens_buf = torch.zeros(
            getattr(model_runner, "max_running_requests", 1) or 1,
            dtype=torch.int32,
            device=model_runner.device,
        )

    def forward_decode(self, loc):
        if self.window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend:
    """Draft-side wrapper: step i of the draft uses ``self.attn_backends[i]``."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 0):
        args = getattr(model_runner, "server_args", None)
        self.topk = topk or getattr(args, "speculative_eagle_topk", None) or 1
        self.speculative_num_steps = (
            speculative_num_steps or getattr(args, "speculative_num_steps", None) or 3
        )
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner, i) for i in range(self.speculative_num_steps - 1)
        ]
        self.device = model_runner.device

    def init_forward_metadata(self, loc):
        return [b.forward_decode(loc) for b in self.attn_backends]

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
