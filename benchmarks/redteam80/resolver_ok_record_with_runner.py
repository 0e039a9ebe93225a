"""SWA layout record shared by the decode and verify paths.

``build_layout`` gathers everything the kernels need to address the sliding
window sub-pool into a small immutable record.  Frozen-KV MTP drafts read the
target's cache and therefore go through the allocator's pool.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class SWALayout:
    kv_pool: object
    swa_pool: Optional[SWAKVPool]

    @property
    def enabled(self) -> bool:
        return self.swa_pool is not None


def _resolve_swa(runner) -> Optional[SWAKVPool]:
    active = runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


def build_layout(runner) -> SWALayout:
    swa = _resolve_swa(runner)
    return SWALayout(kv_pool=swa if swa is not None else runner.token_to_kv_pool, swa_pool=swa)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.layout = build_layout(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if not self.layout.enabled:
            return self.layout.kv_pool, loc
        return self.layout.kv_pool, self.layout.swa_pool.translate_loc_from_full_to_swa(loc)
