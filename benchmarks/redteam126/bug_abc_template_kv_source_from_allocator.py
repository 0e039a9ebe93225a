"""Windowed decode backend built on a small template-method base.

``_WindowedDecodeBase`` owns the decode flow (resolve the KV source once, then
translate decode locations for the windowed layers); concrete backends only say
where their KV source comes from.
"""

from __future__ import annotations

import abc
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _WindowedDecodeBase(abc.ABC):
    """Template: subclasses implement ``_kv_source``; decode flow lives here."""

    def __init__(self, model_runner) -> None:
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_source: KVCache = self._kv_source(model_runner)
        self.window_pool: Optional[SWAKVPool] = (
            self.kv_source if isinstance(self.kv_source, SWAKVPool) else None
        )
        logger.debug(
            "%s: kv source=%s windowed=%s",
            type(self).__name__,
            type(self.kv_source).__name__,
            self.window_pool is not None,
        )

    @abc.abstractmethod
    def _kv_source(self, model_runner) -> KVCache:
        """Return the KV cache this backend reads during decode."""

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.window_pool is None:
            return loc
        return self.window_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_source, self._decode_locations(loc)


class GeneratedAttnBackend(_WindowedDecodeBase):
    """Decode backend for hybrid full/sliding-window attention models."""

    def _kv_source(self, model_runner) -> KVCache:
        # The allocator owns the index space, so read the cache it was built around.
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
