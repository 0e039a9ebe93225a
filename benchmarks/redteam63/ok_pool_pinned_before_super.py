"""Decode backend family where subclasses may pin the KV pool they attend over.

``_KVBackendBase`` looks the pool up from the allocator unless a subclass has
already set ``kv_pool``; it then prepares the full->SWA translation used by
sliding-window layers.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVBackendBase:
    kv_pool = None

    def __init__(self, model_runner):
        self.device = model_runner.device
        if self.kv_pool is None:
            self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self._to_swa = self.kv_pool.translate_loc_from_full_to_swa
            logger.info("SWA translation enabled (swa size %d)", self.kv_pool.size_swa)

    def decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self._to_swa(loc) if self._to_swa is not None else loc


class GeneratedAttnBackend(_KVBackendBase):
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.kv_pool = model_runner.token_to_kv_pool
        super().__init__(model_runner)
        self.skip_prefill = skip_prefill
        self.num_decode_steps = 0

    def forward_decode(self, loc: torch.Tensor):
        self.num_decode_steps += 1
        return self.kv_pool, self.decode_locations(loc)
