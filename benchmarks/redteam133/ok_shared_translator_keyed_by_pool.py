"""Process-wide cache of SWA index translators.

Backends in the same process reuse one ``SWAIndexTranslator`` per KV pool. Target and
draft runners each own their pool, so each gets a translator bound to its own cache.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TRANSLATORS: Dict[int, "SWAIndexTranslator"] = {}


class SWAIndexTranslator:
    def __init__(self, swa_pool: SWAKVPool):
        self.swa_pool = swa_pool

    @classmethod
    def for_pool(cls, kv_pool) -> Optional["SWAIndexTranslator"]:
        if not isinstance(kv_pool, SWAKVPool):
            return None
        key = id(kv_pool)
        if key not in _TRANSLATORS:
            logger.debug("creating SWA translator for pool %#x", key)
            _TRANSLATORS[key] = cls(kv_pool)
        return _TRANSLATORS[key]

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.translator = SWAIndexTranslator.for_pool(self.token_to_kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.translator is None:
            return self.token_to_kv_pool, loc
        return self.translator.swa_pool, self.translator(loc)
