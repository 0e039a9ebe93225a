"""Multi-step draft decode backend.

Creates ``speculative_num_steps - 1`` step backends. The KV cache handle is
looked up once and handed to each step so all steps share one view of the cache
and its sliding-window mapping.
"""

from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DraftStepBackend(AttentionBackend):
    def __init__(self, kv_cache: KVCache, step_id: int, page_size: int):
        super().__init__()
        self.kv_cache = kv_cache
        self.step_id = step_id
        self.page_size = page_size
        self.is_swa = isinstance(kv_cache, SWAKVPool)
        self.out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        if self.is_swa:
            out_cache_loc = self.kv_cache.translate_loc_from_full_to_swa(out_cache_loc)
        self.out_cache_loc = out_cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 4):
        self.page_size = model_runner.page_size
        self.speculative_num_steps = speculative_num_steps
        kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.attn_backends: List[DraftStepBackend] = []
        for step_id in range(max(speculative_num_steps - 1, 1)):
            self.attn_backends.append(DraftStepBackend(kv_cache, step_id, self.page_size))

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        for backend in self.attn_backends:
            backend.init_forward_metadata(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        step0 = self.attn_backends[0]
        return step0.kv_cache, step0.out_cache_loc
