"""Location translators for hybrid-attention decode.

Translators are registered per allocator class; lookup walks the allocator's
MRO so subclasses of a registered allocator inherit its translator.
"""

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

Translator = Callable[[object, torch.Tensor], torch.Tensor]

_TRANSLATORS: Dict[type, Optional[Translator]] = {}


def _register_translator(alloc_cls: type, fn: Optional[Translator]) -> None:
    _TRANSLATORS[alloc_cls] = fn


def _swa_translate(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


_register_translator(BaseTokenToKVPoolAllocator, None)
_register_translator(SWATokenToKVPoolAllocator, _swa_translate)


def find_translator(allocator) -> Optional[Translator]:
    for klass in type(allocator).__mro__:
        if klass in _TRANSLATORS:
            return _TRANSLATORS[klass]
    return None


class GeneratedAttnBackend:
    """Decode backend that maps full-cache locations into the windowed cache."""

    def __init__(self, model_runner, max_context_len: int = 4096):
        self.max_context_len = max_context_len
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.translator = find_translator(self.allocator)
        if self.translator is not None:
            self.kv_pool = self.allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        logger.debug(
            "translator=%s pool=%s",
            getattr(self.translator, "__name__", None),
            type(self.kv_pool).__name__,
        )

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.translator is None:
            return loc
        return self.translator(self.allocator, loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._locations(loc)
