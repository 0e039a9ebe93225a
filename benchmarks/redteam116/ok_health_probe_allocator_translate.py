"""Decode backend with a boolean mapping health probe.

``mapping_healthy()`` pushes a probe index through the allocator's
full->SWA table to confirm it was registered (a known failure after
``resize``). The probe result is reported only; attention reads go through
the runner's own pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, probe_on_init: bool = True):
        self.device = model_runner.device
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.last_probe_ok = None
        if probe_on_init:
            self.last_probe_ok = self.mapping_healthy()
            logger.info("full->swa mapping healthy: %s", self.last_probe_ok)

    def mapping_healthy(self) -> bool:
        translate = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
        if translate is None:
            return True
        try:
            probe = torch.zeros(1, dtype=torch.int64)
            translate(probe)
        except (AssertionError, IndexError, RuntimeError):
            return False
        return True

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
