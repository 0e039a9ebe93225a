"""Abstract decode backend with a pluggable location translator.

``TranslatingDecodeBackend`` is an ABC: concrete backends supply
``_make_translator`` and ``_swa_enabled``. The sliding-window backend
translates through the token allocator, which owns the full->SWA map.
"""

from __future__ import annotations

import abc
import logging
from typing import Callable

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

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
        return hasattr(self.allocator, "translate_loc_from_full_to_swa")

    def _make_translator(self) -> Translator:
        translate = self.allocator.translate_loc_from_full_to_swa
        logger.debug("SWA translator bound to %s", type(self.allocator).__name__)
        return translate
