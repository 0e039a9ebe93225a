"""Hybrid SWA attention backend (decode only for now).

Several entry points are stubs pending the port from the Triton backend.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.model_runner = model_runner
        self.skip_prefill = skip_prefill
        pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # TODO: cuda graph capture support.
        pass

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        # TODO: port extend path.
        raise NotImplementedError("extend is not supported yet")

    def _translate_for_transfer(self, loc: torch.Tensor) -> torch.Tensor:
        # TODO(pd): PD transfer should use allocator.translate_swa_indices_for_transfer.
        raise NotImplementedError

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
