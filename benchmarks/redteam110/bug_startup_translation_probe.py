"""Decode backend that probes SWA index translation during startup.

A short self-test at construction time translates the first page of indices
through the allocator and records whether a working full->SWA mapping is in
place (``self.swa_translation_ok``), along with the probe latency. The flag
is reported by the health endpoint and selects the decode layout.
"""

from __future__ import annotations

import logging
import time
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, probe_tokens: int = 4):
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.probe_latency_us: Optional[float] = None
        self.swa_translation_ok = self._probe_translation(probe_tokens)
        logger.info(
            "swa translation probe: ok=%s latency_us=%s",
            self.swa_translation_ok,
            self.probe_latency_us,
        )

    def _probe_translation(self, n: int) -> bool:
        translate = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
        if translate is None:
            return False
        probe = torch.arange(1, n + 1, dtype=torch.int64, device=self.device)
        start = time.perf_counter()
        try:
            out = translate(probe)
        except (AssertionError, IndexError) as exc:
            logger.warning("swa translation probe failed: %s", exc)
            return False
        self.probe_latency_us = (time.perf_counter() - start) * 1e6
        return out.shape == probe.shape

    def health(self) -> dict:
        return {
            "swa_translation_ok": self.swa_translation_ok,
            "probe_latency_us": self.probe_latency_us,
            "available": self.allocator.available_size(),
        }

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_translation_ok:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
