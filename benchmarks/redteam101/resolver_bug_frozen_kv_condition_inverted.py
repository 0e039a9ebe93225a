"""Sliding-window resolution for speculative attention backends.

Frozen-KV MTP drafts keep no KV of their own, so the resolver short-circuits
them; every other runner may fall back to the allocator's registered cache
when the pool attached to the runner is a plain full-attention pool.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and spec.is_frozen_kv_mtp():
        return None
    registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(registered, SWAKVPool):
        return registered
    return None


class GeneratedAttnBackend:
    """Decode backend with separate draft/verify entry points."""

    def __init__(self, model_runner, speculative_num_steps: int = 1, topk: int = 1):
        self.model_runner = model_runner
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        self.is_draft = model_runner.is_draft_worker
        self.max_draft_tokens = speculative_num_steps * topk if self.is_draft else 0

    def _pool_and_locs(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.full_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._pool_and_locs(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self._pool_and_locs(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        if self.is_draft:
            raise RuntimeError("target verify is not run on the draft worker")
        return self._pool_and_locs(loc)
