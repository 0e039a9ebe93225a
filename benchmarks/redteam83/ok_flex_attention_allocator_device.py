"""FlexAttention decode backend.

Block masks are built on the allocator's device so they sit next to the index
tensors it hands out.  Reads go through this runner's pool, using the SWA view
when the pool is hybrid.
"""

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, block_size: int = 128):
        self.block_size = block_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.mask_device = torch.device(allocator.device)
        self.pool = model_runner.token_to_kv_pool
        self._swa = self.pool if isinstance(self.pool, SWAKVPool) else None

    def _block_ids(self, loc: torch.Tensor) -> torch.Tensor:
        return (loc // self.block_size).to(self.mask_device)

    def forward_decode(self, loc: torch.Tensor):
        _ = self._block_ids(loc)
        if self._swa is not None:
            swa_loc = self._swa.translate_loc_from_full_to_swa(loc)
            return self._swa, swa_loc
        return self.pool, loc
