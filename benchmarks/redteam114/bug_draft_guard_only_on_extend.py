"""Hybrid SWA backend with separate draft-extend and decode entry points.

Draft workers run ``forward_draft_extend`` after each verify to refresh their
hidden states; the decode path is shared between target and draft.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.is_draft_worker = model_runner.is_draft_worker
        self.own_pool = model_runner.token_to_kv_pool
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.shared_swa: Optional[SWAKVPool] = cache if isinstance(cache, SWAKVPool) else None

    def _extend_pool(self):
        if self.is_draft_worker:
            return self.own_pool, None
        return (self.shared_swa or self.own_pool), self.shared_swa

    def forward_draft_extend(self, loc: torch.Tensor):
        pool, swa = self._extend_pool()
        if swa is None:
            return pool, loc
        return pool, swa.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.shared_swa is not None:
            return self.shared_swa, self.shared_swa.translate_loc_from_full_to_swa(loc)
        return self.own_pool, loc
