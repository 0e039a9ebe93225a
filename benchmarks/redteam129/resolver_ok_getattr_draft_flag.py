"""Sliding-window aware decode backend with a defensive pool resolver."""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool this runner's attention reads, if any."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active

    is_draft = getattr(model_runner, "is_draft_worker", False)
    spec_algorithm = getattr(model_runner, "spec_algorithm", None)
    frozen_kv = spec_algorithm is not None and spec_algorithm.is_frozen_kv_mtp()
    if is_draft and not frozen_kv:
        return None

    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
