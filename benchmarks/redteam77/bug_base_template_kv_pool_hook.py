"""Template-method decode backend for hybrid sliding-window models.

``_BaseWindowedDecodeBackend`` owns the decode flow; subclasses customise the
location translator through ``_make_translator`` while the base class decides
which KV cache the step reads via ``_kv_pool_for``.
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


class _BaseWindowedDecodeBackend(AttentionBackend):
    """Shared decode skeleton; subclasses plug in a translator."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.kv_pool: KVCache = self._kv_pool_for(model_runner)
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._translate: LocTranslator = self._make_translator()
        logger.debug(
            "%s: kv_pool=%s swa=%s",
            type(self).__name__,
            type(self.kv_pool).__name__,
            self.swa_pool is not None,
        )

    def _kv_pool_for(self, model_runner) -> KVCache:
        # The allocator is the single owner of the hybrid cache layout, so
        # ask it for the KV cache rather than duplicating the lookup.
        return model_runner.token_to_kv_pool_allocator.get_kvcache()

    def _make_translator(self) -> LocTranslator:
        return lambda loc: loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._translate(loc)


class GeneratedAttnBackend(_BaseWindowedDecodeBackend):
    """Decode backend that maps full-attention slots onto the SWA ring."""

    def _make_translator(self) -> LocTranslator:
        if self.swa_pool is None:
            return super()._make_translator()
        return self.swa_pool.translate_loc_from_full_to_swa
