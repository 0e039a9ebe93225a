"""Attention backend whose ``health_check()`` returns a list of findings.

Findings are short codes consumed by the readiness probe. The absence of
``no_swa_mapping`` also tells the decode path that indices must be remapped
into the sliding-window buffers.
"""

from typing import List

import torch

NO_SWA_MAPPING = "no_swa_mapping"
LOW_HEADROOM = "low_headroom"


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_free: int = 0):
        self.min_free = min_free
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._findings: List[str] = self.health_check()

    def health_check(self) -> List[str]:
        findings: List[str] = []
        if getattr(self.allocator, "full_to_swa_index_mapping", None) is None:
            findings.append(NO_SWA_MAPPING)
        if self.allocator.available_size() < self.min_free:
            findings.append(LOW_HEADROOM)
        return findings

    @property
    def healthy(self) -> bool:
        return LOW_HEADROOM not in self._findings

    def forward_decode(self, loc: torch.Tensor):
        if NO_SWA_MAPPING in self._findings:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
