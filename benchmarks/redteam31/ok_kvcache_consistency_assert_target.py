"""TRT-LLM-style decode backend that cross-checks the allocator's kvcache against its pool."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeWorkspace:
    """Scratch buffers shared by every layer of one decode step."""

    def __init__(self, num_bytes: int, device):
        self.buffer = torch.zeros(num_bytes, dtype=torch.uint8, device=device)

    def view(self, num_bytes: int) -> torch.Tensor:
        return self.buffer[:num_bytes]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        kvcache = allocator.get_kvcache()
        if not model_runner.is_draft_worker:
            # The target's allocator hands out slots in exactly the pool it attends over.
            assert kvcache is pool, (
                f"allocator serves {type(kvcache).__name__}, "
                f"backend reads {type(pool).__name__}"
            )
        self.pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.workspace = DecodeWorkspace(1 << 12, self.device)
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def _kv_pool_for_layer(self, layer_id: int):
        if self.swa_pool is None:
            return self.pool
        _, is_swa = self.swa_pool.layers_mapping[layer_id]
        return self.swa_pool.swa_kv_pool if is_swa else self.swa_pool.full_kv_pool

    def init_forward_metadata(self, forward_batch):
        if self.swa_pool is not None:
            self.swa_out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
