"""Template-method decode backend for hybrid sliding-window models.

The base class resolves the KV cache the runner reads through the
``_kv_pool_for`` hook and builds a location translator via
``_make_translator``. The allocator is only consulted for capacity logging.
"""

from __future__ import annotations

import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


class _WindowedDecodeTemplate(AttentionBackend):
    """Decode skeleton shared by target and draft attention backends."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.kv_pool: KVCache = self._kv_pool_for(model_runner)
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._translate: LocTranslator = self._make_translator()
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "%s ready (swa=%s, free tokens=%d)",
            type(self).__name__,
            self.swa_pool is not None,
            allocator.available_size(),
        )

    def _kv_pool_for(self, model_runner) -> KVCache:
        return model_runner.token_to_kv_pool

    def _make_translator(self) -> LocTranslator:
        return lambda loc: loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._translate(loc)


class GeneratedAttnBackend(_WindowedDecodeTemplate):
    """Windowed decode: full-attention slots are remapped into the SWA ring."""

    def _make_translator(self) -> LocTranslator:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return super()._make_translator()

        def _to_swa(loc: torch.Tensor) -> torch.Tensor:
            return swa_pool.translate_loc_from_full_to_swa(loc)

        return _to_swa
