"""Decode backend with a strict-layout switch for CI.

``SGLANG_STRICT_KV_LAYOUT=1`` turns layout warnings into errors. On target
workers with a hybrid pool we also verify once, at init, that pool-side and
allocator-side full->SWA translation agree on a probe index.
"""

import logging
import os
import warnings
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, probe_index: int = 0):
        self.strict = os.environ.get("SGLANG_STRICT_KV_LAYOUT") == "1"
        self.device = model_runner.device
        self.is_draft_worker = model_runner.is_draft_worker
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self._check(probe_index)

    def _report(self, msg: str) -> None:
        if self.strict:
            raise RuntimeError(msg)
        warnings.warn(msg, stacklevel=3)

    def _check(self, probe_index: int) -> None:
        hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if self.swa_pool is None:
            if hybrid and not self.is_draft_worker:
                self._report("target worker has a hybrid allocator but a full-only pool")
            return
        if not hybrid:
            self._report("SWA pool paired with a non-SWA allocator")
            return
        if self.is_draft_worker:
            return
        probe = torch.tensor([probe_index], dtype=torch.int64, device=self.device)
        a = self.allocator.translate_loc_from_full_to_swa(probe)
        b = self.swa_pool.translate_loc_from_full_to_swa(probe)
        if not torch.equal(a, b):
            self._report(f"translation mismatch for probe {probe_index}: {a} vs {b}")

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
