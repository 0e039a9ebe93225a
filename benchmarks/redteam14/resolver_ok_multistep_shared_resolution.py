"""Multi-step draft wrapper that resolves the SWA pool once on the real runner and hands it to every step backend."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_pool(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class _StepBackend:
    def __init__(self, pool, swa_pool, step_id):
        self.token_to_kv_pool = pool
        self.swa_kv_pool = swa_pool
        self.speculative_step_id = step_id

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk=1, speculative_num_steps=4):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        swa_pool = _resolve_swa_pool(model_runner)
        self.attn_backends = [
            _StepBackend(model_runner.token_to_kv_pool, swa_pool, step)
            for step in range(speculative_num_steps - 1)
        ]

    def init_forward_metadata(self, forward_batch):
        for backend in self.attn_backends:
            backend.forward_metadata = forward_batch

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
