"""Multi-step draft wrapper that builds one backend per step, all bound to the allocator's pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _StepBackend:
    def __init__(self, model_runner, kv_pool, speculative_step_id, topk):
        self.speculative_step_id = speculative_step_id
        self.topk = topk
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = kv_pool
        self.use_sliding_window_kv_pool = isinstance(kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.use_sliding_window_kv_pool:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk=1, speculative_num_steps=3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        # One pool view for every step: the steps write the slots the shared
        # allocator reserved for the draft tokens.
        step_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.attn_backends = [
            _StepBackend(model_runner, step_pool, i, topk)
            for i in range(self.speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
