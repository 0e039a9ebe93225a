"""FlashInfer-style decode backend for hybrid sliding-window models.

Keeps one set of decode buffers per attention group and a set of
sliding-window layer ids, so windowed layers can be planned separately from
the full-attention layers.
"""

from typing import List, Optional, Set

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 16, sliding_window_size: int = 4096):
        self.model_runner = model_runner
        self.max_bs = max_bs
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.is_hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.swa_layer_ids: Set[int] = set()
        if self.is_hybrid_swa:
            mapping = getattr(self.token_to_kv_pool, "layers_mapping", {})
            self.swa_layer_ids = {lid for lid, (_, is_swa) in mapping.items() if is_swa}

        self.kv_indptr: List[torch.Tensor] = [
            torch.zeros(max_bs + 1, dtype=torch.int32) for _ in range(2)
        ]
        self.kv_last_page_len = torch.ones(max_bs, dtype=torch.int32)

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.swa_layer_ids

    def _plan(self, loc: torch.Tensor, wrapper_id: int) -> None:
        bs = min(loc.numel(), self.max_bs)
        indptr = self.kv_indptr[wrapper_id]
        indptr[1 : bs + 1] = torch.arange(1, bs + 1, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor, wrapper_id: Optional[int] = None):
        if wrapper_id is None:
            wrapper_id = 0 if self.is_hybrid_swa else 1
        self._plan(loc, wrapper_id)
        if wrapper_id == 0:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, loc
