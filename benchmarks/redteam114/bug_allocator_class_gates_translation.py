"""FlashInfer-style wrapper selection for hybrid SWA decode.

The backend decides at construction whether the model is hybrid SWA and, if
so, maps full-attention token slots into the sliding-window buffer before the
paged kernels are planned.
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class DecodeMetadata:
    __slots__ = ("kv_indices", "use_sliding_window")

    def __init__(self, kv_indices: torch.Tensor, use_sliding_window: bool):
        self.kv_indices = kv_indices
        self.use_sliding_window = use_sliding_window


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.forward_metadata = None

    def _plan(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.is_hybrid_swa:
            indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            indices = loc
        return DecodeMetadata(indices, self.is_hybrid_swa)

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self._plan(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
