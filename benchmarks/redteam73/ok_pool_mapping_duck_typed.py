"""Intel AMX (CPU) attention backend: decode index mapping.

The CPU kernels take a raw int64 index tensor. For hybrid sliding-window pools
the registered full->SWA mapping is gathered directly instead of going through
the per-call translate helper.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_threads: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.num_threads = num_threads or torch.get_num_threads()
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._full_to_swa: Optional[torch.Tensor] = None

    def _full_to_swa_mapping(self) -> Optional[torch.Tensor]:
        # The mapping is registered by the allocator after the pool is built,
        # so look it up lazily on the pool this backend reads.
        if self._full_to_swa is None:
            self._full_to_swa = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        return self._full_to_swa

    def forward_decode(self, loc: torch.Tensor):
        mapping = self._full_to_swa_mapping()
        if mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, mapping[loc].to(torch.int64)
