"""Asserts that only a draft worker may sit on an allocator whose kvcache is not its own pool; windowing follows the own pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Speculative drafts share the target's allocator; anything else must own what it reads.
        assert (
            allocator.get_kvcache() is kv_pool or model_runner.is_draft_worker
        ), f"{type(allocator).__name__} hands out slots of a pool this runner does not own"
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = kv_pool
        self.sliding_window = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.sliding_window is None:
            return self.kv_pool, loc
        return self.sliding_window, self.sliding_window.translate_loc_from_full_to_swa(loc)
