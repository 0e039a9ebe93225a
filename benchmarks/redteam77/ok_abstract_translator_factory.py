"""Abstract decode backend with a pluggable location translator.

Concrete backends implement ``_swa_enabled`` and ``_make_translator``. The
sliding-window backend binds the translator to the SWA pool it reads; the
allocator is only used to report capacity at construction time.
"""

from __future__ import annotations

import abc
import logging
from typing import Callable

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class TranslatingDecodeBackend(AttentionBackend, abc.ABC):
    def __init__(self, model_runner):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.translator: Translator = (
            self._make_translator() if self._swa_enabled() else self._identity
        )
        logger.info("%s", self.allocator.debug_print() or "allocator ready")

    @staticmethod
    def _identity(loc: torch.Tensor) -> torch.Tensor:
        return loc

    @abc.abstractmethod
    def _swa_enabled(self) -> bool: ...

    @abc.abstractmethod
    def _make_translator(self) -> Translator: ...

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translator(loc)


class GeneratedAttnBackend(TranslatingDecodeBackend):
    """Hybrid SWA decode backend."""

    def _swa_enabled(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def _make_translator(self) -> Translator:
        return self.kv_pool.translate_loc_from_full_to_swa
