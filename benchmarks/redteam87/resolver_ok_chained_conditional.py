"""Compact hybrid-SWA decode backend with a single-expression pool resolver."""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    private_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    return (
        own
        if isinstance(own, SWAKVPool)
        else (
            None
            if private_draft
            else (
                shared
                if isinstance(
                    shared := model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
                )
                else None
            )
        )
    )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        return (
            (self.kv_pool, loc) if swa is None else (swa, swa.translate_loc_from_full_to_swa(loc))
        )
