"""Backend that walks an ordered list of candidate KV pools and keeps the first SWA one."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidate_pools(runner):
    yield runner.token_to_kv_pool
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return
    yield runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = next(
            (p for p in _candidate_pools(model_runner) if isinstance(p, SWAKVPool)), None
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
