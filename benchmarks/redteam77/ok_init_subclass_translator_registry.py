"""Backend family that registers a location-translation strategy per class.

``__init_subclass__`` looks up ``translator=`` in ``_TRANSLATORS`` and stores
the factory on the subclass. The ``"pool"`` strategy maps slots through the
sliding-window pool the backend reads; ``"allocator"`` is kept for the
disaggregation transfer path, which works on allocator indices.
"""

from __future__ import annotations

from typing import Callable, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Translator = Callable[[torch.Tensor], torch.Tensor]


def _pool_translator(backend: "TranslatedBackendBase") -> Translator:
    swa = backend.swa_pool
    return swa.translate_loc_from_full_to_swa if swa is not None else (lambda loc: loc)


def _allocator_translator(backend: "TranslatedBackendBase") -> Translator:
    return backend.allocator.translate_swa_indices_for_transfer


_TRANSLATORS: Dict[str, Callable[["TranslatedBackendBase"], Translator]] = {
    "pool": _pool_translator,
    "allocator": _allocator_translator,
}


class TranslatedBackendBase(AttentionBackend):
    _translator_factory = staticmethod(_pool_translator)

    def __init_subclass__(cls, translator: str = "pool", **kwargs):
        super().__init_subclass__(**kwargs)
        cls._translator_factory = staticmethod(_TRANSLATORS[translator])

    def __init__(self, model_runner):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._translate = self._translator_factory(self)

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None


class DisaggTransferIndexer(TranslatedBackendBase, translator="allocator"):
    """Maps indices for PD transfer; never used for attention reads."""


class GeneratedAttnBackend(TranslatedBackendBase):
    """Hybrid SWA decode backend."""

    def forward_decode(self, loc: torch.Tensor):
        return self.swa_pool or self.kv_pool, self._translate(loc)
