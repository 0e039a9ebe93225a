"""Sizes the kv_indices scratch buffer with the dtype of the allocator's full->SWA map; windowing is read off the owned pool."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        # Keep the scratch indices in the allocator's index dtype so the gather never casts.
        self._index_dtype = mapping.dtype if mapping is not None else torch.int32
        self.kv_indices = torch.zeros(
            model_runner.max_running_requests * model_runner.model_config.context_len,
            dtype=self._index_dtype,
            device=model_runner.device,
        )
        self._is_swa_pool = type(self.pool) is SWAKVPool

    def forward_decode(self, loc):
        if self._is_swa_pool:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
