"""SWA pool resolution shared by the speculative attention backends.

The runner's active pool wins. A draft worker that owns its KV (EAGLE,
EAGLE3, standalone) stops there; only frozen-KV MTP drafts, which read the
target's cache, fall back to the allocator's registered pool.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(registered, SWAKVPool):
        return registered
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 1, topk: int = 1):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.num_draft_tokens = speculative_num_steps * topk + 1

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
