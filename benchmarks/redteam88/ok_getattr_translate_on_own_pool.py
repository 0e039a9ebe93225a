"""Decode backend with class-level constants naming the SWA hook it uses.

The hook is looked up on the runner's KV pool, so subclasses targeting other
hybrid layouts only override ``translate_hook_name``.
"""

from __future__ import annotations

import logging
from typing import Callable, ClassVar, Final, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_LOG_PREFIX: Final = "[gen-attn]"

LocTranslateFn = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    """Attention backend reading windowed layers through a translate hook."""

    translate_hook_name: ClassVar[str] = "translate_loc_from_full_to_swa"
    supports_cuda_graph: ClassVar[bool] = True

    def __init__(self, model_runner, enable_window_translation: bool = True) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._translate: Optional[LocTranslateFn] = None
        if enable_window_translation:
            self._translate = self._lookup_hook(self.kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "%s window translation %s (allocator %s)",
            _LOG_PREFIX,
            "on" if self._translate is not None else "off",
            type(allocator).__name__,
        )

    @classmethod
    def _lookup_hook(cls, pool: KVCache) -> Optional[LocTranslateFn]:
        hook = getattr(pool, cls.translate_hook_name, None)
        return hook if callable(hook) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
