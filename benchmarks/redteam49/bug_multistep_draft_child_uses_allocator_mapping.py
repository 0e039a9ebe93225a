"""Multi-step draft backend.

Draft steps write KV at indices handed out by the target's allocator, so on a
draft worker each child maps them with the allocator's own full->window table;
a non-draft runner uses the table of the pool it owns.
"""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ChildAttnBackend:
    def __init__(self, model_runner, step: int):
        self.step = step
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if getattr(model_runner, "is_draft_worker", False):
            self.mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        elif isinstance(self.kv_pool, SWAKVPool):
            self.mapping = self.kv_pool.full_to_swa_index_mapping
        else:
            self.mapping = None

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.mapping is None:
            return loc
        return self.mapping[loc]

    def forward_decode(self, loc):
        return self.kv_pool, self.locations(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        steps = getattr(server_args, "speculative_num_steps", None) or 3
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 1
        self.children = [ChildAttnBackend(model_runner, s) for s in range(steps)]
        self.kv_indptr = torch.zeros(
            (steps, (getattr(model_runner, "max_running_requests", 1) or 1) + 1),
            dtype=torch.int32,
            device=model_runner.device,
        )

    def common_template(self, loc, call_fn):
        results = []
        for i, child in enumerate(self.children):
            results.append(call_fn(i, child, loc))
        return results

    def forward_decode(self, loc):
        results = self.common_template(loc, lambda i, c, x: c.forward_decode(x))
        return results[0]
