"""Multi-step draft wrapper that builds one backend per step from the runner's own pool, sizing kv_indices from the allocator."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _StepBackend:
    def __init__(self, model_runner, speculative_step_id, topk, kv_indptr_buf):
        self.speculative_step_id = speculative_step_id
        self.topk = topk
        self.kv_indptr = kv_indptr_buf
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.use_sliding_window_kv_pool:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk=1, speculative_num_steps=3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        max_bs = model_runner.req_to_token_pool.size * self.topk
        self.kv_indptr = torch.zeros(
            (self.speculative_num_steps, max_bs + 1),
            dtype=torch.int32,
            device=model_runner.device,
        )
        # kv_indices can never exceed the number of slots the allocator owns.
        self.max_kv_indices = model_runner.token_to_kv_pool_allocator.size * self.topk
        self.attn_backends = [
            _StepBackend(model_runner, i, topk, self.kv_indptr[i])
            for i in range(self.speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
