"""Decode backend tracking hybrid-SWA status for both the pool and allocator.

Two flags are kept on purpose: ``is_swa`` says whether the kernels read a
hybrid SWA pool, ``allocator_is_swa`` says whether the allocator is the hybrid
one (it is exported to the admission-control metrics, which need the
sliding-window free count).
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, export_admission_metrics: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.export_admission_metrics = export_admission_metrics

        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self.allocator_is_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.admission_metrics: dict = {}

    def _update_admission_metrics(self) -> None:
        if not self.export_admission_metrics:
            return
        self.admission_metrics["available"] = self.allocator.available_size()
        if self.allocator_is_swa:
            self.admission_metrics["swa_available"] = self.allocator.swa_available_size()
            self.admission_metrics["full_available"] = self.allocator.full_available_size()

    def _swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if self.is_swa else None

    def forward_decode(self, loc: torch.Tensor):
        self._update_admission_metrics()
        swa_pool = self._swa_pool()
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
