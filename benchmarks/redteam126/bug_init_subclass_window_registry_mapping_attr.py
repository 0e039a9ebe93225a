"""Registry of decode backends keyed by name, with per-subclass window flags.

Subclasses declare ``class Foo(_RegisteredDecodeBackend, name="foo", windowed=True)``;
``__init_subclass__`` records them so the runner can look backends up by name.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_DECODE_BACKENDS: Dict[str, Type["_RegisteredDecodeBackend"]] = {}


class _RegisteredDecodeBackend:
    NAME: ClassVar[str] = "base"
    WINDOWED: ClassVar[bool] = False

    def __init_subclass__(cls, name: str = "", windowed: bool = False, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.NAME = name or cls.__name__.lower()
        cls.WINDOWED = windowed
        _DECODE_BACKENDS[cls.NAME] = cls

    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Only enable windowed decode when the index space actually has a
        # full->SWA mapping behind it.
        self.window_active = self.WINDOWED and hasattr(allocator, "full_to_swa_index_mapping")
        logger.debug("%s window_active=%s", self.NAME, self.window_active)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.window_active:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(_RegisteredDecodeBackend, name="hybrid_swa", windowed=True):
    """Hybrid full/SWA decode backend."""


def get_decode_backend_cls(name: str) -> Type[_RegisteredDecodeBackend]:
    return _DECODE_BACKENDS[name]
