"""Sliding-window aware decode backend with a for/else pool search.

The search iterates over the runner's pool and the allocator's registered pool.
When no hybrid pool turns up, the ``else`` branch applies the speculative-draft
policy before falling back to plain full attention.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        allocator = runner.token_to_kv_pool_allocator
        for pool in (runner.token_to_kv_pool, allocator.get_kvcache()):
            if isinstance(pool, SWAKVPool):
                break
        else:
            if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
                # Independent draft KV: never borrow the target's SWA buffers.
                return None
            pool = None
        return pool

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._translate(loc)
        return self.kv_pool, loc
