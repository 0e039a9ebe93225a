from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _StepBackend:
    def __init__(self, model_runner, step_id):
        self.step_id = step_id
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_enabled = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa_enabled:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk=1, speculative_num_steps=4):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        # sized from the shared allocator: each step may write one more token per req
        self.max_slots = model_runner.token_to_kv_pool_allocator.size
        self.attn_backends = [
            _StepBackend(model_runner, i) for i in range(speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        return self.attn_backends[-1].forward_decode(loc)
