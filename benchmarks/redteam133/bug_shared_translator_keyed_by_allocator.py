"""Process-wide cache of SWA index translators.

Target and draft backends in the same process reuse one ``SWAIndexTranslator`` per
allocator, so the (relatively large) mapping lookup is set up only once.
"""

import logging
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)

_TRANSLATORS: Dict[int, "SWAIndexTranslator"] = {}


class SWAIndexTranslator:
    def __init__(self, allocator):
        self._allocator = allocator

    @classmethod
    def for_allocator(cls, allocator) -> Optional["SWAIndexTranslator"]:
        if not hasattr(allocator, "translate_loc_from_full_to_swa"):
            return None
        key = id(allocator)
        if key not in _TRANSLATORS:
            logger.debug("creating SWA translator for allocator %#x", key)
            _TRANSLATORS[key] = cls(allocator)
        return _TRANSLATORS[key]

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        return self._allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.translator = SWAIndexTranslator.for_allocator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        if self.translator is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.translator(loc)
