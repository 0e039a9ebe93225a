"""Backend indexing the allocator's full->SWA table, gated on the pool being SWA."""

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        # same table the pool uses; the allocator owns it
        return self.allocator.full_to_swa_index_mapping[loc].to(torch.int64)

    def forward_decode(self, loc):
        if not self.use_swa:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._swa_loc(loc)
