"""Multi-step draft backend that resolves its window pool once in the parent.

The parent hands the resolved pool (or None) to each child; every child reads
the pool the runner gave it.  The allocator sizes the per-step location
buffers since the steps allocate from it.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DraftStep:
    __slots__ = ("index", "pool", "swa_pool", "loc_buf")

    def __init__(self, index, pool, swa_pool: Optional[SWAKVPool], loc_buf):
        self.index = index
        self.pool = pool
        self.swa_pool = swa_pool
        self.loc_buf = loc_buf

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        args = model_runner.server_args
        self.num_steps = getattr(args, "speculative_num_steps", None) or 2
        self.topk = getattr(args, "speculative_eagle_topk", None) or 1
        pool = model_runner.token_to_kv_pool
        swa_pool = pool if isinstance(pool, SWAKVPool) else None

        alloc = model_runner.token_to_kv_pool_allocator
        per_step = min(
            alloc.size // max(self.num_steps, 1),
            (getattr(model_runner, "max_running_requests", 1) or 1) * self.topk,
        )
        self.children = []
        for i in range(self.num_steps):
            buf = torch.empty(per_step, dtype=torch.int64, device=model_runner.device)
            self.children.append(_DraftStep(i, pool, swa_pool, buf))

    def forward_decode(self, loc):
        outs = [child.forward_decode(loc) for child in self.children]
        return outs[-1]
