"""Multi-step draft backend: every child decides SWA from the runner's pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _ChildBackend:
    def __init__(self, model_runner, step: int):
        self.step = step
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 4):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        # all steps share the target's allocator for out_cache_loc
        self.pool_len = model_runner.token_to_kv_pool_allocator.size
        self.attn_backends = [
            _ChildBackend(model_runner, i) for i in range(self.speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        results = [b.forward_decode(loc) for b in self.attn_backends]
        return results[-1]
