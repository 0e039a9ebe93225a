"""Backend that keeps a weak reference to its model runner.

Avoids a runner <-> backend reference cycle. The SWA pool is resolved from the
runner each time CUDA graphs are (re)captured; here it is resolved once at init.
"""

from __future__ import annotations

import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self._runner_ref = weakref.ref(model_runner)
        self.sliding_window_size = sliding_window_size
        self.swa_pool = self._resolve_swa_pool()

    @property
    def runner(self):
        runner = self._runner_ref()
        assert runner is not None, "model runner has been garbage collected"
        return runner

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        candidate = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(candidate, SWAKVPool):
            return candidate
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.runner.token_to_kv_pool, loc
