"""SWA layout record shared by the decode and verify paths.

``build_layout`` gathers everything the kernels need to address the sliding
window sub-pool into a small immutable record.
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


def _resolve_swa(a, b) -> Optional[SWAKVPool]:
    if isinstance(a, SWAKVPool):
        return a
    fallback = b.get_kvcache()
    return fallback if isinstance(fallback, SWAKVPool) else None


def build_layout(a, b) -> SWALayout:
    swa = _resolve_swa(a, b)
    return SWALayout(kv_pool=swa if swa is not None else a, swa_pool=swa)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.layout = build_layout(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.layout.enabled:
            return self.layout.kv_pool, loc
        return self.layout.kv_pool, self.layout.swa_pool.translate_loc_from_full_to_swa(loc)
