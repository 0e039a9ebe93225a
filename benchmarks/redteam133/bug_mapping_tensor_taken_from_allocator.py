"""Decode backend that caches the full->SWA index mapping tensor.

Rather than calling a translation method every step, the indices helper keeps a direct
reference to the mapping tensor and gathers from it, which is friendlier to graph capture.
"""

from typing import Optional

import torch


class MappedIndicesHelper:
    def __init__(self, kv_pool, allocator):
        self.kv_pool = kv_pool
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )

    def decode_indices(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa is None:
            return out_cache_loc
        return self.full_to_swa[out_cache_loc]


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_mapping_cache: bool = True):
        self.use_mapping_cache = use_mapping_cache
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_helper = MappedIndicesHelper(
            kv_pool=self.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_mapping_cache:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.indices_helper.decode_indices(loc)
