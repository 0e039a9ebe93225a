"""Speculative decoding support for the FlashMLA-style decode backend.

EAGLE draft workers run full attention over their own KV pool. Target workers use
the sliding-window buffers whenever their pool is a hybrid SWA pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_draft_tokens: int = 4):
        self.num_draft_tokens = num_draft_tokens
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_draft_worker = bool(model_runner.is_draft_worker)
        if self.is_draft_worker:
            self.use_swa = False
            logger.info("draft worker: full attention over %s", type(self.kv_pool).__name__)
        else:
            self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._translate(loc) if self.use_swa else loc
        return self.kv_pool, locations
