"""FlashInfer-style backend with an extracted SlidingWindowIndexer built from the shared allocator and translating through it."""

from typing import Optional

import torch


class SlidingWindowIndexer:
    """Maps full-pool token slots to sliding-window slots."""

    def __init__(self, source):
        self._source = source

    @classmethod
    def maybe_create(cls, source) -> Optional["SlidingWindowIndexer"]:
        if getattr(source, "full_to_swa_index_mapping", None) is None:
            return None
        return cls(source)

    def __call__(self, kv_indices: torch.Tensor) -> torch.Tensor:
        return self._source.translate_loc_from_full_to_swa(kv_indices)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_indexer = SlidingWindowIndexer.maybe_create(
            model_runner.token_to_kv_pool_allocator
        )

    def forward_decode(self, loc):
        if self.swa_indexer is not None:
            loc = self.swa_indexer(loc)
        return self.token_to_kv_pool, loc
