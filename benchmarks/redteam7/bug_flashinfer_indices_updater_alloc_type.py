"""FlashInfer-style decode indices updater that owns the SWA translation."""

from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid SWA models keep a separate index space for the window layers.
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.kv_indices: Optional[torch.Tensor] = None

    def update(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            self.kv_indices = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.kv_indices = out_cache_loc
        return self.kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)

    def init_forward_metadata(self, out_cache_loc):
        return self.indices_updater_decode.update(out_cache_loc)

    def forward_decode(self, loc):
        kv_indices = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, kv_indices
