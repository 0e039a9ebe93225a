"""Compact decode backend; the SWA pool is chosen by a single conditional expression."""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    spec = model_runner.spec_algorithm
    return (
        pool
        if isinstance(pool, SWAKVPool)
        else (
            None
            if model_runner.is_draft_worker and not (spec.is_eagle() or spec.is_frozen_kv_mtp())
            else kv if isinstance(kv, SWAKVPool) else None
        )
    )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if (swa := self.swa_pool) is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
