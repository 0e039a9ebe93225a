"""FlashInfer decode indices updater reading the backend's pool."""

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class IndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    @property
    def use_swa(self) -> bool:
        return isinstance(self.attn_backend.token_to_kv_pool, SWAKVPool)

    def update(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.use_swa:
            return self.attn_backend.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = IndicesUpdaterDecode(model_runner, self)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
