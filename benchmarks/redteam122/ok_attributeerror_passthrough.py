"""Decode backend that remaps locations when the pool supports a full->SWA mapping.

Pools without the mapping (plain MHA caches) raise ``AttributeError`` and the decode step
keeps the full-pool locations unchanged.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_swa: bool = True):
        self.model_runner = model_runner
        self.enable_swa = enable_swa
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._warned = False

    def _maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            translate = self.kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            if not self._warned:
                logger.debug("%s is full-only; no SWA remap", type(self.kv_pool).__name__)
                self._warned = True
            return loc
        else:
            return translate(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.enable_swa:
            return self.kv_pool, loc
        return self.kv_pool, self._maybe_translate(loc)
