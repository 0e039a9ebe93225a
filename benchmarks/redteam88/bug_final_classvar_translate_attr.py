"""Decode backend with class-level constants naming the SWA hooks it uses.

Keeping the hook name in a ``ClassVar`` lets subclasses for other hybrid caches
(e.g. compressed or hisparse layouts) override just the constant.
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
            self._translate = self._lookup_hook(model_runner)
        logger.info(
            "%s window translation %s",
            _LOG_PREFIX,
            "on" if self._translate is not None else "off",
        )

    @classmethod
    def _lookup_hook(cls, model_runner) -> Optional[LocTranslateFn]:
        allocator = model_runner.token_to_kv_pool_allocator
        hook = getattr(allocator, cls.translate_hook_name, None)
        return hook if callable(hook) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
