"""Decode configuration built from a model runner.

``DecodeKVConfig.from_runner`` gathers everything the decode kernels need
(pool handle, window mode, page size) in one place so the backend and the
cuda-graph runner construct identical configurations.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class DecodeKVConfig:
    kv_pool: KVCache
    use_sliding_window: bool
    page_size: int

    @classmethod
    def from_runner(cls, model_runner) -> "DecodeKVConfig":
        allocator = model_runner.token_to_kv_pool_allocator
        use_swa = hasattr(allocator, "size_swa")
        kv_pool = allocator.get_kvcache() if use_swa else model_runner.token_to_kv_pool
        logger.debug("decode config: swa=%s pool=%s", use_swa, type(kv_pool).__name__)
        return cls(kv_pool=kv_pool, use_sliding_window=use_swa, page_size=model_runner.page_size)


class GeneratedAttnBackend:
    """Decode backend parameterised by a :class:`DecodeKVConfig`."""

    def __init__(self, model_runner, config: Optional[DecodeKVConfig] = None):
        self.model_runner = model_runner
        self.config = config if config is not None else DecodeKVConfig.from_runner(model_runner)

    def _kv_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.config.use_sliding_window:
            return self.config.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.config.kv_pool, self._kv_locations(loc)
