from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._swa_pool: Optional[SWAKVPool] = None
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            self._swa_pool = own
        elif not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
            kvcache = self.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.init_cuda_graph_state(model_runner.max_running_requests)

    def init_cuda_graph_state(self, max_bs: int):
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            self._swa_pool = kvcache
            self.cuda_graph_swa_loc = kvcache.full_to_swa_index_mapping.new_zeros((max_bs,))

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
