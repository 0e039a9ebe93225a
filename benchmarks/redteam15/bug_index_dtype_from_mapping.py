"""Sizes the kv_indices scratch buffer with the dtype of the allocator's full->SWA map and goes windowed whenever that map exists."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        # Keep the scratch indices in the allocator's index dtype so the gather never casts.
        self._swa_index_dtype = mapping.dtype if mapping is not None else None
        self.kv_indices = torch.zeros(
            model_runner.max_running_requests * model_runner.model_config.context_len,
            dtype=self._swa_index_dtype or torch.int32,
            device=model_runner.device,
        )

    def forward_decode(self, loc):
        if self._swa_index_dtype is not None:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
