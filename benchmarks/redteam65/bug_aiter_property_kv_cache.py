"""aiter decode backend (unified attention) for hybrid sliding-window models.

The KV cache handle is exposed as a property so CUDA-graph capture and eager
decode always see the cache the allocator is currently serving.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class AiterForwardMetadata:
    def __init__(self, kv_indices: torch.Tensor, swa_kv_indices: Optional[torch.Tensor]):
        self.kv_indices = kv_indices
        self.swa_kv_indices = swa_kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        super().__init__()
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        self.forward_metadata: Optional[AiterForwardMetadata] = None

    @property
    def kv_cache(self):
        return self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return isinstance(self.kv_cache, SWAKVPool)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        swa_kv_indices = None
        if self.use_sliding_window_kv_pool:
            swa_kv_indices = self.kv_cache.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = AiterForwardMetadata(loc, swa_kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if self.sliding_window_size > -1 and md.swa_kv_indices is not None:
            return self.kv_cache, md.swa_kv_indices
        return self.kv_cache, md.kv_indices
