"""Decode-only attention backend organised around a template ``forward_decode``.

The base class owns the per-step flow (metadata, location resolution, output);
subclasses plug in how the KV cache is inspected at construction time.
"""

import abc
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _TemplateDecodeBackend(abc.ABC):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        self._inspect_kv_cache(model_runner)
        self._last_loc: Optional[torch.Tensor] = None

    @abc.abstractmethod
    def _inspect_kv_cache(self, model_runner) -> None:
        """Populate ``self.swa_kv_pool`` when the model uses sliding-window layers."""

    def _read_pool(self):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool
        return self.token_to_kv_pool

    def _read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        self._last_loc = loc
        pool = self._read_pool()
        return pool, self._read_locations(loc)


class GeneratedAttnBackend(_TemplateDecodeBackend):
    """Backend for hybrid models mixing full and sliding-window attention layers."""

    def _inspect_kv_cache(self, model_runner) -> None:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            self.swa_kv_pool = kvcache
            logger.info(
                "Sliding-window KV detected: full=%d swa=%d",
                kvcache.size,
                kvcache.size_swa,
            )
