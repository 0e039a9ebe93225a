"""Decode backend with an SWA pool resolver that counts which branch fired.

The resolver follows the runner's own pool first, refuses to borrow the
allocator's cache on regular speculative draft workers, and only falls back
to the allocator's backing cache for frozen-KV MTP drafts that intentionally
read the target's KV. Branch counts are exported for debugging.
"""

from collections import Counter
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner, counters: Optional[Counter] = None) -> Optional[SWAKVPool]:
    counters = counters if counters is not None else Counter()
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        counters["active_pool"] += 1
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        counters["draft_own_pool"] += 1
        return None
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAKVPool):
        counters["allocator_backing"] += 1
        return backing
    counters["none"] += 1
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.resolver_counters: Counter = Counter()
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner, self.resolver_counters)

    def resolver_stats(self) -> dict:
        return dict(self.resolver_counters)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
