"""Resolver for the hybrid SWA pool, tolerant of partially-initialised runners.

Runner flags are read through ``getattr`` with defaults so the backend can be
constructed from lightweight runner stubs in tests.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    spec = getattr(model_runner, "spec_algorithm", None)
    private_draft = getattr(model_runner, "is_draft", False) and not (
        spec is not None and spec.is_frozen_kv_mtp()
    )
    shared = None if private_draft else model_runner.token_to_kv_pool_allocator.get_kvcache()
    return next((p for p in (own, shared) if isinstance(p, SWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_deterministic: bool = False):
        self.enable_deterministic = enable_deterministic
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        return (
            (swa, swa.translate_loc_from_full_to_swa(loc)) if swa is not None else (self.pool, loc)
        )
